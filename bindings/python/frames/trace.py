"""The engine's trace (frames_engine_set_trace_level) on Python's logging:
every line goes to the ``frames`` logger, so ``logging.basicConfig(level=
logging.DEBUG)`` is all a script needs to see what the engine decides."""

from __future__ import annotations

import enum
import logging

__all__ = ["TraceLevel", "LOGGER", "level_for_logging", "logging_level"]

#: The logger every engine's trace lines go to.
LOGGER = logging.getLogger("frames")


class TraceLevel(enum.IntEnum):
    """frames_trace_level: how much an engine traces; each level includes
    the ones before it."""

    OFF = 0
    ERROR = 1
    WARNING = 2
    INFO = 3
    DEBUG = 4

    def __str__(self) -> str:
        return self.name.lower()


_TO_LOGGING = {
    TraceLevel.ERROR: logging.ERROR,
    TraceLevel.WARNING: logging.WARNING,
    TraceLevel.INFO: logging.INFO,
    TraceLevel.DEBUG: logging.DEBUG,
}


def logging_level(level: int) -> int:
    """The logging level a trace line of ``level`` is logged at."""
    return _TO_LOGGING.get(TraceLevel(level) if level in TraceLevel._value2member_map_ else TraceLevel.DEBUG,
                           logging.DEBUG)


def level_for_logging() -> TraceLevel:
    """What a new engine traces: off unless logging is configured (some
    handler would receive ``frames`` records), else as much as the
    ``frames`` logger's effective level lets through — so a script that
    configures nothing pays nothing and sees nothing."""
    if not LOGGER.hasHandlers():
        return TraceLevel.OFF
    for level in (TraceLevel.DEBUG, TraceLevel.INFO, TraceLevel.WARNING, TraceLevel.ERROR):
        if LOGGER.isEnabledFor(_TO_LOGGING[level]):
            return level
    return TraceLevel.OFF
