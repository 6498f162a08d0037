"""The demos' timeline: one line per event at the story's virtual time.

Every demo says time the same way: a clock since the story began,
``0:00:01.250`` (hours, minutes, seconds, milliseconds), and lengths of
time as people say them, ``4 s``, ``90 s``, ``6 min``, ``23 h 59 min``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Protocol

__all__ = ["Timeline", "clock", "duration"]

SECOND = 1000
MINUTE = 60 * SECOND
HOUR = 60 * MINUTE


def clock(ms: float) -> str:
    """The time since the story began: ``0:00:01.250``."""
    sign = "-" if ms < 0 else ""
    rest = abs(int(round(ms)))
    hours, rest = divmod(rest, HOUR)
    minutes, rest = divmod(rest, MINUTE)
    seconds, millis = divmod(rest, SECOND)
    return f"{sign}{hours}:{minutes:02d}:{seconds:02d}.{millis:03d}"


def duration(ms: float) -> str:
    """A length of time: ``250 ms``, ``1.5 s``, ``90 s``, ``6 min``,
    ``2 min 30 s``, ``24 h``, ``6 h 1 min``."""
    value = abs(ms)
    if value < SECOND:
        return f"{value:g} ms"
    if value < 2 * MINUTE:
        return f"{round(value / SECOND, 1):g} s"
    if value < 2 * HOUR:
        minutes, seconds = divmod(int(round(value / SECOND)), 60)
        return f"{minutes} min" + (f" {seconds} s" if seconds else "")
    hours, minutes = divmod(int(round(value / MINUTE)), 60)
    return f"{hours} h" + (f" {minutes} min" if minutes else "")


class Clock(Protocol):
    """Whatever tells the story's time: a VirtualClockDriver, a host."""

    @property
    def now(self) -> int: ...


@dataclass
class Timeline:
    """The readable log: one line per event, ``who`` in a column of
    ``width`` characters. ``offset`` is added to the clock's time: a story
    that starts a new engine (a restart) keeps one clock."""

    clock: Clock
    width: int = 19
    offset: int = 0
    lines: List[str] = field(default_factory=list)
    echo: bool = True

    def add(self, who: str, what: str) -> None:
        line = f"{clock(self.clock.now + self.offset):>12}  {who:<{self.width}} {what}"
        self.lines.append(line)
        if self.echo:
            print(line)
