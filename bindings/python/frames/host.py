"""Host: the engine-wide services an engine asks of its host (XC-03, XC-05,
XC-10; frames_host_callbacks), as a typing.Protocol, and the method names
the engine looks up on one.
"""

from __future__ import annotations

from typing import Protocol

from .records import AnalyticsRecord

__all__ = ["Host", "HOST_METHODS"]


class Host(Protocol):
    """What the engine asks of its host (a typing.Protocol).

    Any object with some of these methods will do (a method it lacks is
    skipped; one it has must be callable: TypeError at Engine()); derive
    from it to have the signatures checked.  Held strongly by the Engine.
    Methods run synchronously on the owner thread inside the engine call
    that caused them (XC-03) and may call back into the engine.  What one
    frame, place, view or module is asked goes to its delegate instead
    (``frame.delegate``, ``engine.banners.delegate``, ...)."""

    def analytics(self, record: AnalyticsRecord) -> None:
        """XC-05: every analytics record."""
        return None

    def open_url(self, url: str) -> bool:
        """AF-21: perform an action's navigation; IM-06: open a message
        button's link that ``messages.can_open_url`` said it can open.
        Return whether it opened."""
        return False

    def state_changed(self) -> None:
        """XC-10: the durable state changed (capping, shown-once ledgers):
        store ``engine.export_state()`` now."""
        return None


#: The methods the engine looks up on its host.
HOST_METHODS = ("analytics", "open_url", "state_changed")
