"""XC-11: every object's answer to "what are you showing and why; if
nothing, why not", typed.

The library answers in one JSON shape (docs/wire-format.md §9); this module
reads it into frozen dataclasses: an :class:`Explanation` for a frame, a
banner place, an inline placement or a message, and an
:class:`EngineSnapshot` for the engine, which holds every object's
explanation.  ``docs/spec.md`` (XC-11) lists every reason code of every
kind.  Object names are the engine's: ``frame-3``, ``banner_place-2``,
``inline:home``, ``message:m1``, ``engine``.
"""

from __future__ import annotations

import ctypes
import json
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Mapping, Optional, Tuple, Type, TypeVar, Union

__all__ = ["Candidate", "EngineSnapshot", "Explanation", "Reason", "Showing", "parse_explanation"]

#: The shape version this package reads (the ``explain`` member).
SHAPE_VERSION = 1

_T = TypeVar("_T")


def _frozen(value: Any) -> Any:
    """JSON objects as read-only mappings, arrays as tuples: an explanation
    is a value."""
    if isinstance(value, dict):
        return MappingProxyType({key: _frozen(item) for key, item in value.items()})
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    return value


def _thawed(value: Any) -> Any:
    """The inverse of ``_frozen``: plain dicts and lists, for json.dumps."""
    if isinstance(value, Mapping):
        return {key: _thawed(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [_thawed(item) for item in value]
    return value


def _empty() -> Mapping[str, Any]:
    return MappingProxyType({})


@dataclass(frozen=True)
class Reason:
    """Why: a stable ``code``, one English sentence, and the other party
    under fixed names in ``fields`` (``than``, ``until_ms``, ``at_ms``,
    ``user_id``, ``superseded_by``, ``error``, ``min_engine_version``) —
    present only where the code names one."""

    code: str
    detail: str
    fields: Mapping[str, Any] = field(default_factory=_empty)

    def _party(self, name: str, kind: Type[_T]) -> Optional[_T]:
        value = self.fields.get(name)
        return value if isinstance(value, kind) and not isinstance(value, bool) else None

    @property
    def than(self) -> Optional[str]:
        """The campaign, banner or message that won instead."""
        return self._party("than", str)

    @property
    def until_ms(self) -> Optional[int]:
        """When the reason stops holding (None: never, or not named)."""
        return self._party("until_ms", int)

    @property
    def at_ms(self) -> Optional[int]:
        """When what the reason tells happened."""
        return self._party("at_ms", int)

    @property
    def superseded_by(self) -> Optional[str]:
        """The message that replaced it."""
        return self._party("superseded_by", str)

    @property
    def error(self) -> Optional[Mapping[str, Any]]:
        """The failure behind it: ``code``, ``message``, ``http_status``."""
        value = self.fields.get("error")
        return value if isinstance(value, Mapping) else None

    def __str__(self) -> str:
        return f"{self.code}: {self.detail}"

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "detail": self.detail, **_thawed(self.fields)}

    @classmethod
    def _read(cls, data: Mapping[str, Any]) -> "Reason":
        parties = {key: value for key, value in data.items() if key not in ("code", "detail")}
        return cls(str(data["code"]), str(data["detail"]), _frozen(parties))


@dataclass(frozen=True)
class Showing:
    """One thing an object shows: a campaign, a banner, a message (``id``),
    ``where`` (an inline view's id, ``row:0``, a message's view id; None
    where the object itself is the place) and its ``status`` there."""

    id: str
    variant_id: Optional[str]
    where: Optional[str]
    status: str

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "variant_id": self.variant_id, "where": self.where, "status": self.status}

    @classmethod
    def _read(cls, data: Mapping[str, Any]) -> "Showing":
        return cls(str(data["id"]), data.get("variant_id"), data.get("where"), str(data["status"]))


@dataclass(frozen=True)
class Candidate:
    """Something that could have shown (a campaign, a banner), its facts and
    why it does or does not."""

    id: str
    facts: Mapping[str, Any]
    reason: Reason

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "facts": _thawed(self.facts), "reason": self.reason.as_dict()}

    @classmethod
    def _read(cls, data: Mapping[str, Any]) -> "Candidate":
        return cls(str(data["id"]), _frozen(data["facts"]), Reason._read(data["reason"]))


