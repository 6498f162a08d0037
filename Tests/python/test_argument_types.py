"""Wrong argument types are refused by the Python API before anything
reaches ctypes (XC-07, XC-08 for Python users): a bool takes only bool, a
length a real number, an enumeration its enum, an id a str without NUL, an
integer the range of its C type (OverflowError) — each with a message that
names the parameter.  No ctypes.ArgumentError or AttributeError escapes."""

from __future__ import annotations

import inspect
import math
from typing import Any, Callable, Dict, Iterator, List, Tuple, cast

import numpy as np
import pytest

import frames
from frames import AppState, HeightMode, InputKind

from backend import ENABLED_CONFIG, Backend

# A valid value for every parameter name of the engine, frame and place API.
VALID: Dict[str, Any] = {
    "now_ms": 0,
    "index": 0,
    "placement_id": "home",
    "hidden": False,
    "width": 100.0,
    "height": 50.0,
    "mode": HeightMode.FIXED,
    "fixed_height": 10.0,
    "message": "m",
    "action_id": "a",
    "request_id": 1,
    "status": 200,
    "headers": (),
    "body": b"",
    "session_id": "s",
    "user_id": "u",
    "state": AppState.ACTIVE,
    "granted": True,
    "appearance": frames.Appearance(),
    "rtl": False,
    "viewport": (0.0, 0.0, 100.0, 100.0),
    "shown": False,
    "target": "t",
    "name": "n",
    "data": {"a": 1},
    "kind": InputKind.TEXT,
    "prompt": "p",
    "wall_clock_ms": 1_700_000_000_000,
    "blob": b"",
    "level": frames.TraceLevel.INFO,
    "properties": {"a": 1},
    "payload": b"{}",
    "message_id": "m1",
    "button_index": 0,
    "object_name": "engine",
}

BAD: List[Any] = [
    None, "x", b"x", 1.5, math.nan, True, -1, 2**64, -(2**70), object(), [1], {"a": 1},
    "a\0b", "\udc80", HeightMode.FIXED, AppState.BACKGROUND, (1.0, 2.0, 3.0),
]

#: What the API may raise for a bad value: never ctypes.ArgumentError,
#: AttributeError or anything else from inside the package.
ALLOWED = (TypeError, ValueError, OverflowError, LookupError, frames.FramesError)


def objects() -> Tuple[frames.Engine, frames.Frame, frames.BannerPlace]:
    engine = frames.Engine(ENABLED_CONFIG, frames.EngineOptions(placements_url="https://api.test/p",
                                                               banners_url="https://api.test/b"))
    return engine, engine.new_frame(), engine.new_banner_place("home", frames.Appearance())


def public_methods(instance: object) -> Iterator[Tuple[str, Callable[..., Any], List[str]]]:
    for name, method in inspect.getmembers(instance, inspect.ismethod):
        if name.startswith("_") or name in ("close",):
            continue
        parameters = [p.name for p in inspect.signature(method).parameters.values()]
        if parameters:
            yield name, method, parameters


def test_every_parameter_has_a_valid_value_in_this_test() -> None:
    # A new method's parameters join the sweep below, or this fails.
    engine, frame, place = objects()
    with engine:
        for instance in (engine, frame, place, engine.new_inline_view("home"), engine.app_frames, engine.banners,
                         engine.inline, engine.messages):
            for name, _, parameters in public_methods(instance):
                missing = [p for p in parameters if p not in VALID]
                assert not missing, f"{type(instance).__name__}.{name}: add {missing} to VALID"


def test_every_bad_value_in_every_parameter_raises_a_python_exception_naming_it() -> None:
    engine, frame, place = objects()
    calls = 0
    with engine:
        for instance in (engine, frame, place, engine.new_inline_view("home"), engine.app_frames, engine.banners,
                         engine.inline, engine.messages):
            for name, method, parameters in public_methods(instance):
                for parameter in parameters:
                    for bad in BAD:
                        arguments = {p: VALID[p] for p in parameters}
                        arguments[parameter] = bad
                        calls += 1
                        try:
                            result = method(**arguments)
                        except ALLOWED as error:
                            if not isinstance(error, frames.FramesError):
                                # The binding's own refusal names the parameter.
                                assert parameter in str(error), (name, parameter, bad, error)
                        except BaseException as error:  # pragma: no cover - the failure being tested
                            pytest.fail(f"{type(instance).__name__}.{name}({parameter}={bad!r}) raised "
                                        f"{type(error).__module__}.{type(error).__name__}: {error}")
                        else:
                            if isinstance(result, frames.BannerPlace):
                                result.close()
    assert calls > 1000


