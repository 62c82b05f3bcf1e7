"""Test set-up: SDL's dummy drivers before pygame is imported anywhere, and a private data folder per test
(`RAINBOWTABLE_HOME`), so no test touches a real user's saves or needs a screen."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
# A bug in a scene is raised in tests, not recovered from (ui/crash.py; the guard's own tests unset it, and
# the real-window tests run the app with the guard and fail on any crash report).
os.environ["RAINBOWTABLE_RAISE_BUGS"] = "1"

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def rainbowtable_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("RAINBOWTABLE_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def mouse_at_rest() -> None:
    """Every test starts with the pointer where a fresh process has it: SDL keeps the position a test's
    drag left behind, and a widget that later appears under it would start hovered (a test that compares
    frames then depends on which tests ran before it)."""
    import pygame

    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        pygame.mouse.set_pos((0, 0))


@pytest.fixture
def ctx(rainbowtable_home: Path) -> Iterator[object]:
    """A real table context on the dummy display at 1280x720, with a fresh UI manager."""
    import pygame

    from rainbowtable.storage.paths import default_paths
    from rainbowtable.storage.settings import Settings
    from rainbowtable.ui.boot import make_context

    paths = default_paths()
    paths.ensure()
    log = logging.getLogger("rainbowtable.test")
    context = make_context(paths, log, settings=Settings(animation_speed=0.0), size=(1280, 720), sound=False)
    yield context
    pygame.event.clear()


@pytest.fixture
def table(ctx: object) -> object:
    from rainbowtable.ui.loop import Table

    t = Table(ctx)  # type: ignore[arg-type]
    return t
