"""Frame statuses and errors (SPEC AF-06, AF-10).

The helpers ask the library (frames_frame_status_str / _is_loading /
_is_error) rather than re-implementing its tables.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ._lib import lib

__all__ = ["FrameStatus", "FrameErrorCode", "FrameError", "HeightMode", "AppState"]


class FrameStatus(enum.IntEnum):
    """The eleven statuses of a frame (FRAMES_FRAME_STATUS_*, AF-06)."""

    NO_PLACEMENT = 0
    DISABLED = 1
    RESOLVING = 2
    DOWNLOADING = 3
    RENDERING = 4
    READY = 5
    UNAVAILABLE = 6
    DISMISSED = 7
    ERROR_RESOLVING = 8
    ERROR_DOWNLOADING = 9
    ERROR_RENDERING = 10

    @property
    def is_loading(self) -> bool:
        """resolving, downloading or rendering."""
        return bool(lib.frames_frame_status_is_loading(int(self)))

    @property
    def is_error(self) -> bool:
        """One of the three error statuses."""
        return bool(lib.frames_frame_status_is_error(int(self)))

    @property
    def string_value(self) -> str:
        """The lowerCamelCase name, e.g. "errorResolving"."""
        raw: bytes = lib.frames_frame_status_str(int(self))
        return raw.decode("ascii")

    def __str__(self) -> str:
        return self.string_value


class FrameErrorCode(enum.IntEnum):
    """Why a frame is in an error status (FRAMES_FRAME_ERROR_*, AF-10)."""

    RESOLUTION_FAILED = 1
    DOWNLOADING_FAILED = 2
    PLACEMENT_UNTRUSTED = 3
    RENDERING_FAILED = 4

    @property
    def string_value(self) -> str:
        """The lowerCamelCase name, e.g. "resolutionFailed"
        (frames_frame_error_code_str)."""
        raw: bytes = lib.frames_frame_error_code_str(int(self))
        return raw.decode("ascii")

    def __str__(self) -> str:
        return self.string_value


@dataclass(frozen=True)
class FrameError:
    """A frame's error (AF-10): the code, the HTTP status behind it (0 when
    there was none) and what went wrong."""

    code: FrameErrorCode | int
    http_status: int
    message: str


class HeightMode(enum.IntEnum):
    """How a frame's height is decided (FRAMES_HEIGHT_MODE_*, AF-18)."""

    INTRINSIC = 0
    FIXED = 1

    def __str__(self) -> str:
        return self.name.lower()


class AppState(enum.IntEnum):
    """The application's state (FRAMES_APP_STATE_*, XC-04)."""

    ACTIVE = 0
    INACTIVE = 1
    BACKGROUND = 2

    def __str__(self) -> str:
        return self.name.lower()


def _error_code(value: int) -> FrameErrorCode | int:
    try:
        return FrameErrorCode(value)
    except ValueError:  # a code added by a newer library
        return value
