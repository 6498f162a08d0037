"""Inline in-app messages (SPEC IL-01..IL-10) over frames_inline_*.

An InlineView shows inline messages for a placement key inside the host's
layout; the engine decides which campaign it shows and when, and what the
content's JavaScript may do.  The host draws content in a web view with
the bridge script injected (:func:`bridge_script`), forwards every message
the script posts to :meth:`InlineView.handle_message`, and passes every
reply (its delegate's ``reply``) back into the web view with
``SRInApp._receive(text)``.

Views belong to their engine's thread (XC-02).  A view's delegate is held
weakly, like a Frame's; the engine's global :class:`InlineDelegate` is held
by the engine (``Engine.inline_delegate``).
"""

from __future__ import annotations

import ctypes
import enum
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Dict, Optional, Protocol, Tuple, Union, final

from . import _check
from ._callbacks import EngineState
from ._inline_callbacks import make_inline_view_delegate
from ._lib import lib
from ._owned import EngineObject
from . import _ffi
from .status import FrameError

if TYPE_CHECKING:
    from .engine import Engine

__all__ = [
    "InlineView",
    "InlineViewDelegate",
    "InlineDelegate",
    "InlineMessage",
    "InlineContent",
    "InlineCall",
    "InlineTrigger",
    "InlineViewStatus",
    "bridge_script",
    "bridge_script_path",
]

#: The file the library ships for web views (IL-08).
BRIDGE_SCRIPT_NAME = "frames-inline-bridge.js"


class InlineTrigger(enum.IntEnum):
    """When a campaign's content is requested (FRAMES_INLINE_TRIGGER_*, IL-01)."""

    AUTOMATIC = _ffi.FRAMES_INLINE_TRIGGER_AUTOMATIC
    ON_DEMAND = _ffi.FRAMES_INLINE_TRIGGER_ON_DEMAND
    EVENT = _ffi.FRAMES_INLINE_TRIGGER_EVENT

    @property
    def wire_name(self) -> str:
        """"automatic", "on_demand" or "event", as in the campaigns document."""
        return (lib.frames_inline_trigger_str(int(self)) or b"").decode("ascii")


class InlineViewStatus(enum.IntEnum):
    """Where a view is with its content (FRAMES_INLINE_VIEW_STATUS_*, IL-06)."""

    IDLE = _ffi.FRAMES_INLINE_VIEW_STATUS_IDLE
    PROCESSING = _ffi.FRAMES_INLINE_VIEW_STATUS_PROCESSING
    RENDERING = _ffi.FRAMES_INLINE_VIEW_STATUS_RENDERING
    SHOWN = _ffi.FRAMES_INLINE_VIEW_STATUS_SHOWN
    FAILED = _ffi.FRAMES_INLINE_VIEW_STATUS_FAILED

    @property
    def string_value(self) -> str:
        return (lib.frames_inline_view_status_str(int(self)) or b"").decode("ascii")


@dataclass(frozen=True)
class InlineMessage:
    """The campaign a callback is about (the seeds' InlineInAppMessageData)."""

    placement_key: str
    campaign_id: str
    trigger: Union[InlineTrigger, int]
    #: Lower number = higher priority (IL-04).
    priority: int
    #: The event that triggers it (event campaigns only).
    event_name: Optional[str]
    #: The view's analytics id, "inline-<n>" (XC-05).
    view_id: str


@dataclass(frozen=True)
class InlineContent:
    """What a view's host is asked to draw (IL-06, IL-07): checked content
    and the per-message context the global delegate gave."""

    message: InlineMessage
    #: The content's HTML; inject bridge_script() into its page.
    html: str
    #: (url, bytes) of each asset, checked (AF-14).
    assets: Tuple[Tuple[str, bytes], ...] = ()
    context: Dict[str, Any] = field(default_factory=dict)


class InlineCall:
    """A customMethod call of inline content (IL-07): answer it exactly once,
    now or later, with :meth:`resolve` or :meth:`reject`.  A second answer
    raises AlreadyResolvedError; answering after the view was released
    succeeds and does nothing."""

    __slots__ = ("_engine", "id")

    def __init__(self, engine: "Engine", call_id: int) -> None:
        self._engine = engine
        #: The engine's id of the call.
        self.id = call_id

    def resolve(self, result: Any = None, *, now_ms: int) -> None:
        """The content's promise resolves with ``result`` (anything
        json.dumps takes)."""
        _check.json_text("result", result)  # the binding's checks and messages
        text = json.dumps(result, allow_nan=False, separators=(",", ":")).encode("utf-8")
        self._engine._call(lib.frames_inline_call_resolve, self.id, True, text, _check.time_ms(now_ms))

    def reject(self, message: str = "failed", *, now_ms: int) -> None:
        """The content's promise rejects with ``message``."""
        encoded = _check.text("message", message)
        self._engine._call(lib.frames_inline_call_resolve, self.id, False, encoded, _check.time_ms(now_ms))

    def __repr__(self) -> str:
        return f"<frames.InlineCall {self.id}>"


