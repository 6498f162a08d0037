"""The package's import graph: no module of ``frames`` imports, at its top
level, a module that imports it back (through any path), and nothing
outside ``frames.demos`` imports ``frames.demos``.

Read from the source with ``ast``, not by importing: an import circle works
by luck of the order modules are first imported, so a run that happens to
import them in a good order proves nothing.  Imports inside functions run
later and on demand (the command's dispatch to the demos); those under
``if TYPE_CHECKING:`` never run; neither is an edge here.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional, Set

import pytest

PACKAGE_DIR = Path(__file__).resolve().parents[2] / "bindings" / "python" / "frames"
#: What `import frames` must not import: the HTTP driver's standard
#: library (http.client pulls email), the driver itself, the demos.
HEAVY = ("http.client", "email", "urllib.request", "frames.http_driver", "frames.demos")
DEMOS = "frames.demos"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE_DIR.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> Dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE_DIR.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _top_level_imports(body: List[ast.stmt]) -> List[ast.stmt]:
    """Import statements that run when the module is imported: at the top
    level, also inside try/if blocks, but not under ``if TYPE_CHECKING:``."""
    found: List[ast.stmt] = []
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                found += _top_level_imports(node.body)
            found += _top_level_imports(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *[h.body for h in node.handlers]):
                found += _top_level_imports(block)
    return found


def _resolve(name: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = name.split(".") if is_package else name.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(name: str, path: Path, known: Set[str]) -> Set[str]:
    """The package modules ``name`` imports when it is imported.

    A module's own ancestors are imported before it, so an edge to one
    counts only when the module reads a name of that package (``from ..
    import Engine``), not when it imports a submodule (``from . import
    _check``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    parts = name.split(".")
    ancestors = {".".join(parts[:end]) for end in range(1, len(parts) + (0 if not is_package else 0))}
    edges: Set[str] = set()

    def add(target: str, reads_names: bool = False) -> None:
        # `import frames.a.b` imports frames, frames.a and frames.a.b.
        pieces = target.split(".")
        for end in range(1, len(pieces) + 1):
            candidate = ".".join(pieces[:end])
            if candidate not in known or candidate == name:
                continue
            if candidate in ancestors and not (reads_names and candidate == target):
                continue
            edges.add(candidate)

    for node in _top_level_imports(tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(name, is_package, node)
            submodules = {f"{base}.{alias.name}" for alias in node.names} & known
            add(base, reads_names=len(submodules) < len(node.names))
            for target in sorted(submodules):
                add(target)
    return edges


def import_graph() -> Dict[str, Set[str]]:
    found = modules()
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def find_cycle(graph: Dict[str, Set[str]]) -> Optional[List[str]]:
    """One import circle, as the modules along it, or None."""
    state: Dict[str, int] = {}  # 1: on the current path, 2: done
    path: List[str] = []

    def visit(node: str) -> Optional[List[str]]:
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return path[path.index(target):] + [target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            cycle = visit(start)
            if cycle:
                return cycle
    return None


def test_the_graph_was_read() -> None:
    graph = import_graph()
    assert "frames.engine" in graph and "frames.demos.cli" in graph
    assert "frames.frame" in graph["frames.engine"]
    assert "frames._callbacks" in graph["frames._frame_callbacks"]


def test_no_module_of_frames_imports_itself_back() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_only_the_package_imports_the_engine_module() -> None:
    # The modules the engine is built from, and the drivers, take what they
    # need from it (its state, its clock), so the engine module sits above
    # every other module of the library.
    graph = import_graph()
    importers = sorted(name for name, edges in graph.items() if "frames.engine" in edges)
    allowed = {"frames"}
    assert [name for name in importers if name not in allowed and not name.startswith(DEMOS)] == []


def test_the_library_never_imports_the_demos() -> None:
    graph = import_graph()
    offenders = sorted(
        name for name, edges in graph.items()
        if not name.startswith(DEMOS) and any(t == DEMOS or t.startswith(DEMOS + ".") for t in edges)
    )
    assert offenders == []


@pytest.mark.parametrize(
    "source, expected",
    [
        ("from . import a\n", {"frames.a"}),
        ("from . import Engine\n", {"frames"}),
        ("from .a import b\n", {"frames.a"}),
        ("if TYPE_CHECKING:\n    from .a import b\n", set()),
        ("def f() -> None:\n    from .a import b\n", set()),
        ("try:\n    from .a import b\nexcept ImportError:\n    pass\n", {"frames.a"}),
    ],
)
def test_the_reader_counts_only_imports_that_run_at_import(source: str, expected: Set[str], tmp_path: Path) -> None:
    path = tmp_path / "m.py"
    path.write_text(source)
    assert imports_of("frames.m", path, {"frames", "frames.a", "frames.m"}) == expected


def test_a_circle_is_found() -> None:
    assert find_cycle({"frames.a": {"frames.b"}, "frames.b": {"frames.c"}, "frames.c": {"frames.a"}}) == [
        "frames.a", "frames.b", "frames.c", "frames.a"]
    assert find_cycle({"frames.a": {"frames.b"}, "frames.b": set()}) is None


def _imported_by(code: str, library_path: str) -> "set[str]":
    """The modules a fresh interpreter holds after running ``code``."""
    # The rest of the environment is kept: under the sanitizers it carries
    # the LD_PRELOAD of their runtime.
    env = {**os.environ, "FRAMES_LIBRARY": library_path, "PYTHONPATH": str(PACKAGE_DIR.parent)}
    probe = code + "\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_import_frames_leaves_the_http_driver_and_the_demos_unimported(library_path: str) -> None:
    # `import frames` loads the library; what a program does not use is
    # imported by its first use (docs/performance.md, "Importing frames").
    loaded = _imported_by("import frames", library_path)
    assert "frames._lib" in loaded
    assert [name for name in HEAVY if name in loaded] == []
    layout_only = _imported_by("import frames\nframes.layout_banners(frames.Appearance(), 390, [1.0])", library_path)
    assert [name for name in HEAVY if name in layout_only] == []
    virtual = _imported_by("from frames import Engine, VirtualClockDriver", library_path)
    assert [name for name in HEAVY if name in virtual] == []
    assert {"http.client", "frames.http_driver"} <= _imported_by("from frames import HttpDriver", library_path)


def test_every_public_name_is_there_when_asked_for() -> None:
    import frames
    import frames.drivers
    from frames.http_driver import HttpDriver

    assert frames.HttpDriver is HttpDriver and frames.drivers.HttpDriver is HttpDriver
    for name in frames.__all__:
        assert getattr(frames, name) is not None, name
    assert set(frames.__all__) <= set(dir(frames))
    assert frames.trace.level_for_logging is not None  # a submodule, by attribute
    with pytest.raises(AttributeError, match="no_such_name"):
        getattr(frames, "no_such_name")
    with pytest.raises(AttributeError, match="no_such_name"):
        getattr(frames.drivers, "no_such_name")
