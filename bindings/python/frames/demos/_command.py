"""What every command of ``frames`` (``python -m frames``) shares: one form
for errors and one set of exit statuses, like a well-behaved Unix tool.

- 0: success, also when the reader of stdout went away (``| head``);
- 1: an error in what was asked (the library refused an input, a file could
  not be read or written, libframes is missing): one line on stderr,
  ``frames: error: <what was wrong>``;
- 2: a usage error (unknown option, missing or malformed argument): one line
  on stderr, ``frames: usage error: <what was wrong>; see '<command> --help'``;
- 130: interrupted (Ctrl-C), quietly.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Callable, NoReturn, Optional, Sequence

__all__ = [
    "EXIT_OK",
    "EXIT_ERROR",
    "EXIT_USAGE",
    "EXIT_INTERRUPTED",
    "EXIT_STATUS_HELP",
    "CommandError",
    "CommandParser",
    "program_name",
    "run",
    "usage_error",
]

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

#: The epilog of every --help.
EXIT_STATUS_HELP = (
    "exit status: 0 success; 1 error (the library refused an input, a file could not be read or "
    "written, libframes not found), one line on stderr 'frames: error: ...'; 2 usage error, one "
    "line on stderr 'frames: usage error: ...'"
)


class CommandError(Exception):
    """A domain error: printed as ``frames: error: <message>``, exit 1."""


def program_name() -> str:
    """How the user ran us: ``frames`` (the installed command) or
    ``python -m frames``."""
    argv0 = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    return "python -m frames" if argv0 in ("__main__.py", "-m", "-c", "") else "frames"


def error(message: str) -> None:
    """Prints a domain error as its one line."""
    first = " ".join(str(message).split())  # one line, whatever the message held
    sys.stderr.write(f"frames: error: {first}\n")


def usage_error(prog: str, message: str) -> int:
    """Prints a usage error as its one line; returns the exit status."""
    first = " ".join(message.split())
    sys.stderr.write(f"frames: usage error: {first}; see '{prog} --help'\n")
    return EXIT_USAGE


class CommandParser(argparse.ArgumentParser):
    """argparse with the one-line usage error (argparse prints the whole
    usage first); subcommand parsers inherit it."""

    def error(self, message: str) -> NoReturn:
        sys.exit(usage_error(self.prog, message))


def _quiet_stdout() -> None:
    """After EPIPE: send whatever is still buffered to /dev/null, so the
    interpreter's final flush does not complain either."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout is not a file (captured, closed)
        pass


def run(command: Callable[[Sequence[str]], int], argv: Optional[Sequence[str]]) -> int:
    """Runs a command, turning the ways it can end into exit statuses."""
    from .._lib import LibraryLoadError
    from ..errors import FramesError

    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        status = command(arguments)
        sys.stdout.flush()  # an EPIPE surfaces here, inside the try
        return status
    except BrokenPipeError:
        # The reader (head, less) has all it wanted: not an error.
        _quiet_stdout()
        return EXIT_OK
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except (CommandError, FramesError, LibraryLoadError) as failure:
        # A missing library surfaces when a command first needs it (frames._lib).
        error(failure.message if isinstance(failure, FramesError) else str(failure))
        return EXIT_ERROR
