"""The README's main job: the App Frames home screen against a campaigns folder
(AF-04..AF-22 end to end through the Python binding)."""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Callable, List, Tuple

import pytest

from frames.demos.demo import DEFAULT_FOLDER, HomeScreen, main


def run(folder: Path = DEFAULT_FOLDER) -> HomeScreen:
    screen = HomeScreen(folder, echo=False)
    screen.run()
    return screen


def test_the_story_of_the_home_screen() -> None:
    screen = run()
    lines = [line.split(None, 1)[1] for line in screen.timeline.lines]

    def at(text: str) -> int:
        return next(i for i, line in enumerate(lines) if text in line)

    # AF-06: both frames load forward; AF-22: impressions once on screen.
    assert at("home_top_banner     status noPlacement -> resolving") < at("home_top_banner     status rendering -> ready")
    assert at("home_top_banner     status rendering -> ready") < at("appFrames.impression campaign=spring_sale")
    # AF-21: navigation, then the click, then the custom data.
    assert at("opens app://shop/spring-sale") < at("appFrames.click") < at('action data {"campaign_tag": "spring24"')
    # AF-20: status first, then the dismiss callback, then the record.
    assert at("status ready -> dismissed") < at("dismiss requested") < at("appFrames.dismiss")
    # AF-16: the foreground refresh keeps the unchanged top banner silently.
    after_return = lines[at("app comes back"):]
    assert not any("home_top_banner     status" in line for line in after_return)
    assert screen.opened == ["app://shop/spring-sale"]


