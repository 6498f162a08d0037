"""The main job's banner places part (BN-07..BN-16 end to end through the
Python binding): ``python -m frames demo-banners`` plays a carousel and a
vertical list from the demo folder's banners.json on a virtual clock."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Callable, Dict, Iterator, List, Tuple

import pytest

import frames
from frames.demos.demo import DEFAULT_FOLDER
from frames.demos.demo_banners import CAROUSEL, DEALS, BannerScreen, main

SVG = "{http://www.w3.org/2000/svg}"
LIST = json.loads((DEFAULT_FOLDER / "banners.json").read_text())["banners"]
DURATION: Dict[str, int] = {b["id"]: b.get("duration_ms", 5_000) for b in LIST}


def story(folder: Path = DEFAULT_FOLDER) -> BannerScreen:
    screen = BannerScreen(folder, echo=False)
    screen.run()
    return screen


@pytest.fixture(scope="module")
def screen() -> Iterator[BannerScreen]:
    told = story()
    yield told
    told.engine.close()


def clock_ms(text: str) -> int:
    """The milliseconds of the timeline's clock, 0:00:01.250."""
    hours, minutes, seconds = text.split(":")
    return round((int(hours) * 3600 + int(minutes) * 60 + float(seconds)) * 1000)


def events(screen: BannerScreen) -> List[Tuple[int, str, str]]:
    """(time, who, what) of every timeline line."""
    out = []
    for line in screen.timeline.lines:
        time, who, what = line.split(None, 2)
        out.append((clock_ms(time), who, what))
    return out


def scrolls(screen: BannerScreen, place_id: str) -> List[Tuple[int, int]]:
    """(time, index) of every didScroll the place's delegate received."""
    return [(t, int(what.split()[1])) for t, who, what in events(screen)
            if who == place_id and what.startswith("didScroll ")]


def at(screen: BannerScreen, who: str, text: str) -> int:
    """The time of the first line of ``who`` that contains ``text``."""
    return next(t for t, w, what in events(screen) if w == who and text in what)


def test_BN_07_BN_14_the_carousel_reads_the_preload_and_the_unavailable_banner_is_in_no_place(
        screen: BannerScreen) -> None:
    lists = [t for t, who, what in events(screen) if who == "campaigns" and what.startswith("POST")]
    # BN-14: the preload at launch, the deals list's create, the refresh; the
    # carousel's create (at 500 ms) made no request.
    assert lists == [0, 2_000, 32_000]
    assert at(screen, CAROUSEL, "preloaded 4 banner(s)") < at(screen, "app", "home screen appears")
    assert at(screen, CAROUSEL, "render 0 spring_sale") == 500
    # BN-07 ("available": false is dropped before the layout): four rows of five listed.
    assert [b["id"] for b in LIST if b.get("available") is False] == ["summer_preview"]
    for slot in screen.slots.values():
        assert slot.count == 4 and len(slot.place.rows(now_ms=screen.now)) == 4
    assert not any("summer_preview" in what for _, who, what in events(screen) if who in (CAROUSEL, DEALS))


def test_BN_09_BN_16_the_carousel_pages_by_duration_restarts_at_a_touch_and_moves_past_the_failed_banner(
        screen: BannerScreen) -> None:
    touch = at(screen, "app", "the user touches")
    first = scrolls(screen, CAROUSEL)[:3]
    # spring_sale plays its 4 s from 500 ms; new_arrivals would end at
    # 4,500 + 6,000 but the touch restarts its countdown.
    assert first[0] == (500 + DURATION["spring_sale"], 1)
    assert first[1] == (touch + DURATION["new_arrivals"], 2)
    assert touch + DURATION["new_arrivals"] > first[0][0] + DURATION["new_arrivals"]
    # BN-16: page 2 is loyalty_club, whose content is missing: the carousel
    # counts its duration down, then moves past it; it never plays or counts.
    assert first[2] == (first[1][0] + DURATION["loyalty_club"], 3)
    assert any(what.startswith("row 2 loyalty_club failed") for _, who, what in events(screen) if who == CAROUSEL)
    carousel_lines = [what for _, who, what in events(screen) if who == CAROUSEL]
    assert not any(line.startswith(("play 2", "show 2")) for line in carousel_lines)
    assert "loyalty_club" not in screen.slots[CAROUSEL].views


