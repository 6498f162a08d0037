"""The package follows docs/api-conventions.md ("Python"): the modules'
calls on the engine's module objects, every enumeration printing its name,
delegates held strongly, and the names the grammar gives."""

from __future__ import annotations

import enum
import gc
import inspect
import pydoc

import pytest

import frames

MODULES = ("app_frames", "banners", "inline", "messages")


def exported_enums() -> "list[type[enum.IntEnum]]":
    return [value for value in vars(frames).values()
            if isinstance(value, type) and issubclass(value, enum.IntEnum) and value is not enum.IntEnum]


def test_every_enumeration_prints_its_name() -> None:
    enums = exported_enums()
    assert frames.FrameStatus in enums and frames.InlineViewStatus in enums and len(enums) >= 10
    for kind in enums:
        for member in kind:
            text = str(member)
            assert text == f"{member}" == format(member), member
            assert text and "." not in text and text != str(int(member)), (kind.__name__, text)
            # The C name where the library has one (FrameStatus: "errorResolving"), else the name.
            assert text.replace("_", "").lower() == member.name.replace("_", "").lower(), (kind.__name__, text)
    assert str(frames.FrameStatus.READY) == "ready"
    assert str(frames.InlineViewStatus.SHOWN) == "shown"
    assert str(frames.FrameStatus.ERROR_RESOLVING) == "errorResolving"
    assert str(frames.NotificationResult.NOT_A_MESSAGE) == "not_a_message"


def test_the_engine_shows_its_modules_in_help() -> None:
    text = pydoc.render_doc(frames.Engine, renderer=pydoc.plaintext)  # type: ignore[attr-defined]
    for name in MODULES:
        member = inspect.getattr_static(frames.Engine, name)
        assert isinstance(member, property) and member.__doc__, name
        assert name in text
    assert frames.__doc__ is not None
    for name in MODULES:
        assert f"engine.{name}" in frames.__doc__


def test_the_modules_carry_the_module_calls() -> None:
    with frames.Engine(b"") as engine:
        assert isinstance(engine.app_frames, frames.AppFrames) and engine.app_frames.enabled is False
        assert isinstance(engine.banners, frames.Banners)
        assert isinstance(engine.inline, frames.Inline)
        assert isinstance(engine.messages, frames.Messages)
        for module, calls in (
            (engine.banners, ("preload", "delegate")),
            (engine.inline, ("track_event", "explain", "delegate")),
            (engine.messages, ("handle_notification", "report_displayed", "report_button_tapped",
                               "report_dismissed", "delegate")),
        ):
            for call in calls:
                assert hasattr(module, call), (module, call)
        for old in ("preload_banners", "track_event", "explain_inline", "handle_notification", "inline_delegate",
                    "app_frames_enabled"):
            assert not hasattr(engine, old), old


def test_no_old_name_is_left_in_the_api() -> None:
    old_names = {"place_id", "placement_key", "template_rendered", "template_failed", "template_action",
                 "template_dismissed", "create", "user_interacted", "user_scrolled", "context_reset",
                 "request_input", "input_finished", "content_shown", "render_failed", "handle_message",
                 "confirm_displayed", "tap", "dismiss", "presenter", "click_handler"}
    for name in frames.__all__:
        value = getattr(frames, name)
        if not isinstance(value, type):
            continue
        members = set(dir(value))
        if inspect.isclass(value) and hasattr(value, "__dataclass_fields__"):
            members |= set(value.__dataclass_fields__)
        assert not (members & old_names), (name, sorted(members & old_names))


@pytest.mark.parametrize("make", ["frame", "place", "view"])
def test_a_temporary_delegate_is_held_by_its_owner(make: str) -> None:
    class Delegate:
        pass

    with frames.Engine(b"") as engine:
        owner: "frames.Frame | frames.BannerPlace | frames.InlineView"
        if make == "frame":
            owner = engine.new_frame()
        elif make == "place":
            owner = engine.new_banner_place("home", frames.Appearance())
        else:
            owner = engine.new_inline_view("home")
        owner.delegate = Delegate()
        gc.collect()
        assert isinstance(owner.delegate, Delegate)
        engine.banners.delegate = Delegate()
        engine.messages.delegate = Delegate()
        engine.inline.delegate = Delegate()
        gc.collect()
        assert all(isinstance(m.delegate, Delegate) for m in (engine.banners, engine.messages, engine.inline))