class InlineViewDelegate(Protocol):
    """What a view tells its host (IL-06) and asks of it (a typing.Protocol).

    Derive from it to implement only some methods (the others do nothing),
    or give any object that has them; at run time a missing method is
    skipped.  Called on the owner thread after the state change (XC-03); a
    method may call back into the view or the engine."""

    def processing_started(self, view: "InlineView") -> None:
        """The engine started processing a campaign for this view."""
        return None

    def loaded(self, view: "InlineView", message: InlineMessage) -> None:
        """The view's first content is on screen."""
        return None

    def updated(self, view: "InlineView", message: InlineMessage) -> None:
        """Another campaign's content is on screen."""
        return None

    def failed(self, view: "InlineView", message: Optional[InlineMessage], error: FrameError) -> None:
        """The content could not be fetched, downloaded or drawn (``message``
        is None when the campaigns could not be fetched)."""
        return None

    def size_changed(self, view: "InlineView", message: InlineMessage, width: float, height: float) -> None:
        """Content asked for this size (dp); lay the view out and report
        the size with set_size."""
        return None

    def remove(self, view: "InlineView", message: InlineMessage) -> None:
        """Content asked to be removed, or the engine withdrew it."""
        return None

    def render(self, view: "InlineView", content: InlineContent) -> None:
        """Draw the content (with the bridge script), then call
        view.content_shown or view.render_failed."""
        return None

    def reply(self, view: "InlineView", text: str) -> None:
        """Pass this JSON text to the web view: SRInApp._receive(text)."""
        return None


#: The methods a view looks up on its delegate.
INLINE_VIEW_DELEGATE_METHODS = (
    "processing_started",
    "loaded",
    "updated",
    "failed",
    "size_changed",
    "remove",
    "render",
    "reply",
)


class InlineDelegate(Protocol):
    """The engine's global inline delegate (IL-02, IL-07), a typing.Protocol:
    ``engine.inline_delegate = obj``.  Methods it lacks are skipped."""

    def available(self, view: "InlineView", message: InlineMessage) -> None:
        """IL-02: an event triggered a campaign for a key with no attached
        view: embed this view (attach it, set its delegate) or release it."""
        return None

    def context_required(self, view: "InlineView", message: InlineMessage) -> Optional[Dict[str, Any]]:
        """IL-07: per-message values for rendering (a dict, or JSON object
        text), or None."""
        return None

    def opened_url(self, view: "InlineView", message: InlineMessage, url: str) -> None:
        """IL-08: open this URL (it passed the scheme allow-list)."""
        return None

    def opened_deep_link(self, view: "InlineView", message: InlineMessage, link: str) -> None:
        """IL-08: open this deep link (it passed the allow-list)."""
        return None

    def custom_action(self, view: "InlineView", message: InlineMessage, name: str, params: Dict[str, Any]) -> None:
        """IL-07: SRInApp.handleCustomAction(name, params)."""
        return None

    def custom_method(
        self, view: "InlineView", message: InlineMessage, name: str, params: Dict[str, Any], call: InlineCall
    ) -> None:
        """IL-07: SRInApp.customMethod(name, params): answer ``call`` once."""
        return None

    def url_refused(self, view: "InlineView", message: InlineMessage, url: str, deep_link: bool, reason: str) -> None:
        """IL-08: content asked to open something the allow-list refused."""
        return None


#: The methods the engine looks up on its global inline delegate.
INLINE_DELEGATE_METHODS = (
    "available",
    "context_required",
    "opened_url",
    "opened_deep_link",
    "custom_action",
    "custom_method",
    "url_refused",
)


