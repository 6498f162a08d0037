"""Drift in values: constants, enumerations, error codes and the defaults of
the FRAMES_*_INIT initializers."""

from __future__ import annotations

import functools
import re
from typing import Any, Dict, List

from .header_facts import HeaderFacts, init_macro
from .package_view import PackageView


def constant_drift(facts: HeaderFacts, view: PackageView) -> List[str]:
    out: List[str] = []
    for where, name, value in view.constants():
        c_name = name if name.startswith("FRAMES_") else "FRAMES_" + name[len("EXPECTED_") :]
        if c_name not in facts.constants:
            out.append(f"{where} = {value!r}: frames.h defines no {c_name}")
            continue
        c_value = facts.constants[c_name]
        if type(c_value) is not type(value) or c_value != value:
            out.append(f"{where} = {value!r}, but frames.h has {c_name} = {c_value!r}")
    return out


def camel_case(typedef: str) -> str:
    """frames_row_state -> RowState."""
    return "".join(word.capitalize() for word in typedef[len("frames_") :].split("_"))


def enum_drift(facts: HeaderFacts, view: PackageView) -> List[str]:
    out: List[str] = []
    by_name: Dict[str, List[Any]] = {}
    for where, cls in view.int_enums():
        by_name.setdefault(cls.__name__, []).append((where, cls))
    mirrored = {camel_case(typedef): typedef for typedef in facts.enums}
    for name, items in sorted(by_name.items()):
        if name not in mirrored:
            for where, _ in items:
                snake = "frames_" + re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
                out.append(
                    f"{where}: an IntEnum mirroring no enumeration of frames.h "
                    f"(expected an integer typedef {snake} followed by its constants)"
                )
        elif len(items) > 1:
            out.append(f"{mirrored[name]}: {len(items)} IntEnums named {name} ({', '.join(w for w, _ in items)})")
    for typedef, enum in facts.enums.items():
        name = camel_case(typedef)
        if name not in by_name:
            out.append(f"{typedef} ({enum.prefix}*): an enumeration of frames.h with no IntEnum {name} in the package")
            continue
        where, cls = by_name[name][0]
        members = {key: int(member) for key, member in cls.__members__.items()}
        for m in enum.members:
            if m.member not in members:
                out.append(f"{where}.{m.member}: missing; frames.h has {m.constant} = {m.value}")
            elif members[m.member] != m.value:
                out.append(f"{where}.{m.member} = {members[m.member]}, but frames.h has {m.constant} = {m.value}")
        known = {m.member for m in enum.members}
        for key, value in members.items():
            if key not in known:
                out.append(f"{where}.{key} = {value}: frames.h has no {enum.prefix}{key}")
    return out


def error_drift(facts: HeaderFacts, view: PackageView) -> List[str]:
    """Each FRAMES_ERR_* has exactly one exception class whose CODE is its
    value and whose docstring names it first."""
    out: List[str] = []
    codes = {name: value for name, value in facts.constants.items() if name.startswith("FRAMES_ERR_")}
    owners: Dict[str, str] = {}
    for where, cls in view.error_classes():
        code = vars(cls)["CODE"]
        found = re.search(r"\bFRAMES_ERR_[A-Z0-9_]+", cls.__doc__ or "")
        if found is None:
            out.append(f"{where} (CODE {code}): its docstring names no FRAMES_ERR_* constant")
            continue
        c_name = found.group(0)
        if c_name not in codes:
            out.append(f"{where}: its docstring names {c_name}, which frames.h does not define")
            continue
        if c_name in owners:
            out.append(f"{c_name}: mirrored by both {owners[c_name]} and {where}")
        owners[c_name] = where
        if code != codes[c_name]:
            out.append(f"{where}.CODE = {code}, but frames.h has {c_name} = {codes[c_name]}")
        stated = re.search(re.escape(c_name) + r"\s*\((-?\d+)\)", cls.__doc__ or "")
        if stated is not None and int(stated.group(1)) != codes[c_name]:
            out.append(f"{where}: its docstring says {c_name} ({stated.group(1)}), frames.h has {codes[c_name]}")
    for c_name, value in codes.items():
        if c_name not in owners:
            out.append(f"{c_name} = {value}: no exception class of the package has it as CODE (and names it first)")
    return out


def default_drift(facts: HeaderFacts, view: PackageView) -> List[str]:
    """A dataclass that builds a struct from its defaults builds exactly the
    struct's FRAMES_*_INIT: otherwise a Python user silently gets other
    defaults than a C user."""
    out: List[str] = []
    for where, cls, method in view.default_producers():
        try:
            instance = cls()
        except TypeError:  # no defaults to compare: it needs arguments
            continue
        built = getattr(instance, method)()
        struct_name = type(built).__name__
        defaults = facts.defaults.get(init_macro(struct_name))
        if defaults is None:
            continue
        for path, (kind, expected) in defaults.values:
            value = functools.reduce(getattr, path.split("."), built)
            if kind == "null":
                same = (not value) == expected
                shown = "NULL" if expected else "non-NULL"
            elif kind == "real":
                same = float(value) == expected
                shown = repr(expected)
            else:
                same = int(value) == expected
                shown = repr(expected)
            if not same:
                out.append(
                    f"{where}().{method}() sets {struct_name}.{path} = {value!r}, "
                    f"but frames.h's {defaults.macro} has {shown}"
                )
    return out
