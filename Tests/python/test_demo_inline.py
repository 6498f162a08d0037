"""The main job's inline part (IL-01..IL-09, XC-10 end to end through the
Python binding): a simulated screen with scripted bridge messages."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import List

from frames.demos.demo_inline import InlineScreen


def story() -> InlineScreen:
    screen = InlineScreen(echo=False)
    screen.run()
    return screen


def lines_of(screen: InlineScreen) -> List[str]:
    return [line.split(None, 1)[1] for line in screen.timeline.lines]


def test_the_story_of_the_inline_screen() -> None:
    screen = story()
    lines = lines_of(screen)

    def at(text: str) -> int:
        return next(i for i, line in enumerate(lines) if text in line)

    # IL-01, IL-03: both views show the automatic campaign; one display is saved.
    assert at("top hero       loaded welcome_back") < at("state changed: saved")
    assert sum("state changed" in line for line in lines) == 1
    # IL-02: the event updates both attached views; the footer view is made for it.
    assert at("top hero       updated to flash_sale") > at("track_event(cart_viewed)")
    assert at("available: a new view for home_footer (free_shipping)") < at("footer         loaded free_shipping")
    # IL-07: the customMethod answer reaches the content.
    assert at("customMethod getCoupon") < at('bridge <- {"v":1,"id":2,"ok":true,"result":{"code":"FLASH30"}}')
    # IL-08: javascript: refused, the app's scheme opened.
    assert at("refused javascript:alert(document.cookie)") < at("open deep link shop://cart")
    assert screen.opened == ["shop://cart"]
    # IL-09: discard, then removal.
    assert at("inApp.discard campaign=flash_sale closedBy=user") < at("remove flash_sale: taken off the screen")
    assert [(label, height) for label, height, _ in screen.stack()] == [
        ("top hero", 170.0), ("your own content", 200.0), ("footer", 90.0)]
    screen.engine.close()


def test_after_a_restart_the_capped_campaign_stays_capped() -> None:
    screen = story()
    screen.restart()
    assert screen.explanation is not None
    reasons = {c.id: c.reason.code for c in screen.explanation.candidates}
    assert reasons == {"welcome_back": "capped", "flash_sale": "trigger_not_met"}
    assert "after restart" not in [label for label, _, _ in screen.stack()]
    texts = [t.text or "" for t in ET.fromstring(screen.svg()).iter("{http://www.w3.org/2000/svg}text")]
    assert "Flash sale: 30% off" in texts and "Free shipping today" in texts
    assert any("after a restart: welcome_back shown enough for today, not again" in t for t in texts)
    assert not any("IL-" in t for t in texts)
    # The timeline says why in words, with the time it can show again.
    said = [line for line in lines_of(screen) if line.startswith("engine         welcome_back")]
    assert said == ["engine         welcome_back: not shown: it was shown as often as its campaign allows; "
                    "it can show again in 23 h 59 min (at 24:00:00.080)"]
    assert any("closed by the shopper" in t and "lower hero" in t for t in texts)
    screen.engine.close()


def test_python_dash_m_frames_demo_inline(tmp_path: Path) -> None:
    out = tmp_path / "inline.svg"
    run = subprocess.run([sys.executable, "-m", "frames", "demo-inline", "--svg", str(out)],
                         capture_output=True, text=True, check=True)
    assert "inApp.show" in run.stdout and "flash_sale: not shown yet: shows when the app tracks" in run.stdout
    assert ET.fromstring(out.read_text()).tag.endswith("svg")
