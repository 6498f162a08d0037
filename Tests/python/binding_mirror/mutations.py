"""Deliberate drifts, for the self-tests of the mirror check.

Each mutation is chosen from what the header and the package contain now
(the first struct whose first two fields differ in type, the first
enumeration, ...), never from a hard-coded name, so the self-tests keep
working as both grow.  Each returns the text that the check's report must
contain for that drift: the struct and field, the function and parameter,
the constant.  A mutation that finds nothing to mutate fails loudly.
"""

from __future__ import annotations

import ctypes
import enum
import re
import struct
import sys
import types
from typing import Any, Callable, Dict, List, Tuple

from .c_types import FunctionPointer, Scalar
from .header_facts import HeaderFacts, init_macro
from .layout_drift import reader_layout, structs_read_by
from .package_view import PackageView
from .value_drift import camel_case

Mutation = Tuple[str, List[str]]


def _edit(text: str, pattern: str, replacement: Callable[["re.Match[str]"], str], what: str) -> str:
    new, count = re.subn(pattern, replacement, text, count=1, flags=re.M | re.S)
    if count != 1:
        raise AssertionError(f"self-test: found no {what} to mutate in frames.h")
    return new


def _struct_body(text: str, name: str) -> "re.Match[str]":
    found = re.search(rf"^(?:typedef )?struct {name} \{{.*?\n\}}", text, re.S | re.M)
    if found is None:
        raise AssertionError(f"self-test: no definition of struct {name} in frames.h")
    return found


def retype_a_double_read_by_a_format(text: str, facts: HeaderFacts, view: PackageView) -> Tuple[str, List[str], str]:
    """double -> int64_t (same size, same offset) in a struct that a
    record reader (a struct.Struct format, a ctypes array) reads: only the kind of the field tells."""
    for where, reader in view.record_readers():
        for name in structs_read_by(facts, reader):
            for f in facts.structs[name].fields:
                body = _struct_body(text, name).group(0)
                line = rf"^(\s*)double {f.name};"
                if f.written == "double" and re.search(line, body, re.M):
                    retyped = re.sub(line, rf"\1int64_t {f.name};", body, count=1, flags=re.M)
                    expected = [f"{name}.{f.name}: c_double where C has long", f"{where}: {reader_layout(reader)[0]} reads no"]
                    return text.replace(body, retyped), expected, name
    raise AssertionError("self-test: no record reader reads a struct with a double field")


def swap_two_fields(text: str, facts: HeaderFacts, avoid: str) -> Mutation:
    """Swaps the first two fields of the first struct whose first two fields
    have different types and are declared one per line."""
    for s in facts.structs.values():
        if s.name == avoid or len(s.fields) < 2 or s.fields[0].written == s.fields[1].written:
            continue
        a, b = s.fields[0], s.fields[1]
        body = _struct_body(text, s.name).group(0)
        line_a = rf"^[ \t]*{re.escape(a.written)}[ \t]+{a.name};[ \t]*$"
        line_b = rf"^[ \t]*{re.escape(b.written)}[ \t]+{b.name};[ \t]*$"
        if not (re.search(line_a, body, re.M) and re.search(line_b, body, re.M)):
            continue
        swapped = re.sub(line_a, "\0", body, count=1, flags=re.M)
        swapped = re.sub(line_b, f"    {a.written} {a.name};", swapped, count=1, flags=re.M)
        swapped = swapped.replace("\0", f"    {b.written} {b.name};")
        return text.replace(body, swapped), [f"{s.name}.{a.name}: ", f"{s.name}.{b.name}: "]
    raise AssertionError("self-test: no struct with two differently typed one-line fields")


def retype_a_parameter(text: str, facts: HeaderFacts) -> Mutation:
    """The first integer parameter of the first function that has one
    becomes a double, in the function's declaration (not in a comment)."""
    fn, index, param = next(
        (fn, i, p)
        for fn in facts.functions.values()
        for i, p in enumerate(fn.params)
        if isinstance(p.ctype, Scalar) and re.fullmatch(r"\w+", p.written) and p.ctype.name != "double"
    )
    start = re.search(rf"^(?![ \t]*(?:/\*|\*))[^\n]*\b{fn.name}\s*\(", text, re.M)
    if start is None:
        raise AssertionError(f"self-test: no declaration of {fn.name} in frames.h")
    stop = text.index(";", start.end())
    declaration = text[start.start() : stop]
    changed = re.sub(rf"\b{re.escape(param.written)}(\s+){param.name}\b", rf"double\1{param.name}", declaration, count=1)
    if changed == declaration:
        raise AssertionError(f"self-test: no parameter {param.name} in the declaration of {fn.name}")
    return text[: start.start()] + changed + text[stop:], [f"{fn.name}: parameter {index + 1} '{param.name}' is "]


