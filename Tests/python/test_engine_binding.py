"""The binding's own guarantees around the engine: owner thread (XC-02),
misuse-safe handles (XC-07), typed errors (XC-08), callback bookkeeping."""

from __future__ import annotations

import gc
import threading
from typing import Any, Callable, List

import pytest

import frames
from frames import FrameStatus as S
from frames._callbacks import ENGINES
from frames._lib import lib

from backend import ENABLED_CONFIG, Backend, Campaign, Recorder


def ready_engine() -> "tuple[frames.Engine, frames.VirtualClockDriver, Recorder, frames.Frame]":
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]
    rec = Recorder()
    engine = frames.Engine(ENABLED_CONFIG, frames.EngineOptions(placements_url=backend.placements_url), rec)
    driver = frames.VirtualClockDriver(engine, backend.transport)
    frame = engine.new_frame()
    frame.delegate = rec
    frame.set_placement("home", now_ms=0)
    frame.attach(now_ms=0)
    driver.run_until_idle()
    return engine, driver, rec, frame


def in_thread(call: Callable[[], Any]) -> BaseException | None:
    caught: List[BaseException] = []

    def run() -> None:
        try:
            call()
        except BaseException as error:  # noqa: B902
            caught.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return caught[0] if caught else None


def test_xc02_calls_from_another_thread_raise_and_change_nothing() -> None:
    engine, driver, rec, frame = ready_engine()
    rec.take()
    calls: List[Callable[[], Any]] = [
        lambda: frame.set_placement("other", now_ms=1),
        lambda: frame.detach(),
        lambda: frame.report_dismissed(now_ms=1),
        lambda: frame.close(),
        lambda: setattr(frame, "delegate", None),
        lambda: frame.status,
        lambda: engine.set_consent(False, now_ms=1),
        lambda: engine.set_user("u", now_ms=1),
        lambda: engine.poll_request(),
        lambda: engine.new_frame(),
        lambda: engine.close(),
    ]
    for call in calls:
        error = in_thread(call)
        assert isinstance(error, frames.WrongThreadError), call
        assert error.code == -10 and "thread" in error.message
    assert frame.status == S.READY and not frame.closed and not engine.closed
    assert frame.delegate is rec and rec.take() == []
    frame.report_dismissed(now_ms=2)  # still fully usable on the owner thread
    assert rec.take()[:2] == ["status ready->dismissed", "dismiss"]
    engine.close()


def test_xc07_closed_frame_and_engine_raise_invalid_handle() -> None:
    engine, driver, rec, frame = ready_engine()
    frame.close()
    frame.close()  # idempotent
    frame_calls: List[Callable[[], Any]] = [lambda: frame.status, lambda: frame.attach(now_ms=1),
                                            lambda: frame.report_rendered(1, now_ms=1), lambda: frame.set_laid_out_size(1, 1, now_ms=1)]
    for call in frame_calls:
        with pytest.raises(frames.InvalidHandleError) as info:
            call()
        assert info.value.code == -9 and "frame" in info.value.message
    other = engine.new_frame()
    engine.close()
    engine.close()
    with pytest.raises(frames.InvalidHandleError):
        other.status  # freed with its engine
    engine_calls: List[Callable[[], Any]] = [engine.poll_request, engine.next_deadline, lambda: engine.on_timeout(now_ms=5),
                                             lambda: engine.start_session(now_ms=5), engine.new_frame,
                                             lambda: engine.app_frames.enabled]
    for call in engine_calls:
        with pytest.raises(frames.InvalidHandleError) as info:
            call()
        assert "engine" in info.value.message
    other.close()


def test_xc08_errors_carry_code_and_message() -> None:
    with frames.Engine(ENABLED_CONFIG) as engine:
        frame = engine.new_frame()
        with pytest.raises(frames.InvalidStateError) as state:
            frame.report_dismissed(now_ms=0)
        assert state.value.code == -11 and "noPlacement" in state.value.message
        with pytest.raises(frames.InvalidArgumentError) as argument:
            frame.set_laid_out_size(float("inf"), 1, now_ms=0)
        assert "laid-out size" in argument.value.message
        with pytest.raises(frames.InvalidArgumentError):  # the library's own check, under the binding's
            engine._call(lib.frames_engine_set_app_state, 7, 0)
        with pytest.raises(frames.InvalidArgumentError):
            frame.set_placement("", now_ms=0)
        with pytest.raises(frames.NotFoundError):
            engine.complete_request(12345, 200, {}, b"", now_ms=0)
        with pytest.raises(frames.InvalidArgumentError):
            engine.complete_request(1, 42, {}, b"", now_ms=0)
    with pytest.raises(frames.InvalidArgumentError) as options:
        frames.Engine(ENABLED_CONFIG, frames.EngineOptions(retry_jitter=2.0))
    assert "jitter" in options.value.message


def test_closing_empties_the_callback_maps() -> None:
    engine, driver, rec, frame = ready_engine()
    state = engine._state
    second = engine.new_frame()
    second.delegate = rec
    second.delegate = Recorder()  # replaced: the old slot is released...
    second.delegate = None  # ...and cleared
    assert len(state.delegates) == 1 and len(state.frames) == 2
    engine.close()
    assert state.key not in ENGINES
    assert state.frames == {} and state.delegates == {}


def test_dropped_engines_and_frames_are_freed_by_the_collector() -> None:
    gc.collect()
    before = set(ENGINES)
    engine, driver, rec, frame = ready_engine()
    key = engine._state.key
    assert key in ENGINES
    # a cycle through the host (host -> driver -> engine) must not keep it alive
    rec.clock = lambda: driver.now
    del engine, driver, frame
    gc.collect()
    assert key not in ENGINES and set(ENGINES) <= before


def test_dropping_a_frame_frees_it_and_its_delegate_slot() -> None:
    engine, driver, rec, frame = ready_engine()
    state = engine._state
    assert len(state.frames) == 1 and len(state.delegates) == 1
    del frame
    gc.collect()
    assert state.frames == {} and state.delegates == {}
    engine.close()


def test_xc03_exception_in_render_is_raised_after_the_call() -> None:
    backend = Backend()
    backend.placements["home"] = [Campaign("c1")]

    class BadDelegate:
        def render(self, frame: frames.Frame, content: frames.Content) -> None:
            raise RuntimeError("render broke")

    with frames.Engine(ENABLED_CONFIG, frames.EngineOptions(placements_url=backend.placements_url)) as engine:
        driver = frames.VirtualClockDriver(engine, backend.transport)
        frame = engine.new_frame()
        bad = BadDelegate()
        frame.delegate = bad
        frame.set_placement("home", now_ms=0)
        frame.attach(now_ms=0)
        with pytest.raises(RuntimeError, match="render broke"):
            driver.pump()
        assert frame.status == S.RENDERING


def test_af01_empty_configuration_means_app_frames_off() -> None:
    # frames.h: config may be NULL when config_len is 0; App Frames stay off.
    with frames.Engine(b"") as engine:
        assert not engine.app_frames.enabled
        assert engine.new_frame().status == S.DISABLED