@final
class InlineView(EngineObject[InlineViewDelegate]):
    """A view for a placement key: ``engine.new_inline_view(key)`` or
    ``InlineView(engine, key)``.  Detached, size 0 x 0 (IL-10: no default
    size), no delegate; views the engine makes for events come through the
    global delegate's ``available``."""

    def __init__(self, engine: "Engine", placement_key: str) -> None:
        from .engine import Engine

        _check.instance("engine", engine, Engine)
        encoded = _check.text("placement_key", placement_key)
        handle = ctypes.c_void_p()
        engine._call(lib.frames_inline_view_new, encoded, ctypes.byref(handle))
        self._own(engine, handle.value, "inline view")
        self.placement_key: Optional[str] = placement_key
        self.created_by_engine = False

    @classmethod
    def _adopt(cls, engine: "Engine", handle: int) -> "InlineView":
        self = object.__new__(cls)
        self._own(engine, handle, "inline view")
        # Set from the message of `available`, the callback that brings it.
        self.placement_key = None
        self.created_by_engine = True
        return self

    def _registry(self) -> Dict[int, Any]:
        return self._state.views

    def _free_function(self) -> Any:
        return lib.frames_inline_view_free

    def _set_delegate_function(self) -> Any:
        return lib.frames_inline_view_set_delegate

    def _make_c_delegate(self, state: EngineState, key: int) -> ctypes.Structure:
        return make_inline_view_delegate(state, key)

    def _delegate_methods(self) -> Tuple[str, ...]:
        return INLINE_VIEW_DELEGATE_METHODS

    def __enter__(self) -> "InlineView":
        return self

    def __repr__(self) -> str:
        return f"<frames.InlineView {self.placement_key!r} {hex(self._handle)}{' released' if self.closed else ''}>"

    def release(self) -> None:
        """IL-10: unregisters the view; nothing reaches it afterwards.  The
        same as close()."""
        self.close()

    # --- the host's side (IL-01, IL-06, IL-10) ----------------------------------

    def attach(self, now_ms: int) -> None:
        """IL-01: the view is in the hierarchy: automatic campaigns show."""
        self._call(lib.frames_inline_view_attach, _check.time_ms(now_ms))

    def detach(self) -> None:
        """The view left the hierarchy: events no longer update it."""
        self._call(lib.frames_inline_view_detach)

    def render(self, now_ms: int) -> None:
        """IL-01: the on-demand trigger."""
        self._call(lib.frames_inline_view_render, _check.time_ms(now_ms))

    def set_size(self, width: float, height: float, now_ms: int) -> None:
        """The laid-out size in dp (what getComponentSize answers, IL-10)."""
        c_width = _check.real("width", width)
        c_height = _check.real("height", height)
        self._call(lib.frames_inline_view_set_size, c_width, c_height, _check.time_ms(now_ms))

    def content_shown(self, now_ms: int) -> None:
        """The content asked for is on screen: loaded or updated, inApp.show
        recorded, one display towards capping (IL-03, IL-05, IL-06)."""
        self._call(lib.frames_inline_view_content_shown, _check.time_ms(now_ms))

    def render_failed(self, message: Optional[str], now_ms: int) -> None:
        """The host could not draw the content (failed, renderingFailed)."""
        encoded = _check.optional_text("message", message)
        self._call(lib.frames_inline_view_render_failed, encoded, _check.time_ms(now_ms))

    def handle_message(self, message: Union[str, bytes], now_ms: int) -> None:
        """IL-08: one message the bridge script posted, as its JSON text.
        Replies come through the delegate's ``reply``.  A refused message
        raises (ValueError for a malformed or unknown one) and changes
        nothing."""
        if isinstance(message, str):
            data = message.encode("utf-8", "surrogatepass")
        else:
            data = _check.byte_data("message", message)
        self._call(lib.frames_inline_view_handle_message, data, len(data), _check.time_ms(now_ms))

    @property
    def status(self) -> InlineViewStatus:
        out = ctypes.c_int32()
        self._call(lib.frames_inline_view_get_status, ctypes.byref(out))
        return InlineViewStatus(out.value)


def bridge_script_path() -> Path:
    """Where the bridge script is: inside the installed package, or in the
    source tree (bindings/bridge) when the package runs from a checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / BRIDGE_SCRIPT_NAME, here.parent.parent / "bridge" / BRIDGE_SCRIPT_NAME):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(
        f"{BRIDGE_SCRIPT_NAME} is neither in the package ({here}) nor in a libframes checkout's bindings/bridge"
    )


def bridge_script() -> str:
    """The bridge script's text, to inject into a web view before the
    content's own scripts (IL-08)."""
    return bridge_script_path().read_text(encoding="utf-8")
