"""The banners module's callbacks: a place's delegate
(frames_banner_place_delegate, BN-08..BN-17; ``user_data`` is
``engine_key << 32 | slot_key``, whose slot names the BannerPlace) and the
module's delegate (frames_banners_delegate: ``preloaded``, BN-14; ``user_data``
is the engine's key).
"""

from __future__ import annotations

import ctypes
import dataclasses
import json
from typing import Any, Callable, List, Optional

from . import _ffi
from ._callbacks import (
    _FREE_DELEGATE,
    EngineState,
    _banner_from,
    _banner_info,
    _frame_error,
    _text,
    module_delegate,
    object_delegate,
    trampoline,
)
from .banner_types import InputKind
from .records import BannerInfo

__all__ = ["make_banner_delegate", "make_banners_delegate"]

Method = Callable[..., Any]


@trampoline(_ffi.BANNER_UPDATED_CB, object_delegate("updated"))
def _updated(state: EngineState, method: Method, place: Any, handle: Any, is_content: bool, count: int,
             height: float) -> None:
    method(place, bool(is_content), int(count), float(height))


@trampoline(_ffi.BANNER_LOADED_CB, object_delegate("loaded"))
def _loaded(state: EngineState, method: Method, place: Any, handle: Any, placement_id: Optional[bytes]) -> None:
    method(place, _text(placement_id) or "")


@trampoline(_ffi.BANNER_RENDER_CB, object_delegate("render"))
def _render(state: EngineState, method: Method, place: Any, handle: Any, index: int, info_p: Any, content_p: Any,
            size: int) -> None:
    content = ctypes.string_at(content_p, size) if size else b""
    method(place, int(index), _banner_info(info_p), content)


@trampoline(_ffi.BANNER_ROW_FAILED_CB, object_delegate("row_failed"))
def _row_failed(state: EngineState, method: Method, place: Any, handle: Any, index: int, error_p: Any) -> None:
    method(place, int(index), _frame_error(error_p))


@trampoline(_ffi.BANNER_SHOWN_CB, object_delegate("shown"))
def _shown(state: EngineState, method: Method, place: Any, handle: Any, index: int, info_p: Any) -> None:
    method(place, int(index), _banner_info(info_p))


# The most frequent callback (several per scroll step): ctypes already gives
# int and bool, so they are passed as they come.
@trampoline(_ffi.BANNER_PLAYBACK_CHANGED_CB, object_delegate("playback_changed"))
def _playback_changed(state: EngineState, method: Method, place: Any, handle: Any, index: int, playing: bool,
                      from_start: bool) -> None:
    method(place, index, playing, from_start)


@trampoline(_ffi.BANNER_SCROLLED_CB, object_delegate("scrolled"))
def _scrolled(state: EngineState, method: Method, place: Any, handle: Any, index: int) -> None:
    method(place, int(index))


@trampoline(_ffi.BANNER_ACTION_TRIGGERED_CB, object_delegate("action_triggered"))
def _action_triggered(state: EngineState, method: Method, place: Any, handle: Any, target: Optional[bytes]) -> None:
    method(place, _text(target) or "")


@trampoline(_ffi.BANNER_WIDGET_REPORTED_CB, object_delegate("widget_reported"))
def _widget_reported(state: EngineState, method: Method, place: Any, handle: Any, index: int, info_p: Any,
                     name: Optional[bytes], data: Optional[bytes]) -> None:
    banner = _banner_info(info_p)
    method(place, int(index), banner, _text(name) or "", None if data is None else json.loads(data))


@trampoline(_ffi.BANNER_INPUT_REQUESTED_CB, object_delegate("input_requested"), default=False)
def _input_requested(state: EngineState, method: Method, place: Any, handle: Any, index: int, kind: int,
                     prompt: Optional[bytes]) -> bool:
    try:
        typed: InputKind | int = InputKind(kind)
    except ValueError:  # a kind added by a newer library
        typed = kind
    return bool(method(place, int(index), typed, _text(prompt) or ""))


@trampoline(_ffi.BANNERS_PRELOADED_CB, module_delegate("banners", "preloaded"))
def _preloaded(state: EngineState, method: Method, module: Any, placement_id: Optional[bytes], banners_p: Any,
               count: int, banner_errors_p: Any, error_p: Any) -> None:
    error = _frame_error(error_p) if error_p else None
    banners: Optional[List[BannerInfo]] = None
    if error is None:
        banners = [
            dataclasses.replace(
                _banner_from(banners_p[i]),
                content_error=_frame_error(banner_errors_p[i]) if banner_errors_p and banner_errors_p[i] else None,
            )
            for i in range(count)
        ]
    method(_text(placement_id) or "", banners, error)


def _nothing_held(user_data: Optional[int]) -> None:
    # The module delegate lives on engine.banners; C holds nothing for it.
    return None


_FREE_BANNERS_DELEGATE = _ffi.FREE_USER_DATA_CB(_nothing_held)


def make_banner_delegate(state: EngineState, slot_key: int) -> _ffi.frames_banner_place_delegate:
    """A place's C delegate whose user_data finds ``state.delegates[slot_key]``."""
    return _ffi.frames_banner_place_delegate(
        _ffi.FRAMES_BANNER_PLACE_DELEGATE_VERSION,
        _updated,
        _loaded,
        _render,
        _row_failed,
        _shown,
        _playback_changed,
        _scrolled,
        _action_triggered,
        _widget_reported,
        _input_requested,
        (state.key << 32) | slot_key,
        _FREE_DELEGATE,
    )


def make_banners_delegate(state: EngineState) -> _ffi.frames_banners_delegate:
    """The banners module's C delegate of an engine; user_data is its key."""
    return _ffi.frames_banners_delegate(
        _ffi.FRAMES_BANNERS_DELEGATE_VERSION, _preloaded, state.key, _FREE_BANNERS_DELEGATE
    )