def test_BN_08_every_index_change_is_a_did_scroll_and_navigation_gives_the_offsets(screen: BannerScreen) -> None:
    changes = scrolls(screen, CAROUSEL)
    # the timer (1, 2, 3), show_next wrapping (0), show_banner (1), the reload (0)
    assert [index for _, index in changes] == [1, 2, 3, 0, 1, 0]
    assert changes[3][0] == at(screen, "app", "show_next()")
    assert changes[4][0] == at(screen, "app", "show_banner(1)")
    lines = [what for _, who, what in events(screen) if who == CAROUSEL]
    assert "the host scrolls its content to (0, 0)" in lines  # wrapped to the first page
    appearance = frames.Appearance(layout=frames.LayoutType.CAROUSEL, side_inset=16)
    ratios = [b["ratio"] for b in LIST if b.get("available") is not False]
    page1 = frames.scroll_offset(appearance, 390, ratios, 1)
    assert f"the host scrolls its content to ({page1.x:g}, {page1.y:g})" in lines
    # After the reload the carousel is back on its first page: didScroll(0).
    refresh = at(screen, "app", "pull to refresh")
    reloaded = [t for t, who, what in events(screen) if who == CAROUSEL and what == "bannersLoaded"][-1]
    assert reloaded > refresh and changes[-1] == (reloaded, 0)
    assert screen.slots[CAROUSEL].place.current_index == 0
    # A vertical list scrolls to the row, clamped by the viewport height.
    assert scrolls(screen, DEALS) == [(at(screen, "app", "show_banner(3)"), 3)]
    assert "the host scrolls its content to (0, 370)" in [what for _, who, what in events(screen) if who == DEALS]


def test_BN_10_BN_13_list_views_only_for_ready_banners_more_than_75_percent_visible(screen: BannerScreen) -> None:
    deals = screen.slots[DEALS]
    assert deals.viewport is not None
    rows = deals.place.rows(now_ms=screen.now)
    rule = frames.banner_visibility([row.rect for row in rows], deals.viewport)
    for row, (share, eligible) in zip(rows, rule):
        assert row.share == pytest.approx(share)
        assert row.playing == (eligible and row.state == frames.RowState.READY)
    # Seen above 75 % during the story: 0 and 1 at the start (1 at 89.1 %),
    # 3 after the jump; the failed row 2, 100 % visible at the end, never.
    assert deals.views == ["spring_sale", "new_arrivals", "free_delivery"]
    assert [row.viewed for row in rows] == [True, True, False, True]
    assert rows[2].state == frames.RowState.FAILED and rows[2].share == 1.0 and not rows[2].playing
    # BN-10: a finished banner repeats without a new view.
    assert any(what.startswith("play 3 free_delivery again") for _, who, what in events(screen) if who == DEALS)
    # BN-13: the refresh is a new load of the carousel: spring_sale counts again.
    assert screen.slots[CAROUSEL].views == ["spring_sale", "new_arrivals", "free_delivery", "spring_sale"]
    view_records = [what for _, who, what in events(screen) if "analytics banners.view" in what]
    assert len(view_records) == 7


def test_BN_11_BN_09_background_pauses_both_places_and_foreground_resumes(screen: BannerScreen) -> None:
    gone, back = at(screen, "app", "goes to the background"), at(screen, "app", "comes back")
    assert {(who, what) for t, who, what in events(screen) if t == gone and who != "app"} == {
        (CAROUSEL, "pause 1 new_arrivals"), (DEALS, "pause 3 free_delivery")}
    assert not [line for line in events(screen) if gone < line[0] < back]
    assert {(who, what) for t, who, what in events(screen) if t == back and who != "app"} == {
        (CAROUSEL, "resume 1 new_arrivals"), (DEALS, "resume 3 free_delivery")}


def test_BN_16_a_failed_row_keeps_its_space_and_is_retried_alone(screen: BannerScreen) -> None:
    retry = at(screen, "app", "retry_row(2)")
    after = [(who, what) for t, who, what in events(screen) if retry <= t <= retry + 100 and who != "app"]
    assert after[0] == ("campaigns", "GET https://campaigns.local/banners/loyalty_club.html -> 404")
    assert after[1][1].startswith("row 2 loyalty_club failed, keeps its space: downloadingFailed (HTTP 404)")
    rects = [row.rect for row in screen.slots[DEALS].place.rows(now_ms=screen.now)]
    assert [r.y for r in rects] == [0, 187, 434, 621] and rects[2].height == 179


