"""The Python side of the mirror: what the package declares about frames.h.

Found by walking the package's modules, never by a list kept in the test,
so that a structure, enumeration or callback added later is compared
without editing anything here.  The conventions this relies on are the
package's own:

- a ctypes Structure mirrors the C struct of the same name;
- an ``IntEnum`` mirrors the integer typedef whose name it spells in
  CamelCase (``RowState`` -> ``frames_row_state``);
- a module-level ``FRAMES_*`` value mirrors the header's constant of that
  name, an ``EXPECTED_*`` value the header's ``FRAMES_*`` (the version the
  binding was written against);
- an exception class with an integer ``CODE`` mirrors the ``FRAMES_ERR_*``
  constant its docstring names first;
- ``SIGNATURES`` is the table of (name, restype, argtypes, checked) rows;
- a module-level ``struct.Struct``, or ctypes array of scalars, reads C
  records byte for byte;
- a dataclass with a ``to_c``/``_to_c`` method builds the struct whose
  ``FRAMES_*_INIT`` its defaults must reproduce.
"""

from __future__ import annotations

import ctypes
import dataclasses
import enum
import importlib
import pkgutil
import struct
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Iterator, List, Sequence, Tuple

from .ctypes_rules import is_cfunction, is_cfunctype, scalar_kind


@dataclass(frozen=True)
class PackageView:
    modules: Tuple[ModuleType, ...]

    @classmethod
    def of(cls, package: ModuleType) -> "PackageView":
        """Every module of ``package`` (its ``__main__`` excepted: importing
        it would run the command line)."""
        names = sorted(info.name for info in pkgutil.iter_modules(package.__path__) if info.name != "__main__")
        modules = [package] + [importlib.import_module(f"{package.__name__}.{name}") for name in names]
        return cls(tuple(modules))

    def replacing(self, module: ModuleType) -> "PackageView":
        """This view with ``module`` in place of the module of the same name
        (the self-test's mutated copies)."""
        return PackageView(tuple(module if m.__name__ == module.__name__ else m for m in self.modules))

    def _members(self) -> Iterator[Tuple[ModuleType, str, Any]]:
        for module in self.modules:
            for name, value in sorted(vars(module).items()):
                yield module, name, value

    def _own_classes(self, base: type) -> Iterator[Tuple[str, Any]]:
        seen = set()
        for module, name, value in self._members():
            if (
                isinstance(value, type)
                and issubclass(value, base)
                and value.__module__ == module.__name__
                and id(value) not in seen
            ):
                seen.add(id(value))
                yield f"{module.__name__}.{name}", value

    def structures(self) -> List[Tuple[str, Any]]:
        return [(w, c) for w, c in self._own_classes(ctypes.Structure) if c is not ctypes.Structure]

    def unions(self) -> List[Tuple[str, Any]]:
        return [(w, c) for w, c in self._own_classes(ctypes.Union) if c is not ctypes.Union]

    def int_enums(self) -> List[Tuple[str, Any]]:
        return [(w, c) for w, c in self._own_classes(enum.IntEnum) if c is not enum.IntEnum]

    def error_classes(self) -> List[Tuple[str, Any]]:
        return [(w, c) for w, c in self._own_classes(Exception) if isinstance(vars(c).get("CODE"), int)]

    def cfunctypes(self) -> List[Tuple[str, Any]]:
        """Module-level CFUNCTYPE classes (they live in ctypes' cache, so
        they are told apart by identity, not by defining module)."""
        return self._unique(is_cfunctype)

    def trampolines(self) -> List[Tuple[str, Any]]:
        """Module-level CFUNCTYPE instances: the C-callable Python functions."""
        return self._unique(is_cfunction)

    def record_readers(self) -> List[Tuple[str, Any]]:
        """Module-level struct.Struct objects and ctypes array types of
        scalars: they read C records byte for byte (``_ROW``, ``_RECT_ROW``)."""
        return self._unique(
            lambda value: isinstance(value, struct.Struct)
            or (isinstance(value, type) and issubclass(value, ctypes.Array) and scalar_kind(value._type_) is not None)
        )

    def _unique(self, keep: Any) -> List[Tuple[str, Any]]:
        seen = set()
        found = []
        for module, name, value in self._members():
            if keep(value) and id(value) not in seen:
                seen.add(id(value))
                found.append((f"{module.__name__}.{name}", value))
        return found

    def constants(self) -> List[Tuple[str, str, Any]]:
        """(where, name, value) of module-level FRAMES_* and EXPECTED_* values."""
        found = []
        for module, name, value in self._members():
            if (name.startswith("FRAMES_") or name.startswith("EXPECTED_")) and name.isupper():
                if isinstance(value, (int, float, str)) and not isinstance(value, bool):
                    found.append((f"{module.__name__}.{name}", name, value))
        return found

    def scalar_aliases(self) -> List[Tuple[str, str, Any]]:
        """(where, name, type) of module-level ctypes scalars named like a
        typedef of the header (``frames_result = c_int32``)."""
        return [
            (f"{module.__name__}.{name}", name, value)
            for module, name, value in self._members()
            if name.startswith("frames_") and scalar_kind(value) is not None
        ]

    def signature_tables(self) -> List[Tuple[str, Sequence[Any]]]:
        return [(f"{m.__name__}.{n}", v) for m, n, v in self._members() if n == "SIGNATURES"]

    def default_producers(self) -> List[Tuple[str, Any, str]]:
        """(where, dataclass, method) of dataclasses that build a C struct
        from their defaults."""
        found = []
        for where, cls in self._own_classes(object):
            if not dataclasses.is_dataclass(cls):
                continue
            for method in ("to_c", "_to_c"):
                if callable(vars(cls).get(method)):
                    found.append((where, cls, method))
        return found
