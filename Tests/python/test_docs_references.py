"""The READMEs and docs/ refer only to what the repository holds: every
repository path they name exists, every relative link resolves, and none
sends the reader to a document outside the repository (a spec, a design
note or an issue tracker entry the reader does not have)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator, List, Tuple

from conftest import REPO_ROOT

#: Top-level folders of the repository; a path in a doc starts with one.
TOP = ("Tests", "scripts", "bench", "fuzz", "Sources", "docs", "include", "bindings", "cmake", "abi", ".ci")
PATH = re.compile(r"(?<![\w/.-])((?:" + "|".join(re.escape(t) for t in TOP) + r")/[\w./+*<>{}\[\]-]*)")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)\s]*)?\)")
#: A placeholder in a path template: <target>, {a,b}, NAME.
PLACEHOLDER = re.compile(r"<[^>]*>|\{[^}]*\}|\b[A-Z][A-Z_]{2,}\b")
OUTSIDE = re.compile(r"\bSPEC\.md\b|\bDESIGN(?:\.md)?\b|\bthe project's SPEC\b|\b[Ii]ssue \d+|/work/shared")


def documents() -> List[Path]:
    found = [REPO_ROOT / "README.md", *sorted((REPO_ROOT / "docs").rglob("*.md"))]
    found += sorted(p for p in (REPO_ROOT / "bindings").rglob("*.md") if "build" not in p.parts)
    return found


def lines(path: Path) -> Iterator[Tuple[int, str]]:
    yield from enumerate(path.read_text(encoding="utf-8").splitlines(), 1)


def _exists(reference: str) -> bool:
    reference = reference.rstrip(".,:;)")
    if reference.endswith("]") and "[" not in reference:
        reference = reference[:-1]  # the end of a Markdown link's text: [docs/x.md](...)
    if PLACEHOLDER.search(reference):
        # A template (fuzz/regressions/<target>/): the folder it points into exists.
        fixed = PLACEHOLDER.split(reference, maxsplit=1)[0]
        return (REPO_ROOT / fixed).parent.exists() if fixed else True
    return any(REPO_ROOT.glob(reference.rstrip("/"))) if any(c in reference for c in "*[") else (
        REPO_ROOT / reference
    ).exists()


def test_every_repository_path_a_doc_names_exists() -> None:
    missing = [
        f"{path.relative_to(REPO_ROOT)}:{number}: {match.group(1)}"
        for path in documents()
        for number, line in lines(path)
        for match in PATH.finditer(line)
        if not _exists(match.group(1))
    ]
    assert not missing, "docs name paths the repository does not have:\n" + "\n".join(missing)


def test_every_relative_link_resolves() -> None:
    broken = [
        f"{path.relative_to(REPO_ROOT)}:{number}: {target}"
        for path in documents()
        for number, line in lines(path)
        for target in LINK.findall(line)
        if not target.startswith(("http://", "https://", "mailto:")) and " " not in target
        and not (path.parent / target).exists()
    ]
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_no_doc_sends_the_reader_outside_the_repository() -> None:
    outside = [
        f"{path.relative_to(REPO_ROOT)}:{number}: {line.strip()}"
        for path in documents()
        for number, line in lines(path)
        if OUTSIDE.search(line)
    ]
    assert not outside, "references to documents outside the repository:\n" + "\n".join(outside)
