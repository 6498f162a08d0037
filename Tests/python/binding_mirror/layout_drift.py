"""Drift in memory layouts: ctypes Structures, the struct.Struct formats and
ctypes arrays that read C records, and the ctypes scalars named after the
header's typedefs."""

from __future__ import annotations

import ctypes
import re
import struct
import sys
from typing import Any, Dict, List, Optional, Tuple

from .c_types import FunctionPointer, Pointer, Record, Scalar, spell
from .ctypes_rules import c_scalar_kind, describe, mismatch, scalar_kind
from .header_facts import HeaderFacts, Struct
from .package_view import PackageView


def struct_drift(facts: HeaderFacts, view: PackageView) -> List[str]:
    out: List[str] = []
    mirrors: Dict[str, List[Tuple[str, Any]]] = {}
    for where, cls in view.structures() + view.unions():
        mirrors.setdefault(cls.__name__, []).append((where, cls))
    for name, items in sorted(mirrors.items()):
        if name not in facts.structs:
            for where, _ in items:
                out.append(f"{where}: a ctypes Structure mirroring no struct of frames.h (there is no struct {name})")
        elif len(items) > 1:
            out.append(f"struct {name}: {len(items)} Python mirrors ({', '.join(w for w, _ in items)}); keep one")
    for name, c_struct in facts.structs.items():
        if name not in mirrors:
            out.append(f"struct {name}: defined in frames.h, but the package has no ctypes Structure named {name}")
            continue
        where, cls = mirrors[name][0]
        out += _one_struct(c_struct, where, cls, facts)
    return out


def _one_struct(c: Struct, where: str, cls: Any, facts: HeaderFacts) -> List[str]:
    out: List[str] = []
    defined = frozenset(facts.structs)
    if getattr(cls, "_pack_", 0):
        out.append(f"{c.name}: {where} sets _pack_; frames.h structs have their natural alignment")
    py_fields: List[Tuple[str, Any]] = []
    for entry in getattr(cls, "_fields_", ()):
        if len(entry) != 2:
            out.append(f"{c.name}.{entry[0]}: {where} declares a bit field; frames.h has none")
        py_fields.append((entry[0], entry[1]))
    py_types = dict(py_fields)
    c_names = [f.name for f in c.fields]
    for f in c.fields:
        if f.name not in py_types:
            out.append(f"{c.name}.{f.name}: in frames.h ({f.written}, offset {f.offset}) but missing from {where}")
    for name, _ in py_fields:
        if name not in c_names:
            out.append(f"{c.name}.{name}: in {where} but not in frames.h")
    py_order = [n for n, _ in py_fields if n in c_names]
    c_order = [n for n in c_names if n in py_types]
    for i, name in enumerate(c_order):
        if py_order[i] != name:
            out.append(
                f"{c.name}.{name}: field {i + 1} in frames.h, field {py_order.index(name) + 1} in {where} "
                f"(the order of fields must be the header's)"
            )
    for f in c.fields:
        if f.name not in py_types:
            continue
        descriptor = getattr(cls, f.name)
        if descriptor.offset != f.offset:
            out.append(f"{c.name}.{f.name}: offset {descriptor.offset} in {where}, {f.offset} in frames.h")
        if descriptor.size != f.size:
            out.append(f"{c.name}.{f.name}: {descriptor.size} bytes in {where}, {f.size} in frames.h")
        why = mismatch(f.ctype, py_types[f.name], "field", defined, facts.opaque)
        if why is not None:
            out.append(f"{c.name}.{f.name}: {why} (frames.h: {f.written} {f.name})")
    if ctypes.sizeof(cls) != c.size:
        out.append(f"struct {c.name}: {ctypes.sizeof(cls)} bytes in {where}, {c.size} in frames.h")
    if ctypes.alignment(cls) != c.align:
        out.append(f"struct {c.name}: aligned to {ctypes.alignment(cls)} in {where}, {c.align} in frames.h")
    return out


# --- struct.Struct formats --------------------------------------------------

Slot = Tuple[int, int, str]  # offset, size, kind

_FORMAT_KINDS = {
    **dict.fromkeys("bhilqn", "signed"),
    **dict.fromkeys("BHILQN", "unsigned"),
    **dict.fromkeys("efd", "real"),
    "?": "bool",
    "c": "char",
    "P": "pointer",
}


def c_slots(facts: HeaderFacts, name: str, base: int = 0) -> List[Slot]:
    slots: List[Slot] = []
    for f in facts.structs[name].fields:
        if isinstance(f.ctype, Record) and f.ctype.name in facts.structs:
            slots += c_slots(facts, f.ctype.name, base + f.offset)
        elif isinstance(f.ctype, (Pointer, FunctionPointer)):
            slots.append((base + f.offset, f.size, "pointer"))
        elif isinstance(f.ctype, Scalar):
            slots.append((base + f.offset, f.size, c_scalar_kind(f.ctype.name)[0]))
        else:
            slots.append((base + f.offset, f.size, spell(f.ctype)))
    return slots


