"""frames.demos.campaign_server, the tiny backend docs/getting-started.md runs
hosts against: it serves a campaigns folder over loopback HTTP with the
checksums computed (AF-14), rereads the folder at every placements fetch
(AF-16) and reports a broken folder in one line, never a traceback."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Dict, Tuple

import pytest

import frames
from frames import FrameStatus as S
from frames.demos.campaign_server import CampaignServer
from frames.demos.demo import DEFAULT_FOLDER

from c_programs import program_env

CONFIG = b'{"Insider": {"App Frames Enabled": true}}'
PLACEMENTS = ("home_top_banner", "home_bottom_banner")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    copy = tmp_path / "campaigns"
    shutil.copytree(DEFAULT_FOLDER, copy)
    return copy


def load(server: CampaignServer, **options: Any) -> Tuple[frames.Engine, frames.HttpDriver, Dict[str, frames.Frame]]:
    values: Dict[str, Any] = dict(placements_url=server.placements_url, allow_insecure_http=True,
                                     retry_base_delay_ms=50, retry_jitter=0.0)
    values.update(options)
    engine = frames.Engine(CONFIG, frames.EngineOptions(**values))
    driver = frames.HttpDriver(engine)
    shown = {}
    for placement in PLACEMENTS:
        frame = engine.new_frame()
        frame.set_placement(placement, now_ms=driver.now)
        frame.attach(now_ms=driver.now)
        shown[placement] = frame
    return engine, driver, shown


def test_af12_af14_the_demo_folder_loads_over_http(folder: Path) -> None:
    with CampaignServer(folder, port=0) as server:
        engine, driver, shown = load(server)
        with engine, driver:
            # No host renders: reaching rendering means the placements, the
            # content and its asset arrived and passed their checksums.
            assert driver.run_until(lambda: all(f.status == S.RENDERING for f in shown.values()), 10)
            urls = [r.url for _, r, status in driver.log if status == 200]
            assert server.url + "assets/leaf.svg" in urls  # the placeholder origin was replaced
            assert all(url.startswith(server.url) for url in urls)


def test_af16_an_edited_folder_is_served_at_the_next_placements_fetch(folder: Path) -> None:
    with CampaignServer(folder, port=0) as server:
        engine, driver, shown = load(server)
        with engine, driver:
            assert driver.run_until(lambda: all(f.status == S.RENDERING for f in shown.values()), 10)
            placements = json.loads((folder / "placements.json").read_text())
            del placements["placements"]["home_bottom_banner"]
            (folder / "placements.json").write_text(json.dumps(placements))
            engine.set_app_state(frames.AppState.BACKGROUND, now_ms=driver.now)
            engine.set_app_state(frames.AppState.ACTIVE, now_ms=driver.now)  # a refresh (AF-16)
            assert driver.run_until(lambda: shown["home_bottom_banner"].status == S.UNAVAILABLE, 10)


def test_a_broken_file_is_served_as_it_is_with_one_line(folder: Path, capfd: pytest.CaptureFixture[str]) -> None:
    (folder / "placements.json").write_text('{"placements": {')
    with CampaignServer(folder, port=0) as server:
        request = urllib.request.Request(server.placements_url, data=b"{}", method="POST")
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200 and response.read() == b'{"placements": {'
        err = capfd.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err
        assert "placements.json is not valid JSON" in err and str(folder) in err
        # The engine refuses the document: malformed, not retried (XC-06), errorResolving.
        engine, driver, shown = load(server, retry_max_attempts=2)
        with engine, driver:
            assert driver.run_until(lambda: all(f.status.is_error for f in shown.values()), 10)
            error = shown["home_top_banner"].error
            assert error is not None and "malformed" in error.message


def test_an_unreadable_folder_answers_500_with_one_line(folder: Path, capfd: pytest.CaptureFixture[str]) -> None:
    (folder / "placements.json").unlink()
    (folder / "placements.json").mkdir()  # exists, but cannot be read as a file
    with CampaignServer(folder, port=0) as server:
        request = urllib.request.Request(server.placements_url, data=b"{}", method="POST")
        with pytest.raises(urllib.error.HTTPError) as info:
            urllib.request.urlopen(request, timeout=10)
        assert info.value.code == 500
        assert info.value.read().decode().startswith(f"frames.demos.campaign_server: {folder}: ")
        err = capfd.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err


def test_the_command_refuses_a_folder_without_placements(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "frames.demos.campaign_server", "--campaigns", str(tmp_path), "--port", "0"],
                            capture_output=True, text=True, timeout=30, env=program_env())
    assert result.returncode == 2
    assert result.stderr == f"frames.demos.campaign_server: {tmp_path} has no placements.json\n"
