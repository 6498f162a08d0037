"""What include/frames.h declares, as the compilers see it.

Nothing here reads the header's text with a hand-written parser:

- declarations (functions, their parameters, structs, their fields, opaque
  types, typedefs) come from clang's AST through Tests/abi/gen_functions.py,
  the same reader that keeps Tests/abi/functions.json honest;
- sizes, alignments, field offsets, the value of every ``#define FRAMES_*``
  and the field values of every ``FRAMES_*_INIT`` come from a probe program
  generated here and built with the system C compiler (the one C users
  build with);
- which constants belong to which enumeration typedef comes from the
  preprocessor's output (``cc -E -dD``): the header declares an enumeration
  as an integer typedef immediately followed by its ``#define``s.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, FrozenSet, Iterator, List, Mapping, Optional, Tuple, Union

from .c_types import CType, FunctionPointer, Pointer, Record, Scalar, UnknownCType, parse_c_type

REPO_ROOT = Path(__file__).resolve().parents[3]
#: FRAMES_HEADER: another checkout's header, to compare the package with a
#: header that changes in step with it elsewhere before the two meet.
HEADER = Path(os.environ.get("FRAMES_HEADER") or REPO_ROOT / "include" / "frames.h")
GEN_FUNCTIONS = REPO_ROOT / "Tests" / "abi" / "gen_functions.py"

Constant = Union[int, float, str]


@dataclass(frozen=True)
class Field:
    name: str
    written: str
    ctype: CType
    offset: int
    size: int


@dataclass(frozen=True)
class Struct:
    name: str
    size: int
    align: int
    fields: Tuple[Field, ...]


@dataclass(frozen=True)
class Param:
    name: str
    written: str
    ctype: CType


@dataclass(frozen=True)
class Function:
    name: str
    returns_written: str
    returns: CType
    params: Tuple[Param, ...]
    variadic: bool


@dataclass(frozen=True)
class EnumMember:
    constant: str  # FRAMES_ROW_STATE_FAILED
    member: str  # FAILED: the constant without the enumeration's prefix
    value: int


@dataclass(frozen=True)
class Enum:
    typedef: str  # frames_row_state
    prefix: str  # FRAMES_ROW_
    members: Tuple[EnumMember, ...]


#: A field value of a FRAMES_*_INIT: ("int", 4), ("real", 2.0) or
#: ("null", True) for a pointer that is NULL.
DefaultValue = Tuple[str, Union[int, float, bool]]


@dataclass(frozen=True)
class Defaults:
    macro: str  # FRAMES_ENGINE_OPTIONS_INIT
    struct: str  # frames_engine_options
    values: Tuple[Tuple[str, DefaultValue], ...]  # (field path, value)


@dataclass(frozen=True)
class HeaderFacts:
    header: Path
    structs: Dict[str, Struct]
    opaque: FrozenSet[str]
    functions: Dict[str, Function]
    constants: Dict[str, Constant]
    enums: Dict[str, Enum]
    defaults: Dict[str, Defaults]
    #: The header's own typedefs (frames_result -> int), resolved.
    typedefs: Dict[str, CType]


class ToolMissing(RuntimeError):
    """No compiler to ask: the check cannot run (and must not pass)."""


def find_clang() -> str:
    """clang, for its AST: FRAMES_CLANG, the Swift toolchain's, or PATH's."""
    for candidate in (os.environ.get("FRAMES_CLANG"), "/opt/swift/usr/bin/clang", shutil.which("clang")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise ToolMissing("no clang found (set FRAMES_CLANG); the binding mirror check needs its AST of frames.h")


def find_cc() -> str:
    """The system C compiler: CC, else cc, gcc or clang on PATH."""
    for candidate in (os.environ.get("CC"), "cc", "gcc", "clang"):
        path = shutil.which(candidate) if candidate else None
        if path:
            return path
    raise ToolMissing("no C compiler found (set CC); the binding mirror check compiles a probe of frames.h")


def _gen_functions() -> Any:
    spec = importlib.util.spec_from_file_location("gen_functions", GEN_FUNCTIONS)
    if spec is None or spec.loader is None:
        raise ToolMissing(f"cannot load {GEN_FUNCTIONS}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@contextlib.contextmanager
def _without_preload() -> Iterator[None]:
    # The sanitizer runs preload their runtime into the test interpreter;
    # the compilers are not under test and need not carry it.
    saved = os.environ.pop("LD_PRELOAD", None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ["LD_PRELOAD"] = saved


def _run(args: List[str]) -> str:
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed ({done.returncode}):\n{done.stderr}")
    return done.stdout


def read_header(header: Path = HEADER, clang: Optional[str] = None, cc: Optional[str] = None) -> HeaderFacts:
    """Every fact the Python mirror is compared with, for ``header``."""
    clang = clang or find_clang()
    cc = cc or find_cc()
    gen = _gen_functions()
    with _without_preload():
        ast = gen.clang_ast(clang, str(header))
        doc = gen.describe(clang, str(header), ast)
        typedefs: Dict[str, str] = gen.typedefs_of(ast)
        macros = _object_macros(_run([cc, "-dM", "-E", "-x", "c", str(header)]))
        sequence = _run([cc, "-E", "-dD", "-x", "c", str(header)])
        structs_doc = [(s["name"], [(f["name"], f["type"]) for f in s["fields"]]) for s in doc["structs"]]
        parsed = {
            name: [(field, written, parse_c_type(written, typedefs)) for field, written in fields]
            for name, fields in structs_doc
        }
        probe_out = _probe(cc, header, parsed, macros)
    layouts, constants, defaults = _parse_probe(probe_out, parsed)
    functions: Dict[str, Function] = {}
    for f in doc["functions"]:
        params = tuple(Param(p["name"], p["type"], parse_c_type(p["type"], typedefs)) for p in f["params"])
        functions[f["name"]] = Function(f["name"], f["return"], parse_c_type(f["return"], typedefs), params, f["variadic"])
    return HeaderFacts(
        header=header,
        structs=layouts,
        opaque=frozenset(doc["opaque"]),
        functions=functions,
        constants=constants,
        enums=_enums(sequence, constants, typedefs),
        defaults=defaults,
        typedefs=_own_typedefs(typedefs),
    )


def _own_typedefs(typedefs: Mapping[str, str]) -> Dict[str, CType]:
    own: Dict[str, CType] = {}
    for name in typedefs:
        if name.startswith("frames_"):
            try:
                own[name] = parse_c_type(name, typedefs)
            except UnknownCType:
                pass  # nothing the binding could mirror as a scalar
    return own


def _object_macros(dump: str) -> Dict[str, str]:
    """FRAMES_* object-like macros -> body (function-like ones are skipped)."""
    macros: Dict[str, str] = {}
    for line in dump.splitlines():
        match = re.match(r"#define (FRAMES_\w+)(?: (.*))?$", line)
        if match:
            macros[match.group(1)] = (match.group(2) or "").strip()
    return macros


def init_macro(struct: str) -> str:
    """The static initializer a versioned struct has: frames_x_y -> FRAMES_X_Y_INIT."""
    return "FRAMES_" + struct[len("frames_") :].upper() + "_INIT"


_PROBE_PRELUDE = r"""
#include <stddef.h>
#include <stdio.h>
#include "frames.h"
static void show_int(const char *n, long long v) { printf("const %s int %lld\n", n, v); }
static void show_uint(const char *n, unsigned long long v) { printf("const %s int %llu\n", n, v); }
static void show_real(const char *n, long double v) { printf("const %s real %.21Lg\n", n, v); }
static void show_str(const char *n, const char *v) {
    printf("const %s str ", n);
    for (; *v; v++) printf("%02x", (unsigned char)*v);
    printf("\n");
}
#define SHOW(n) _Generic((n), char *: show_str, const char *: show_str, float: show_real, double: show_real, \
    long double: show_real, unsigned int: show_uint, unsigned long: show_uint, unsigned long long: show_uint, \
    default: show_int)(#n, (n))
int main(void) {
"""


def _probe(cc: str, header: Path, structs: Mapping[str, List[Tuple[str, str, CType]]], macros: Mapping[str, str]) -> str:
    lines = [_PROBE_PRELUDE]
    for name, fields in structs.items():
        lines.append(f'printf("struct {name} %zu %zu\\n", sizeof(struct {name}), _Alignof(struct {name}));')
        for field, _, _ in fields:
            lines.append(
                f'printf("field {name} {field} %zu %zu\\n", offsetof(struct {name}, {field}), '
                f"sizeof(((struct {name} *)0)->{field}));"
            )
    for macro, body in macros.items():
        # Values only: not include guards (empty), initializers ({...}) or
        # attribute macros (__attribute__, __declspec), which are no values.
        if body and not body.startswith("{") and "__" not in body:
            lines.append(f"SHOW({macro});")
    for name in structs:
        macro = init_macro(name)
        if macros.get(macro, "").startswith("{"):
            lines.append(f"{{ struct {name} v = {macro}; (void)v;")
            lines += _show_defaults(macro, name, "", structs)
            lines.append("}")
    lines.append("return 0; }")
    with tempfile.TemporaryDirectory(prefix="frames-mirror-") as tmp:
        source = Path(tmp) / "probe.c"
        exe = Path(tmp) / "probe"
        source.write_text("\n".join(lines) + "\n")
        _run([cc, "-std=c11", "-w", "-I", str(header.parent), str(source), "-o", str(exe)])
        return _run([str(exe)])


def _show_defaults(macro: str, struct: str, prefix: str, structs: Mapping[str, List[Tuple[str, str, CType]]]) -> List[str]:
    out: List[str] = []
    for field, _, ctype in structs[struct]:
        path = prefix + field
        if isinstance(ctype, Record) and ctype.name in structs:
            out += _show_defaults(macro, ctype.name, path + ".", structs)
        elif isinstance(ctype, (Pointer, FunctionPointer)):
            out.append(f'printf("default {macro} {path} null %d\\n", v.{path} == 0);')
        elif isinstance(ctype, Scalar) and ctype.name in ("float", "double", "long double"):
            out.append(f'printf("default {macro} {path} real %.21Lg\\n", (long double)v.{path});')
        elif isinstance(ctype, Scalar) and ctype.name.startswith("unsigned"):
            out.append(f'printf("default {macro} {path} int %llu\\n", (unsigned long long)v.{path});')
        elif isinstance(ctype, Scalar):
            out.append(f'printf("default {macro} {path} int %lld\\n", (long long)v.{path});')
    return out


def _parse_probe(
    out: str, structs: Mapping[str, List[Tuple[str, str, CType]]]
) -> Tuple[Dict[str, Struct], Dict[str, Constant], Dict[str, Defaults]]:
    sizes: Dict[str, Tuple[int, int]] = {}
    places: Dict[Tuple[str, str], Tuple[int, int]] = {}
    constants: Dict[str, Constant] = {}
    values: Dict[str, List[Tuple[str, DefaultValue]]] = {}
    for line in out.splitlines():
        kind, *rest = line.split(" ")
        if kind == "struct":
            sizes[rest[0]] = (int(rest[1]), int(rest[2]))
        elif kind == "field":
            places[(rest[0], rest[1])] = (int(rest[2]), int(rest[3]))
        elif kind == "const":
            name, how, text = rest
            constants[name] = (
                int(text) if how == "int" else float(text) if how == "real" else bytes.fromhex(text).decode("utf-8")
            )
        elif kind == "default":
            macro, path, how, text = rest
            value: DefaultValue = (how, float(text) if how == "real" else int(text))
            if how == "null":
                value = ("null", text == "1")
            values.setdefault(macro, []).append((path, value))
    layouts = {
        name: Struct(
            name,
            sizes[name][0],
            sizes[name][1],
            tuple(Field(f, w, t, *places[(name, f)]) for f, w, t in fields),
        )
        for name, fields in structs.items()
    }
    by_macro = {init_macro(name): name for name in structs}
    defaults = {macro: Defaults(macro, by_macro[macro], tuple(items)) for macro, items in values.items()}
    return layouts, constants, defaults


def _enums(sequence: str, constants: Mapping[str, Constant], typedefs: Mapping[str, str]) -> Dict[str, Enum]:
    """Integer typedefs followed by their #defines, in the preprocessor's output."""
    enums: Dict[str, Enum] = {}
    current: Optional[str] = None
    prefix: Optional[str] = None
    members: List[EnumMember] = []

    def close() -> None:
        nonlocal current, prefix, members
        if current is not None and prefix is not None and members:
            enums[current] = Enum(current, prefix, tuple(members))
        current, prefix, members = None, None, []

    for raw in sequence.splitlines():
        line = raw.strip()
        if not line or re.match(r"#\s*\d+\b", line):  # blank lines and line markers
            continue
        define = re.match(r"#define (FRAMES_\w+)\s", line + " ")
        if current is not None and define:
            name = define.group(1)
            if prefix is None:
                prefix = _enum_prefix(current, name)
            value = constants.get(name)
            if prefix is not None and name.startswith(prefix) and isinstance(value, int):
                members.append(EnumMember(name, name[len(prefix) :], value))
                continue
        close()
        typedef = re.match(r"typedef\s+[\w\s]+?\b(frames_\w+)\s*;$", line)
        if typedef and _is_integer(typedef.group(1), typedefs):
            current = typedef.group(1)
    close()
    return enums


def _enum_prefix(typedef: str, first: str) -> Optional[str]:
    """The longest FRAMES_<leading words of the type>_ the first constant
    starts with: FRAMES_<TYPE>_ by the naming rule, FRAMES_LAYOUT_ for
    frames_layout_type's older names; None when the constants that follow
    are not named after the type (frames_result's FRAMES_OK)."""
    words = typedef[len("frames_") :].upper().split("_")
    for k in range(len(words), 0, -1):
        prefix = "FRAMES_" + "_".join(words[:k]) + "_"
        if first.startswith(prefix):
            return prefix
    return None


def _is_integer(name: str, typedefs: Mapping[str, str]) -> bool:
    try:
        ctype = parse_c_type(name, typedefs)
    except ValueError:
        return False
    return isinstance(ctype, Scalar) and ctype.name not in ("_Bool", "float", "double", "long double")
