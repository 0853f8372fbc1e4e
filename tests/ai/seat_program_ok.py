"""A well-behaved external seat for the tests: wins when it can, else the first legal action.

Reads one JSON object per line; answers every "request" with one action line.
"""
import json
import sys


def main() -> None:
    events = 0
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "end":
            break
        if msg["type"] != "request":
            events += 1
            continue
        legal = msg["legal"]
        choice = next((a for a in legal if a["type"] == "win"), legal[0])
        choice = dict(choice, explain=f"first legal action after {events} events")
        print(json.dumps(choice), flush=True)


if __name__ == "__main__":
    main()
