"""The table side of every game is in the same parts, and no room is too big to find your way in (issue 42,
"A game's table side in parts a newcomer can find").

Each game's ui folder holds `layout.py` (where things are: a frozen `BoardLayout` placed by a pure function
of the rectangle and the scale), `drawing.py` (how the state looks), `input.py` (what the pointer and keys
mean), `motion.py` (how an action moves and sounds) and `view.py` (only the composition). No class in the
package is over CLASS_LIMIT lines and no function over FUNCTION_LIMIT, but for the named exceptions below,
each with its reason. Read with `ast` from the source, so nothing is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "rainbowtable"
GAME_IDS = ("dice_box", "rainbow_passage", "rainbows", "colosseum_offcuts", "regenboog")
PARTS = {
    "layout.py": "BoardLayout",
    "drawing.py": "BoardDrawing",
    "input.py": "BoardInput",
    "motion.py": "BoardMotion",
}
CLASS_LIMIT = 400
FUNCTION_LIMIT = 80

# name -> why it stays one piece. Keep this list short: a new entry needs a reason a reviewer accepts.
CLASS_EXCEPTIONS: dict[str, str] = {}
FUNCTION_EXCEPTIONS: dict[str, str] = {
    "ui/theme.py:gui_theme": "the widget theme is one table of data (pygame_gui's JSON theme), not logic",
    "games/dice_box/ai.py:_playout": (
        "the hot loop of Dice Box's playouts, written flat on purpose: splitting it into calls costs a third "
        "of the engine's speed (the benchmark's ai figures)"
    ),
    "games/regenboog/rules.py:describe": "one log line per action type: a flat dispatch of short branches",
    "games/regenboog/diagram.py:parse": "the diagram grammar read in one pass, one branch per token kind",
    "ai/search.py:simulate": (
        "one simulation of the shared search (select, expand, roll out, back up) in one frame: it runs "
        "hundreds of thousands of times a decision, and a call per phase costs the computer players' time"
    ),
}


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _bases(node: ast.ClassDef) -> set[str]:
    return {
        b.id if isinstance(b, ast.Name) else b.attr
        for b in node.bases
        if isinstance(b, (ast.Name, ast.Attribute))
    }


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_game_folder_has_the_same_parts(game_id: str) -> None:
    folder = PACKAGE / "ui" / "games" / game_id
    for name, base in PARTS.items():
        path = folder / name
        assert path.exists(), f"{game_id} has no {name}"
        classes = [n for n in _tree(path).body if isinstance(n, ast.ClassDef)]
        assert any(base in _bases(c) for c in classes), f"{game_id}/{name} holds no {base}"
    views = [n for n in _tree(folder / "view.py").body if isinstance(n, ast.ClassDef)]
    # One GameView (Rainbow Passage's also reads its layout through the Sight its parts share).
    assert len(views) == 1 and "GameView" in _bases(views[0]), f"{game_id}/view.py composes one GameView"
    methods = [n.name for n in views[0].body if isinstance(n, ast.FunctionDef)]
    assert methods == ["__init__"], f"{game_id}/view.py only composes its parts, it has {methods}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_layout_is_placed_without_drawing(game_id: str) -> None:
    """Where things are is a pure function of the rectangle and the scale: the layout module draws nothing,
    renders no text and keeps no cache (the layout audit and tests read it without a screen)."""
    tree = _tree(PACKAGE / "ui" / "games" / game_id / "layout.py")
    drawing_calls = {"blit", "render", "fill", "draw", "subsurface", "Surface", "lru_cache", "cache"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            assert name not in drawing_calls, f"{game_id}/layout.py calls {name} (line {node.lineno})"
        if isinstance(node, ast.ImportFrom) and node.module:
            assert not node.module.endswith((".draw", ".drawing", ".motion")), (
                f"{game_id}/layout.py imports {node.module}"
            )
    layouts = [n for n in tree.body if isinstance(n, ast.ClassDef) and "BoardLayout" in _bases(n)]
    assert layouts, f"{game_id}/layout.py holds no BoardLayout"
    for layout in layouts:
        frozen = any(
            isinstance(d, ast.Call)
            and any(k.arg == "frozen" and getattr(k.value, "value", False) for k in d.keywords)
            for d in layout.decorator_list
        )
        assert frozen, f"{game_id}: {layout.name} is a frozen dataclass"
        assert any(isinstance(n, ast.FunctionDef) and n.name == "place" for n in layout.body)


def test_the_transitional_one_class_view_is_gone() -> None:
    source = (PACKAGE / "ui" / "table" / "view.py").read_text(encoding="utf-8")
    assert "class LegacyView" not in source


def _sizes() -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    classes: list[tuple[str, int]] = []
    functions: list[tuple[str, int]] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        for node in ast.walk(_tree(path)):
            if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                assert node.end_lineno is not None
                lines = node.end_lineno - node.lineno + 1
                target = classes if isinstance(node, ast.ClassDef) else functions
                target.append((f"{where}:{node.name}", lines))
    return classes, functions


def test_no_class_or_function_is_too_big_to_find_your_way_in() -> None:
    classes, functions = _sizes()
    big_classes = {name: n for name, n in classes if n > CLASS_LIMIT and name not in CLASS_EXCEPTIONS}
    big_functions = {
        name: n for name, n in functions if n > FUNCTION_LIMIT and name not in FUNCTION_EXCEPTIONS
    }
    assert big_classes == {}, f"classes over {CLASS_LIMIT} lines"
    assert big_functions == {}, f"functions over {FUNCTION_LIMIT} lines"


def test_every_exception_is_still_needed() -> None:
    """An exception whose class or function shrank (or went) is taken off the list."""
    classes, functions = _sizes()
    still = {name for name, n in classes if n > CLASS_LIMIT} | {
        name for name, n in functions if n > FUNCTION_LIMIT
    }
    assert set(CLASS_EXCEPTIONS) | set(FUNCTION_EXCEPTIONS) <= still
