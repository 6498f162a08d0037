"""Recorded runs for the recording and replay tests (XC-12, XC-13): small
stories on a virtual clock, each returning the bytes its engine's
``record`` writer received, and helpers to read a recording's lines."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Union

import frames
from frames.demos.demo import CONFIG, DEFAULT_FOLDER, PLACEMENTS_URL, CampaignFolder
from frames.demos.demo_inline import InlineScreen
from frames.demos._recordings import EngineRecordings

FAILING_URL = "https://api.example.com/v1/placements"


class Drawn:
    """A frame delegate that draws at once, 120 pt tall."""

    def render(self, frame: frames.Frame, content: frames.Content) -> None:
        frame.report_rendered(120.0)


def failing_fetch(attempts: int) -> bytes:
    """A frame whose placements fetch fails every time, with ``attempts``
    attempts and no jitter: the second attempt (if any) 1 s after the first."""
    lines: List[bytes] = []
    options = failing_options(attempts)
    delegate = Drawn()
    with frames.Engine(CONFIG, options, record=lines.append) as engine:
        driver = frames.VirtualClockDriver(engine, lambda request: frames.TransportError("connection refused"))
        frame = engine.new_frame()
        frame.delegate = delegate
        frame.set_placement("home_top_banner", now_ms=0)
        frame.attach(now_ms=0)
        driver.run_until_idle()
    return b"".join(lines)


def failing_options(attempts: int) -> frames.EngineOptions:
    return frames.EngineOptions(placements_url=FAILING_URL, retry_max_attempts=attempts, retry_jitter=0.0)


def home_screen(redact: Union[frames.RecordRedact, "set[frames.RecordRedact]"] = frames.RecordRedact.NONE,
                first: str = "alice@example.com", second: str = "bob@example.com") -> bytes:
    """One App Frame loading from the demo's campaigns folder (its top
    banner's campaign has two variants, A and B, bucketed by user, AF-13)
    while ``first``, then ``second``, then ``first`` again is logged in."""
    lines: List[bytes] = []
    delegate = Drawn()
    with frames.Engine(CONFIG, frames.EngineOptions(placements_url=PLACEMENTS_URL), record=lines.append,
                       record_redact=redact) as engine:
        driver = frames.VirtualClockDriver(engine, CampaignFolder(DEFAULT_FOLDER))
        engine.set_user(first, now_ms=0)
        frame = engine.new_frame()
        frame.delegate = delegate
        frame.set_placement("home_top_banner", now_ms=0)
        frame.attach(now_ms=0)
        driver.run_until_idle()
        engine.set_user(second, now_ms=driver.now)
        engine.set_user(first, now_ms=driver.now)
        engine.start_session(now_ms=driver.now)
        driver.run_until_idle()
    return b"".join(lines)


def inline_screen() -> bytes:
    """The inline demo's first engine (frames.demos.demo_inline): views,
    an event, the bridge, a customMethod call."""
    recordings = _MemoryRecordings()
    screen = InlineScreen(echo=False, recordings=recordings)
    try:
        screen.run()
    finally:
        screen.engine.close()
    return recordings.recorded[0]


class _MemoryRecordings(EngineRecordings):
    """--record without files: each engine's lines kept in memory."""

    def __init__(self) -> None:
        super().__init__(None)
        self.lines: List[List[bytes]] = []

    def writer(self) -> Any:
        lines: List[bytes] = []
        self.lines.append(lines)
        return lines.append

    @property
    def recorded(self) -> List[bytes]:
        return [b"".join(lines) for lines in self.lines]


def lines_of(recording: bytes) -> List[str]:
    """The recording's lines, without their newlines (line n is [n - 1])."""
    return recording.decode("utf-8").splitlines()


def parsed(recording: bytes) -> List[Dict[str, Any]]:
    return [json.loads(line) for line in lines_of(recording)]
