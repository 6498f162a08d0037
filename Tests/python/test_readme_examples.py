"""Every code example in the READMEs and docs/getting-started.md runs as
written.

Each fenced ```c block is compiled as a complete program (C99, strict
warnings, against frames.h and the library the tests use; with libcurl
when it includes <curl/curl.h>) and run; each ```python block is run by
itself with the `frames` package importable and RuntimeWarnings made
errors, so an example that lets a delegate be collected fails (AF-23).
Both must exit 0.

Examples that talk to a backend read its placements URL from
FRAMES_PLACEMENTS_URL (defaulting to what `python3 -m frames.demos.campaign_server`
listens on); here it points at a CampaignServer on a free loopback port
serving the demo campaigns.

A block that is deliberately not run — a shell command, a transcript —
carries an HTML comment on the line just before its fence:

    <!-- not-run: why it is not run -->

Any other block without that mark fails here, so nothing is silently
skipped.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, List, Optional

import pytest

from c_programs import compile_c, program_env
from conftest import REPO_ROOT

from frames.demos.campaign_server import CampaignServer

DOCUMENTS = sorted(
    [REPO_ROOT / "README.md", REPO_ROOT / "docs" / "getting-started.md", *REPO_ROOT.glob("bindings/*/README.md")]
)
NOT_RUN = re.compile(r"^<!--\s*not-run:\s*(?P<why>\S.*?)\s*-->$")
FENCE = re.compile(r"^(?P<fence>```+)\s*(?P<lang>[\w+-]*)\s*$")
RUNNABLE = {"c", "python"}


@dataclass(frozen=True)
class Block:
    path: Path
    line: int
    lang: str
    code: str
    not_run: Optional[str]

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(REPO_ROOT)}:{self.line}"


def blocks(path: Path) -> Iterator[Block]:
    """The fenced blocks of a Markdown file, with the not-run mark before
    each, if any."""
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        start = i
        fence = opening.group("fence")
        i += 1
        body: List[str] = []
        while i < len(lines) and lines[i].strip() != fence:
            body.append(lines[i])
            i += 1
        if i == len(lines):
            raise AssertionError(f"{path}:{start + 1}: a code block is never closed")
        i += 1
        previous = next((lines[j].strip() for j in range(start - 1, -1, -1) if lines[j].strip()), "")
        mark = NOT_RUN.match(previous)
        yield Block(path, start + 1, opening.group("lang").lower(), "\n".join(body) + "\n",
                    mark.group("why") if mark else None)


ALL_BLOCKS = [block for path in DOCUMENTS for block in blocks(path)]
RUN = [block for block in ALL_BLOCKS if block.not_run is None and block.lang in RUNNABLE]


@pytest.fixture(scope="module")
def campaigns() -> Iterator[CampaignServer]:
    with CampaignServer(port=0) as server:
        yield server


def test_getting_started_and_readmes_are_checked() -> None:
    names = {p.relative_to(REPO_ROOT).as_posix() for p in DOCUMENTS}
    assert {"README.md", "docs/getting-started.md", "bindings/python/README.md"} <= names
    langs = {block.lang for block in RUN}
    assert langs == RUNNABLE  # there are C and Python examples to run


def test_every_other_block_is_marked_not_run() -> None:
    unmarked = [f"{b.where}: ```{b.lang or '(no language)'}" for b in ALL_BLOCKS
                if b.not_run is None and b.lang not in RUNNABLE]
    assert unmarked == [], "blocks neither run (c, python) nor marked <!-- not-run: why --> on the line before"


def test_not_run_blocks_are_few() -> None:
    # Marks are for commands and transcripts, not a way around this test.
    marked = [b for b in ALL_BLOCKS if b.not_run is not None]
    assert all(b.lang not in RUNNABLE for b in marked), [b.where for b in marked if b.lang in RUNNABLE]
    assert len(marked) <= len(RUN)


def test_readme_links_getting_started() -> None:
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/getting-started.md)" in readme


@pytest.mark.parametrize("block", RUN, ids=lambda b: b.where)
def test_example_runs_as_written(block: Block, tmp_path: Path, campaigns: CampaignServer) -> None:
    env = program_env({"FRAMES_PLACEMENTS_URL": campaigns.placements_url})
    if block.lang == "c":
        source = tmp_path / "example.c"
        source.write_text(block.code, encoding="utf-8")
        packages = ["libcurl"] if "<curl/curl.h>" in block.code else []
        command = [str(compile_c(source, tmp_path / "example", packages))]
    else:
        source = tmp_path / "example.py"
        source.write_text(block.code, encoding="utf-8")
        # AF-23: an example that drops a delegate fails instead of warning.
        command = [sys.executable, "-W", "error::RuntimeWarning", str(source)]
    result = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, (
        f"{block.where} exited with {result.returncode}\n--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}")
