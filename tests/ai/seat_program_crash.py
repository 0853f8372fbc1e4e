"""An external seat that answers three requests and then crashes (exit status 3)."""
import json
import sys


def main() -> None:
    answered = 0
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "request":
            if answered == 3:
                print("seat_program_crash: giving up", file=sys.stderr)
                sys.exit(3)
            print(json.dumps(msg["legal"][-1]), flush=True)
            answered += 1


if __name__ == "__main__":
    main()