def format_slots(fmt: str) -> Optional[List[Slot]]:
    """The scalar slots a struct format reads, None for one that does not
    stand for a C record (strings, foreign byte order)."""
    order = fmt[0] if fmt and fmt[0] in "@=<>!" else "@"
    body = fmt[1:] if fmt and fmt[0] in "@=<>!" else fmt
    native = {"little": "<", "big": ">"}[sys.byteorder]
    if order in "<>!" and {"!": ">"}.get(order, order) != native:
        return None
    slots: List[Slot] = []
    done = ""
    for count_text, code in re.findall(r"(\d*)([xcbB?hHiIlLqQnNefdspP])", body.replace(" ", "")):
        if code in "sp":
            return None
        for _ in range(int(count_text or "1")):
            done += code
            size = struct.calcsize(order + code)
            if code != "x":
                slots.append((struct.calcsize(order + done) - size, size, _FORMAT_KINDS[code]))
    return slots


def reader_layout(reader: Any) -> Tuple[str, Optional[List[Slot]], int]:
    """How a record reader is written, the slots it reads and its size: a
    struct.Struct, or a ctypes array of scalars used as a row."""
    if isinstance(reader, struct.Struct):
        return f"struct.Struct({reader.format!r})", format_slots(reader.format), reader.size
    element: Any = getattr(reader, "_type_", None)
    kind = scalar_kind(element)
    size = ctypes.sizeof(element) if kind is not None else 0
    slots = None if kind is None else [(i * size, size, kind[0]) for i in range(getattr(reader, "_length_", 0))]
    return f"{describe(element)} * {getattr(reader, '_length_', '?')}", slots, ctypes.sizeof(reader)


def structs_read_by(facts: HeaderFacts, reader: Any) -> List[str]:
    """The structs whose layout ``reader`` has: the same scalars at the same
    offsets, the same size up to trailing padding."""
    _, slots, size = reader_layout(reader)
    return [
        name
        for name, c in facts.structs.items()
        if slots == c_slots(facts, name) and 0 <= c.size - size < c.align
    ]


def structs_leading(facts: HeaderFacts, reader: Any) -> List[str]:
    """The versioned structs whose whole layout ``reader`` starts with: a
    call struct the binding packs, followed by its own scratch words (the
    one-layout frames_layout_batch of frames.layout). Only versioned structs
    qualify, so a record reader that merely begins like a frames_rect is
    still checked whole."""
    _, slots, _ = reader_layout(reader)
    found = []
    for name, c in facts.structs.items():
        if not c.fields or c.fields[0].name != "version":
            continue
        wanted = c_slots(facts, name)
        if slots and wanted and len(slots) > len(wanted) and slots[: len(wanted)] == wanted:
            found.append(name)
    return found


def reader_drift(facts: HeaderFacts, view: PackageView) -> List[str]:
    """A module-level struct.Struct or ctypes array type reads C records the
    binding received byte for byte, so it must have some struct's layout
    (scalars of the same kind at the same offsets, the same size up to
    trailing padding) — or start with one, the rest being the binding's own
    words. A reader named ``*_SCRATCH`` packs only the binding's own words
    and mirrors nothing."""
    out: List[str] = []
    for where, reader in view.record_readers():
        if where.endswith("_SCRATCH"):
            continue
        if not structs_read_by(facts, reader) and not structs_leading(facts, reader):
            written, _, size = reader_layout(reader)
            same_size = [name for name, c in facts.structs.items() if c.size == size]
            hint = f" (same size: {', '.join(same_size)})" if same_size else ""
            out.append(
                f"{where}: {written} reads no struct of frames.h field for field{hint}; "
                "derive it from the header's layout again"
            )
    return out


def alias_drift(facts: HeaderFacts, view: PackageView) -> List[str]:
    """``frames_result = c_int32`` and the like: the ctypes scalar a module
    names after a typedef must be that typedef's type."""
    out: List[str] = []
    for where, name, py in view.scalar_aliases():
        ctype = facts.typedefs.get(name)
        if ctype is None:
            out.append(f"{where} = {describe(py)}: frames.h has no typedef {name}")
            continue
        why = mismatch(ctype, py, "field", frozenset(facts.structs), facts.opaque)
        if why is not None:
            out.append(f"{where}: {why} (frames.h: typedef {spell(ctype)} {name})")
    return out
