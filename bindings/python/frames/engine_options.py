"""EngineOptions: frames_engine_options as a dataclass with the header's
defaults (FRAMES_ENGINE_OPTIONS_INIT), checked field by field when an
Engine is made.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Optional, Tuple

from . import _check, _ffi
from ._lib import lib

__all__ = ["EngineOptions"]


@dataclass
class EngineOptions:
    """frames_engine_options with the header's defaults (XC-06 retry
    schedule, timeouts, AF-12 endpoint).  None strings mean the library's
    default."""

    retry_max_attempts: int = 4
    placements_url: Optional[str] = None
    device_id: Optional[str] = None
    session_id: Optional[str] = None
    retry_base_delay_ms: int = 1000
    retry_factor: float = 2.0
    retry_max_delay_ms: int = 30000
    retry_jitter: float = 0.2
    retry_max_retry_after_ms: int = 300000
    request_timeout_ms: int = 10000
    render_timeout_ms: int = 10000
    random_seed: int = 0
    allow_insecure_http: bool = False
    #: Banner lists endpoint (BN-14); None: the library's default.
    banners_url: Optional[str] = None
    #: Inline campaigns endpoint (IL-01); None: the library's default.
    inline_url: Optional[str] = None
    #: Schemes inline content may open besides https (IL-08), e.g.
    #: ("myapp", "mailto"); javascript, file and data are always refused.
    inline_url_schemes: Tuple[str, ...] = ()
    #: A customMethod call unanswered this long fails by itself (IL-07); 0: never.
    inline_call_timeout_ms: int = 30000
    #: The least time between foreground refreshes of the inline campaigns.
    inline_refresh_interval_ms: int = 300000

    def _to_c(self) -> _ffi.frames_engine_options:
        # Every field is checked here: ctypes would wrap an out-of-range int
        # and take any object as a bool.
        c = _ffi.frames_engine_options()
        lib.frames_engine_options_init(ctypes.byref(c), _ffi.FRAMES_ENGINE_OPTIONS_VERSION)
        c.retry_max_attempts = _check.integer("retry_max_attempts", self.retry_max_attempts, _check.UINT32)
        c.placements_url = _check.optional_text("placements_url", self.placements_url)
        c.device_id = _check.optional_text("device_id", self.device_id)
        c.session_id = _check.optional_text("session_id", self.session_id)
        c.retry_base_delay_ms = _check.integer("retry_base_delay_ms", self.retry_base_delay_ms, _check.INT64)
        c.retry_factor = _check.real("retry_factor", self.retry_factor)
        c.retry_max_delay_ms = _check.integer("retry_max_delay_ms", self.retry_max_delay_ms, _check.INT64)
        c.retry_jitter = _check.real("retry_jitter", self.retry_jitter)
        c.retry_max_retry_after_ms = _check.integer(
            "retry_max_retry_after_ms", self.retry_max_retry_after_ms, _check.INT64
        )
        c.request_timeout_ms = _check.integer("request_timeout_ms", self.request_timeout_ms, _check.INT64)
        c.render_timeout_ms = _check.integer("render_timeout_ms", self.render_timeout_ms, _check.INT64)
        c.random_seed = _check.integer("random_seed", self.random_seed, _check.UINT64)
        c.allow_insecure_http = _check.boolean("allow_insecure_http", self.allow_insecure_http)
        c.banners_url = _check.optional_text("banners_url", self.banners_url)
        c.inline_url = _check.optional_text("inline_url", self.inline_url)
        c.inline_url_schemes = _schemes(self.inline_url_schemes)
        c.inline_call_timeout_ms = _check.integer("inline_call_timeout_ms", self.inline_call_timeout_ms, _check.INT64)
        c.inline_refresh_interval_ms = _check.integer(
            "inline_refresh_interval_ms", self.inline_refresh_interval_ms, _check.INT64
        )
        return c


def _schemes(schemes: object) -> Optional[bytes]:
    """inline_url_schemes as the header's comma-separated text."""
    if isinstance(schemes, (str, bytes)) or not isinstance(schemes, (tuple, list)):
        raise TypeError(f"inline_url_schemes must be a tuple of str, not {type(schemes).__name__}")
    names = [_check.text(f"inline_url_schemes[{i}]", name) for i, name in enumerate(schemes)]
    for i, name in enumerate(names):
        if b"," in name:
            raise ValueError(f"inline_url_schemes[{i}] {name.decode()!r} is not a URL scheme (it has a comma)")
    return b",".join(names) if names else None
