"""Python binding of libframes: banner layout geometry (SPEC BN-01..BN-08) and
the engine (XC-01..XC-10) with its four modules, each an object on the
engine that carries the module's calls and delegate:

- ``engine.app_frames`` — App Frames (AF-01..AF-23): ``enabled``; frames
  from ``engine.new_frame()``;
- ``engine.banners`` — banner places (BN-01..BN-17): ``delegate``
  (``preloaded``), ``preload(placement_id)``; places from
  ``engine.new_banner_place(placement_id, appearance)``;
- ``engine.inline`` — inline messages (IL-01..IL-10): ``delegate``,
  ``track_event``, ``explain``; views from ``engine.new_inline_view()``;
- ``engine.messages`` — modal messages (IM-01..IM-07): ``delegate``
  (``present``, ``close``, ``link_tapped``), ``handle_notification`` and
  ``report_displayed`` / ``report_button_tapped`` / ``report_dismissed``,
  ``explain``.

Every object explains itself (XC-11) in one typed shape, ``Explanation``:
``frame.explain()``, ``place.explain()``, ``engine.inline.explain(placement_id)``,
``engine.messages.explain(message_id)``; ``engine.explain()`` is the
``EngineSnapshot`` of them all, and ``engine.explain_object(name)`` takes
the engine's object names (``frame-3``, ``banner_place-2``,
``inline:home``, ``message:m1``, ``engine``).

An engine made with ``Engine(config, record=writer)`` writes its recording
(XC-12) to ``writer``; ``frames.replay(recording)`` runs it again on a
fresh engine and reports the first line where the library behaves
differently (XC-13), as does the command ``frames replay FILE``.

Conventions (docs/api-conventions.md):

- Time: every call that takes time takes ``now_ms`` as an optional keyword;
  omitted, it is the engine's clock (``Engine.clock``: monotonic time by
  default, the virtual time under ``VirtualClockDriver``).
- Ownership: every delegate (a frame's, a place's, a view's and the
  modules' on the engine) is held weakly by what it is set on (AF-23): the
  host keeps a reference, or the callbacks stop; the first callback that
  finds its delegate collected emits one ``RuntimeWarning`` naming the
  object.  An object that cannot be weakly referenced raises
  ``TypeError``.  The engine's host, given to ``Engine()``, is held for the
  engine's life.  A delegate is any object with some of its protocol's
  methods; the protocols (``FrameDelegate``, ...) give the signatures and
  need not be subclassed.
- The host reports what happened with ``report_*`` methods
  (``frame.report_rendered``, ``view.report_content_shown``, ...).
- Every enumeration prints its name: ``print(frame.status)`` prints
  ``ready``.
- ``placement_id`` names the slot every module fills.

Demos, the campaign server and picture drawing live in ``frames.demos``,
which the package itself never imports.

>>> import frames
>>> r = frames.layout_banners(frames.Appearance(layout=frames.LayoutType.VERTICAL_LIST), 375, [2])
>>> r.rects[0], r.content_height
(Rect(x=0.0, y=0.0, width=375.0, height=188.0), 188.0)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Dict, List

# The library is loaded here, so a missing one fails `import frames` with
# its one line (frames._lib); the errors come with it.
from ._lib import library_version
from .errors import (
    AlreadyResolvedError,
    BufferTooSmallError,
    FramesError,
    InternalError,
    InvalidHandleError,
    InvalidStateError,
    NotFoundError,
    WrongThreadError,
    InvalidArgumentError,
    LayoutOverflowError,
    NullPointerError,
    OutOfMemoryError,
    OutOfRangeError,
    UnsupportedError,
    VersionError,
)

if TYPE_CHECKING:
    from .appearance import (
        Appearance,
        LayoutType,
    )
    from .banners import (
        BannerPlace,
        Banners,
        BannersDelegate,
        BannerPlaceDelegate,
        BannerRow,
        InputKind,
        Navigation,
        RowState,
        Visibility,
        banner_visibility,
    )
    from .drivers import (
        HttpDriver,
        Transport,
        VirtualClockDriver,
    )
    from .engine import (
        Engine,
        EngineOptions,
        Host,
    )
    from .explain import (
        Candidate,
        EngineSnapshot,
        Explanation,
        Reason,
        Showing,
    )
    from .frame import (
        AppFrames,
        Frame,
        FrameDelegate,
    )
    from .messages import (
        CanOpenURL,
        FontResolver,
        Message,
        MessageButton,
        MessageFontSource,
        Messages,
        MessagesDelegate,
        MessageText,
        NotificationOutcome,
        NotificationResult,
    )
    from .recording import (
        BinaryWriter,
        RecordingWriter,
        RecordRedact,
    )
    from .replay import (
        Divergence,
        ReplayReport,
        replay,
    )
    from .records import (
        AnalyticsRecord,
        BannerInfo,
        Content,
        Request,
        Response,
        TransportError,
    )
    from .status import (
        AppState,
        FrameError,
        FrameErrorCode,
        FrameStatus,
        HeightMode,
    )
    from .trace import (
        TraceLevel,
    )
    from .layout_batch import (
        BatchLayoutResult,
        layout_banners_batch,
    )
    from .inline import (
        Inline,
        InlineCall,
        InlineContent,
        InlineDelegate,
        InlineMessage,
        InlineTrigger,
        InlineView,
        InlineViewDelegate,
        InlineViewStatus,
        bridge_script,
        bridge_script_path,
    )
    from .layout import (
        LayoutMetrics,
        LayoutResult,
        Point,
        Rect,
        RectSequence,
        layout_banners,
        measure_layout,
        scroll_offset,
    )

#: Where each public name lives: imported by its first use (PEP 562), so
#: `import frames` loads the library without the modules a program does
#: not use (the HTTP driver's http.client and email, the engine's
#: callbacks, ...): docs/performance.md, "Importing frames".
_LAZY: Dict[str, str] = {
    "Appearance": "appearance",
    "LayoutType": "appearance",
    "BannerPlace": "banners",
    "Banners": "banners",
    "BannersDelegate": "banners",
    "BannerPlaceDelegate": "banners",
    "BannerRow": "banners",
    "InputKind": "banners",
    "Navigation": "banners",
    "RowState": "banners",
    "Visibility": "banners",
    "banner_visibility": "banners",
    "HttpDriver": "drivers",
    "Transport": "drivers",
    "VirtualClockDriver": "drivers",
    "Engine": "engine",
    "EngineOptions": "engine",
    "Host": "engine",
    "Candidate": "explain",
    "EngineSnapshot": "explain",
    "Explanation": "explain",
    "Reason": "explain",
    "Showing": "explain",
    "AppFrames": "frame",
    "Frame": "frame",
    "FrameDelegate": "frame",
    "CanOpenURL": "messages",
    "FontResolver": "messages",
    "Message": "messages",
    "MessageButton": "messages",
    "MessageFontSource": "messages",
    "Messages": "messages",
    "MessagesDelegate": "messages",
    "MessageText": "messages",
    "NotificationOutcome": "messages",
    "NotificationResult": "messages",
    "BinaryWriter": "recording",
    "RecordingWriter": "recording",
    "RecordRedact": "recording",
    "Divergence": "replay",
    "ReplayReport": "replay",
    "replay": "replay",
    "AnalyticsRecord": "records",
    "BannerInfo": "records",
    "Content": "records",
    "Request": "records",
    "Response": "records",
    "TransportError": "records",
    "AppState": "status",
    "FrameError": "status",
    "FrameErrorCode": "status",
    "FrameStatus": "status",
    "HeightMode": "status",
    "TraceLevel": "trace",
    "BatchLayoutResult": "layout_batch",
    "layout_banners_batch": "layout_batch",
    "Inline": "inline",
    "InlineCall": "inline",
    "InlineContent": "inline",
    "InlineDelegate": "inline",
    "InlineMessage": "inline",
    "InlineTrigger": "inline",
    "InlineView": "inline",
    "InlineViewDelegate": "inline",
    "InlineViewStatus": "inline",
    "bridge_script": "inline",
    "bridge_script_path": "inline",
    "LayoutMetrics": "layout",
    "LayoutResult": "layout",
    "Point": "layout",
    "Rect": "layout",
    "RectSequence": "layout",
    "layout_banners": "layout",
    "measure_layout": "layout",
    "scroll_offset": "layout",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        # A submodule not imported yet (frames.trace, frames.drivers, ...).
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"{__name__}.{name}":
                raise
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> List[str]:
    return sorted(set(globals()) | set(_LAZY))


__version__ = "1.1.0"

__all__ = [
    "__version__",
    "library_version",
    "Appearance",
    "LayoutType",
    "layout_banners",
    "layout_banners_batch",
    "BatchLayoutResult",
    "scroll_offset",
    "measure_layout",
    "LayoutMetrics",
    "Rect",
    "Point",
    "RectSequence",
    "LayoutResult",
    "FramesError",
    "InvalidArgumentError",
    "NullPointerError",
    "BufferTooSmallError",
    "VersionError",
    "OutOfRangeError",
    "UnsupportedError",
    "OutOfMemoryError",
    "LayoutOverflowError",
    "InternalError",
    "InvalidHandleError",
    "InvalidStateError",
    "NotFoundError",
    "WrongThreadError",
    "Engine",
    "EngineOptions",
    "Host",
    "AppFrames",
    "Frame",
    "FrameDelegate",
    "FrameStatus",
    "FrameErrorCode",
    "FrameError",
    "HeightMode",
    "AppState",
    "TraceLevel",
    "Request",
    "Response",
    "TransportError",
    "AnalyticsRecord",
    "Content",
    "VirtualClockDriver",
    "HttpDriver",
    "Transport",
    "BannerInfo",
    "Banners",
    "BannersDelegate",
    "BannerPlace",
    "BannerPlaceDelegate",
    "BannerRow",
    "InputKind",
    "Navigation",
    "RowState",
    "Visibility",
    "banner_visibility",
    "AlreadyResolvedError",
    "Inline",
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
    "Messages",
    "Message",
    "MessageText",
    "MessageButton",
    "MessageFontSource",
    "MessagesDelegate",
    "CanOpenURL",
    "FontResolver",
    "NotificationOutcome",
    "NotificationResult",
    "Explanation",
    "EngineSnapshot",
    "Showing",
    "Reason",
    "Candidate",
    "RecordRedact",
    "RecordingWriter",
    "BinaryWriter",
    "replay",
    "ReplayReport",
    "Divergence",
]
