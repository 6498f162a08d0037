#!/usr/bin/env python3
"""Keeps docs/spec.md's index current. After every rule's statement it lists

- "Decided in": the source files (Sources/, include/, bindings/) that carry a
  marker line naming the rule — `// Decides: AF-14, IL-06` in Swift and C,
  `# Decides: AF-14` in Python. A rule ID mentioned anywhere else (a doc
  comment, an error message) does not count.
- "Proved by": the tests whose name carries the rule ID — a Swift
  `@Test("XC-06 …")` name, a C `ft_section("XC-06 …", "…")` section, a
  Python `def test_xc06_…` (IDs in lower case without the dash; several may
  follow each other: `test_af12_xc06_…`) — counted per test file.

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
STATED = re.compile(r"^- ((?:AF|BN|IL|IM|XC)-\d\d) ", re.M)
CODE = ("Sources", "include", "bindings")
TESTS = ("Tests",)
#: A marker line: the comment holds "Decides:" and rule IDs only.
DECIDES = re.compile(r"^[ \t]*(?://|#)[ \t]*Decides:[ \t]*(.*)$", re.M)
MARKER_BODY = re.compile(r"^(?:AF|BN|IL|IM|XC)-\d\d(?:, (?:AF|BN|IL|IM|XC)-\d\d)*$")
SWIFT_TEST = re.compile(r'@Test\(\s*"((?:\\.|[^"\\\n])*)"')
C_SECTION = re.compile(r'\bft_section\(\s*"([^"\n]*)"')
PY_TEST = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+(test_\w+)", re.M)
PY_RULE = re.compile(r"(?<=_)(af|bn|il|im|xc)(\d\d)(?=_|$)")
INDEX = re.compile(r"^  (?:Code|Tests|Proved by|Implemented in|Decided in):.*\n(?:  (?!- ).*\n)*", re.M)


def _files(folders: tuple[str, ...], suffixes: Set[str]) -> List[Path]:
    found = []
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in suffixes and path.is_file() and "build" not in path.parts:
                found.append(path)
    return found


def markers() -> Dict[str, Set[str]]:
    """Rule → the files whose `Decides:` marker names it."""
    found: Dict[str, Set[str]] = {}
    for path in _files(CODE, {".swift", ".c", ".h", ".py"}):
        for body in DECIDES.findall(path.read_text(encoding="utf-8", errors="replace")):
            for rule in RULE.findall(body):
                found.setdefault(rule, set()).add(path.relative_to(ROOT).as_posix())
    return found


def malformed_markers() -> List[str]:
    """Marker lines that are not a plain comma-separated list of rule IDs."""
    bad = []
    for path in _files(CODE, {".swift", ".c", ".h", ".py"}):
        for body in DECIDES.findall(path.read_text(encoding="utf-8", errors="replace")):
            if not MARKER_BODY.match(body.strip()):
                bad.append(f"{path.relative_to(ROOT).as_posix()}: Decides: {body.strip()}")
    return bad


def test_names(path: Path) -> List[tuple[str, List[str]]]:
    """(name, rules) of every named test in a test file."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".swift":
        return [(name, RULE.findall(name)) for name in SWIFT_TEST.findall(text)]
    if path.suffix in {".c", ".h"}:
        return [(name, RULE.findall(name)) for name in C_SECTION.findall(text)]
    if path.suffix == ".py":
        return [(name, [f"{a.upper()}-{n}" for a, n in PY_RULE.findall(name)]) for name in PY_TEST.findall(text)]
    return []


def proofs() -> Dict[str, Dict[str, int]]:
    """Rule → test file → how many named tests in it carry the rule."""
    found: Dict[str, Dict[str, int]] = {}
    for path in _files(TESTS, {".swift", ".c", ".h", ".py"}):
        name = path.relative_to(ROOT).as_posix()
        for _, rules in test_names(path):
            for rule in set(rules):
                per_file = found.setdefault(rule, {})
                per_file[name] = per_file.get(name, 0) + 1
    return found


def _wrap(label: str, pieces: List[str]) -> List[str]:
    if not pieces:
        return [f"  {label}: —"]
    lines, line = [], f"  {label}:"
    for piece in pieces:
        piece = f" {piece}"
        if len(line) + len(piece) + 1 > 100:
            lines.append(line + ",")
            line = "   "
        elif not line.endswith(":"):
            line += ","
        line += piece
    lines.append(line)
    return lines


def index_lines(decided: Set[str], proved: Dict[str, int]) -> List[str]:
    lines = _wrap("Decided in", [f"`{name}`" for name in sorted(decided)])
    total = sum(proved.values())
    if not proved:
        return lines + ["  Proved by: —"]
    label = f"Proved by {total} named test{'s' if total != 1 else ''} in"
    return lines + _wrap(label, [f"`{name}` ({count})" for name, count in sorted(proved.items())])


def render(text: str) -> str:
    decided, proved = markers(), proofs()
    text = INDEX.sub("", text)
    out: List[str] = []
    lines = text.splitlines()
    for i, line in enumerate(lines):
        out.append(line)
        match = STATED.match(line + "\n")
        if not match:
            continue
        # The statement may wrap; the index follows its last line.
        j = i + 1
        while j < len(lines) and lines[j].startswith("  ") and not lines[j].startswith("  -"):
            j += 1
        rule = match.group(1)
        pending = index_lines(decided.get(rule, set()), proved.get(rule, {}))
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
