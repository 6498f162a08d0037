"""Renders a banner layout as an SVG picture.

The container is drawn as a frame (for the carousel: the viewport, one
container wide, over the scrollable content, whose part outside the viewport
is dimmed), each banner as a rounded rect with its corner radius and its
input index, the insets and gaps as labelled hatched areas, and a caption.
Every banner is one ``<g class="banner" data-index="i">`` element.

With a viewport (vertical list and tiles), the viewport is drawn as a
rectangle, each banner gets its visible share as a percentage and is marked
as playing (share strictly above 75 %, BN-10: a green outline and a play
sign) or paused (greyed, a pause sign); its ``<g>`` carries
``data-share`` and ``data-plays``.  The shares come from the library
(frames_layout_visibility), never from a copy of the rule.

A banner whose content failed (BN-16) is drawn as failed — grey, a red
dashed outline, a "failed to load" badge and ``data-failed="true"`` — and
never as playing or paused.  In a carousel, a neighbour that peeks into the
viewport is outlined and labelled as the next (or previous) banner.

The words are a designer's: sizes in points, "on screen" for the viewport,
no rule IDs.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, List, Optional, Sequence
from xml.sax.saxutils import escape, quoteattr

from ..appearance import Appearance, LayoutType
from ..layout import LayoutResult, Rect, measure_layout, scroll_offset
from .._ratios import Ratios

if TYPE_CHECKING:
    from ..banners import Visibility

__all__ = ["render_svg", "LAYOUT_NAMES", "percent"]

LAYOUT_NAMES = {
    LayoutType.CAROUSEL: "carousel",
    LayoutType.VERTICAL_LIST: "vertical-list",
    LayoutType.TILES: "tiles",
}

_MARGIN = 48.0  # left; the right side also holds the row-gap labels
_HEADER = 84.0
_FOOTER = 48.0
_MAX_DRAWING_WIDTH = 1400.0

# Text and shapes never share a class name, and every shape rule names its
# element: a label must not inherit an outline's stroke or dashes (a stroked
# label is unreadable).  The "text" rule makes that hold for any new class.
# A badge's rules name ".banner text" too: the banner numbers' white bold
# 16 px rule would otherwise win over them.
_STYLE = """
  text { stroke: none; }
  .caption { font: 600 15px system-ui, -apple-system, 'Segoe UI', sans-serif; fill: #1f2430; }
  .subcaption { font: 12px system-ui, -apple-system, 'Segoe UI', sans-serif; fill: #5a6070; }
  .label { font: 11px system-ui, -apple-system, 'Segoe UI', sans-serif; fill: #5a6070; }
  .label-inset { fill: #b86e00; }
  .label-gap { fill: #1d7f52; }
  .label-viewport { fill: #2a55d4; font-weight: 600; }
  rect.content { fill: #f4f5f8; stroke: #c9ccd6; stroke-width: 1; stroke-dasharray: 4 3; }
  rect.container { fill: none; stroke: #2a55d4; stroke-width: 2.5; }
  rect.inset { fill: url(#hatch-inset); stroke: #e0a040; stroke-width: 0.75; }
  rect.gap { fill: url(#hatch-gap); stroke: #5cc08e; stroke-width: 0.75; }
  .banner rect { stroke: #1f2430; stroke-opacity: 0.35; stroke-width: 1; }
  .banner text { font: 700 16px system-ui, -apple-system, 'Segoe UI', sans-serif;
                 fill: #ffffff; text-anchor: middle; dominant-baseline: central; }
  rect.dim { fill: #ffffff; fill-opacity: 0.62; }
  .banner rect.paused { fill: url(#hatch-paused); stroke: none; }
  .banner rect.plays-outline { fill: none; stroke: #0fa85a; stroke-width: 5; }
  rect.viewport { fill: none; stroke: #d42a7a; stroke-width: 3; stroke-dasharray: 10 5; }
  rect.outside { fill: #1f2430; fill-opacity: 0.10; }
  .label-viewport-box { fill: #d42a7a; font-weight: 600; }
  .banner text.share { font: 700 12px system-ui, -apple-system, 'Segoe UI', sans-serif; text-anchor: middle;
                     dominant-baseline: alphabetic; }
  .banner text.share-failed { fill: #b3261e; }
  .banner rect.failed { fill: #eceff1; stroke: #b3261e; stroke-width: 2.5; stroke-dasharray: 8 5; stroke-opacity: 1; }
  .banner text.label-failed { fill: #5a6070; }
  rect.peek { fill: none; stroke: #2a55d4; stroke-width: 2; stroke-dasharray: 4 3; }
  .label-peek { fill: #2a55d4; font-weight: 600; }
  .banner text.share-plays { fill: #0d6b3c; }
  .banner text.share-paused { fill: #5a6070; }
  .banner rect.share-bg { stroke: #8a8f9c; stroke-width: 0.75; fill: #ffffff; fill-opacity: 0.9; }
"""

_DEFS = """<defs>
  <pattern id="hatch-inset" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
    <rect width="6" height="6" fill="#fff4e0"/><line x1="0" y1="0" x2="0" y2="6" stroke="#f0b860" stroke-width="2"/>
  </pattern>
  <pattern id="hatch-gap" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">
    <rect width="6" height="6" fill="#e6f7ee"/><line x1="0" y1="0" x2="0" y2="6" stroke="#7fd3a8" stroke-width="2"/>
  </pattern>
  <pattern id="hatch-paused" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
    <rect width="8" height="8" fill="#ffffff" fill-opacity="0.55"/><line x1="0" y1="0" x2="0" y2="8" stroke="#8a8f9c" stroke-opacity="0.5" stroke-width="3"/>
  </pattern>
</defs>"""


def _num(value: float) -> str:
    """A length for people: 187.5, 16, 0.333."""
    if not math.isfinite(value):
        return str(value)
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def percent(share: float) -> str:
    """A share for people: "82.5 %"; more decimals when one would hide
    which side of 75 % it is on (75.004 % plays: "75.004 %", not "75 %")."""
    text = ""
    for digits in range(1, 7):
        text = f"{share * 100:.{digits}f}"
        if (float(text) > 75) == (share > 0.75):
            break
    return text.rstrip("0").rstrip(".") + " %"


def _label(labels: Optional[Sequence[str]], index: int) -> str:
    return labels[index] if labels is not None and index < len(labels) else str(index)


def _color(index: int) -> str:
    hue = (218 + index * 47) % 360
    return f"hsl({hue}, 62%, 52%)"


def _peeks(canvas: "_Canvas", rects: Sequence[Rect], viewport_x: float, container: float, height: float,
           rtl: bool) -> None:
    """Outlines and names the slice of a neighbouring page that peeks into
    the carousel's viewport: a sliver of colour at its edge is the next (or
    previous) banner, not a border."""
    right = viewport_x + container
    for r in rects:
        left_part = min(r.x + r.width, right) - max(r.x, viewport_x)
        if not (0 < left_part < r.width):
            continue
        on_right = r.x > viewport_x
        which = "next" if on_right != rtl else "previous"
        start = max(r.x, viewport_x)
        canvas.rect("peek", start, 0, left_part, height)
        # Above the content, where nothing else is written at the peek: the
        # banners' own labels sit in their middles.
        x = canvas.x(start) if on_right else canvas.x(start + left_part)
        canvas.text("label label-peek", x, canvas.y(0) - 6, f"↓ {which} banner peeks in: {_num(left_part)} pt",
                    "start" if on_right else "end")


def _layout_type(appearance: Appearance) -> Optional[LayoutType]:
    try:
        return LayoutType(int(appearance.layout))
    except ValueError:
        return None


class _Canvas:
    def __init__(self, scale: float) -> None:
        self.scale = scale
        self.parts: List[str] = []

    def x(self, value: float) -> float:
        return _MARGIN + value * self.scale

    def y(self, value: float) -> float:
        return _HEADER + value * self.scale

    def rect(self, css: str, x: float, y: float, w: float, h: float, extra: str = "") -> None:
        if w <= 0 or h <= 0:
            return
        cls = f' class="{css}"' if css else ""
        self.parts.append(
            f'<rect{cls} x="{self.x(x):.2f}" y="{self.y(y):.2f}" '
            f'width="{w * self.scale:.2f}" height="{h * self.scale:.2f}"{extra}/>'
        )

    def text(self, css: str, x: float, y: float, content: str, anchor: str = "middle") -> None:
        self.parts.append(
            f'<text class="{css}" x="{x:.2f}" y="{y:.2f}" text-anchor="{anchor}">{escape(content)}</text>'
        )


def render_svg(
    result: LayoutResult,
    appearance: Appearance,
    ratios: Optional[Ratios] = None,
    viewport: Optional[Rect] = None,
    visibility: Optional[Sequence["Visibility"]] = None,
    page: int = 0,
    labels: Optional[Sequence[str]] = None,
    failed: Sequence[int] = (),
) -> str:
    """The SVG text picturing ``result`` (laid out with ``appearance``).

    ``ratios`` (the same ones) lets the carousel viewport sit where
    scroll_offset() puts banner ``page`` (default 0) — in RTL banner 0 is at
    the right end of the content.
    ``viewport`` and ``visibility`` (banner_visibility(result, viewport))
    mark what the user sees and which banners play (BN-10).
    ``labels`` replace the banners' index numbers (e.g. a banner place's
    ids).  ``failed`` lists the banners whose content failed (BN-16).
    """
    rects = list(result.rects)
    layout = _layout_type(appearance)
    container = result.container_width
    height = result.content_height
    metrics = measure_layout(appearance, container, len(rects))
    leading, trailing = metrics.leading_inset, metrics.trailing_inset
    left, right = (trailing, leading) if result.rtl else (leading, trailing)

    carousel = layout == LayoutType.CAROUSEL
    content_width = metrics.content_width
    viewport_x = 0.0
    if carousel and rects:
        if ratios is not None:
            viewport_x = scroll_offset(appearance, container, ratios, page, rtl=result.rtl).x
        elif result.rtl:
            viewport_x = content_width - container

    scale = min(1.0, _MAX_DRAWING_WIDTH / content_width) if content_width > 0 else 1.0
    drawn_height = max(height, 24.0)
    if viewport is not None:
        drawn_height = max(drawn_height, viewport.y + viewport.height)
    canvas = _Canvas(scale)
    total_h = _HEADER + drawn_height * scale + _FOOTER

    # Content (the scrollable area for the carousel, the place for the others).
    canvas.rect("content", 0, 0, content_width, drawn_height)

    # Insets: hatched strips on the left and right of the content.
    canvas.rect("inset", 0, 0, left, drawn_height)
    canvas.rect("inset", content_width - right, 0, right, drawn_height)
    left_name, right_name = ("trailing", "leading") if result.rtl else ("leading", "trailing")
    if left > 0:
        canvas.text("label label-inset", canvas.x(0), canvas.y(0) - 6, f"{left_name} inset {_num(left)}", "start")
    if right > 0:
        canvas.text("label label-inset", canvas.x(content_width), canvas.y(0) - 6, f"{right_name} inset {_num(right)}",
                    "end")

    # Gaps between banners, each kind labelled once: vertical strips below
    # the content, horizontal strips to its right.
    labelled = set()
    bottom = canvas.y(drawn_height) + 16

    def gap(x: float, y: float, w: float, h: float, name: str) -> None:
        if w <= 0 or h <= 0:
            return
        canvas.rect("gap", x, y, w, h)
        if name in labelled:
            return
        labelled.add(name)
        if h >= w and h == drawn_height:
            canvas.text("label label-gap", canvas.x(x + w / 2), bottom, f"{name} {_num(w)}")
        else:
            canvas.text("label label-gap", canvas.x(content_width) + 6, canvas.y(y + h / 2) + 4, f"{name} {_num(h)}", "start")

    ordered = sorted(rects, key=lambda r: r.x)
    if carousel:
        for a, b in zip(ordered, ordered[1:]):
            gap(a.x + a.width, 0, b.x - (a.x + a.width), drawn_height, "gap")
    elif layout == LayoutType.VERTICAL_LIST:
        for a, b in zip(rects, rects[1:]):
            gap(a.x, a.y + a.height, a.width, b.y - (a.y + a.height), "gap")
    elif layout == LayoutType.TILES and rects:
        xs = sorted({r.x for r in rects})
        if len(xs) == 2:
            first_right = xs[0] + rects[0].width
            gap(first_right, 0, xs[1] - first_right, drawn_height, "column gap")
        rows = sorted({r.y for r in rects})
        for top, next_top in zip(rows, rows[1:]):
            row_bottom = max(r.y + r.height for r in rects if r.y == top)
            gap(left, row_bottom, container - left - right, next_top - row_bottom, "row gap")

    # Banners.
    for index, r in enumerate(rects):
        radius = max(0.0, min(float(appearance.corner_radius), r.width / 2, r.height / 2)) * scale
        seen = visibility[index] if visibility is not None and index < len(visibility) else None
        broken = index in failed
        data = ""
        note = ""
        if seen is not None:
            data = f' data-share="{seen[0]:.6g}" data-plays="{"true" if seen[1] and not broken else "false"}"'
            note = f", {percent(seen[0])} on screen"
            if not broken:
                note += f", {'plays' if seen[1] else 'paused'}"
        if broken:
            data += ' data-failed="true"'
            note += ", failed to load"
        canvas.parts.append(
            f'<g class="banner" data-index="{index}" id="banner-{index}"{data}>'
            f"<title>banner {index}: x {_num(r.x)}, y {_num(r.y)}, "
            f"{_num(r.width)} x {_num(r.height)} pt{note}</title>"
        )
        if broken:
            canvas.rect("failed", r.x, r.y, r.width, r.height, f' rx="{radius:.2f}"')
        else:
            canvas.rect("", r.x, r.y, r.width, r.height, f' rx="{radius:.2f}" fill="{_color(index)}"')
        size = max(9.0, min(28.0, min(r.width, r.height) * scale * 0.45))
        if r.width > 0 and r.height > 0:
            css = ' class="label-failed"' if broken else ""
            canvas.parts.append(
                f'<text{css} x="{canvas.x(r.x + r.width / 2):.2f}" y="{canvas.y(r.y + r.height / 2):.2f}" '
                f'style="font-size:{size:.1f}px">{escape(_label(labels, index))}</text>'
            )
        if (seen is not None or broken) and r.width > 0 and r.height > 0:
            extra = f' rx="{radius:.2f}"'
            if broken:
                label, css = "⚠ failed to load", "failed"
            elif seen is not None and seen[1]:
                canvas.rect("plays-outline", r.x, r.y, r.width, r.height, extra)
                label, css = f"▶ plays · {percent(seen[0])}", "plays"
            else:
                canvas.rect("paused", r.x, r.y, r.width, r.height, extra)
                label, css = f"❚❚ paused · {percent(seen[0] if seen else 0.0)}", "paused"
            cx = canvas.x(r.x + r.width / 2)
            cy = canvas.y(r.y + r.height / 2) + size * 0.5 + 14
            box_w = len(label) * 8.6 + 16
            canvas.parts.append(
                f'<rect class="share-bg" x="{cx - box_w / 2:.2f}" y="{cy - 12:.2f}" width="{box_w:.2f}" '
                f'height="17" rx="8"/>'
            )
            canvas.text(f"share share-{css}", cx, cy + 1, label)
        canvas.parts.append("</g>")

    # The container: for the carousel the viewport, content outside dimmed.
    if carousel:
        canvas.rect("dim", 0, 0, viewport_x, drawn_height)
        after = viewport_x + container
        canvas.rect("dim", after, 0, content_width - after, drawn_height)
        canvas.rect("container", viewport_x, 0, container, drawn_height)
        canvas.text(
            "label label-viewport", canvas.x(viewport_x + container / 2), canvas.y(0) - 22,
            f"on screen: {_num(container)} pt",
        )
        _peeks(canvas, rects, viewport_x, container, drawn_height, result.rtl)
    else:
        canvas.rect("container", 0, 0, container, drawn_height)

    # The viewport (BN-10): what the user sees; outside it lightly shaded.
    if viewport is not None:
        top = max(0.0, viewport.y)
        bottom = min(drawn_height, viewport.y + viewport.height)
        canvas.rect("outside", 0, 0, content_width, top - 0)
        canvas.rect("outside", 0, bottom, content_width, drawn_height - bottom)
        canvas.rect("viewport", viewport.x, viewport.y, viewport.width, viewport.height)
        middle = canvas.y(viewport.y + viewport.height / 2)
        canvas.text(
            "label label-viewport-box", canvas.x(viewport.x + viewport.width) + 6, middle - 3,
            "on screen:", "start",
        )
        canvas.text(
            "label label-viewport-box", canvas.x(viewport.x + viewport.width) + 6, middle + 11,
            f"{_num(viewport.y)} to {_num(viewport.y + viewport.height)} pt", "start",
        )

    name = LAYOUT_NAMES.get(layout, f"layout {appearance.layout}") if layout is not None else f"layout {appearance.layout}"
    caption = (
        f"{name} · {_num(container)} pt wide · {_num(height)} pt tall"
        f" · {len(rects)} banner{'s' if len(rects) != 1 else ''}"
        f" · {'right to left' if result.rtl else 'left to right'}"
    )
    details = [f"corners rounded {_num(float(appearance.corner_radius))} pt"]
    if carousel:
        details.append("one page on screen, the dimmed ones scroll in")
        details.append("loops back to the first" if appearance.should_loop else "stops at the last")
    else:
        limit = appearance.max_banners_count
        details.append("shows every banner" if limit is None else f"shows at most {limit} banners")
    if viewport is not None and visibility is not None:
        plays = sum(1 for i, (_, plays_) in enumerate(visibility) if plays_ and i not in failed)
        details.append(
            f"{plays} playing, {len(visibility) - plays} not (a banner plays when more than 75 % of it is on screen)"
        )
    # Wide enough for the drawing plus the right-hand gap labels, and for the
    # caption (about 8.5 px per character at 15 px).
    text_width = max(len(caption) * 8.5, len(" · ".join(details)) * 6.5)
    total_w = max(2 * _MARGIN + content_width * scale + 64, _MARGIN + text_width + 16, 240.0)
    header = [
        f'<text class="caption" x="{_MARGIN}" y="26">{escape(caption)}</text>',
        f'<text class="subcaption" x="{_MARGIN}" y="45">{escape(" · ".join(details))}</text>',
    ]
    body = "\n".join(canvas.parts)
    title = quoteattr(caption)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:.0f}" height="{total_h:.0f}" '
        f'viewBox="0 0 {total_w:.2f} {total_h:.2f}" role="img" aria-label={title}>\n'
        f"<style>{_STYLE}</style>\n{_DEFS}\n"
        f'<rect width="100%" height="100%" fill="#ffffff"/>\n'
        + "\n".join(header)
        + "\n"
        + body
        + "\n</svg>\n"
    )