@dataclass(frozen=True)
class Explanation:
    """One object's explanation (XC-11): its ``kind`` (``frame``,
    ``banner_place``, ``inline_placement``, ``message``), its name
    (``object``), the time it describes, who is logged in, its own state
    word, what else its kind knows (``facts``), what it shows, the headline
    ``reason`` and the candidates with theirs."""

    kind: str
    object: str
    placement_id: Optional[str]
    now_ms: int
    user_id: Optional[str]
    state: str
    facts: Mapping[str, Any]
    showing: Tuple[Showing, ...]
    reason: Reason
    candidates: Tuple[Candidate, ...]

    def candidate(self, candidate_id: str) -> Optional[Candidate]:
        """The candidate ``candidate_id``, if there is one."""
        return next((c for c in self.candidates if c.id == candidate_id), None)

    def __str__(self) -> str:
        return render_text(self)

    def as_dict(self) -> dict[str, Any]:
        """The library's JSON shape again (docs/wire-format.md §9)."""
        return {"explain": SHAPE_VERSION, "kind": self.kind, "object": self.object,
                "placement_id": self.placement_id, "now_ms": self.now_ms, "user_id": self.user_id,
                "state": self.state, "facts": _thawed(self.facts), "showing": [item.as_dict() for item in self.showing],
                "reason": self.reason.as_dict(), "candidates": [item.as_dict() for item in self.candidates]}

    @classmethod
    def _read(cls, data: Mapping[str, Any]) -> "Explanation":
        return cls(
            kind=str(data["kind"]),
            object=str(data["object"]),
            placement_id=data["placement_id"],
            now_ms=int(data["now_ms"]),
            user_id=data["user_id"],
            state=str(data["state"]),
            facts=_frozen(data["facts"]),
            showing=tuple(Showing._read(item) for item in data["showing"]),
            reason=Reason._read(data["reason"]),
            candidates=tuple(Candidate._read(item) for item in data["candidates"]),
        )


@dataclass(frozen=True)
class EngineSnapshot:
    """The engine's explanation (XC-11): its facts (session, device, app
    state, consent), the reason content is allowed or not, and every
    object's explanation — frames, banner places, inline placements with a
    view or a campaign, and every message the engine knows."""

    now_ms: int
    user_id: Optional[str]
    state: str
    facts: Mapping[str, Any]
    reason: Reason
    objects: Tuple[Explanation, ...]

    kind = "engine"
    object = "engine"

    def find(self, name: str) -> Optional[Explanation]:
        """The explanation of the object named ``name`` (``frame-3``), if the
        engine holds it."""
        return next((item for item in self.objects if item.object == name), None)

    def as_dict(self) -> dict[str, Any]:
        """The library's JSON shape again (docs/wire-format.md §9)."""
        return {"explain": SHAPE_VERSION, "kind": "engine", "object": "engine", "placement_id": None,
                "now_ms": self.now_ms, "user_id": self.user_id, "state": self.state, "facts": _thawed(self.facts),
                "showing": [], "reason": self.reason.as_dict(), "candidates": [],
                "objects": [item.as_dict() for item in self.objects]}

    def __str__(self) -> str:
        head = f"engine at {self.now_ms} ms, user {self.user_id or '(nobody)'}, app {self.state}: {self.reason}"
        return "\n\n".join([head] + [render_text(item) for item in self.objects])

    @classmethod
    def _read(cls, data: Mapping[str, Any]) -> "EngineSnapshot":
        return cls(
            now_ms=int(data["now_ms"]),
            user_id=data["user_id"],
            state=str(data["state"]),
            facts=_frozen(data["facts"]),
            reason=Reason._read(data["reason"]),
            objects=tuple(Explanation._read(item) for item in data["objects"]),
        )


def parse_explanation(text: Union[str, bytes]) -> Union[Explanation, EngineSnapshot]:
    """The explanation in ``text`` (the library's JSON): an
    :class:`EngineSnapshot` for the engine, else an :class:`Explanation`.
    ValueError for a shape this package does not read."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("explain") != SHAPE_VERSION:
        raise ValueError(f"not an explanation of shape {SHAPE_VERSION}: {str(text)[:80]!r}")
    try:
        if data.get("kind") == "engine":
            return EngineSnapshot._read(data)
        return Explanation._read(data)
    except (KeyError, TypeError) as error:
        raise ValueError(f"an explanation without {error}") from None


def _lent_text(call: Callable[..., Any], *args: Any) -> bytes:
    """Calls an explain function of the library with ``args`` and the two
    out-pointers; the text it lends (until the next call on the engine) is
    copied at once."""
    text = ctypes.c_char_p()
    length = ctypes.c_size_t()
    call(*args, ctypes.byref(text), ctypes.byref(length))
    return ctypes.string_at(text, length.value)


def lent_explanation(call: Callable[..., Any], *args: Any) -> Explanation:
    """An object's explanation from an explain function (``_lent_text``)."""
    explanation = parse_explanation(_lent_text(call, *args))
    if not isinstance(explanation, Explanation):
        raise ValueError(f"expected an object's explanation, got {explanation.kind}")
    return explanation


def lent_snapshot(call: Callable[..., Any], *args: Any) -> EngineSnapshot:
    """The engine's snapshot from frames_engine_explain (``_lent_text``)."""
    snapshot = parse_explanation(_lent_text(call, *args))
    if not isinstance(snapshot, EngineSnapshot):
        raise ValueError(f"expected the engine's snapshot, got {snapshot.kind}")
    return snapshot


def render_text(explanation: Explanation) -> str:
    """A few lines a person reads: the object and its state, the headline,
    what it shows, and each candidate's reason."""
    where = f" ({explanation.placement_id})" if explanation.placement_id else ""
    lines = [f"{explanation.object}{where}: {explanation.state} — {explanation.reason}"]
    for item in explanation.showing:
        variant = f"/{item.variant_id}" if item.variant_id else ""
        place = f" in {item.where}" if item.where else ""
        lines.append(f"  showing {item.id}{variant}{place}: {item.status}")
    for candidate in explanation.candidates:
        lines.append(f"  candidate {candidate.id}: {candidate.reason}")
    return "\n".join(lines)
