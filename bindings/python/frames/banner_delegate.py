"""BannerPlaceDelegate: what a banner place tells its host (BN-08..BN-17),
as a typing.Protocol, and the method names a place looks up on one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Protocol

from .banner_types import InputKind
from .records import BannerInfo
from .status import FrameError

if TYPE_CHECKING:
    from .banners import BannerPlace

__all__ = ["BannerPlaceDelegate", "BANNER_DELEGATE_METHODS"]


class BannerPlaceDelegate(Protocol):
    """What a banner place tells its host (a typing.Protocol).

    Derive from it to implement only some methods (the others do nothing;
    input_requested declines), or give any object that has all ten; at run
    time a missing method is skipped.  Indexes are positions in the place's
    list.  Called on the owner thread after the state change (XC-03); a
    method may call back into the place or the engine."""

    def did_update(self, place: "BannerPlace", is_content: bool, count: int, list_height: float) -> None:
        """BN-15: on every list update (load, refresh, new width, failure)."""
        return None

    def banners_loaded(self, place: "BannerPlace", place_id: str) -> None:
        """BN-15: the list loaded (every load and refresh)."""
        return None

    def render(self, place: "BannerPlace", index: int, banner: BannerInfo, content: bytes) -> None:
        """BN-16: banner ``index``'s content is downloaded and checked: draw it."""
        return None

    def row_failed(self, place: "BannerPlace", index: int, error: FrameError) -> None:
        """BN-16: the row's content failed; it keeps its space (retry_row)."""
        return None

    def show(self, place: "BannerPlace", index: int, banner: BannerInfo) -> None:
        """BN-13, BN-15: first play of banner ``index`` in this load."""
        return None

    def playback(self, place: "BannerPlace", index: int, playing: bool, from_start: bool) -> None:
        """BN-09, BN-10: start (from the beginning when ``from_start``, else
        resume) or pause banner ``index``."""
        return None

    def did_scroll(self, place: "BannerPlace", index: int) -> None:
        """BN-08: the current index changed (swipe, timer or call)."""
        return None

    def on_action(self, place: "BannerPlace", target: str) -> None:
        """BN-15: a link inside a banner was tapped."""
        return None

    def widget_event(
        self, place: "BannerPlace", index: int, banner: BannerInfo, name: str, data: Optional[Any]
    ) -> None:
        """BN-15: a widget inside banner ``index`` reported ``name`` with
        its JSON data decoded (None when none)."""
        return None

    def input_requested(self, place: "BannerPlace", index: int, kind: InputKind, prompt: str) -> bool:
        """BN-17: return True when presenting a dialog (then call
        place.input_finished), False to decline at once."""
        return False


#: The methods a banner place looks up on its delegate.
BANNER_DELEGATE_METHODS = (
    "did_update",
    "banners_loaded",
    "render",
    "row_failed",
    "show",
    "playback",
    "did_scroll",
    "on_action",
    "widget_event",
    "input_requested",
)
