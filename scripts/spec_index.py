#!/usr/bin/env python3
"""Keeps docs/spec.md's index current: after every rule's statement, the
files that implement it (Sources/, include/, bindings/) and the tests that
prove it (Tests/, fuzz/), found by the rule ID they name.

    python3 scripts/spec_index.py           # rewrite docs/spec.md
    python3 scripts/spec_index.py --check   # exit 1 if it is out of date
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Dict, List, Set

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "docs" / "spec.md"
RULE = re.compile(r"\b((?:AF|BN|IL|IM|XC)-\d\d)\b")
CODE = ("Sources", "include", "bindings")
TESTS = ("Tests", "fuzz")
SUFFIXES = {".swift", ".c", ".h", ".py", ".sh", ".js"}
INDEX = re.compile(r"^  (?:Code|Tests|Proved by|Implemented in):.*\n(?:  (?!- ).*\n)*", re.M)


def mentions(folders: tuple[str, ...]) -> Dict[str, Set[str]]:
    found: Dict[str, Set[str]] = {}
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file() or "build" in path.parts:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            for rule in set(RULE.findall(text)):
                found.setdefault(rule, set()).add(path.relative_to(ROOT).as_posix())
    return found


def index_lines(label: str, files: Set[str]) -> List[str]:
    if not files:
        return [f"  {label}: —"]
    lines, line = [], f"  {label}:"
    for name in sorted(files):
        piece = f" `{name}`"
        if len(line) + len(piece) + 1 > 100:
            lines.append(line + ",")
            line = "   "
        elif not line.endswith(":"):
            line += ","
        line += piece
    lines.append(line)
    return lines


def render(text: str) -> str:
    code, tests = mentions(CODE), mentions(TESTS)
    text = INDEX.sub("", text)
    out: List[str] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        out.append(line)
        match = re.match(r"^- ((?:AF|BN|IL|IM|XC)-\d\d) ", line)
        if not match:
            continue
        # The statement may wrap; the index follows its last line.
        j = i + 1
        while j < len(lines) and lines[j].startswith("  ") and not lines[j].startswith("  -"):
            j += 1
        rule = match.group(1)
        pending = index_lines("Code", code.get(rule, set())) + index_lines("Tests", tests.get(rule, set()))
        if j == i + 1:
            out.extend(pending)
        else:
            # Insert after the wrapped lines: remember and emit on their last line.
            lines[j - 1] = lines[j - 1] + "\n" + "\n".join(pending)
    return "\n".join(out) + "\n"


def main() -> int:
    current = SPEC.read_text(encoding="utf-8")
    fresh = render(current)
    if "--check" in sys.argv[1:]:
        if fresh != current:
            print("docs/spec.md is out of date: run python3 scripts/spec_index.py", file=sys.stderr)
            return 1
        return 0
    SPEC.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
