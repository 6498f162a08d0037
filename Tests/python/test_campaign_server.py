"""frames.demos.campaign_server, the tiny backend docs/getting-started.md and
docs/guides run hosts against: it serves a campaigns folder over loopback
HTTP with the checksums computed (AF-14) — placements, banner lists (BN-14),
inline campaigns (IL-01) — rereads the folder at every list fetch (AF-16),
relays pushes for modal messages (IM-01) and reports a broken folder in one
line, never a traceback."""

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
from inline_backend import InlineRecorder

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


def test_the_command_serves_a_folder_given_as_an_argument(folder: Path) -> None:
    process = subprocess.Popen([sys.executable, "-m", "frames.demos.campaign_server", str(folder), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=program_env())
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith(f"serving {folder} at http://127.0.0.1:") and "FRAMES_CAMPAIGN_SERVER=" in line
        base = line.rsplit("=", 1)[1].strip()
        with urllib.request.urlopen(base + "content/newsletter.json", timeout=10) as response:
            assert json.loads(response.read())["template"]
    finally:
        process.terminate()
        process.wait(10)


def post(url: str, body: bytes) -> Tuple[int, bytes]:
    request = urllib.request.Request(url, data=body, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_bn14_bn16_a_banner_place_loads_the_folder_list_over_http(folder: Path) -> None:
    with CampaignServer(folder, port=0) as server:
        options = frames.EngineOptions(banners_url=server.banners_url, allow_insecure_http=True, retry_jitter=0.0,
                                       retry_base_delay_ms=50, retry_max_attempts=2)
        with frames.Engine(CONFIG, options) as engine:
            driver = frames.HttpDriver(engine)
            rendered: Dict[int, str] = {}
            failed: Dict[int, int] = {}

            class Place(frames.BannerPlaceDelegate):
                def render(self, place: frames.BannerPlace, index: int, banner: frames.BannerInfo,
                           content: bytes) -> None:
                    rendered[index] = banner.id
                    assert content == (folder / "banners" / f"{banner.id}.html").read_bytes()

                def row_failed(self, place: frames.BannerPlace, index: int, error: frames.FrameError) -> None:
                    failed[index] = int(error.code)

            delegate = Place()
            with engine.new_banner_place("home", frames.Appearance(layout=frames.LayoutType.VERTICAL_LIST)) as place:
                place.delegate = delegate
                place.set_container(360, now_ms=driver.now)
                place.attach(now_ms=driver.now)
                assert driver.run_until(lambda: len(rendered) + len(failed) == 4, 10)
            # summer_preview is not available (dropped); loyalty_club has no
            # file: its row fails on its own (BN-16).
            assert rendered == {0: "spring_sale", 1: "new_arrivals", 3: "free_delivery"}
            assert list(failed) == [2]
            posts = [r for _, r, _ in driver.log if r.url == server.banners_url]
            assert [r.method for r in posts] == ["POST"] and json.loads(posts[0].body)["place_id"] == "home"


def test_il01_inline_campaigns_are_served_with_their_checksums(folder: Path) -> None:
    with CampaignServer(folder, port=0) as server:
        status, body = post(server.inline_url, b"{}")
        document = json.loads(body)
        assert status == 200 and isinstance(document["server_time"], int)  # the server's clock
        assert document["campaigns"][0]["content"]["url"] == server.url + "inline/welcome_back.json"
        recorder = InlineRecorder()
        options = frames.EngineOptions(inline_url=server.inline_url, allow_insecure_http=True)
        with frames.Engine(b"", options) as engine:
            engine.inline.delegate = recorder
            driver = frames.HttpDriver(engine)
            view = engine.new_inline_view("home_hero")
            recorder.views["hero"] = view
            view.delegate = recorder
            view.set_size(360, 0, now_ms=driver.now)
            view.attach(now_ms=driver.now)
            assert driver.run_until(lambda: bool(recorder.contents), 10)
            assert recorder.contents[0].message.campaign_id == "welcome_back"
            assert "Welcome back" in recorder.contents[0].html
            view.close()


def test_an_inline_file_that_is_not_a_document_is_served_as_it_is(folder: Path, capfd: pytest.CaptureFixture[str]) -> None:
    (folder / "inline.json").write_text('{"campaigns": 3}')
    with CampaignServer(folder, port=0) as server:
        assert post(server.inline_url, b"{}") == (200, b'{"campaigns": 3}')
        err = capfd.readouterr().err
        assert err.count("\n") == 1 and "inline.json does not have the expected shape" in err
        (folder / "inline.json").unlink()
        status, body = post(server.inline_url, b"{}")
        assert status == 404 and body.decode() == f"{folder / 'inline.json'} is missing"


def test_im01_pushes_are_queued_and_delivered_to_a_poll(folder: Path) -> None:
    with CampaignServer(folder, port=0) as server:
        # Sent before any host polls: delivered at its first poll.
        for name, number in (("welcome", 1), ("flash_sale", 2), ("not_a_message", 3)):
            assert post(server.pushes_url, (folder / "pushes" / f"{name}.json").read_bytes()) == (
                202, json.dumps({"id": number}).encode())
        with urllib.request.urlopen(server.pushes_url + "?after=0", timeout=10) as response:
            pushes = json.loads(response.read())["pushes"]
        assert [p["id"] for p in pushes] == [1, 2, 3]
        image = pushes[1]["data"]["frames_message"]["content"]["image"]["url"]
        assert image == server.url + "assets/leaf.svg"  # the placeholder origin was replaced
        with urllib.request.urlopen(server.pushes_url + "?after=2", timeout=10) as response:
            assert [p["id"] for p in json.loads(response.read())["pushes"]] == [3]
        options = frames.EngineOptions(allow_insecure_http=True)
        with frames.Engine(b"", options) as engine:
            results = [engine.messages.handle_notification(p["data"], now_ms=0).result for p in pushes]
        assert results == [frames.NotificationResult.HANDLED, frames.NotificationResult.HANDLED,
                           frames.NotificationResult.NOT_A_MESSAGE]


def test_a_push_that_is_not_a_json_object_is_refused_with_a_reason(folder: Path) -> None:
    with CampaignServer(folder, port=0) as server:
        status, body = post(server.pushes_url, b"[1, 2]")
        assert status == 400 and b"a push's data is a JSON object" in body
        status, body = post(server.pushes_url, b"{oops")
        assert status == 400 and b"the body is not JSON" in body
        with pytest.raises(urllib.error.HTTPError) as info:
            urllib.request.urlopen(server.pushes_url + "?after=x", timeout=10)
        assert info.value.code == 400
        with urllib.request.urlopen(server.pushes_url, timeout=10) as response:
            assert json.loads(response.read()) == {"pushes": []}


def test_the_push_command_sends_files_to_the_server_named_by_the_environment(folder: Path) -> None:
    with CampaignServer(folder, port=0) as server:
        env = dict(program_env(), FRAMES_CAMPAIGN_SERVER=server.url)
        files = [str(folder / "pushes" / "welcome.json"), str(folder / "pushes" / "flash_sale.json")]
        result = subprocess.run([sys.executable, "-m", "frames.demos.campaign_server", "push", *files],
                                capture_output=True, text=True, timeout=30, env=env)
        assert result.returncode == 0, result.stderr
        assert result.stdout == f"push 1: {files[0]}\npush 2: {files[1]}\n"
        (folder / "bad.json").write_text("[]")
        result = subprocess.run([sys.executable, "-m", "frames.demos.campaign_server", "push", "--url",
                                 server.url, str(folder / "bad.json")], capture_output=True, text=True, timeout=30,
                                env=program_env())
        assert result.returncode == 1 and result.stdout == ""
        assert result.stderr.startswith(f"frames.demos.campaign_server push: {folder / 'bad.json'}: refused: ")
        assert len(server.pushes.after("")[1]) > 0 and json.loads(server.pushes.after("after=2")[1]) == {"pushes": []}
