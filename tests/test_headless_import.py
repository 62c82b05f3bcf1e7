"""ARCHITECTURE.md §2: the headless packages never import pygame. This test is the rule: it imports every
module under core, geometry, games, ai, anim and storage in a fresh interpreter with pygame blocked."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import rainbowtable

HEADLESS = ("core", "geometry", "games", "ai", "anim", "storage")


def headless_modules() -> list[str]:
    root = Path(rainbowtable.__file__).parent
    names = []
    for package in HEADLESS:
        names.append(f"rainbowtable.{package}")
        for info in pkgutil.walk_packages([str(root / package)], prefix=f"rainbowtable.{package}."):
            names.append(info.name)
    return names


def test_headless_packages_import_without_pygame() -> None:
    modules = headless_modules()
    assert len(modules) > 20
    script = (
        "import sys\n"
        "sys.modules['pygame'] = None\n"
        "sys.modules['pygame_gui'] = None\n"
        "import importlib\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "assert 'pygame' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
