"""The package follows docs/api-conventions.md ("Python"): the modules'
calls on the engine's module objects, every enumeration printing its name,
every delegate held weakly (AF-23), and the names the grammar gives."""

from __future__ import annotations

import enum
import gc
import inspect
import pydoc
import weakref
from typing import Any, Iterator, Tuple

import pytest

import frames

MODULES = ("app_frames", "banners", "inline", "messages")


def exported_enums() -> "list[type[enum.IntEnum]]":
    # The public names (frames.__all__): most are imported on first use.
    values = [getattr(frames, name) for name in frames.__all__]
    return [value for value in values
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


HOLDERS = ("frame", "place", "view", "banners", "inline", "messages")


def holder(engine: frames.Engine, name: str) -> Any:
    """What a delegate of kind ``name`` is set on."""
    if name == "frame":
        return engine.new_frame()
    if name == "place":
        return engine.new_banner_place("home", frames.Appearance())
    if name == "view":
        return engine.new_inline_view("home")
    return getattr(engine, name)


@pytest.fixture(params=HOLDERS)
def engine_and_holder(request: pytest.FixtureRequest) -> Iterator[Tuple[frames.Engine, Any]]:
    with frames.Engine(b"") as engine:
        yield engine, holder(engine, request.param)


class Delegate:
    pass


class Slotted:
    """No ``__weakref__`` slot: cannot be weakly referenced."""

    __slots__ = ("log",)


def test_af23_every_delegate_is_held_weakly(engine_and_holder: Tuple[frames.Engine, Any]) -> None:
    _, owner = engine_and_holder
    kept = Delegate()
    owner.delegate = kept
    assert owner.delegate is kept
    temporary = Delegate()
    released = weakref.ref(temporary)
    owner.delegate = temporary
    del temporary
    gc.collect()
    assert released() is None  # nothing in the package keeps it
    assert owner.delegate is None
    owner.delegate = kept
    owner.delegate = None
    assert owner.delegate is None


def test_af23_a_delegate_that_cannot_be_weakly_referenced_is_refused(engine_and_holder: Tuple[frames.Engine, Any]
                                                                     ) -> None:
    _, owner = engine_and_holder
    kept = Delegate()
    owner.delegate = kept
    with pytest.raises(TypeError, match=r"delegate must be an object that can be weakly referenced, not int 42"):
        owner.delegate = 42
    with pytest.raises(TypeError, match=r"weakly referenced, not Slotted .*needs '__weakref__'"):
        owner.delegate = Slotted()
    with pytest.raises(TypeError, match="weakly referenced"):
        owner.delegate = object()
    assert owner.delegate is kept  # a refused delegate changes nothing


@pytest.mark.parametrize("make", ["frame", "place", "view"])
def test_af23_an_owner_and_a_delegate_that_refer_to_each_other_are_collected(make: str) -> None:
    class Owning:
        owner: Any = None

    with frames.Engine(b"") as engine:
        owner = holder(engine, make)
        delegate = Owning()
        owner.delegate = delegate
        delegate.owner = owner
        handle, gone = owner._handle, weakref.ref(owner)
        del owner, delegate
        gc.collect()
        assert gone() is None
        assert engine._state.delegates == {}
        assert handle not in {**engine._state.frames, **engine._state.places, **engine._state.views}


def test_af23_every_delegate_property_says_it_holds_weakly() -> None:
    for kind in (frames.Frame, frames.BannerPlace, frames.InlineView, frames.Banners, frames.Inline, frames.Messages):
        doc = inspect.getattr_static(kind, "delegate").__doc__ or ""
        text = " ".join(doc.split())
        assert "weakly" in text and "RuntimeWarning" in text and "TypeError" in text, kind.__name__
        assert "strongly" not in text, kind.__name__
    assert frames.__doc__ is not None and "held weakly" in frames.__doc__
