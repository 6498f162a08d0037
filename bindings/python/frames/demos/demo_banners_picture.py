"""The final screen of ``python -m frames demo-banners`` as one SVG picture.

Each banner place is drawn by frames.demos.svg.render_svg — the picture of
``python -m frames layout`` — from the place's own rows: the carousel with
its viewport on the page on screen, the vertical list under its viewport
with the banners that play outlined (the place's playback, not a copy of
the 75 % rule). Under each, one line per row says what the host drew there
and what the place did with it.
"""

from __future__ import annotations

import re
from typing import Dict, TYPE_CHECKING, List, Sequence, Tuple
from xml.sax.saxutils import escape

from .. import BannerRow, LayoutType, RowState, layout_banners
from ._timeline import clock
from .svg import percent, render_svg

if TYPE_CHECKING:
    from .demo_banners import BannerScreen, Slot

__all__ = ["screen_svg"]

MARGIN = 24.0
LINE = 18.0
#: About the advance of one character of the 13 px sans-serif text, to size
#: the picture around its longest line.
CHAR_WIDTH = 7.4
SVG_START = '<svg xmlns="http://www.w3.org/2000/svg" '


def screen_svg(screen: "BannerScreen") -> str:
    """The SVG text of ``screen``'s places at the screen's current time."""
    parts: List[str] = []
    lines: List[str] = []
    y = MARGIN
    width = 0.0

    def text(line: str, size: int = 13, weight: str = "normal", color: str = "#1f2430", x: float = MARGIN) -> None:
        nonlocal y, width
        y += size + 6
        parts.append(f'<text x="{x:g}" y="{y:g}" font-family="sans-serif" font-size="{size}" '
                     f'font-weight="{weight}" fill="{color}">{escape(line)}</text>')
        lines.append(line)
        width = max(width, x + len(line) * CHAR_WIDTH * size / 13)

    text(f"Home screen at {clock(screen.now)}: two banner places from one banner list", 18, "bold")
    text(f"{screen.backend.path.name}: " + ", ".join(screen.backend.summary), 12, color="#5a6070")
    for slot in screen.slots.values():
        rows = list(slot.place.rows(now_ms=screen.now))
        carousel = slot.appearance.layout == LayoutType.CAROUSEL
        y += 12
        text(_heading(slot, rows), 15, "bold")
        picture, picture_width, picture_height = _place_picture(slot, rows, carousel)
        parts.append(f'<svg x="{MARGIN:g}" y="{y + 6:g}" ' + picture[len(SVG_START):])
        y += picture_height + 6
        width = max(width, MARGIN + picture_width)
        for index, row in enumerate(rows):
            text(_row_line(slot, index, row))
    height = y + MARGIN
    width += MARGIN
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}">\n'
            f'<rect width="100%" height="100%" fill="#ffffff"/>\n' + "\n".join(parts) + "\n</svg>\n")


def _heading(slot: "Slot", rows: Sequence[BannerRow]) -> str:
    if slot.appearance.layout == LayoutType.CAROUSEL:
        page = slot.place.current_index
        what = "plays" if page < len(rows) and rows[page].playing else "does not play"
        return f"{slot.name}: a carousel showing page {slot.banner(page)}, which {what}"
    playing = [slot.banner(i) for i, row in enumerate(rows) if row.playing]
    return (f"{slot.name}: a vertical list, partly on screen; playing (more than 75 % on screen): "
            f"{', '.join(playing) or 'none'}")


def _row_line(slot: "Slot", index: int, row: BannerRow) -> str:
    # A state this version does not know stays an int (banner_types.BannerRow).
    names: Dict[int, str] = {RowState.READY: "loaded", RowState.FAILED: "failed to load, keeps its space",
                             RowState.LOADING: "loading"}
    state = names.get(int(row.state), str(row.state))
    parts = [slot.banner(index)]
    if index in slot.titles:
        parts.append(f'"{slot.titles[index]}"')
    parts.append(state)
    if row.share is not None:
        parts.append(f"{percent(row.share)} on screen")
    if row.state != RowState.FAILED:
        parts.append("plays" if row.playing else "paused")
    parts.append("view counted" if row.viewed else "no view counted")
    return " · ".join(parts)


def _place_picture(slot: "Slot", rows: Sequence[BannerRow], carousel: bool) -> Tuple[str, float, float]:
    """render_svg of the place's rows, and its size."""
    # The rows' own rects give back the ratios: the library lays them out
    # again exactly as the place did (a failed row included, whose banner the
    # host was never shown).
    ratios = [row.rect.width / row.rect.height if row.rect.height > 0 else 1.0 for row in rows]
    result = layout_banners(slot.appearance, slot.width, ratios)
    labels = [slot.banner(i) for i in range(len(rows))]
    failed = [i for i, row in enumerate(rows) if row.state == RowState.FAILED]
    if carousel:
        picture = render_svg(result, slot.appearance, ratios, page=slot.place.current_index, labels=labels,
                             failed=failed)
    else:
        visibility = [(row.share or 0.0, row.playing) for row in rows]
        picture = render_svg(result, slot.appearance, ratios, viewport=slot.viewport, visibility=visibility,
                             labels=labels, failed=failed)
    if not picture.startswith(SVG_START):
        raise ValueError("frames.demos.svg.render_svg no longer starts with the expected <svg> tag")
    size = re.match(r'<svg [^>]*?width="([0-9.]+)" height="([0-9.]+)"', picture)
    if size is None:
        raise ValueError("frames.demos.svg.render_svg gave a picture without a width and height")
    return picture, float(size.group(1)), float(size.group(2))
