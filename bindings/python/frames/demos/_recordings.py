"""``--record FILE`` of the demo commands: every engine a demo creates
writes its recording (XC-12) to a file of its own, so each replays by
itself (``frames replay FILE``, XC-13).

The first engine writes FILE; the n-th writes FILE with ``-n`` before its
suffix: ``--record out/home.jsonl`` gives ``out/home.jsonl`` and
``out/home-2.jsonl``.  Which engine is which, each command's ``--help``
says.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from types import TracebackType
from typing import BinaryIO, List, Optional, Type

from ._command import CommandError

__all__ = ["EngineRecordings", "add_record_argument"]


def add_record_argument(parser: argparse.ArgumentParser, engines: str) -> None:
    """The ``--record FILE`` option; ``engines`` says which engines the
    demo creates, in order."""
    parser.add_argument(
        "--record", type=Path, metavar="FILE", default=None,
        help=f"record every engine the demo creates, for 'frames replay': {engines}; the first to "
        "FILE, the n-th to FILE with -n before its suffix (default: nothing recorded)")


class EngineRecordings:
    """The files of one demo run's recordings, opened one per engine and
    closed together at the end (after the engines: a freed engine writes a
    last line)."""

    def __init__(self, path: Optional[Path]) -> None:
        self.path = path
        self.paths: List[Path] = []
        self._files: List[BinaryIO] = []

    def writer(self) -> Optional[BinaryIO]:
        """The next engine's recording file, or None when not recording."""
        if self.path is None:
            return None
        n = len(self.paths) + 1
        path = self.path if n == 1 else self.path.with_name(f"{self.path.stem}-{n}{self.path.suffix}")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            file = open(path, "wb")
        except OSError as error:
            raise CommandError(f"cannot write {path}: {error.strerror}") from None
        self.paths.append(path)
        self._files.append(file)
        return file

    def close(self) -> None:
        for file in self._files:
            file.close()
        self._files.clear()

    def __enter__(self) -> "EngineRecordings":
        return self

    def __exit__(self, kind: Optional[Type[BaseException]], value: Optional[BaseException],
                 traceback: Optional[TracebackType]) -> None:
        self.close()
        if kind is None and self.paths:
            print(f"\nRecorded: {', '.join(str(path) for path in self.paths)} (frames replay FILE runs one again)")
