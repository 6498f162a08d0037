"""XC-11 through the Python package: every object explains itself in one
typed shape (frames.Explanation, frames.EngineSnapshot), by method or by the
engine's object names, as a reading; and the demo commands' --explain."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, List

import pytest

import frames
from frames import explain as explain_module

from inline_backend import InlineRecorder, InlineServer, campaign, make_engine, new_view

CONFIG = b'{"Insider": {"App Frames Enabled": true}}'
PUSH = {"frames_message": {"id": "m1", "sent_at": 1, "content": {"title": {"text": "Hi"}}}}
MEMBERS = ["explain", "kind", "object", "placement_id", "now_ms", "user_id", "state", "facts", "showing", "reason",
           "candidates"]


class Presenter:
    def __init__(self) -> None:
        self.presented: List[str] = []

    def present(self, message: frames.Message) -> None:
        self.presented.append(message.id)


def test_xc11_every_object_explains_itself_in_one_typed_shape() -> None:
    with frames.Engine(CONFIG, frames.EngineOptions(device_id="device-1")) as engine:
        frame = engine.new_frame()
        frame.set_placement("home", now_ms=0)
        place = engine.new_banner_place("hero", frames.Appearance())
        why_frame = frame.explain(now_ms=1)
        assert isinstance(why_frame, frames.Explanation)
        assert why_frame.kind == "frame" and why_frame.object.startswith("frame-")
        assert why_frame.placement_id == "home" and why_frame.reason.code == "detached"
        assert why_frame.facts["attached"] is False and why_frame.showing == () and why_frame.candidates == ()
        why_place = place.explain(now_ms=1)
        assert why_place.kind == "banner_place" and why_place.state == "idle" and why_place.reason.code == "not_loaded"
        why_inline = engine.inline.explain("home", now_ms=1)
        assert why_inline.object == "inline:home" and why_inline.reason.code == "not_fetched"
        why_message = engine.messages.explain("m1", now_ms=1)
        assert why_message.object == "message:m1" and why_message.state == "unknown"
        snapshot = engine.explain(now_ms=2)
        assert isinstance(snapshot, frames.EngineSnapshot)
        assert snapshot.reason.code == "content_allowed" and snapshot.facts["app_frames_enabled"] is True
        assert [item.object for item in snapshot.objects] == [why_frame.object, why_place.object]
        assert snapshot.find(why_frame.object) == frame.explain(now_ms=2)
        # The same value the library lent, read back the same way.
        raw = explain_module._lent_text(engine._call, frames._lib.lib.frames_engine_explain, 2)
        assert json.loads(raw) == snapshot.as_dict()
        assert list(json.loads(raw)["objects"][0]) == MEMBERS


def test_xc11_reasons_carry_their_party_under_fixed_names() -> None:
    rec = InlineRecorder()
    server = InlineServer([campaign("top", priority=1), campaign("second", priority=2),
                           campaign("capped", priority=0, max_displays=1, period_ms=1_000)])
    with make_engine(rec) as engine:
        first = new_view(engine, rec, "first")
        first.attach(now_ms=0)
        server.pump(engine, 0)
        first.report_content_shown(now_ms=0)
        first.close()
        view = new_view(engine, rec, "view")
        view.attach(now_ms=10)
        server.pump(engine, 10)
        view.report_content_shown(now_ms=10)
        why = engine.inline.explain("home", now_ms=20)
        assert why.reason.code == "shown" and why.showing == (frames.Showing("top", None, "inline-2", "shown"),)
        second, capped = why.candidate("second"), why.candidate("capped")
        assert second is not None and second.reason.than == "top" and second.reason.code == "lower_priority"
        assert capped is not None and capped.reason.until_ms == 1_000 and capped.facts["displays"] == 1
        assert why.candidate("nothing") is None
        assert str(second.reason).startswith("lower_priority: top has priority 1")
        with pytest.raises(TypeError):
            capped.facts["displays"] = 2  # type: ignore[index]


def test_xc11_explain_object_takes_the_engine_names() -> None:
    with frames.Engine(CONFIG) as engine:
        frame = engine.new_frame()
        name = frame.explain().object
        assert engine.explain_object(name, now_ms=5) == frame.explain(now_ms=5)
        assert isinstance(engine.explain_object("engine"), frames.EngineSnapshot)
        assert engine.explain_object("inline:anywhere").reason.code == "not_fetched"
        assert engine.explain_object("message:nobody").reason.code == "unknown"
        with pytest.raises(KeyError, match=f"banner_place-99: not an object of this engine.*it has: {name}"):
            engine.explain_object("banner_place-99")
        with pytest.raises(ValueError, match="not an object name"):
            engine.explain_object("view-1")
        with pytest.raises(TypeError, match="object_name must be str"):
            engine.explain_object(3)  # type: ignore[arg-type]
        frame.close()
        with pytest.raises(KeyError):
            engine.explain_object(name)


def test_xc11_explaining_picks_nothing_up_and_changes_nothing() -> None:
    presenter = Presenter()
    with frames.Engine(b"") as engine:
        engine.messages.delegate = presenter
        engine.messages.handle_notification(PUSH, now_ms=5)
        why = engine.messages.explain("m1", now_ms=6)
        assert why.reason.code == "handed_in" and why.reason.at_ms == 5 and why.state == "handed_in"
        assert engine.explain(now_ms=7).find("message:m1") == engine.messages.explain("m1", now_ms=7)
        assert presenter.presented == []
        engine.on_timeout(now_ms=8)
        assert presenter.presented == ["m1"]
        shown = engine.messages.explain("m1", now_ms=9)
        assert shown.reason.code == "presented" and shown.reason.at_ms == 8 and shown.showing[0].status == "presented"
        with pytest.raises(frames.InvalidArgumentError, match="message id"):
            engine.messages.explain("", now_ms=9)


def test_xc11_now_ms_is_keyword_only_and_optional_everywhere() -> None:
    for method in (frames.Frame.explain, frames.BannerPlace.explain, frames.Inline.explain, frames.Messages.explain,
                   frames.Engine.explain, frames.Engine.explain_object, frames.Message.explain):
        parameter = inspect.signature(method).parameters["now_ms"]
        assert parameter.kind is inspect.Parameter.KEYWORD_ONLY and parameter.default is None, method


def test_xc11_a_shape_the_package_does_not_read_is_refused() -> None:
    with pytest.raises(ValueError, match="not an explanation"):
        explain_module.parse_explanation('{"explain":2}')
    with pytest.raises(ValueError, match="without"):
        explain_module.parse_explanation('{"explain":1,"kind":"frame"}')


def run_cli(*arguments: str, cwd: Path) -> "subprocess.CompletedProcess[str]":
    return subprocess.run([sys.executable, "-m", "frames", *arguments], capture_output=True, text=True, cwd=cwd,
                          timeout=300)


def test_xc11_the_demo_commands_explain_their_objects(tmp_path: Path) -> None:
    run = run_cli("demo-banners", "--explain", "banner_place-2", "--explain", "engine", "--explain-json", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    lines: List[Any] = [json.loads(line) for line in run.stdout.splitlines() if line.startswith('{"explain":1')]
    assert [line["object"] for line in lines] == ["banner_place-2", "engine"]
    assert lines[0]["placement_id"] == "deals_list" and list(lines[0]) == MEMBERS
    assert [item["object"] for item in lines[1]["objects"]] == ["banner_place-1", "banner_place-2"]
    text = run_cli("demo-inline", "--svg", str(tmp_path / "inline.svg"), "--explain", "inline:home_hero", cwd=tmp_path)
    assert text.returncode == 0, text.stderr
    assert "== explain inline:home_hero\ninline:home_hero (home_hero): fetched" in text.stdout
    assert "candidate welcome_back: capped" in text.stdout
    missing = run_cli("demo-banners", "--explain", "frame-7", cwd=tmp_path)
    assert missing.returncode == 1
    assert missing.stderr.startswith("frames: error: object_name frame-7: not an object of this engine")
    assert "banner_place-1, banner_place-2" in missing.stderr