def change_a_default(text: str, facts: HeaderFacts, view: PackageView) -> Mutation:
    """An integer literal of a FRAMES_*_INIT that a dataclass reproduces."""
    for where, cls, method in view.default_producers():
        built = getattr(cls(), method)()
        name = type(built).__name__
        macro = init_macro(name)
        defaults = facts.defaults.get(macro)
        found = re.search(rf"#define {macro}\s*\\?\s*\{{(?P<body>[^}}]*)\}}", text)
        if defaults is None or found is None:
            continue
        items = found.group("body").split(",")
        for k, (path, (kind, value)) in enumerate(defaults.values):
            if k and kind == "int" and k < len(items) and re.fullmatch(rf"\s*{value}\s*", items[k]):
                items[k] = items[k].replace(str(value), str(int(value) + 1))
                start, stop = found.span("body")
                expected = f"{where}().{method}() sets {name}.{path} = {value}, but frames.h's {macro} has {int(value) + 1}"
                return text[:start] + ",".join(items) + text[stop:], [expected]
    raise AssertionError("self-test: no FRAMES_*_INIT with an integer literal that a dataclass reproduces")


def mutate_header(text: str, facts: HeaderFacts, view: PackageView) -> Mutation:
    """A copy of frames.h with one drift of every kind, and what the report
    on it must say."""
    text, expected, format_struct = retype_a_double_read_by_a_format(text, facts, view)
    text, more = swap_two_fields(text, facts, avoid=format_struct)
    expected += more

    first, second = list(facts.enums.values())[:2]
    member = first.members[-1]
    text = _edit(text, rf"^#define {member.constant}\s+\(?-?\d+\)?[ \t]*$",
                 lambda m: f"#define {member.constant} {member.value + 100}", member.constant)
    expected.append(f".{camel_case(first.typedef)}.{member.member} = {member.value}, "
                    f"but frames.h has {member.constant} = {member.value + 100}")
    last = second.members[-1]
    text = _edit(text, rf"^(#define {last.constant}\b[^\n]*)$",
                 lambda m: f"{m.group(1)}\n#define {second.prefix}MIRROR_SELFTEST 77", last.constant)
    expected.append(f".{camel_case(second.typedef)}.MIRROR_SELFTEST: missing; "
                    f"frames.h has {second.prefix}MIRROR_SELFTEST = 77")

    code_name, code = [(k, v) for k, v in facts.constants.items() if k.startswith("FRAMES_ERR_")][-1]
    text = _edit(text, rf"^#define {code_name}\s+\(?-?\d+\)?[ \t]*$",
                 lambda m: f"#define {code_name} ({code} - 50)", code_name)
    expected.append(f".CODE = {code}, but frames.h has {code_name} = {int(code) - 50}")

    text, more = retype_a_parameter(text, facts)
    expected += more
    end = text.rindex("#ifdef __cplusplus")
    text = text[:end] + "frames_result frames_mirror_selftest(int32_t value);\n\n" + text[end:]
    expected.append("frames_mirror_selftest: declared in frames.h, but ")

    # A field spelled as a function pointer in its struct: one typed by a
    # typedef of the header (record_write) has no parameter list there.
    owner, member_name, pointer = next(
        (s.name, f.name, f.ctype)
        for s in facts.structs.values()
        for f in s.fields
        if isinstance(f.ctype, FunctionPointer) and re.search(rf"\(\*{f.name}\)\(", text)
    )
    assert isinstance(pointer, FunctionPointer)
    text = _edit(text, rf"\(\*{member_name}\)\(", lambda m: f"(*{member_name})(int32_t mirror_selftest, ",
                 f"function pointer {owner}.{member_name}")
    expected.append(f"{owner}.{member_name}: takes {len(pointer.params)} parameters where C has {len(pointer.params) + 1}")

    text, more = change_a_default(text, facts, view)
    expected += more

    minor = int(facts.constants["FRAMES_VERSION_MINOR"])
    text = _edit(text, r"^#define FRAMES_VERSION_MINOR \d+", lambda m: f"#define FRAMES_VERSION_MINOR {minor + 1}",
                 "FRAMES_VERSION_MINOR")
    expected.append("EXPECTED_VERSION_NUMBER = ")
    return text, expected


# --- the package ----------------------------------------------------------------


def _copy(module: types.ModuleType) -> types.ModuleType:
    copy = types.ModuleType(module.__name__)
    copy.__dict__.update(vars(module))
    return copy


def _structure(name: str, module: str, fields: List[Tuple[str, Any]]) -> Any:
    return type(name, (ctypes.Structure,), {"_fields_": fields, "__module__": module})


def _function_with(arity: int) -> Any:
    """A plain function of ``arity`` positional parameters."""
    names = ", ".join(f"a{i}" for i in range(arity))
    return eval(f"lambda {names}: None")


