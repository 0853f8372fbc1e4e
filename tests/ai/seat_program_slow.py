"""An external seat that never answers in time (it sleeps on every request)."""
import json
import sys
import time


def main() -> None:
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "request":
            time.sleep(30)


if __name__ == "__main__":
    main()