# --- bool parameters take only bool ----------------------------------------------


def test_bool_parameters_take_only_bool() -> None:
    engine, frame, place = objects()
    with engine:
        with pytest.raises(TypeError, match=r"rtl must be True or False, not str 'no'"):
            place.set_container(100, rtl="no", now_ms=0)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="hidden"):
            frame.set_hidden(1, now_ms=0)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="granted"):
            engine.set_consent(None, now_ms=0)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="shown"):
            place.set_reader_shown(np.bool_(True), now_ms=0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="allow_insecure_http"):
        frames.Engine(b"", frames.EngineOptions(allow_insecure_http="false"))  # type: ignore[arg-type]


# --- lengths take real numbers --------------------------------------------------


def test_lengths_take_real_numbers_not_strings_or_bools() -> None:
    engine, frame, place = objects()
    with engine:
        with pytest.raises(TypeError, match=r"width must be a real number \(int or float\), not str '100'"):
            frame.set_laid_out_size("100", 50, now_ms=0)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="height"):
            frame.report_rendered(True, now_ms=0)
        with pytest.raises(TypeError, match="fixed_height"):
            frame.set_height_mode(HeightMode.FIXED, "64")  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="width"):
            place.set_container(b"1", now_ms=0)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=r"viewport\.height"):
            place.set_viewport((0, 0, 100, "600"), now_ms=0)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="four numbers"):
            place.set_viewport((0, 600), now_ms=0)
        with pytest.raises(TypeError, match="viewport must be a Rect"):
            place.set_viewport("0,0,1,1", now_ms=0)  # type: ignore[arg-type]
        # ints, floats and numpy scalars are lengths; NaN is the library's to refuse
        frame.set_laid_out_size(np.float32(100), np.int64(50), now_ms=0)  # type: ignore[arg-type]
        place.set_container(np.float64(390), now_ms=0)
        with pytest.raises(frames.InvalidArgumentError):
            frame.set_laid_out_size(math.nan, 50, now_ms=0)
    with pytest.raises(TypeError, match="retry_factor"):
        frames.Engine(b"", frames.EngineOptions(retry_factor="2"))  # type: ignore[arg-type]


# --- enumerations take the enum ---------------------------------------------------


def test_enumerations_take_their_enum_only() -> None:
    engine, frame, place = objects()
    with engine:
        with pytest.raises(TypeError, match=r"state must be an AppState \(e\.g\. AppState\.ACTIVE\), not int 2"):
            engine.set_app_state(2, now_ms=0)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="state must be an AppState"):
            engine.set_app_state("BACKGROUND", now_ms=0)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="not HeightMode"):
            engine.set_app_state(HeightMode.FIXED, now_ms=0)  # type: ignore[arg-type]  # also 1
        with pytest.raises(TypeError, match="mode must be a HeightMode"):
            frame.set_height_mode(1)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="kind must be an InputKind"):
            place.report_input_requested(0, 0, "Name", now_ms=0)  # type: ignore[arg-type]
        engine.set_app_state(AppState.BACKGROUND, now_ms=0)


# --- ids take str without NUL -----------------------------------------------------


def test_ids_take_str_without_nul() -> None:
    engine, frame, place = objects()
    with engine:
        with pytest.raises(TypeError, match="placement_id must be a str, not bytes"):
            frame.set_placement(b"home", now_ms=0)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="placement_id contains a NUL character at index 2"):
            frame.set_placement("ho\0me", now_ms=0)
        with pytest.raises(ValueError, match="user_id is not valid Unicode text"):
            engine.set_user("\udc80", now_ms=0)
        with pytest.raises(TypeError, match="action_id"):
            frame.report_action(7, now_ms=0)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="placement_id"):
            engine.new_banner_place(None, frames.Appearance())  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="target"):
            place.report_action(0, "a\0", now_ms=0)
        with pytest.raises(ValueError, match=r"headers\[0\] value"):
            engine.complete_request(1, 200, {"X": "a\0b"}, now_ms=0)
        with pytest.raises(TypeError, match="headers must be a mapping"):
            engine.complete_request(1, 200, "X: y", now_ms=0)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="body must be bytes"):
            engine.complete_request(1, 200, (), "text", now_ms=0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="placements_url"):
        frames.Engine(b"", frames.EngineOptions(placements_url="https://a\0"))


