"""The rows of a banner place as a lazy sequence (BannerPlace.rows).

A place with 1,000 banners answers frames_banner_place_get_rows in about
15 µs from C; building 1,000 BannerRow and Rect objects on every call costs
a hundred times that from Python (docs/performance.md, "Engine calls from
Python").  So rows() copies the C rows once and makes a BannerRow only when
an item is read.  It behaves like the list it replaced: len, indexing,
slicing, iteration, ``==`` with a list, ``+``.
"""

from __future__ import annotations

import struct
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterator, List, Sequence, Tuple, Union, overload

if TYPE_CHECKING:
    from .banner_types import BannerRow

__all__ = ["RowSequence"]

#: struct frames_banner_row with the platform's alignment (checked at import
#: by banners.py against the ctypes mirror).
ROW = struct.Struct("@4di???dq")


#: One unpacked frames_banner_row.
Fields = Tuple[Any, ...]


class RowSequence(Sequence["BannerRow"]):
    """A read-only, lazy sequence of BannerRow over a copy of the C rows."""

    __slots__ = ("_data", "_indices", "_make")

    def __init__(self, data: bytes, make: Callable[[Fields], "BannerRow"], indices: range | None = None) -> None:
        self._data = data
        self._make = make
        self._indices = range(len(data) // ROW.size) if indices is None else indices

    def __len__(self) -> int:
        return len(self._indices)

    @overload
    def __getitem__(self, index: int) -> "BannerRow": ...

    @overload
    def __getitem__(self, index: slice) -> "RowSequence": ...

    def __getitem__(self, index: Union[int, slice]) -> Union["BannerRow", "RowSequence"]:
        if isinstance(index, slice):
            return RowSequence(self._data, self._make, self._indices[index])
        return self._make(ROW.unpack_from(self._data, self._indices[index] * ROW.size))

    def __iter__(self) -> Iterator["BannerRow"]:
        indices = self._indices
        if indices.step == 1:
            view = memoryview(self._data)[indices.start * ROW.size : indices.stop * ROW.size]
            return map(self._make, ROW.iter_unpack(view))
        return (self._make(ROW.unpack_from(self._data, i * ROW.size)) for i in indices)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (RowSequence, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Sequence["BannerRow"]) -> List["BannerRow"]:
        return [*self, *other]

    def __radd__(self, other: Sequence["BannerRow"]) -> List["BannerRow"]:
        return [*other, *self]

    def __repr__(self) -> str:
        return f"RowSequence({list(self)!r})"


def row_maker(
    rect: Callable[..., Any], row: Callable[..., "BannerRow"], states: Dict[int, Any]
) -> Callable[[Fields], "BannerRow"]:
    """The function turning one unpacked frames_banner_row into a BannerRow."""

    def make(fields: Fields) -> "BannerRow":
        x, y, w, h, state, known, playing, viewed, share, position = fields
        return row(rect(x, y, w, h), states.get(state, state), share if known else None, playing, viewed, position)

    return make