def test_collapsed_frames_take_no_space() -> None:
    screen = run()
    stack = [(label, height) for label, height, _ in screen.stack()]
    assert stack == [("home_top_banner", 140.0), ("your own content", 220.0)]
    svg = ET.fromstring(screen.svg())
    texts = [t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert "Spring sale: 20% off" in texts
    assert any("collapsed, no space taken: home_bottom_banner" in t for t in texts)


def test_the_folder_is_the_backend_and_computes_checksums(tmp_path: Path) -> None:
    folder = tmp_path / "campaigns"
    shutil.copytree(DEFAULT_FOLDER, folder)
    path = folder / "content" / "spring_sale_a.json"
    document = json.loads(path.read_text())
    document["template"]["html"] = document["template"]["html"].replace("data-height=\"140\"", "data-height=\"150\"")
    path.write_text(json.dumps(document))
    # Variant A or B is chosen by bucketing the demo device; either must load.
    screen = run(folder)
    top = next(s for s in screen.slots.values() if s.placement_id == "home_top_banner")
    assert top.frame.status.string_value == "ready"
    assert top.frame.intrinsic_height in (150.0, 120.0)


def test_main_writes_the_picture(tmp_path: Path, capsys: object) -> None:
    out = tmp_path / "home.svg"
    assert main(["--svg", str(out)]) == 0
    assert out.read_text().startswith("<svg")
    assert main(["--campaigns", str(tmp_path)]) == 1  # an error in what was asked, one line


def test_python_dash_m_frames_demo(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    out = tmp_path / "home.svg"
    run = subprocess.run([sys.executable, "-m", "frames", "demo", "--svg", str(out)],
                         capture_output=True, text=True, env=dict(os.environ), timeout=60)
    assert run.returncode == 0, run.stderr
    assert "appFrames.impression" in run.stdout and out.exists()


# The README invites editing the campaigns folder: every edit gives the
# timeline the engine really produces, or one line naming the file — never a
# traceback.


def edited(tmp_path: Path, edit: "Callable[[Path], object]") -> Tuple[HomeScreen, List[str]]:
    folder = tmp_path / "campaigns"
    shutil.copytree(DEFAULT_FOLDER, folder)
    edit(folder)
    screen = run(folder)
    return screen, [line.split(None, 1)[1] for line in screen.timeline.lines]


def status(screen: HomeScreen, placement_id: str) -> str:
    return HomeScreen.state_of(screen.frame_of(placement_id))


def test_af12_a_json_typo_in_placements_is_noted_and_the_frames_fail_to_resolve(tmp_path: Path) -> None:
    def typo(folder: Path) -> None:
        path = folder / "placements.json"
        path.write_text(path.read_text().replace('"campaigns": [', '"campaigns" [', 1))

    screen, lines = edited(tmp_path, typo)
    assert any("placements.json is not valid JSON (line" in line for line in lines), lines
    assert status(screen, "home_top_banner") == "errorResolving"
    assert any("nothing to tap in home_top_banner (errorResolving)" in line for line in lines)
    assert screen.stack() == [("your own content", 220.0, None)]  # AF-18: both collapsed


def test_af12_an_empty_placements_file_is_noted_and_fails_to_resolve(tmp_path: Path) -> None:
    screen, lines = edited(tmp_path, lambda folder: (folder / "placements.json").write_text(""))
    assert any("placements.json is empty" in line for line in lines)
    assert status(screen, "home_bottom_banner") == "errorResolving"


def test_af08_removed_campaigns_leave_the_frames_unavailable(tmp_path: Path) -> None:
    def remove(folder: Path) -> None:
        (folder / "placements.json").write_text(json.dumps({"placements": {}}))

    screen, lines = edited(tmp_path, remove)
    assert status(screen, "home_top_banner") == "unavailable"
    assert status(screen, "home_bottom_banner") == "unavailable"
    assert not any("failed" in line for line in lines)  # AF-08: not an error


def test_af14_a_content_typo_and_a_missing_asset_end_in_error_downloading(tmp_path: Path) -> None:
    def damage(folder: Path) -> None:
        (folder / "assets" / "leaf.svg").unlink()  # spring_sale A and B use it
        path = folder / "content" / "newsletter.json"
        path.write_text(path.read_text().replace("{", "{,", 1))

    screen, lines = edited(tmp_path, damage)
    assert any("newsletter.json is not valid JSON" in line for line in lines)
    assert status(screen, "home_top_banner") == "errorDownloading"
    assert status(screen, "home_bottom_banner") == "errorDownloading"
    assert any("nothing to close in home_bottom_banner (errorDownloading)" in line for line in lines)


def test_af21_the_story_taps_only_actions_that_exist(tmp_path: Path) -> None:
    def no_actions(folder: Path) -> None:
        for name in ("spring_sale_a.json", "spring_sale_b.json"):
            path = folder / "content" / name
            document = json.loads(path.read_text())
            document["actions"] = []
            path.write_text(json.dumps(document))

    screen, lines = edited(tmp_path, no_actions)
    assert status(screen, "home_top_banner") == "ready"
    assert any("nothing to tap in home_top_banner (ready)" in line for line in lines)
    assert screen.opened == []


def test_a_broken_folder_is_one_line_on_the_command_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    folder = tmp_path / "campaigns"
    shutil.copytree(DEFAULT_FOLDER, folder)
    (folder / "placements.json").write_text("{ not json")
    result = subprocess.run([sys.executable, "-m", "frames", "demo", "--campaigns", str(folder), "--svg",
                             str(tmp_path / "home.svg")], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert "placements.json is not valid JSON" in result.stdout


# --- modal messages (frames demo-messages) ------------------------------------

RULE_ID = re.compile(r"\b(AF|BN|IL|IM|XC)-\d\d")
CLOCK = re.compile(r"^ *\d+:\d\d:\d\d\.\d{3}  \S")


def test_im01_im07_the_messages_story_and_its_picture(tmp_path: Path) -> None:
    # IM-01..IM-07 end to end in the demo: pushes on their own thread, the
    # hold in the background, newest wins, a redelivery, the 6-hour rule,
    # logout, the click chain and the fonts the resolver gave.
    from frames.demos.demo_messages import run_messages_demo

    svg = tmp_path / "message.svg"
    story = run_messages_demo(svg, echo=False)
    lines = [line.split(None, 1)[1] for line in story.timeline.lines]
    expected = [
        "presenter     shows welcome-1",
        "host          opens https://shop.example.com/basket",
        "analytics     messages.discard flash-1 reason=superseded",
        "analytics     messages.discard flash-2 reason=duplicate",
        "presenter     shows flash-2",
        "click handler shopandgo://offers: routed in the app",
        "analytics     messages.discard reminder-1 reason=expired",
        "analytics     messages.discard coupon-1 reason=logout",
    ]
    positions = [next(i for i, line in enumerate(lines) if line.startswith(text)) for text in expected]
    assert positions == sorted(positions)
    assert story.opened == ["https://shop.example.com/basket"]
    root = ET.fromstring(svg.read_text())
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Flash sale: 30% off" in texts and "My offers" in texts
    assert "title: Montserrat-Bold 22 pt -> DejaVu Sans bold" in texts
    assert "body: Montserrat-Regular 15 pt -> system font" in texts
    assert not [t for t in texts if RULE_ID.search(t)]


def test_im03_every_line_about_a_message_says_what_became_of_it(tmp_path: Path) -> None:
    # A reader who follows one message sees its whole fate: the redelivered
    # flash-2 is not dropped (only its copy is), waits and is shown later.
    from frames.demos.demo_messages import run_messages_demo

    story = run_messages_demo(tmp_path / "message.svg", echo=False)
    lines = [line.split(None, 1)[1] for line in story.timeline.lines]
    about_flash_2 = [line for line in lines if "flash-2" in line]
    assert about_flash_2[:2] == ["push thread   flash-2 arrives by silent push (newer than flash-1)",
                                 "engine        flash-2: it waits for the app to become active, for at most 6 h more"]
    duplicate = next(i for i, line in enumerate(lines) if "reason=duplicate" in line)
    assert lines[duplicate].endswith("only the repeated copy is dropped; flash-2 itself is kept")
    assert lines[duplicate + 1] == "engine        flash-2: it waits for the app to become active, for at most 5 h 30 min more"
    assert any(line.startswith("presenter     shows flash-2") for line in lines[duplicate:])
    # Every push is followed by what the engine did with it, in words.
    for i, line in enumerate(lines):
        if line.startswith("push thread"):
            message_id = line.split()[2]
            assert lines[i + 1:] and any(
                later.startswith(f"engine        {message_id}: ") for later in lines[i + 1:i + 3]), line
    # Every discard record says the message will not be shown, or that only a copy went.
    for line in lines:
        if "messages.discard" in line:
            assert " — " in line and ("will not be shown" in line or "itself is kept" in line), line
    flash_1 = [line for line in lines if "flash-1" in line and line.startswith("analytics")]
    assert flash_1 == ["analytics     messages.discard flash-1 reason=superseded — flash-1 will not be shown: "
                       "a newer message replaced it"]


def test_the_demos_say_time_one_way_and_never_name_rules(tmp_path: Path) -> None:
    # One clock, 0:00:01.250, at the start of every line; durations in
    # words; no rule IDs, no raw milliseconds.
    from frames.demos.demo_banners import BannerScreen
    from frames.demos.demo import DEFAULT_FOLDER as BANNERS
    from frames.demos.demo_inline import InlineScreen
    from frames.demos.demo_messages import run_messages_demo

    home = run()
    inline = InlineScreen(echo=False)
    inline.run()
    inline.restart()
    inline.engine.close()
    banners = BannerScreen(BANNERS, echo=False)
    with banners.engine:
        banners.run()
    messages = run_messages_demo(tmp_path / "message.svg", echo=False)
    for timeline in (home.timeline, inline.timeline, banners.timeline, messages.timeline):
        for line in timeline.lines:
            assert CLOCK.match(line), line
            assert not RULE_ID.search(line), line
            assert not re.search(r"\d ms\b", line), line
    capped = next(line for line in inline.timeline.lines if "welcome_back: not shown" in line)
    assert capped.endswith("it can show again in 23 h 59 min (at 24:00:00.080)")
    assert capped.startswith(" 0:01:00.040  engine")  # the restart keeps the story's clock


def test_frames_demo_messages_draws_the_last_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from frames.demos.cli import main as frames

    assert frames(["demo-messages", "--svg", str(tmp_path / "message.svg")]) == 0
    assert (tmp_path / "message.svg").read_text().startswith("<svg")
    out = capsys.readouterr().out
    assert "flash-2 arrives by silent push" in out and "The last message presented:" in out
    # frames demo is the home screen alone now; the messages are their own command.
    assert main(["--svg", str(tmp_path / "home.svg")]) == 0
    assert not (tmp_path / "home" / "message.svg").exists() and "silent push" not in capsys.readouterr().out
    with pytest.raises(SystemExit):
        frames(["demo-messages", "--help"])
    assert capsys.readouterr().out.startswith("usage: ")
