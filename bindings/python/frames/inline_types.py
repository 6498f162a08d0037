"""The values and delegate protocols of inline messages (IL-01..IL-10):
what a campaign is, what a view is asked to draw, a customMethod call to
answer, and what a view and the inline module tell their host.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Dict, Optional, Protocol, Tuple, Union

from . import _check, _ffi
from ._callbacks import EngineState
from ._lib import lib
from .status import FrameError

if TYPE_CHECKING:
    from .inline import InlineView

__all__ = [
    "InlineTrigger",
    "InlineViewStatus",
    "InlineMessage",
    "InlineContent",
    "InlineCall",
    "InlineViewDelegate",
    "InlineDelegate",
    "INLINE_VIEW_DELEGATE_METHODS",
    "INLINE_DELEGATE_METHODS",
]


class InlineTrigger(enum.IntEnum):
    """When a campaign's content is requested (FRAMES_INLINE_TRIGGER_*, IL-01)."""

    AUTOMATIC = _ffi.FRAMES_INLINE_TRIGGER_AUTOMATIC
    ON_DEMAND = _ffi.FRAMES_INLINE_TRIGGER_ON_DEMAND
    EVENT = _ffi.FRAMES_INLINE_TRIGGER_EVENT

    @property
    def wire_name(self) -> str:
        """"automatic", "on_demand" or "event", as in the campaigns document."""
        return (lib.frames_inline_trigger_str(int(self)) or b"").decode("ascii")

    def __str__(self) -> str:
        return self.wire_name


class InlineViewStatus(enum.IntEnum):
    """Where a view is with its content (FRAMES_INLINE_VIEW_STATUS_*, IL-06)."""

    IDLE = _ffi.FRAMES_INLINE_VIEW_STATUS_IDLE
    PROCESSING = _ffi.FRAMES_INLINE_VIEW_STATUS_PROCESSING
    RENDERING = _ffi.FRAMES_INLINE_VIEW_STATUS_RENDERING
    SHOWN = _ffi.FRAMES_INLINE_VIEW_STATUS_SHOWN
    FAILED = _ffi.FRAMES_INLINE_VIEW_STATUS_FAILED

    @property
    def string_value(self) -> str:
        """The C name, e.g. "shown" (frames_inline_view_status_str)."""
        return (lib.frames_inline_view_status_str(int(self)) or b"").decode("ascii")

    def __str__(self) -> str:
        return self.string_value


@dataclass(frozen=True)
class InlineMessage:
    """The campaign a callback is about (the seeds' InlineInAppMessageData)."""

    placement_id: str
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

    __slots__ = ("_state", "id")

    def __init__(self, state: EngineState, call_id: int) -> None:
        self._state = state
        #: The engine's id of the call.
        self.id = call_id

    def resolve(self, result: Any = None, *, now_ms: Optional[int] = None) -> None:
        """The content's promise resolves with ``result`` (anything
        json.dumps takes)."""
        _check.json_text("result", result)  # the binding's checks and messages
        text = json.dumps(result, allow_nan=False, separators=(",", ":")).encode("utf-8")
        state = self._state
        state.call(lib.frames_inline_call_resolve, state.handle, self.id, True, text, state.now(now_ms))

    def reject(self, message: str = "failed", *, now_ms: Optional[int] = None) -> None:
        """The content's promise rejects with ``message``."""
        encoded = _check.text("message", message)
        state = self._state
        state.call(lib.frames_inline_call_resolve, state.handle, self.id, False, encoded, state.now(now_ms))

    def __repr__(self) -> str:
        return f"<frames.InlineCall {self.id}>"


class InlineViewDelegate(Protocol):
    """What a view tells its host (IL-06) and asks of it (a typing.Protocol).

    Any object with some of these methods will do (a missing one is
    skipped); derive from it to have the signatures checked.  Called on the owner thread after the state change (XC-03); a
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

    def size_requested(self, view: "InlineView", message: InlineMessage, width: float, height: float) -> None:
        """Content asked for this size (dp); lay the view out and report
        the size with set_size."""
        return None

    def remove(self, view: "InlineView", message: InlineMessage) -> None:
        """Content asked to be removed, or the engine withdrew it."""
        return None

    def render(self, view: "InlineView", content: InlineContent) -> None:
        """Draw the content (with the bridge script), then call
        view.report_content_shown or view.report_render_failed."""
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
    "size_requested",
    "remove",
    "render",
    "reply",
)


class InlineDelegate(Protocol):
    """The engine's global inline delegate (IL-02, IL-07), a typing.Protocol:
    ``engine.inline.delegate = obj``: any object with some of these methods
    (those it lacks are skipped)."""

    def available(self, view: "InlineView", message: InlineMessage) -> None:
        """IL-02: an event triggered a campaign for a key with no attached
        view: embed this view (attach it, set its delegate) or release it."""
        return None

    def context_required(self, view: "InlineView", message: InlineMessage) -> Optional[Dict[str, Any]]:
        """IL-07: per-message values for rendering (a dict, or JSON object
        text), or None."""
        return None

    def open_url(self, view: "InlineView", message: InlineMessage, url: str) -> None:
        """IL-08: open this URL (it passed the scheme allow-list)."""
        return None

    def open_deep_link(self, view: "InlineView", message: InlineMessage, link: str) -> None:
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
    "open_url",
    "open_deep_link",
    "custom_action",
    "custom_method",
    "url_refused",
)