# --- integers out of the C range raise OverflowError ------------------------------


@pytest.mark.parametrize("value", [2**63, -(2**63) - 1])
def test_times_outside_int64_overflow(value: int) -> None:
    engine, frame, place = objects()
    with engine:
        with pytest.raises(OverflowError, match=r"now_ms = .* is out of the range of int64_t"):
            frame.attach(now_ms=value)
        with pytest.raises(OverflowError, match="now_ms"):
            place.rows(now_ms=value)


def test_integers_outside_their_c_type_overflow() -> None:
    engine, frame, place = objects()
    with engine:
        with pytest.raises(OverflowError, match=r"index = -1 is out of the range of size_t"):
            place.show_banner(-1, now_ms=0)
        with pytest.raises(OverflowError, match="request_id"):
            engine.complete_request(-1, 200, now_ms=0)
        with pytest.raises(OverflowError, match="request_id"):
            engine.fail_request(2**64, None, now_ms=0)
        with pytest.raises(OverflowError, match="status"):
            engine.complete_request(1, 2**31, now_ms=0)
        with pytest.raises(TypeError, match="now_ms must be an int, not float 1.5"):
            frame.attach(now_ms=1.5)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="index must be an int"):
            place.show_banner(True, now_ms=0)
        with pytest.raises(OverflowError, match="width"):
            frame.set_laid_out_size(10**400, 1, now_ms=0)
        frame.attach(now_ms=np.int64(5))  # type: ignore[arg-type]  # numpy integers are ints at run time
    for field, value in [("retry_max_attempts", -1), ("retry_max_attempts", 2**32),
                         ("random_seed", 2**64), ("request_timeout_ms", 2**63)]:
        with pytest.raises(OverflowError, match=field):
            frames.Engine(b"", frames.EngineOptions(**{field: value}))  # type: ignore[arg-type]


# --- one time convention: now_ms is keyword-only, and omitted it is Engine.clock ---------


def test_now_ms_is_keyword_only_and_optional_everywhere() -> None:
    engine, frame, place = objects()
    with engine:
        with pytest.raises(TypeError):
            place.set_container(100, False, 5)  # type: ignore[call-arg]
        with pytest.raises(TypeError):
            engine.on_timeout(5)  # type: ignore[call-arg]
    classes = (frames.Engine, frames.Frame, frames.BannerPlace, frames.InlineView, frames.InlineCall,
               frames.AppFrames, frames.Banners, frames.Inline, frames.Messages, frames.Message)
    seen = 0
    for cls in classes:
        for name, member in inspect.getmembers(cls, inspect.isfunction):
            parameter = inspect.signature(member).parameters.get("now_ms")
            if parameter is not None:
                seen += 1
                assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, f"{cls.__name__}.{name}"
                assert parameter.default is None, f"{cls.__name__}.{name}"
    assert seen > 40


def test_a_call_without_now_ms_reads_the_engine_clock() -> None:
    engine, frame, place = objects()
    with engine:
        asked: List[int] = []

        def clock() -> int:
            asked.append(1)
            return 1_000

        engine.clock = clock
        frame.attach()
        place.set_container(100)
        assert len(asked) == 2
        engine.clock = lambda: "soon"  # type: ignore[assignment, return-value]
        with pytest.raises(TypeError, match="now_ms"):
            engine.on_timeout()
        with pytest.raises(TypeError, match="clock must be callable"):
            engine.clock = 5  # type: ignore[assignment]


# --- constructors, records, hosts and delegates -------------------------------------


