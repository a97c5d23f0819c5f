"""The package's layers point one way, cli -> runs -> model -> formats, over the shared modules
(errors, figures, output); no module imports itself back, counting typing-only and
function-local imports: a cycle is a change that cannot be understood alone."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "mimesis_model"
LAYERS = {"formats": 1, "model": 2, "runs": 3, "cli": 4}
"""A module may import its own layer's and lower ones'; the top-level modules are layer 0."""


ENTRY_POINTS = {"mimesis_model", "mimesis_model.__main__"}
"""The package's face (it re-exports the trace reader) and `python -m`: above every layer."""


def modules() -> dict[str, Path]:
    """Every module by its dotted name, a package by its own (its __init__)."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(("mimesis_model", *parts))] = path
    return found


def imports(path: Path, known: set[str]) -> set[str]:
    """The package's modules PATH imports, wherever the import statement stands."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                found.add(name if name in known else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name in known}


def layer(module: str) -> int:
    parts = module.split(".")
    return LAYERS.get(parts[1], 0) if len(parts) > 1 else 0


def graph() -> dict[str, set[str]]:
    found = modules()
    names = set(found)
    return {name: imports(path, names) - {name} for name, path in found.items()}


def test_no_module_imports_a_higher_layer() -> None:
    upward = [
        f"{module} imports {target}"
        for module, targets in graph().items()
        if module not in ENTRY_POINTS
        for target in targets
        if layer(target) > layer(module)
    ]
    assert upward == []


def test_no_import_cycle() -> None:
    edges = graph()
    cycles = []
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for target in sorted(edges[module]):
            if state.get(target) == 1:
                cycles.append(" -> ".join([*path[path.index(target) :], target]))
            elif target not in state:
                visit(target, [*path, target])
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module, [module])
    assert cycles == []
