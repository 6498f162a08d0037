#!/usr/bin/env python3
"""Generates Tests/abi/functions.json from include/frames.h.

The list is derived from the header by the compiler, not by a hand-written
declaration parser: clang parses the header (`-Xclang -ast-dump=json
-fsyntax-only`, C99) and this script keeps the top-level declarations whose
location is in frames.h itself (not in the system headers it includes):

  functions  every FunctionDecl: name, return type, parameters (name, type as
             written, canonical C type), in header order;
  structs    every struct the header defines: its fields (name, type,
             canonical type), in declaration order;
  opaque     the structs the header declares but never defines (the handles:
             frames_engine, frames_frame, ...);
  results    the documented result codes: FRAMES_OK and every FRAMES_ERR_*
             macro with its value (from `clang -dM -E`, so a code added to the
             header is accepted by the sweep only once it is documented here).

The output is deterministic (header order, sorted keys, 2-space indent) so
that `check_functions.sh` can compare it byte for byte with the committed
file.

usage: gen_functions.py <clang> <include/frames.h>   (JSON on stdout)
"""
import json
import os
import re
import subprocess
import sys


def clang_ast(clang, header):
    out = subprocess.run(
        [clang, "-Xclang", "-ast-dump=json", "-fsyntax-only", "-x", "c", "-std=c99", header],
        check=True, stdout=subprocess.PIPE).stdout
    return json.loads(out)


def clang_macros(clang, header):
    out = subprocess.run([clang, "-dM", "-E", "-x", "c", "-std=c99", header],
                         check=True, stdout=subprocess.PIPE, text=True).stdout
    codes = {}
    for line in out.splitlines():
        m = re.match(r"#define (FRAMES_(?:OK|ERR_[A-Z0-9_]+)) \(?(-?[0-9]+)\)?$", line.strip())
        if m:
            codes[m.group(1)] = int(m.group(2))
    return codes


class FileTracker:
    """clang's JSON dump prints a location's "file" only when it differs from
    the previously printed one, so the file of a declaration is the last file
    seen, in document order, up to and including its own location."""

    def __init__(self):
        self.current = None

    def walk(self, node):
        if isinstance(node, dict):
            if "file" in node and isinstance(node["file"], str):
                self.current = node["file"]
            for key, value in node.items():
                if key != "file":
                    self.walk(value)
        elif isinstance(node, list):
            for value in node:
                self.walk(value)

    def file_of_loc(self, loc):
        if "expansionLoc" in loc:
            self.walk(loc.get("spellingLoc", {}))
            self.walk(loc["expansionLoc"])
        else:
            self.walk(loc)
        return self.current


def type_of(t):
    written = t["qualType"]
    canonical = t.get("desugaredQualType", written)
    return written, canonical


def canonical_c(clang_type):
    # The canonical spellings the sweep understands; anything else is kept
    # as is and the sweep rejects it ("unsupported type").
    return clang_type.replace("_Bool", "bool")


def typedefs_of(ast):
    """Every typedef the header sees, its own and the system headers' (size_t,
    uint8_t, frames_result ...): name -> the type it stands for, one level of
    sugar removed (frames_result -> int, frames_rect -> struct frames_rect)."""
    typedefs = {}
    for node in ast.get("inner", []):
        if node["kind"] == "TypedefDecl":
            written, canonical = type_of(node["type"])
            typedefs[node["name"]] = canonical
    return typedefs


def describe(clang, header, ast=None):
    """The document this script prints, as a dict. Importable, so that other
    checks (the Python binding's mirror test) read the header through this
    one parser; pass `ast` (from clang_ast) to reuse a parse."""
    base = os.path.basename(header)
    if ast is None:
        ast = clang_ast(clang, header)
    tracker = FileTracker()
    functions, structs, declared, defined = [], [], [], set()
    for node in ast.get("inner", []):
        loc = node.get("loc", {})
        file_ = tracker.file_of_loc(loc)
        own = file_ is not None and os.path.basename(file_) == base
        # The rest of the node (range, children) moves the tracker on.
        rest = {k: v for k, v in node.items() if k != "loc"}
        tracker.walk(rest)
        if not own:
            continue
        kind = node["kind"]
        if kind == "FunctionDecl":
            sig = node["type"]["qualType"]
            ret = sig[: sig.index("(")].strip()
            params = []
            for child in node.get("inner", []):
                if child["kind"] != "ParmVarDecl":
                    continue
                written, canonical = type_of(child["type"])
                params.append({"name": child.get("name", ""), "type": written,
                               "canonical": canonical_c(canonical)})
            # The return type's canonical form: clang gives only the written
            # one in the function type; resolve typedefs we know.
            functions.append({"name": node["name"], "return": ret, "params": params,
                              "variadic": bool(node.get("variadic", False))})
        elif kind == "RecordDecl" and node.get("name"):
            name = node["name"]
            if name not in declared:
                declared.append(name)
            if node.get("completeDefinition"):
                defined.add(name)
                fields = []
                for child in node.get("inner", []):
                    if child["kind"] == "FieldDecl":
                        written, canonical = type_of(child["type"])
                        fields.append({"name": child["name"], "type": written,
                                       "canonical": canonical_c(canonical)})
                structs.append({"name": name, "fields": fields})
    # Typedefs of the header's own scalar types (frames_result -> int32_t ->
    # int): the return types need their canonical form too.
    typedefs = typedefs_of(ast)
    def resolve(t):
        seen = 0
        while t in typedefs and seen < 10:
            t = typedefs[t]
            seen += 1
        return t
    for f in functions:
        r = f["return"]
        f["return_canonical"] = canonical_c(resolve(r)) if "*" not in r else canonical_c(r)
    return {
        "header": "include/" + base,
        "generator": "Tests/abi/gen_functions.py (clang -ast-dump=json); do not edit by hand",
        "results": clang_macros(clang, header),
        "opaque": sorted(n for n in declared if n not in defined),
        "structs": structs,
        "functions": functions,
    }


def main():
    clang, header = sys.argv[1], sys.argv[2]
    json.dump(describe(clang, header), sys.stdout, indent=2, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
