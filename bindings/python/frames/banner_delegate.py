"""The banners module's delegate protocols: BannerPlaceDelegate, what a
banner place tells its host (BN-08..BN-17), and BannersDelegate, what the
module tells it (BN-14), with the method names looked up on each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, List, Optional, Protocol

from .banner_types import InputKind
from .records import BannerInfo
from .status import FrameError

if TYPE_CHECKING:
    from .banners import BannerPlace

__all__ = ["BannerPlaceDelegate", "BannersDelegate", "BANNER_DELEGATE_METHODS", "BANNERS_DELEGATE_METHODS"]


class BannerPlaceDelegate(Protocol):
    """What a banner place tells its host (a typing.Protocol).

    Any object with some of these methods will do (a missing one is
    skipped; without input_requested the place declines); derive from it to
    have the signatures checked.  Indexes are positions in the place's
    list.  Called on the owner thread after the state change (XC-03); a
    method may call back into the place or the engine."""

    def updated(self, place: "BannerPlace", is_content: bool, count: int, list_height: float) -> None:
        """BN-15: on every list update (load, refresh, new width, failure)."""
        return None

    def loaded(self, place: "BannerPlace", placement_id: str) -> None:
        """BN-15: the list loaded (every load and refresh)."""
        return None

    def render(self, place: "BannerPlace", index: int, banner: BannerInfo, content: bytes) -> None:
        """BN-16: banner ``index``'s content is downloaded and checked: draw it."""
        return None

    def row_failed(self, place: "BannerPlace", index: int, error: FrameError) -> None:
        """BN-16: the row's content failed; it keeps its space (retry_row)."""
        return None

    def shown(self, place: "BannerPlace", index: int, banner: BannerInfo) -> None:
        """BN-13, BN-15: first play of banner ``index`` in this load."""
        return None

    def playback_changed(self, place: "BannerPlace", index: int, playing: bool, from_start: bool) -> None:
        """BN-09, BN-10: start (from the beginning when ``from_start``, else
        resume) or pause banner ``index``."""
        return None

    def scrolled(self, place: "BannerPlace", index: int) -> None:
        """BN-08: the current index changed (swipe, timer or call)."""
        return None

    def action_triggered(self, place: "BannerPlace", target: str) -> None:
        """BN-15: a link inside a banner was tapped."""
        return None

    def widget_reported(
        self, place: "BannerPlace", index: int, banner: BannerInfo, name: str, data: Optional[Any]
    ) -> None:
        """BN-15: a widget inside banner ``index`` reported ``name`` with
        its JSON data decoded (None when none)."""
        return None

    def input_requested(self, place: "BannerPlace", index: int, kind: InputKind, prompt: str) -> bool:
        """BN-17: return True when presenting a dialog (then call
        place.report_input_finished), False to decline at once."""
        return False


#: The methods a banner place looks up on its delegate.
BANNER_DELEGATE_METHODS = (
    "updated",
    "loaded",
    "render",
    "row_failed",
    "shown",
    "playback_changed",
    "scrolled",
    "action_triggered",
    "widget_reported",
    "input_requested",
)


class BannersDelegate(Protocol):
    """What the banners module tells its host (frames_banners_delegate, a
    typing.Protocol): ``engine.banners.delegate = obj``."""

    def preloaded(
        self, placement_id: str, banners: Optional[List[BannerInfo]], error: Optional[FrameError]
    ) -> None:
        """BN-14, BN-15: ``engine.banners.preload`` finished: ``banners``
        (the list now cached with its content; a banner whose content failed
        has ``content_error`` set) on success, else None and ``error``."""
        return None


#: The methods the banners module looks up on its delegate.
BANNERS_DELEGATE_METHODS = ("preloaded",)
