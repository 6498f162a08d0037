"""Headless Chromium for the browser tests: Debian's ``chromium`` driven by
Playwright (``bash scripts/test.sh browser`` installs both); Playwright's
own browser downloads are never used.  The tests reuse the inline model
backend (Tests/python) and the main job's pictures fixture (Tests/pictures)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Iterator

import pytest

HERE = Path(__file__).resolve().parent
for folder in (HERE.parent / "python", HERE.parent / "pictures"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402


def chromium_path() -> str:
    """The Chromium to drive: FRAMES_CHROMIUM, else Debian's."""
    found = os.environ.get("FRAMES_CHROMIUM") or shutil.which("chromium")
    if found is None:
        pytest.fail("chromium not found: `bash scripts/test.sh browser` installs Debian's chromium")
    return found


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(), headless=True)
        try:
            yield launched
        finally:
            launched.close()
