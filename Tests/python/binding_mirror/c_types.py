"""C types as clang spells them, reduced to what the ABI cares about.

clang's AST gives every type as text ("const frames_banner_info *",
"void (*)(frames_banner_place *, size_t, void *)") with at most the top
level of typedef sugar removed.  This module turns such text into a small
tree -- scalar, void, pointer, struct, function pointer -- resolving typedef
names through the header's typedef table, so that a comparison never depends
on how a declaration happens to be spelled.  Qualifiers (const, volatile)
do not change the ABI and are dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, Mapping, Tuple, Union


@dataclass(frozen=True)
class Scalar:
    """An arithmetic type by its canonical C name ("int", "unsigned long",
    "double", "_Bool")."""

    name: str


@dataclass(frozen=True)
class Void:
    pass


@dataclass(frozen=True)
class Pointer:
    target: "CType"


@dataclass(frozen=True)
class Record:
    """A struct by its tag (frames_rect), defined or opaque."""

    name: str


@dataclass(frozen=True)
class FunctionPointer:
    returns: "CType"
    params: Tuple["CType", ...]


CType = Union[Scalar, Void, Pointer, Record, FunctionPointer]

#: Spellings clang may print for one builtin type -> the canonical one.
_BUILTIN_ALIASES = {
    "bool": "_Bool",
    "signed": "int",
    "signed int": "int",
    "unsigned": "unsigned int",
    "short int": "short",
    "signed short": "short",
    "unsigned short int": "unsigned short",
    "long int": "long",
    "signed long": "long",
    "long unsigned int": "unsigned long",
    "unsigned long int": "unsigned long",
    "long long int": "long long",
    "signed long long": "long long",
    "long long unsigned int": "unsigned long long",
    "unsigned long long int": "unsigned long long",
}

BUILTINS = frozenset(
    {
        "_Bool",
        "char",
        "signed char",
        "unsigned char",
        "short",
        "unsigned short",
        "int",
        "unsigned int",
        "long",
        "unsigned long",
        "long long",
        "unsigned long long",
        "float",
        "double",
        "long double",
    }
)

_QUALIFIERS = re.compile(r"\b(?:const|volatile|restrict|__restrict)\b")
_FUNCTION_POINTER = re.compile(r"^(?P<returns>.*?)\s*\(\s*\*\s*\)\s*\((?P<params>.*)\)$")


class UnknownCType(ValueError):
    """A type this model cannot express (an array, a union, ...)."""


def parse_c_type(text: str, typedefs: Mapping[str, str], _depth: int = 0) -> CType:
    """The tree of a C type written as clang prints it."""
    if _depth > 32:
        raise UnknownCType(f"typedef chain too deep at {text!r}")
    text = " ".join(text.split())
    match = _FUNCTION_POINTER.match(text)
    if match:
        params_text = match.group("params").strip()
        params: List[CType] = []
        if params_text not in ("", "void"):
            params = [parse_c_type(p, typedefs, _depth + 1) for p in _split_top_level(params_text)]
        return FunctionPointer(parse_c_type(match.group("returns"), typedefs, _depth + 1), tuple(params))
    text = _QUALIFIERS.sub(" ", text)
    text = " ".join(text.split())
    if text.endswith("*"):
        return Pointer(parse_c_type(text[:-1], typedefs, _depth + 1))
    if text.startswith("struct "):
        return Record(text[len("struct ") :].strip())
    if text == "void":
        return Void()
    name = _BUILTIN_ALIASES.get(text, text)
    if name in BUILTINS:
        return Scalar(name)
    if text in typedefs:
        return parse_c_type(typedefs[text], typedefs, _depth + 1)
    raise UnknownCType(f"cannot read the C type {text!r}")


def _split_top_level(params: str) -> List[str]:
    """Splits "a, void (*)(b, c), d" at the commas outside parentheses."""
    parts: List[str] = []
    depth = 0
    start = 0
    for i, char in enumerate(params):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(params[start:i])
            start = i + 1
    parts.append(params[start:])
    return [p.strip() for p in parts]


def spell(ctype: CType) -> str:
    """A canonical spelling for messages ("struct frames_rect *")."""
    if isinstance(ctype, Scalar):
        return ctype.name
    if isinstance(ctype, Void):
        return "void"
    if isinstance(ctype, Pointer):
        inner = spell(ctype.target)
        return inner + ("*" if inner.endswith("*") else " *")
    if isinstance(ctype, Record):
        return "struct " + ctype.name
    return f"{spell(ctype.returns)} (*)({', '.join(spell(p) for p in ctype.params) or 'void'})"
