"""``--explain OBJECT`` of the demo commands (XC-11): at the end of the
story, each named object explains what it shows and why, or why nothing —
as a few readable lines, or as the library's JSON with ``--explain-json``.

Names are the engine's: ``engine`` (every object at once), ``frame-<id>``,
``banner_place-<id>``, ``inline:<placement id>``, ``message:<message id>``;
``--explain engine`` lists the names a demo's engine holds."""

from __future__ import annotations

import argparse
import json
from typing import Sequence, Union

from ._command import CommandError
from ..engine import Engine
from ..explain import EngineSnapshot, Explanation

__all__ = ["add_explain_options", "print_explanations", "as_json_line"]


def add_explain_options(parser: argparse.ArgumentParser, objects: str) -> None:
    """Adds ``--explain OBJECT`` (repeatable) and ``--explain-json``;
    ``objects`` names what this demo's engine holds, for the help."""
    parser.add_argument("--explain", metavar="OBJECT", action="append", default=[],
                        help=f"at the end, explain OBJECT (what it shows and why): engine, frame-<id>, banner_place-<id>, "
                        f"inline:<placement id> or message:<message id>; here: {objects}. Repeatable "
                        "(default: none)")
    parser.add_argument("--explain-json", action="store_true",
                        help="print each explanation as the library's JSON, one line each (default: text)")


def print_explanations(engine: Engine, names: Sequence[str], as_json: bool) -> None:
    """Explains each of ``names`` on ``engine`` now; an unknown object is an
    error (exit 1) that names the objects the engine holds."""
    for name in names:
        try:
            explanation = engine.explain_object(name)
        except (KeyError, ValueError) as error:
            raise CommandError(str(error.args[0] if error.args else error)) from None
        if as_json:
            print(as_json_line(explanation))
        else:
            print(f"\n== explain {name}\n{explanation}")


def as_json_line(explanation: Union[Explanation, EngineSnapshot]) -> str:
    """``--explain-json``: the library's JSON, on one line."""
    return json.dumps(explanation.as_dict(), ensure_ascii=False, separators=(",", ":"))