def test_the_picture_shows_the_page_on_screen_and_what_plays(screen: BannerScreen) -> None:
    from frames.demos.demo_banners_picture import screen_svg

    root = ET.fromstring(screen_svg(screen))
    texts = ["".join(t.itertext()) for t in root.iter(SVG + "text")]
    assert "Home screen at 0:00:36.000: two banner places from one banner list" in texts
    assert any(t.startswith("home_carousel: a carousel showing page 0 spring_sale, which plays") for t in texts)
    assert any("playing (more than 75 % on screen): 3 free_delivery" in t for t in texts)
    # The list's picture marks the place's playback (render_svg's data-plays).
    plays = [g.get("data-plays") for g in root.iter(SVG + "g") if g.get("class") == "banner" and g.get("data-plays")]
    assert plays == ["false", "false", "false", "true"]
    # BN-16: the failed banner looks failed in both places — a failed badge,
    # no playback badge — and the others do not.
    banners = [g for g in root.iter(SVG + "g") if g.get("class") == "banner"]
    failed = [g for g in banners if g.get("data-failed") == "true"]
    assert [g.get("data-index") for g in failed] == ["2", "2"]
    for g in banners:
        words = [" ".join(t.itertext()) for t in g.iter(SVG + "text")]
        if g in failed:
            assert words[0] == "2 loyalty_club" and "⚠ failed to load" in words
            assert not any("paused" in w or "plays" in w for w in words), words
            assert any(r.get("class") == "failed" for r in g.iter(SVG + "rect"))
        else:
            assert "⚠ failed to load" not in words
    # The carousel's neighbour peeking into the viewport reads as the next banner.
    assert "↓ next banner peeks in: 8 pt" in texts
    # A person's words: no rule IDs, no raw milliseconds, no viewport jargon.
    assert not [t for t in texts if re.search(r"\b(BN|XC)-\d\d|\d ms\b|viewport|drawn at", t)]


def test_python_dash_m_frames_demo_banners_with_svg(tmp_path: Path) -> None:
    out = tmp_path / "pictures" / "banners.svg"
    run = subprocess.run([sys.executable, "-m", "frames", "demo-banners", "--svg", str(out)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "analytics banners.view" in run.stdout and "didScroll 0 spring_sale" in run.stdout
    assert run.stderr == ""
    root = ET.parse(out).getroot()
    assert root.tag == SVG + "svg" and float(root.get("width", "0")) > 0
    assert len([e for e in root.iter(SVG + "svg")]) == 3  # the screen and both places


# --- a user may edit the folder ----------------------------------------------------


def edited(tmp_path: Path, edit: Callable[[Path], object]) -> Path:
    folder = tmp_path / "campaigns"
    shutil.copytree(DEFAULT_FOLDER, folder)
    edit(folder)
    return folder


def write_list(text: "str | bytes") -> Callable[[Path], object]:
    def edit(folder: Path) -> None:
        path = folder / "banners.json"
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return edit


@pytest.mark.parametrize("edit, problem", [
    (lambda folder: (folder / "banners.json").unlink(), "banners.json is missing"),
    (write_list(""), "banners.json is empty"),
    (write_list('{"banners": [ {"id": "a",, } ]}'), "banners.json is not valid JSON (line 1, column 26"),
    (write_list(b'{"banners": ["\xff"]}'), "banners.json is not UTF-8 text"),
    (write_list("[]"), "banners.json is not a banner list: expected an object with a \"banners\" array "
                       "(docs/wire-format.md, section 5), but the document is an array"),
    (write_list('{"banner": []}'), 'but it has no "banners"'),
    (write_list('{"banners": {"a": 1}}'), '"banners" is an object'),
])
def test_a_broken_banner_list_is_one_line_and_exit_status_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], edit: Callable[[Path], object], problem: str) -> None:
    folder = edited(tmp_path, edit)
    assert main(["--campaigns", str(folder), "--svg", str(tmp_path / "b.svg")]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("frames: error: ")
    assert str(folder / "banners.json") in captured.err and problem in captured.err
    assert not (tmp_path / "b.svg").exists()


def test_a_broken_folder_on_the_command_line_has_no_traceback(tmp_path: Path) -> None:
    folder = edited(tmp_path, write_list("{ not json"))
    run = subprocess.run([sys.executable, "-m", "frames", "demo-banners", "--campaigns", str(folder)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert run.stdout == "" and "Traceback" not in run.stderr
    assert run.stderr == f"frames: error: {folder / 'banners.json'} is not valid JSON (line 1, column 3: " \
                         "Expecting property name enclosed in double quotes)\n"


@pytest.mark.parametrize("banners", [[], LIST[:1], [{"id": "x"}, 7, LIST[3]]])
def test_BN_07_an_edited_list_still_plays_the_whole_story(tmp_path: Path, banners: List[object]) -> None:
    # Fewer banners, none, or entries the engine drops (BN-07): the story
    # skips what it cannot do and the picture is drawn.
    folder = edited(tmp_path, write_list(json.dumps({"banners": banners})))
    assert main(["--campaigns", str(folder), "--svg", str(tmp_path / "b.svg")]) == 0
    assert ET.parse(tmp_path / "b.svg").getroot().tag == SVG + "svg"
