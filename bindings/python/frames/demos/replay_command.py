"""``frames replay FILE``: runs a recording (XC-12) again on this library
(XC-13) — a host's ``Engine(record=...)``, a demo's ``--record`` or a C
host's record_write — and says whether the library still does what was
recorded, or the first line where it does not.

It prints every line the replay writes (the transcript; ``--quiet``: none),
then ``identical: N lines`` or ``diverged at line L`` with the recorded line
and the one the replay wrote instead; with ``--explain OBJECT`` the
explanation of that object (XC-11) just before the first call recorded
after ``--at MS``, or at the end of the recording, as a few lines or
(``--explain-json``) the library's JSON.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import List, Optional, Sequence

from ._command import CommandParser, error, program_name, run
from .explain_option import as_json_line
from ..errors import FramesError
from ..replay import ReplayReport, replay

__all__ = ["build_parser", "main", "run_replay", "EXIT_IDENTICAL", "EXIT_DIVERGED", "EXIT_UNREADABLE"]

EXIT_IDENTICAL = 0
EXIT_DIVERGED = 1
EXIT_UNREADABLE = 2

#: The epilog of ``frames replay --help``: its statuses are not the other commands'.
EXIT_STATUS_HELP = (
    "exit status: 0 the replay is identical; 1 it diverged (the line, the recorded line and the replay's "
    "are printed); 2 the recording cannot be read (one line on stderr 'frames: error: ...', the library's "
    "message naming the line), the object cannot be explained, or a usage error"
)

#: How a recording of an engine that was freed ends (docs/wire-format.md §11).
_FREED = b'{"call":"frames_engine_free"'


def build_parser(prog: str) -> argparse.ArgumentParser:
    parser = CommandParser(
        prog=f"{prog} replay",
        description="Runs a recording (a demo's --record, a host's) again on this library and shows the first "
        "line where the library behaves differently.",
        epilog=EXIT_STATUS_HELP,
    )
    parser.add_argument("file", type=Path, metavar="FILE", help="the recording: one JSON object per line (required)")
    parser.add_argument("--explain", metavar="OBJECT", default=None,
                        help="explain OBJECT during the replay: engine, frame-3, banner_place-2, inline:home, "
                        "message:m1 (default: nothing explained)")
    parser.add_argument("--at", type=int, metavar="MS", default=None,
                        help="with --explain: when, in the recording's now_ms (default: the end of the recording)")
    parser.add_argument("--explain-json", action="store_true",
                        help="with --explain: print the explanation as the library's JSON, on one line "
                        "(default: text)")
    parser.add_argument("--quiet", action="store_true",
                        help="print only the outcome, not the lines the replay writes (default: every line)")
    return parser


def run_replay(arguments: Sequence[str]) -> int:
    """``frames replay``: the transcript, the outcome; the exit status."""
    parser = build_parser(program_name())
    args = parser.parse_args(arguments)
    if args.explain is None and (args.at is not None or args.explain_json):
        parser.error(f"{'--at' if args.at is not None else '--explain-json'} needs --explain OBJECT")
    try:
        recording = args.file.read_bytes()
    except OSError as failure:
        error(f"cannot read {args.file}: {failure.strerror}")
        return EXIT_UNREADABLE
    try:
        report = replay(recording, explain=args.explain, at_ms=args.at,
                        transcript=None if args.quiet else _print_line)
    except FramesError as failure:
        error(f"{args.file}: {failure.message}")
        return EXIT_UNREADABLE
    for line in summary(report, recording):
        print(line)
    if report.explain_error is not None:
        error(f"cannot explain {args.explain}: {report.explain_error}")
        return EXIT_UNREADABLE
    if report.explain is not None:
        when = "at the end of the recording" if args.at is None else f"at {args.at} ms"
        text = as_json_line(report.explain) if args.explain_json else f"explain {args.explain} {when}:\n{report.explain}"
        print(text)
    return EXIT_IDENTICAL if report.identical else EXIT_DIVERGED


def _print_line(line: bytes) -> None:
    sys.stdout.write(line.decode("utf-8", "replace"))


def summary(report: ReplayReport, recording: bytes) -> List[str]:
    """The outcome in a few lines: what matched, or where and how it differs."""
    redacted = f" with {' and '.join(report.redacted)} redacted" if report.redacted else ""
    origin = f"(recorded by libframes {report.recorded_by}{redacted}, replayed by {report.library})"
    lines: List[str] = []
    divergence = report.divergence
    if divergence is None:
        lines.append(f"identical: {report.lines} lines {origin}")
    else:
        lines.append(f"diverged at line {divergence.line}: {report.matched} of {report.lines} lines matched {origin}")
        lines.append("  expected: " + (divergence.expected if divergence.expected is not None
                                       else f"nothing more (the recording ends at line {report.lines})"))
        lines.append("  got:      " + (divergence.got if divergence.got is not None
                                       else "nothing (the replay wrote no more lines)"))
    last = recording.rstrip(b"\n").rsplit(b"\n", 1)[-1]
    if not last.startswith(_FREED):
        lines.append(f"note: the recording ends at line {report.lines} without frames_engine_free: the host "
                     "stopped there (still running, or it crashed), or the file was cut at a line's end")
    return lines


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m frames.demos.replay_command`` (the same as ``frames replay``)."""
    return run(run_replay, argv)


if __name__ == "__main__":
    sys.exit(main())
