"""The engine's trace on Python's logging: configure logging and the
``frames`` logger receives what the engine decides; configure nothing and
nothing is formatted."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from typing import Iterator, List

import pytest

import frames
from backend import ENABLED_CONFIG, Backend, Campaign, Recorder
from conftest import PACKAGE_ROOT


class ListHandler(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: List[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def handler() -> Iterator[ListHandler]:
    logger = logging.getLogger("frames")
    handler = ListHandler()
    logger.addHandler(handler)
    old = logger.level
    logger.setLevel(logging.DEBUG)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old)


def load(backend: Backend, *, no_campaign: bool = False) -> None:
    recorder = Recorder()
    with frames.Engine(ENABLED_CONFIG, frames.EngineOptions(placements_url=backend.placements_url), recorder) as engine:
        driver = frames.VirtualClockDriver(engine, backend.transport)
        frame = engine.new_frame()
        frame.delegate = recorder
        frame.set_placement("other" if no_campaign else "home", now_ms=0)
        frame.attach(now_ms=0)
        driver.run_until_idle()


def test_the_trace_reports_requests_choices_and_status_changes_to_the_frames_logger(handler: ListHandler) -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("spring")]
    load(backend)
    lines = [r.getMessage() for r in handler.records]
    assert any("queued" in line and backend.placements_url in line for line in lines), lines
    assert any("placement home: campaign spring, variant A" in line for line in lines), lines
    assert any("resolving -> downloading" in line for line in lines), lines
    levels = {r.getMessage(): r.levelno for r in handler.records}
    assert levels[next(line for line in lines if "campaign spring" in line)] == logging.INFO


def test_an_empty_placement_is_traced_with_its_reason(handler: ListHandler) -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("spring")]
    load(backend, no_campaign=True)
    assert any("placement other: no campaign" in r.getMessage() for r in handler.records)


@pytest.mark.parametrize("setup, expected", [("pass", "OFF"), ("logging.basicConfig(level=logging.DEBUG)", "DEBUG"),
                                             ("logging.basicConfig(level=logging.INFO)", "INFO")])
def test_logging_configuration_alone_decides_the_level(library_path: str, setup: str, expected: str) -> None:
    code = f"import logging, frames; {setup}; print(frames.trace.level_for_logging().name)"
    # The child inherits the environment (a sanitizer run preloads its
    # runtime there); logging starts unconfigured in every new interpreter.
    env = dict(os.environ, FRAMES_LIBRARY=library_path, PYTHONPATH=str(PACKAGE_ROOT))
    result = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == expected


def test_the_level_is_checked() -> None:
    with frames.Engine(b"{}") as engine:
        engine.set_trace_level(frames.TraceLevel.DEBUG)
        with pytest.raises(TypeError):
            engine.set_trace_level(3)  # type: ignore[arg-type]
