"""Plain data the engine hands out or takes in: requests, responses,
analytics records and content to render (copies of the library's borrowed
views, so they stay valid after the callback or call)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Dict, Optional, Tuple

if TYPE_CHECKING:
    from .status import FrameError

from . import _check

__all__ = ["Request", "Response", "TransportError", "AnalyticsRecord", "Content", "BannerInfo"]


@dataclass(frozen=True)
class Request:
    """A request the engine wants performed (frames_request, XC-01)."""

    id: int
    method: str
    url: str
    headers: Tuple[Tuple[str, str], ...]
    body: bytes
    #: The engine treats the request as timed out at this time (ms).
    deadline_ms: int

    def header(self, name: str) -> Optional[str]:
        """The first header called ``name`` (case-insensitive), or None."""
        if not isinstance(name, str):
            raise TypeError(f"name must be a str, not {type(name).__name__}")
        lowered = name.lower()
        return next((value for key, value in self.headers if key.lower() == lowered), None)


@dataclass(frozen=True)
class Response:
    """An HTTP answer to give frames_engine_complete_request.

    ``latency_ms`` is used only by the VirtualClockDriver: the answer reaches
    the engine that long after the request was performed."""

    status: int
    body: bytes = b""
    headers: Tuple[Tuple[str, str], ...] = ()
    latency_ms: int = 0

    def __post_init__(self) -> None:
        # Checked where the transport builds it, not later inside a driver.
        _check.integer("status", self.status, _check.INT32)
        _check.byte_data("body", self.body)
        if not isinstance(self.headers, tuple):
            raise TypeError(f"headers must be a tuple of (name, value) pairs, not {type(self.headers).__name__}")
        for position, pair in enumerate(self.headers):
            if not isinstance(pair, tuple) or len(pair) != 2:
                raise TypeError(f"headers[{position}] must be a (name, value) pair of str, not {pair!r}")
            _check.text(f"headers[{position}] name", pair[0])
            _check.text(f"headers[{position}] value", pair[1])
        _latency(self.latency_ms)


@dataclass(frozen=True)
class TransportError:
    """The request could not be performed (frames_engine_fail_request)."""

    message: str
    latency_ms: int = 0

    def __post_init__(self) -> None:
        _check.text("message", self.message)
        _latency(self.latency_ms)


def _latency(value: object) -> None:
    if _check.time_ms(value, "latency_ms") < 0:
        raise ValueError(f"latency_ms must not be negative, got {value}")


@dataclass(frozen=True)
class AnalyticsRecord:
    """One analytics record (frames_analytics_record, XC-05)."""

    name: str
    time_ms: int
    session_id: Optional[str]
    user_id: Optional[str]
    module: Optional[str]
    placement_id: Optional[str]
    campaign_id: Optional[str]
    variant_id: Optional[str]
    view_id: Optional[str]
    fields: Dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Content:
    """Content the host is asked to render in a frame (frames_content,
    AF-14); checksums and sizes were verified by the engine."""

    placement_id: str
    campaign_id: str
    variant_id: str
    html: str
    #: (url, bytes) of every downloaded asset, in the document's order.
    assets: Tuple[Tuple[str, bytes], ...]
    #: Ids accepted by Frame.template_action.
    action_ids: Tuple[str, ...]


@dataclass(frozen=True)
class BannerInfo:
    """A banner as a place shows it (frames_banner_info, BN-15)."""

    id: str
    #: Width / height.
    ratio: float
    #: One play lasts this long (BN-09, BN-10).
    duration_ms: int
    content_url: str
    #: In Host.preloaded only: why this banner's content did not preload
    #: (BN-14); None when it did, and in every other callback.
    content_error: "Optional[FrameError]" = None