def mutate_package(facts: HeaderFacts, view: PackageView) -> Tuple[PackageView, List[str]]:
    """A view of the package whose signature module, the modules of the
    mutated structs (the mirror keeps one module per header section) and the
    first enumeration's module are mutated copies, and what the report on it
    must say."""
    table_where, table = view.signature_tables()[0]
    copies: Dict[str, types.ModuleType] = {}

    def copy_of(name: str) -> types.ModuleType:
        if name not in copies:
            copies[name] = _copy(sys.modules[name])
        return copies[name]

    ffi = copy_of(table_where.rsplit(".", 1)[0])
    module = ffi.__name__
    expected: List[str] = []
    structures = [cls for _, cls in view.structures()]

    swapped = next(c for c in structures if len(c._fields_) > 1 and c._fields_[0][1] is not c._fields_[1][1])
    fields = list(swapped._fields_)
    fields[0], fields[1] = fields[1], fields[0]
    setattr(copy_of(swapped.__module__), swapped.__name__, _structure(swapped.__name__, swapped.__module__, fields))
    expected += [f"{swapped.__name__}.{fields[0][0]}: ", f"{swapped.__name__}.{fields[1][0]}: "]

    owner, index, callback = next(
        (c, i, entry[1]) for c in structures if c is not swapped
        for i, entry in enumerate(c._fields_) if hasattr(entry[1], "_argtypes_")
    )
    argtypes = list(callback._argtypes_)
    argtypes[0] = ctypes.c_int8 if argtypes[0] is ctypes.c_double else ctypes.c_double
    fields = list(owner._fields_)
    fields[index] = (fields[index][0], ctypes.CFUNCTYPE(callback._restype_, *argtypes))
    setattr(copy_of(owner.__module__), owner.__name__, _structure(owner.__name__, owner.__module__, fields))
    expected.append(f"{owner.__name__}.{fields[index][0]}: parameter 1 is ")

    rows = list(table)
    row_index, arg_index = next(
        (r, a) for r, row in enumerate(rows) for a, arg in enumerate(row[2])
        if getattr(arg, "_type_", "") in ("i", "l", "q") and row[0] in facts.functions
    )
    name, restype, args, checked = rows[row_index]
    rows[row_index] = (name, restype, tuple(ctypes.c_double if a == arg_index else t for a, t in enumerate(args)), checked)
    param = facts.functions[name].params[arg_index].name
    expected.append(f"{name}: parameter {arg_index + 1} '{param}' is c_double where C has ")
    dropped = rows.pop(0 if row_index else -1)[0]
    expected.append(f"{dropped}: declared in frames.h, but {table_where} has no row")
    rows.append(("frames_mirror_selftest", None, (), False))
    expected.append(f"frames_mirror_selftest: a row in {table_where}, but frames.h declares no such function")
    setattr(ffi, "SIGNATURES", tuple(rows))

    constant = next(n for n, v in vars(ffi).items() if n.startswith("FRAMES_") and type(v) is int)
    value = getattr(ffi, constant) + 1
    setattr(ffi, constant, value)
    expected.append(f"{module}.{constant} = {value}, but frames.h has {constant} = ")

    setattr(ffi, "_MIRROR_SELFTEST_FORMAT", struct.Struct("@3dq"))
    expected.append(f"{module}._MIRROR_SELFTEST_FORMAT: struct.Struct('@3dq') reads no struct")

    arity = len(callback._argtypes_) + 1
    setattr(ffi, "_MIRROR_SELFTEST_CB", callback(_function_with(arity)))
    expected.append(f"{module}._MIRROR_SELFTEST_CB: <lambda> takes {arity} arguments")

    _, base = view.error_classes()[0]
    code_name, code = next((k, int(v)) for k, v in facts.constants.items() if k.startswith("FRAMES_ERR_"))
    error_class = type(
        "MirrorSelftestError", (base,), {"__doc__": f"{code_name}: a copy.", "CODE": code - 1, "__module__": module}
    )
    setattr(ffi, "MirrorSelftestError", error_class)
    expected.append(f"{module}.MirrorSelftestError.CODE = {code - 1}, but frames.h has {code_name} = {code}")

    enum_where, py_enum = view.int_enums()[0]
    enum_module = copy_of(enum_where.rsplit(".", 1)[0])
    members = {m.name: int(m) for m in py_enum}
    last = list(members)[-1]
    members[last] += 100
    setattr(enum_module, py_enum.__name__, enum.IntEnum(py_enum.__name__, members, module=enum_module.__name__))
    expected.append(f"{enum_where}.{last} = {members[last]}, but frames.h has ")

    for copy in copies.values():
        view = view.replacing(copy)
    return view, expected
