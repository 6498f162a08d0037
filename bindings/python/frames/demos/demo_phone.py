"""The phone screen the App Frames and inline demos draw (``frames demo``,
``frames demo-inline``): a column of blocks, the app's own content as a
dashed placeholder between them, footnotes at the bottom."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import List, Optional, Sequence

SCREEN_WIDTH = 390.0


@dataclass(frozen=True)
class Block:
    """One item of the column, top to bottom."""

    height: float
    #: The text of the block: the placeholder's label, or the caption
    #: under a campaign's title.
    label: str
    #: The campaign's colour; None draws the app's own content.
    color: Optional[str] = None
    title: str = ""


def phone_svg(blocks: Sequence[Block], spacing: float, footnotes: Sequence[str] = (),
              bottom: float = 32.0) -> str:
    """The screen as SVG: ``blocks`` stacked with ``spacing`` between them,
    then ``bottom`` points of margin holding ``footnotes`` (the last one
    lowest)."""
    top = 64.0
    content = sum(block.height for block in blocks) + spacing * max(0, len(blocks) - 1)
    height = top + content + bottom
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SCREEN_WIDTH + 40:g}" height="{height + 40:g}" '
        f'viewBox="-20 -20 {SCREEN_WIDTH + 40:g} {height + 40:g}" font-family="sans-serif">',
        f'<rect x="-8" y="-8" width="{SCREEN_WIDTH + 16:g}" height="{height + 16:g}" rx="36" fill="#263238"/>',
        f'<rect x="0" y="0" width="{SCREEN_WIDTH:g}" height="{height:g}" rx="28" fill="#fafafa"/>',
        '<text x="24" y="40" font-size="22" font-weight="bold" fill="#263238">Home</text>',
    ]
    y = top
    for block in blocks:
        parts.extend(_block(block, y))
        y += block.height + spacing
    lines: List[str] = list(footnotes)
    for i, note in enumerate(lines):
        baseline = height - 12 - 18 * (len(lines) - 1 - i)
        parts.append(f'<text x="{SCREEN_WIDTH / 2:g}" y="{baseline:g}" text-anchor="middle" font-size="11" '
                     f'fill="#90a4ae">{html.escape(note)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def _block(block: Block, y: float) -> List[str]:
    if block.color is None:
        return [f'<rect x="16" y="{y:g}" width="{SCREEN_WIDTH - 32:g}" height="{block.height:g}" rx="12" '
                'fill="#eceff1" stroke="#b0bec5" stroke-dasharray="6 4"/>',
                f'<text x="{SCREEN_WIDTH / 2:g}" y="{y + block.height / 2:g}" text-anchor="middle" '
                f'font-size="15" fill="#607d8b">{html.escape(block.label)}</text>']
    return [f'<rect x="0" y="{y:g}" width="{SCREEN_WIDTH:g}" height="{block.height:g}" '
            f'fill="{html.escape(block.color)}"/>',
            f'<text x="20" y="{y + block.height / 2:g}" font-size="18" font-weight="bold" '
            f'fill="#ffffff">{html.escape(block.title)}</text>',
            f'<text x="20" y="{y + block.height - 12:g}" font-size="11" fill="#ffffff">'
            f'{html.escape(block.label)}</text>']
