"""``python -m frames``: the command of frames.demos.cli, imported only
when run."""

import sys


def main() -> int:
    from .demos.cli import main as command

    return command()


if __name__ == "__main__":
    sys.exit(main())
