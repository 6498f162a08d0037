"""Python binding of libframes: banner layout geometry (SPEC BN-01..BN-08) and
the engine with App Frames (XC-01..XC-10, AF-01..AF-23), banner places
(BN-08..BN-17) and modal messages (IM-01..IM-07).

>>> import frames
>>> r = frames.layout_banners(frames.Appearance(layout=frames.LayoutType.VERTICAL_LIST), 375, [2])
>>> r.rects[0], r.content_height
(Rect(x=0.0, y=0.0, width=375.0, height=188.0), 188.0)
"""

from __future__ import annotations

from ._lib import library_version
from .appearance import Appearance, LayoutType
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
from .banners import (
    BannerPlace,
    BannerPlaceDelegate,
    BannerRow,
    InputKind,
    Navigation,
    RowState,
    Visibility,
    banner_visibility,
)
from .drivers import HttpDriver, Transport, VirtualClockDriver
from .engine import Engine, EngineOptions, Host
from .frame import Frame, FrameDelegate
from .messages import (
    CanOpenURL,
    ClickHandler,
    FontResolver,
    Message,
    MessageButton,
    MessageFontSource,
    MessagePresenter,
    Messages,
    MessageText,
    NotificationOutcome,
    NotificationResult,
)
from .records import AnalyticsRecord, BannerInfo, Content, Request, Response, TransportError
from .status import AppState, FrameError, FrameErrorCode, FrameStatus, HeightMode
from .trace import TraceLevel
from .layout_batch import BatchLayoutResult, layout_banners_batch
from .inline import (
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

__version__ = "0.2.0"

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
    "BannerPlace",
    "BannerPlaceDelegate",
    "BannerRow",
    "InputKind",
    "Navigation",
    "RowState",
    "Visibility",
    "banner_visibility",
    "AlreadyResolvedError",
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
    "MessagePresenter",
    "ClickHandler",
    "CanOpenURL",
    "FontResolver",
    "NotificationOutcome",
    "NotificationResult",
]
