"""Host: what an engine asks of its host (XC-03, XC-05, XC-10), as a
typing.Protocol, and the method names the engine looks up on one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional, Protocol

from .records import AnalyticsRecord, BannerInfo, Content
from .status import FrameError

if TYPE_CHECKING:
    from .frame import Frame

__all__ = ["Host", "HOST_METHODS"]



class Host(Protocol):
    """What the engine asks of its host (a typing.Protocol).

    Derive from it to implement only some methods (the others keep these
    defaults: ignore, or decline to open), or pass any object that has all
    four.  At run time a method the object lacks is skipped, and one it has
    must be callable (TypeError at Engine()).  Held strongly by the Engine.
    Methods run synchronously on the owner thread inside the engine call
    that caused them (XC-03) and may call back into the engine."""

    def analytics(self, record: AnalyticsRecord) -> None:
        """XC-05: every analytics record."""
        return None

    def render(self, frame: "Frame", content: Content) -> None:
        """Draw ``content`` in ``frame``, then report through
        frame.template_rendered / template_failed."""
        return None

    def open_url(self, url: str) -> bool:
        """AF-21: perform an action's navigation; IM-06: open a message
        button's link that ``messages.can_open_url`` said it can open.
        Return whether it opened."""
        return False

    def preloaded(self, place_id: str, banners: Optional[List[BannerInfo]], error: Optional[FrameError]) -> None:
        """BN-14, BN-15: Engine.preload_banners finished: ``banners`` (the
        list now cached with its content; a banner whose content failed has
        ``content_error`` set) on success, else None and ``error``."""
        return None

    def state_changed(self) -> None:
        """XC-10: the durable state changed (capping, shown-once ledgers):
        store ``engine.export_state(...)`` now."""
        return None


#: The methods the engine looks up on its host.
HOST_METHODS = ("analytics", "render", "open_url", "preloaded", "state_changed")