def test_engine_arguments() -> None:
    with pytest.raises(TypeError, match="config must be bytes, str or a path"):
        frames.Engine(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="options must be an EngineOptions"):
        frames.Engine(b"", {"placements_url": "x"})  # type: ignore[arg-type]

    class Host(frames.Host):
        open_url = "not a method"  # type: ignore[assignment]

    with pytest.raises(TypeError, match="host.open_url must be a method"):
        frames.Engine(b"", None, Host())
    with pytest.raises(TypeError, match="engine must be an Engine"):
        frames.BannerPlace("engine", "home", frames.Appearance())  # type: ignore[arg-type]
    with frames.Engine(b"") as engine:
        with pytest.raises(TypeError, match="appearance must be an Appearance"):
            engine.new_banner_place("home", {"layout": "tiles"})  # type: ignore[arg-type]


def test_delegates_are_any_object_with_callable_methods() -> None:
    engine, frame, place = objects()
    with engine:
        class Empty:
            pass

        empty = Empty()
        frame.delegate = empty  # no methods at all: every callback is skipped
        assert frame.delegate is empty
        frame.delegate = None
        with pytest.raises(TypeError, match="weakly referenced, not int 42"):  # AF-23: delegates are held weakly
            frame.delegate = 42

        class Delegate(frames.BannerPlaceDelegate):
            shown = None  # type: ignore[assignment]  # None: no method, skipped
            playback_changed = 3  # type: ignore[assignment]

        with pytest.raises(TypeError, match="delegate.playback_changed must be a method"):
            place.delegate = Delegate()
        assert place.delegate is None


def test_records_check_their_fields_where_they_are_built() -> None:
    with pytest.raises(TypeError, match="status must be an int, not str"):
        frames.Response("200")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="body must be bytes"):
        frames.Response(200, "<html>")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"headers\[0\]"):
        frames.Response(200, b"", (("a", 1),))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="latency_ms must not be negative"):
        frames.Response(200, latency_ms=-5)
    with pytest.raises(TypeError, match="message must be a str"):
        frames.TransportError(404)  # type: ignore[arg-type]
    request = frames.Request(1, "GET", "https://a.test/", (("Retry-After", "3"),), b"", 0)
    assert request.header("retry-after") == "3"
    with pytest.raises(TypeError, match="name must be a str"):
        request.header(b"Retry-After")  # type: ignore[arg-type]


def test_widget_event_data_must_be_json() -> None:
    engine, frame, place = objects()
    with engine:
        with pytest.raises(TypeError, match="data is not JSON-serializable"):
            place.report_widget_event(0, "w", {1, 2}, now_ms=0)
        with pytest.raises(ValueError, match="data is not valid JSON"):
            place.report_widget_event(0, "w", {"x": math.inf}, now_ms=0)


def test_drivers_check_their_arguments_and_the_transports_answer() -> None:
    backend = Backend()
    with pytest.raises(TypeError, match="engine must be an Engine"):
        frames.VirtualClockDriver(None, backend.transport)  # type: ignore[arg-type]
    with frames.Engine(ENABLED_CONFIG, frames.EngineOptions(placements_url=backend.placements_url)) as engine:
        with pytest.raises(TypeError, match="transport must be callable"):
            frames.VirtualClockDriver(engine, "http")  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="engine must be an Engine"):
            frames.HttpDriver("engine")  # type: ignore[arg-type]
        driver = frames.VirtualClockDriver(engine, lambda request: 200)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="ms must be an int"):
            driver.advance(1.5)  # type: ignore[arg-type]
        frame = engine.new_frame()
        frame.set_placement("home", now_ms=0)
        frame.attach(now_ms=0)
        with pytest.raises(TypeError, match="the transport returned int"):
            driver.pump()


def test_banner_visibility_checks_rects_and_viewport() -> None:
    with pytest.raises(ValueError, match=r"rects\[1\] must have four numbers"):
        frames.banner_visibility([(0, 0, 1, 1), (0, 0, 1)], (0, 0, 1, 1))
    with pytest.raises(TypeError, match=r"rects\[0\]\.x"):
        frames.banner_visibility([("0", 0, 1, 1)], (0, 0, 1, 1))  # type: ignore[list-item]
    with pytest.raises(TypeError, match="rects must be"):
        frames.banner_visibility(5, (0, 0, 1, 1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="viewport"):
        frames.banner_visibility([], None)  # type: ignore[arg-type]
    assert frames.banner_visibility([(0, 0, 10, 10)], (0, 0, 10, 10)) == [(1.0, True)]
