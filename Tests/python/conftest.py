"""Finds libframes and the `frames` package for the Python tests.

Library: $FRAMES_LIBRARY if set, else <repo>/build/libframes.so.1 (CMake),
else <repo>/.build/release/libframes.so (SwiftPM).  <repo> is found from this
file, so a fresh clone anywhere works.  The choice is exported as
FRAMES_LIBRARY before `frames` is imported.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

import pytest

if TYPE_CHECKING:
    from backend import LoopbackServer

REPO_ROOT = Path(__file__).resolve().parents[2]
PACKAGE_ROOT = REPO_ROOT / "bindings" / "python"


def _find_library() -> str:
    explicit = os.environ.get("FRAMES_LIBRARY")
    if explicit:
        return explicit
    for candidate in (REPO_ROOT / "build" / "libframes.so.1", REPO_ROOT / ".build" / "release" / "libframes.so"):
        if candidate.exists():
            return str(candidate)
    raise pytest.UsageError(
        "libframes not found: set FRAMES_LIBRARY, or build it "
        "(cmake --build build, or swift build -c release)"
    )


LIBRARY_PATH = _find_library()
os.environ["FRAMES_LIBRARY"] = LIBRARY_PATH
if importlib.util.find_spec("frames") is None:
    sys.path.insert(0, str(PACKAGE_ROOT))


def round_half_away(value: float) -> float:
    """SPEC "rounded": to nearest, halves away from zero — exact for every
    double (Decimal holds the double's exact value).  Never Python's round()."""
    return float(Decimal(value).quantize(Decimal(1), rounding=ROUND_HALF_UP))


@pytest.fixture
def library_path() -> str:
    return LIBRARY_PATH


@pytest.fixture
def server() -> "Iterator[LoopbackServer]":
    """A loopback HTTP backend (http.server in a thread), stopped at teardown."""
    from backend import LoopbackServer

    with LoopbackServer() as running:
        yield running


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "no_replay_check(why): the engines of this test are not recorded and replayed (replay_check.py)")


@pytest.fixture(autouse=True)
def every_engine_replays(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """XC-12, XC-13: each engine a test makes is recorded, and its recording
    must replay identically once the test is over (replay_check.py)."""
    from replay_check import recording_engines

    if request.node.get_closest_marker("no_replay_check") is not None:
        yield
        return
    recordings = recording_engines(monkeypatch)
    found = next(recordings)
    yield
    found.check(request.node.nodeid)
