"""A banner place's delegate callbacks (frames_banner_delegate,
BN-08..BN-17): ``user_data`` is ``engine_key << 32 | slot_key``
(_callbacks), the place is found by its handle, weakly.
"""

from __future__ import annotations

import ctypes
import json
from typing import Any, Optional

from . import _ffi
from ._callbacks import _FREE_DELEGATE, EngineState, _banner_info, _delegate, _frame_error, _text
from .banner_types import InputKind

__all__ = ["make_banner_delegate"]


def _banner_did_update(handle: Optional[int], is_content: bool, count: int, height: float, user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "did_update", True)
    if found is not None:
        state, place, method = found
        state.guard(method, place, bool(is_content), int(count), float(height))


def _banners_loaded(handle: Optional[int], place_id: Optional[bytes], user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "banners_loaded", True)
    if found is not None:
        state, place, method = found
        state.guard(method, place, _text(place_id) or "")


def _banner_render(
    handle: Optional[int], index: int, info_p: Any, content_p: Any, size: int, user_data: Optional[int]
) -> None:
    found = _delegate(handle, user_data, "render", True)
    if found is not None:
        state, place, method = found
        content = ctypes.string_at(content_p, size) if size else b""
        state.guard(method, place, int(index), _banner_info(info_p), content)


def _banner_row_failed(handle: Optional[int], index: int, error_p: Any, user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "row_failed", True)
    if found is not None:
        state, place, method = found
        state.guard(method, place, int(index), _frame_error(error_p))


def _banner_show(handle: Optional[int], index: int, info_p: Any, user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "show", True)
    if found is not None:
        state, place, method = found
        state.guard(method, place, int(index), _banner_info(info_p))


def _banner_playback(handle: Optional[int], index: int, playing: bool, from_start: bool, user_data: Optional[int]) -> None:
    # The most frequent callback (several per scroll step): ctypes already
    # gives int and bool, and the guard is inlined.
    found = _delegate(handle, user_data, "playback", True)
    if found is not None:
        state, place, method = found
        try:
            method(place, index, playing, from_start)
        except BaseException as error:  # noqa: B902 - re-raised after the C call
            state.pending.append(error)


def _banner_did_scroll(handle: Optional[int], index: int, user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "did_scroll", True)
    if found is not None:
        state, place, method = found
        state.guard(method, place, int(index))


def _banner_on_action(handle: Optional[int], target: Optional[bytes], user_data: Optional[int]) -> None:
    found = _delegate(handle, user_data, "on_action", True)
    if found is not None:
        state, place, method = found
        state.guard(method, place, _text(target) or "")


def _banner_widget_event(
    handle: Optional[int], index: int, info_p: Any, name: Optional[bytes], data: Optional[bytes],
    user_data: Optional[int],
) -> None:
    found = _delegate(handle, user_data, "widget_event", True)
    if found is not None:
        state, place, method = found
        banner = _banner_info(info_p)
        state.guard(lambda: method(place, int(index), banner, _text(name) or "", None if data is None else json.loads(data)))


def _banner_input_requested(
    handle: Optional[int], index: int, kind: int, prompt: Optional[bytes], user_data: Optional[int]
) -> bool:
    found = _delegate(handle, user_data, "input_requested", True)
    if found is None:
        return False
    state, place, method = found
    try:
        typed: InputKind | int = InputKind(kind)
    except ValueError:  # a kind added by a newer library
        typed = kind
    return bool(state.guard(method, place, int(index), typed, _text(prompt) or ""))


# The C-callable objects: module level, so they live as long as the library.
_BANNER_DID_UPDATE = _ffi.BANNER_DID_UPDATE_CB(_banner_did_update)
_BANNERS_LOADED = _ffi.BANNERS_LOADED_CB(_banners_loaded)
_BANNER_RENDER = _ffi.BANNER_RENDER_CB(_banner_render)
_BANNER_ROW_FAILED = _ffi.BANNER_ROW_FAILED_CB(_banner_row_failed)
_BANNER_SHOW = _ffi.BANNER_SHOW_CB(_banner_show)
_BANNER_PLAYBACK = _ffi.BANNER_PLAYBACK_CB(_banner_playback)
_BANNER_DID_SCROLL = _ffi.BANNER_DID_SCROLL_CB(_banner_did_scroll)
_BANNER_ON_ACTION = _ffi.BANNER_ON_ACTION_CB(_banner_on_action)
_BANNER_WIDGET_EVENT = _ffi.BANNER_WIDGET_EVENT_CB(_banner_widget_event)
_BANNER_INPUT_REQUESTED = _ffi.BANNER_INPUT_REQUESTED_CB(_banner_input_requested)


def make_banner_delegate(state: EngineState, slot_key: int) -> _ffi.frames_banner_delegate:
    """A C banner delegate whose user_data finds ``state.delegates[slot_key]``."""
    return _ffi.frames_banner_delegate(
        _ffi.FRAMES_BANNER_DELEGATE_VERSION,
        _BANNER_DID_UPDATE,
        _BANNERS_LOADED,
        _BANNER_RENDER,
        _BANNER_ROW_FAILED,
        _BANNER_SHOW,
        _BANNER_PLAYBACK,
        _BANNER_DID_SCROLL,
        _BANNER_ON_ACTION,
        _BANNER_WIDGET_EVENT,
        _BANNER_INPUT_REQUESTED,
        (state.key << 32) | slot_key,
        _FREE_DELEGATE,
    )
