"""How long engines and handles last, and what a NULL string gets, through
the Python binding: an Engine made in a thread that ended can still be
closed (XC-02); handle values are not guessable and never reused (XC-07);
a required string passed as NULL is NullPointerError with the library's
code and a message naming it (XC-07, XC-08).  Test names carry the SPEC
rule ids."""

from __future__ import annotations

import ctypes
import threading
import time
from typing import Any, Callable, List, Optional, Tuple

import pytest

import frames
from frames import _callbacks
from frames._lib import lib

from backend import ENABLED_CONFIG


# --- XC-02: the owner thread ends --------------------------------------------------


def make_in_a_thread() -> "tuple[frames.Engine, frames.Frame, frames.BannerPlace]":
    made: List[Any] = []
    failures: List[BaseException] = []

    def owner() -> None:
        try:
            engine = frames.Engine(ENABLED_CONFIG)
            frame = engine.new_frame()
            frame.set_placement("home", now_ms=0)
            frame.attach(now_ms=0)
            place = engine.new_banner_place("home", frames.Appearance())
            made.extend([engine, frame, place])
        except BaseException as error:  # noqa: B902 - re-raised on the main thread
            failures.append(error)

    thread = threading.Thread(target=owner)
    thread.start()
    thread.join()
    if failures:
        raise failures[0]
    engine, frame, place = made
    assert isinstance(engine, frames.Engine) and isinstance(frame, frames.Frame)
    assert isinstance(place, frames.BannerPlace)
    return engine, frame, place


def test_XC_02_an_engine_made_in_a_thread_that_ended_can_be_closed_from_the_main_thread() -> None:
    engine, frame, place = make_in_a_thread()
    key = engine._state.key
    assert key in _callbacks.ENGINES
    # Everything but the free still belongs to the ended thread.
    for call in (lambda: engine.poll_request(), lambda: engine.on_timeout(now_ms=10), lambda: frame.status,
                 lambda: frame.placement_id, lambda: place.current_index, lambda: engine.new_frame(),
                 lambda: frame.close()):
        with pytest.raises(frames.WrongThreadError):
            call()
    # At once after join(), as a host would: closing works.
    engine.close()
    assert engine.closed and frame.closed and place.closed
    assert key not in _callbacks.ENGINES  # the host's free_user_data ran, here
    with pytest.raises(frames.InvalidHandleError):
        lib.frames_frame_get_status(frame._handle, ctypes.byref(ctypes.c_int32()))
    engine.close()  # idempotent


def wrong_thread_message(engine: frames.Engine) -> str:
    with pytest.raises(frames.WrongThreadError) as info:
        engine.on_timeout(now_ms=10)
    return info.value.message


def test_XC_02_a_later_thread_never_becomes_the_owner() -> None:
    engine, frame, place = make_in_a_thread()
    errors: List[BaseException] = []

    def newcomer() -> None:
        try:
            engine.on_timeout(now_ms=10)
        except BaseException as error:  # noqa: B902 - checked on the main thread
            errors.append(error)

    for _ in range(4):
        thread = threading.Thread(target=newcomer)
        thread.start()
        thread.join()
    assert len(errors) == 4 and all(isinstance(e, frames.WrongThreadError) for e in errors)
    # join() returns a moment before the system thread has exited; once it
    # has, the library says the owner ended and takes only the free.
    deadline = time.monotonic() + 5
    while "ended" not in wrong_thread_message(engine) and time.monotonic() < deadline:
        time.sleep(0.001)
    assert "frames_engine_free" in wrong_thread_message(engine)
    engine.close()
    assert engine.closed


def test_XC_02_a_live_owner_keeps_its_engine() -> None:
    """The contrast: while the owner thread lives, even close() from another
    thread is refused."""
    ready = threading.Event()
    done = threading.Event()
    made: List[frames.Engine] = []

    def owner() -> None:
        made.append(frames.Engine(ENABLED_CONFIG))
        ready.set()
        done.wait(10)
        made[0].close()

    thread = threading.Thread(target=owner)
    thread.start()
    try:
        assert ready.wait(10)
        with pytest.raises(frames.WrongThreadError) as info:
            made[0].close()
        assert "ended" not in info.value.message
        assert not made[0].closed
    finally:
        done.set()
        thread.join()
    assert made[0].closed


# --- XC-07: handle values ---------------------------------------------------------------


def status_code(handle: int) -> int:
    """The result of frames_frame_get_status on a raw handle value."""
    out = ctypes.c_int32()
    try:
        lib.frames_frame_get_status(handle, ctypes.byref(out))
    except frames.FramesError as error:
        return error.code
    return 0


def test_XC_07_neighbours_of_live_handles_made_up_values_and_stale_handles_are_invalid() -> None:
    with frames.Engine(ENABLED_CONFIG) as engine:
        live = [engine.new_frame() for _ in range(50)]
        handles = [f._handle for f in live]
        assert all(status_code(h) == 0 for h in handles)
        mask = (1 << 64) - 1
        neighbours = [(h + d) & mask for h in handles for d in (1, -1, 16, -16, 4096, -4096)]
        invalid = frames.InvalidHandleError.CODE
        assert {status_code(n) for n in neighbours if n not in handles} == {invalid}
        assert {status_code(n) for n in range(1, 1025)} == {invalid}
        stale = live[0]._handle
        live[0].close()
        assert status_code(stale) == invalid
        later = [engine.new_frame() for _ in range(200)]
        assert stale not in {f._handle for f in later}  # never given out again
        assert status_code(stale) == invalid


# --- XC-07, XC-08: a NULL required string -----------------------------------------------


def test_XC_08_a_null_required_string_is_null_pointer_error_naming_it() -> None:
    """The package never passes NULL where frames.h requires a string; the
    declared prototypes and the error mapping it relies on are checked by
    passing None straight through them."""
    with frames.Engine(ENABLED_CONFIG) as engine:
        frame = engine.new_frame()
        handle: Optional[int] = engine._state.handle
        cases: List[Tuple[str, Callable[[], Any]]] = [
            ("action_id", lambda: lib.frames_frame_report_action(frame._handle, None, 0)),
            ("placement_id", lambda: lib.frames_banners_preload(handle, None, 0)),
            ("placement_id", lambda: lib.frames_banner_place_new(handle, None, frames.Appearance(),
                                                             ctypes.byref(ctypes.c_void_p()))),
        ]
        for name, call in cases:
            with pytest.raises(frames.NullPointerError) as info:
                call()
            error = info.value
            assert error.code == -2 == frames.NullPointerError.CODE
            assert isinstance(error, frames.FramesError) and isinstance(error, ValueError)
            assert name in error.message
        # NULL where frames.h gives it a meaning is not an error.
        frame.set_placement(None, now_ms=0)
        engine.set_user(None, now_ms=0)
        assert frame.status == frames.FrameStatus.NO_PLACEMENT
