"""The package's shape holds (issue 8, ARCHITECTURE.md §2-§3): no import loop between the table's
subpackages, and no game named in a generic module, so a new game is two folders and one line in each list.

Read with the standard library's `ast` from the source, so nothing is imported or run.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "rainbowtable"
GAME_IDS = ("dice_box", "rainbow_passage", "rainbows", "colosseum_offcuts", "regenboog")
# The only generic modules that list games by name: the two registries (one line per game).
REGISTRIES = {PACKAGE / "games" / "__init__.py", PACKAGE / "ui" / "games" / "__init__.py"}
# Measuring tools name the games they measure; they are not part of the table.
TOOLS = {PACKAGE / "bench.py", PACKAGE / "build.py"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _top_level_imports(tree: ast.Module, module: str, is_package: bool) -> Iterator[str]:
    """Modules imported when this module is imported: top level only (not inside functions, not under
    `if TYPE_CHECKING:`), relative imports resolved."""
    for node in tree.body:
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = module.split(".") if is_package else module.split(".")[:-1]
                parent = parent[: len(parent) - (node.level - 1)]
                base = ".".join([*parent, base] if base else parent)
            yield base
            yield from (f"{base}.{alias.name}" for alias in node.names)


def _ui_node(module: str) -> str | None:
    """The table's unit a module belongs to: a ui subpackage (`ui.scenes`, `ui.games.dice_box` counts as
    `ui.games`) or a top-level ui module (`ui.draw`)."""
    parts = module.split(".")
    if parts[:2] != ["rainbowtable", "ui"] or len(parts) < 3:
        return None
    return ".".join(parts[:3])


def _ui_graph() -> dict[str, set[str]]:
    known = {_module_name(path) for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in (PACKAGE / "ui").rglob("*.py"):
        module = _module_name(path)
        source = _ui_node(module)
        if source is None:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for imported in _top_level_imports(tree, module, path.name == "__init__.py"):
            if imported not in known:
                continue
            target = _ui_node(imported)
            if target is not None and target != source:
                graph.setdefault(source, set()).add(target)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_no_import_loop_between_table_subpackages() -> None:
    cycle = _cycle(_ui_graph())
    assert cycle is None, "import loop: " + " -> ".join(cycle or [])


def test_the_loop_finder_finds_a_loop() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}}) is None


def _generic_modules() -> Iterator[Path]:
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).parts
        if path in REGISTRIES or path in TOOLS:
            continue
        if relative[0] == "games" and len(relative) > 2:
            continue  # inside a game's folder
        if relative[:2] == ("ui", "games") and len(relative) > 3:
            continue  # inside a game's table folder
        yield path


def test_generic_modules_name_no_game() -> None:
    """Outside the games' own folders and the two registries, no module imports a game's code or names a
    game id in a string: the table asks the registries, so a new game touches no generic file."""
    found: list[str] = []
    for path in _generic_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(PACKAGE.parent)
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                parts = name.split(".")
                for i in range(len(parts) - 1):
                    if parts[i] == "games" and parts[i + 1] in GAME_IDS:
                        found.append(f"{where}:{node.lineno} imports {name}")
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in GAME_IDS:
                found.append(f"{where}:{node.lineno} names {node.value!r}")
    assert not found, "\n".join(found)
