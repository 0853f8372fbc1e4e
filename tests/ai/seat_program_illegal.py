"""An external seat that answers with a chow, which does not exist in these rules."""
import json
import sys


def main() -> None:
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "request":
            print(json.dumps({"type": "discard", "tile": "9z"} if msg["kind"] == "never"
                             else {"type": "chow"}), flush=True)


if __name__ == "__main__":
    main()
