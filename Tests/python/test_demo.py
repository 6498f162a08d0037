"""The README's main job: the seed's home screen against a campaigns folder
(AF-04..AF-22 end to end through the Python binding)."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

from frames.demo import DEFAULT_FOLDER, HomeScreen, main


def run(folder: Path = DEFAULT_FOLDER) -> HomeScreen:
    screen = HomeScreen(folder, echo=False)
    screen.run()
    return screen


def test_the_story_of_the_home_screen() -> None:
    screen = run()
    lines = [line.split(None, 2)[2] for line in screen.timeline.lines]

    def at(text: str) -> int:
        return next(i for i, line in enumerate(lines) if text in line)

    # AF-06: both frames load forward; AF-22: impressions once on screen.
    assert at("home_top_banner     status noPlacement -> resolving") < at("home_top_banner     status rendering -> ready")
    assert at("home_top_banner     status rendering -> ready") < at("appFrames.impression campaign=spring_sale")
    # AF-21: navigation, then the click, then the custom data.
    assert at("open app://shop/spring-sale") < at("appFrames.click") < at('action data {"campaign_tag": "spring24"')
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


# --- modal messages (frames.demo_messages) -------------------------------------


def test_im01_im07_the_messages_story_and_its_picture(tmp_path: Path) -> None:
    # IM-01..IM-07 end to end in the demo: pushes on their own thread, the
    # hold in the background, newest wins, a redelivery, the 6-hour rule,
    # logout, the click chain and the fonts the resolver gave.
    from frames.demo_messages import run_messages_demo

    svg = tmp_path / "message.svg"
    story = run_messages_demo(svg, echo=False)
    lines = [line.split(None, 1)[1] for line in story.timeline.lines]
    expected = [
        "presenter    draws welcome-1",
        "host         opens https://shop.example.com/basket",
        "analytics    messages.discard flash-1 reason=superseded",
        "analytics    messages.discard flash-2 reason=duplicate",
        "presenter    draws flash-2",
        "click handler shopandgo://offers: routed in the app",
        "analytics    messages.discard reminder-1 reason=expired",
        "analytics    messages.discard coupon-1 reason=logout",
    ]
    positions = [next(i for i, line in enumerate(lines) if line.startswith(text)) for text in expected]
    assert positions == sorted(positions)
    assert story.opened == ["https://shop.example.com/basket"]
    root = ET.fromstring(svg.read_text())
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "Flash sale: 30% off" in texts and "My offers" in texts
    assert "title: Montserrat-Bold 22 pt -> DejaVu Sans bold" in texts
    assert "body: Montserrat-Regular 15 pt -> system font" in texts


def test_the_demo_draws_the_message_beside_the_home_screen(tmp_path: Path) -> None:
    assert main(["--svg", str(tmp_path / "home.svg")]) == 0
    assert (tmp_path / "message.svg").read_text().startswith("<svg")
