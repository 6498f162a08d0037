"""The picture of the modal messages demo (frames.demos.demo_messages): the
last message presented, drawn on a phone the way a host draws it — card,
image, texts in the fonts the resolver gave (IM-07), buttons and where
they lead (IM-06).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any, List

from ..messages import Message, MessageFontSource, MessageText

__all__ = ["DemoFont", "describe_font", "draw", "texts_of"]

SCREEN_WIDTH = 390.0
SCREEN_HEIGHT = 760.0


@dataclass(frozen=True)
class DemoFont:
    """What the app's font resolver returns: the face it ships (IM-07)."""

    family: str
    weight: str = "normal"



def texts_of(message: Message) -> List[Any]:
    parts: List[Any] = []
    if message.title:
        parts.append(("title", message.title))
    if message.body:
        parts.append(("body", message.body))
    parts.extend((f"button {b.index}", b.label) for b in message.buttons)
    return parts


def describe_font(text: MessageText) -> str:
    """"Montserrat-Bold 22 pt -> DejaVu Sans bold" or "... -> system font"."""
    panel = f"{text.font_name or '(no font)'} {text.font_size:g} pt"
    if text.font_source == MessageFontSource.RESOLVED and isinstance(text.font, DemoFont):
        return f"{panel} -> {text.font.family} {text.font.weight}"
    return f"{panel} -> system font"


def _rgba(value: int) -> str:
    return f"#{value >> 8:06X}"


def _opacity(value: int) -> str:
    return f"{(value & 0xFF) / 255:.3g}"


def _font_attributes(text: MessageText) -> str:
    if text.font_source == MessageFontSource.RESOLVED and isinstance(text.font, DemoFont):
        return f'font-family="{html.escape(text.font.family)}" font-weight="{text.font.weight}"'
    return 'font-family="sans-serif"'


def _wrap(text: str, width: int) -> List[str]:
    lines: List[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        lines.append(line)
    return lines


def draw(message: Message) -> str:
    """The message on a phone, as a host draws it: the app dimmed behind,
    the card with its background colour, the image, the texts in the fonts
    the resolver gave, the buttons; below the phone, which font each text got."""
    card_x, card_w = 28.0, SCREEN_WIDTH - 56
    y = 150.0
    body: List[str] = []
    body.append(f'<rect x="{card_x:g}" y="{y:g}" width="{card_w:g}" height="CARD_H" rx="18" '
                f'fill="{_rgba(message.background)}" fill-opacity="{_opacity(message.background)}"/>')
    y += 20
    body.append(f'<rect x="{SCREEN_WIDTH - 72:g}" y="{y - 4:g}" width="28" height="28" rx="14" fill="#00000022"/>')
    body.append(f'<text x="{SCREEN_WIDTH - 58:g}" y="{y + 15:g}" text-anchor="middle" font-size="16" '
                'fill="#37474F">×</text>')
    if message.image_url:
        y += 32
        body.append(f'<rect x="{card_x + 20:g}" y="{y:g}" width="{card_w - 40:g}" height="150" rx="10" fill="#A5D6A7"/>')
        body.append(f'<text x="{SCREEN_WIDTH / 2:g}" y="{y + 70:g}" text-anchor="middle" font-size="14" '
                    f'fill="#1B5E20">{html.escape(message.image_alt or "image")}</text>')
        host = message.image_url.split("/")[2] if message.image_url.count("/") >= 2 else message.image_url
        body.append(f'<text x="{SCREEN_WIDTH / 2:g}" y="{y + 92:g}" text-anchor="middle" font-size="10" '
                    f'fill="#2E7D32">image from {html.escape(host)}</text>')
        y += 150
    for part, text in (("title", message.title), ("body", message.body)):
        if text is None:
            continue
        size = text.font_size
        for line in _wrap(text.text, 26 if part == "title" else 40):
            y += size + 8
            body.append(f'<text x="{card_x + 20:g}" y="{y:g}" font-size="{size:g}" {_font_attributes(text)} '
                        f'fill="{_rgba(text.color)}">{html.escape(line)}</text>')
    y += 18
    for button in message.buttons:
        y += 8
        body.append(f'<rect x="{card_x + 20:g}" y="{y:g}" width="{card_w - 40:g}" height="46" rx="23" '
                    f'fill="{_rgba(button.background)}" fill-opacity="{_opacity(button.background)}" '
                    'stroke="#2E7D32" stroke-opacity="0.35"/>')
        label = button.label
        body.append(f'<text x="{SCREEN_WIDTH / 2:g}" y="{y + 29:g}" text-anchor="middle" font-size="{label.font_size:g}" '
                    f'{_font_attributes(label)} fill="{_rgba(label.color)}">{html.escape(label.text)}</text>')
        y += 46
    y += 20
    card_h = y - 150
    legend_top = SCREEN_HEIGHT + 40
    legend = [f"{part}: {describe_font(text)}" for part, text in texts_of(message)]
    links = [f"button {b.index}: {b.url or 'closes the message'}" for b in message.buttons]
    total_h = legend_top + 22 * (len(legend) + len(links) + 2)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SCREEN_WIDTH + 40:g}" height="{total_h:g}" '
        f'viewBox="-20 -20 {SCREEN_WIDTH + 40:g} {total_h:g}" font-family="sans-serif">',
        f'<rect x="-8" y="-8" width="{SCREEN_WIDTH + 16:g}" height="{SCREEN_HEIGHT + 16:g}" rx="36" fill="#263238"/>',
        f'<rect x="0" y="0" width="{SCREEN_WIDTH:g}" height="{SCREEN_HEIGHT:g}" rx="28" fill="#fafafa"/>',
        '<text x="24" y="40" font-size="22" font-weight="bold" fill="#263238">Home</text>',
        f'<rect x="16" y="64" width="{SCREEN_WIDTH - 32:g}" height="140" rx="12" fill="#90CAF9"/>',
        f'<rect x="16" y="220" width="{SCREEN_WIDTH - 32:g}" height="220" rx="12" fill="#ECEFF1"/>',
        f'<rect x="0" y="0" width="{SCREEN_WIDTH:g}" height="{SCREEN_HEIGHT:g}" rx="28" fill="#000000" fill-opacity="0.45"/>',
    ]
    parts += [p.replace("CARD_H", f"{card_h:g}") for p in body]
    parts.append(f'<text x="{SCREEN_WIDTH / 2:g}" y="{SCREEN_HEIGHT - 20:g}" text-anchor="middle" font-size="11" '
                 f'fill="#ECEFF1">message {html.escape(message.id)} over the home screen</text>')
    y = legend_top
    parts.append(f'<text x="0" y="{y:g}" font-size="13" font-weight="bold" fill="#263238">'
                 'Fonts: the one asked for -&gt; the one drawn</text>')
    for line in legend:
        y += 20
        parts.append(f'<text x="0" y="{y:g}" font-size="11" fill="#37474F">{html.escape(line)}</text>')
    y += 26
    parts.append(f'<text x="0" y="{y:g}" font-size="13" font-weight="bold" fill="#263238">Where the buttons lead</text>')
    for line in links:
        y += 20
        parts.append(f'<text x="0" y="{y:g}" font-size="11" fill="#37474F">{html.escape(line)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)
