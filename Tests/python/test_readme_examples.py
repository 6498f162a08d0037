"""Every code example in the READMEs, docs/getting-started.md and the guides
(docs/guides/*.md) runs as written.

Each fenced ```c block is compiled as a complete program (C99, strict
warnings, against frames.h and the library the tests use; with libcurl
when it includes <curl/curl.h>) and run; each ```python block is run by
itself with the `frames` package importable and RuntimeWarnings made
errors, so an example that lets a delegate be collected fails (AF-23).
Both must exit 0.

Examples that talk to a backend find it the way a reader's program does,
against what `python3 -m frames.demos.campaign_server` serves: the
guides' hosts through FRAMES_CAMPAIGN_SERVER (its base URL, with the
trailing slash), getting-started's through FRAMES_PLACEMENTS_URL. Here both
point at a CampaignServer on a free loopback port serving the demo
campaigns; each guide block gets a server of its own (pushes are kept per
server).

HTML comments on the lines just before a block's fence (blank lines between
them allowed) say more about it:

    <!-- not-run: why it is not run -->
    <!-- expect: a line the program prints -->
    <!-- pushes: welcome.json flash_sale.json -->

A block that is deliberately not run — a shell command, a transcript —
carries ``not-run``; any other block without that mark fails here, so
nothing is silently skipped. Each ``expect`` names one whole line of the
program's standard output (surrounding spaces ignored); the lines must all
appear, in the order of the marks, with anything between them. Every run
block of a guide states at least one, so a host that exits 0 without doing
its job (the frame never ready, no banner shown) fails. ``pushes`` sends
those files of the demo folder's ``pushes/`` to the block's server, in that
order, before the program starts, as ``campaign_server push`` would.

A C block that includes "curl_transport.h" is compiled with
bindings/c/examples/curl_transport.c, the libcurl transport a C host can
take as it is.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterator, List, Optional, Tuple

import pytest

from c_programs import compile_c, program_env
from conftest import REPO_ROOT

from frames.demos.campaign_server import CampaignServer
from frames.demos.demo import DEFAULT_FOLDER
from frames.demos.push_queue import send_push

GUIDES = sorted((REPO_ROOT / "docs" / "guides").glob("*.md"))
DOCUMENTS = sorted(
    [REPO_ROOT / "README.md", REPO_ROOT / "docs" / "getting-started.md", *REPO_ROOT.glob("bindings/*/README.md"),
     *GUIDES]
)
MARK = re.compile(r"^<!--\s*(?P<kind>not-run|expect|pushes):\s*(?P<text>\S.*?)\s*-->$")
CURL_TRANSPORT = REPO_ROOT / "bindings" / "c" / "examples" / "curl_transport.c"
FENCE = re.compile(r"^(?P<fence>```+)\s*(?P<lang>[\w+-]*)\s*$")
RUNNABLE = {"c", "python"}


@dataclass(frozen=True)
class Block:
    path: Path
    line: int
    lang: str
    code: str
    not_run: Optional[str]
    expect: Tuple[str, ...] = ()
    pushes: Tuple[str, ...] = ()

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
        marks: Dict[str, List[str]] = {"not-run": [], "expect": [], "pushes": []}
        j = start - 1
        while j >= 0 and (not lines[j].strip() or MARK.match(lines[j].strip())):
            mark = MARK.match(lines[j].strip())
            if mark:
                marks[mark.group("kind")].insert(0, mark.group("text"))
            j -= 1
        yield Block(path, start + 1, opening.group("lang").lower(), "\n".join(body) + "\n",
                    marks["not-run"][0] if marks["not-run"] else None, tuple(marks["expect"]),
                    tuple(name for text in marks["pushes"] for name in text.split()))


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


def test_readme_links_getting_started_and_the_guides() -> None:
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/getting-started.md)" in readme
    for guide in ("app-frames", "banner-places", "inline-messages", "modal-messages"):
        assert f"(docs/guides/{guide}.md)" in readme


def test_every_guide_runs_a_c_and_a_python_host_and_checks_what_they_print() -> None:
    assert {"app-frames.md", "banner-places.md"} <= {guide.name for guide in GUIDES}
    for guide in GUIDES:
        run = [block for block in RUN if block.path == guide]
        assert {block.lang for block in run} == RUNNABLE, f"{guide.name}: a C host and a Python host are run"
        assert [b.where for b in run if not b.expect] == [], "guide hosts state what they print: <!-- expect: ... -->"
    marked = [block for block in ALL_BLOCKS if block.expect or block.pushes]
    assert all(block.not_run is None and block.lang in RUNNABLE for block in marked), [b.where for b in marked]
    assert all((DEFAULT_FOLDER / "pushes" / name).is_file() for block in marked for name in block.pushes)


def block_server(block: Block, campaigns: CampaignServer) -> "contextlib.AbstractContextManager[CampaignServer]":
    """The server a block runs against: its own for a guide, with the block's
    pushes sent; the module's for the others."""
    if block.path not in GUIDES:
        return contextlib.nullcontext(campaigns)
    return CampaignServer(port=0)


@pytest.mark.parametrize("block", RUN, ids=lambda b: b.where)
def test_example_runs_as_written(block: Block, tmp_path: Path, campaigns: CampaignServer) -> None:
    with block_server(block, campaigns) as server:
        for name in block.pushes:
            send_push(server.url, (DEFAULT_FOLDER / "pushes" / name).read_bytes())
        run_block(block, tmp_path, program_env({"FRAMES_PLACEMENTS_URL": server.placements_url,
                                                "FRAMES_CAMPAIGN_SERVER": server.url}))


def run_block(block: Block, tmp_path: Path, env: Dict[str, str]) -> None:
    if block.lang == "c":
        source = tmp_path / "example.c"
        source.write_text(block.code, encoding="utf-8")
        packages = ["libcurl"] if "<curl/curl.h>" in block.code or '"curl_transport.h"' in block.code else []
        also = []
        if '"curl_transport.h"' in block.code:
            shutil.copy(CURL_TRANSPORT.with_suffix(".h"), tmp_path)
            also = [CURL_TRANSPORT]
        command = [str(compile_c(source, tmp_path / "example", packages, also))]
    else:
        source = tmp_path / "example.py"
        source.write_text(block.code, encoding="utf-8")
        # AF-23: an example that drops a delegate fails instead of warning.
        command = [sys.executable, "-W", "error::RuntimeWarning", str(source)]
    result = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    report = f"\n--- stdout\n{result.stdout}\n--- stderr\n{result.stderr}"
    assert result.returncode == 0, f"{block.where} exited with {result.returncode}{report}"
    printed = iter(line.strip() for line in result.stdout.splitlines())
    missing = [line for line in block.expect if not any(seen == line for seen in printed)]
    assert not missing, f"{block.where} did not print, in this order: {missing}{report}"
