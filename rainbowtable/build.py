"""`python -m rainbowtable.build [--icons]`: the desktop executable, built with PyInstaller.

Holds `build()` (one-folder, windowed bundle in `dist/rainbowtable/` with the app's assets and example saves,
trimmed of the pygame_gui fonts the app never uses, plus a Linux desktop file and a release tarball) and
`make_icons()` (draws the app icon with pygame and writes the PNGs committed in `assets/icons/`).

It deliberately does not cross-build (PyInstaller cannot) and does not install anything on the system: the
desktop file is written into the bundle for the user (or a distribution package) to install.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import tarfile
import time
from pathlib import Path

from rainbowtable import __version__

ROOT = Path(__file__).resolve().parent.parent
NAME = "rainbowtable"
ICON_SIZES = (256, 64)
# The six colours of the rainbow arc, outside in (the same hues as the games' seat colours).
RAINBOW = (
    (228, 3, 3),
    (255, 140, 0),
    (255, 237, 0),
    (0, 128, 38),
    (0, 77, 255),
    (117, 7, 135),
)
# pygame_gui bundles fonts for scripts rainbowtable has no translation for (about 40 MB). English and Dutch
# are the languages (core/i18n.py), both in the Latin script; the UI draws with Lato/Comfortaa from assets/,
# and pygame_gui's default theme falls back to NotoSans (Latin), so only those Latin files and FiraCode stay.
UNUSED_FONTS = (
    "NotoSansJP-Regular.otf",
    "NotoSansJP-Bold.otf",
    "NotoSansKR-Regular.ttf",
    "NotoSansKR-Bold.ttf",
    "NotoSansSC-Regular.otf",
    "NotoSansSC-Bold.otf",
    "NotoSansArabic-Regular.ttf",
    "NotoSansArabic-Bold.ttf",
    "NotoSansGeorgian-Regular.ttf",
    "NotoSansGeorgian-Bold.ttf",
    "NotoSansHebrew-Regular.ttf",
    "NotoSansHebrew-Bold.ttf",
)
# Standard-library and optional packages nothing in the app imports; leaving them out keeps the folder
# small and the analysis fast. numpy is only an optional pygame extra (surfarray), which the app never uses.
EXCLUDED_MODULES = (
    "tkinter",
    "_tkinter",
    "unittest",
    "pydoc",
    "numpy",
    "pytest",
    "hypothesis",
    "mypy",
    "setuptools",
    "ssl",
    "_ssl",
    # Babel compiles the catalogues before the build (locale/tools.py); the app reads the .mo with gettext.
    "babel",
)


def icon_path(size: int) -> Path:
    return ROOT / "assets" / "icons" / f"{NAME}-{size}.png"


def make_icons(sizes: tuple[int, ...] = ICON_SIZES) -> list[Path]:
    """Draw the app icon (a rounded square, a six-colour rainbow arc and a die) at each size as a PNG.

    Drawn at 4x and scaled down smoothly, because pygame's primitives are not anti-aliased.
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame  # only here: building an icon is the one part of the build that needs it

    written: list[Path] = []
    for size in sizes:
        big = size * 4
        canvas = pygame.Surface((big, big), pygame.SRCALPHA)
        unit = big / 16
        pygame.draw.rect(canvas, (28, 46, 58), canvas.get_rect(), border_radius=round(unit * 3.2))
        # The arc: concentric filled half-discs, outermost first, with the background colour in the middle.
        centre = (big // 2, round(unit * 11))
        band = unit * 0.95
        outer = unit * 6.6
        for index, colour in enumerate((*RAINBOW, (28, 46, 58))):
            radius = round(outer - index * band)
            pygame.draw.circle(canvas, colour, centre, radius, draw_top_left=True, draw_top_right=True)
        # The die, resting on the arc's foot, with five pips.
        side = round(unit * 4.6)
        die = pygame.Rect(0, 0, side, side)
        die.midbottom = (big // 2, round(unit * 14.6))
        pygame.draw.rect(canvas, (20, 24, 28), die.inflate(unit * 0.5, unit * 0.5), border_radius=round(unit))
        pygame.draw.rect(canvas, (250, 248, 240), die, border_radius=round(unit * 0.9))
        pip = round(unit * 0.55)
        quarter = side / 4
        for dx, dy in ((1, 1), (3, 1), (2, 2), (1, 3), (3, 3)):
            pygame.draw.circle(
                canvas, (20, 24, 28), (round(die.left + dx * quarter), round(die.top + dy * quarter)), pip
            )
        icon = pygame.transform.smoothscale(canvas, (size, size))
        path = icon_path(size)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(icon, str(path))
        written.append(path)
    return written


def _add_data(source: Path, target: str) -> str:
    return f"--add-data={source}{os.pathsep}{target}"


def pyinstaller_args(dist: Path, work: Path) -> list[str]:
    args = [
        str(ROOT / "main.py"),
        f"--name={NAME}",
        "--onedir",
        "--windowed",
        "--noconfirm",
        # Debug symbols are half of libpython's size; nobody debugs a release build's C frames.
        *(["--strip"] if sys.platform.startswith("linux") else []),
        "--log-level=WARN",
        f"--distpath={dist}",
        f"--workpath={work}",
        f"--specpath={work}",
        _add_data(ROOT / "assets", "assets"),
        _add_data(ROOT / "saves", "saves"),
        # The package's data files where the package looks for them: the compiled catalogues
        # (compile_catalogues() runs first; core/i18n.locale_dir) and each game's rules pages in every
        # language (ui/scenes/rules_page).
        f"--collect-data={NAME}",
        # The package imports its games lazily through the registry; collect it whole so nothing is missed.
        f"--collect-submodules={NAME}",
        f"--paths={ROOT}",
    ]
    args += [f"--exclude-module={module}" for module in EXCLUDED_MODULES]
    # Linux has no executable icon (the desktop file names it); Windows wants .ico, macOS .icns, and
    # PyInstaller converts a PNG to those when Pillow is installed. See the README for those platforms.
    if sys.platform != "linux":
        args.append(f"--icon={icon_path(256)}")
    return args


def trim(folder: Path) -> list[Path]:
    """Remove the unused pygame_gui fonts from a built folder; returns what was removed."""
    removed: list[Path] = []
    for data in folder.rglob("pygame_gui/data"):
        for name in UNUSED_FONTS:
            path = data / name
            if path.exists():
                path.unlink()
                removed.append(path)
    return removed


def write_desktop_file(folder: Path) -> Path:
    """The freedesktop entry, from assets/packaging, into `share/applications/` of the built folder."""
    template = (ROOT / "assets" / "packaging" / f"{NAME}.desktop").read_text(encoding="utf-8")
    target = folder / "share" / "applications" / f"{NAME}.desktop"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(template.replace("@VERSION@", __version__), encoding="utf-8")
    icons = folder / "share" / "icons" / "hicolor"
    for size in ICON_SIZES:
        icon_dir = icons / f"{size}x{size}" / "apps"
        icon_dir.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(icon_path(size), icon_dir / f"{NAME}.png")
    return target


def machine() -> str:
    arch = platform.machine().lower()
    return {"amd64": "x86_64", "arm64": "aarch64"}.get(arch, arch)


def make_tarball(folder: Path) -> Path:
    """dist/rainbowtable-<version>-<os>-<arch>.tar.gz holding the folder `rainbowtable/`."""
    system = "linux" if sys.platform.startswith("linux") else sys.platform
    tarball = folder.parent / f"{NAME}-{__version__}-{system}-{machine()}.tar.gz"
    with tarfile.open(tarball, "w:gz", compresslevel=6) as archive:
        archive.add(folder, arcname=NAME)
    return tarball


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file() and not path.is_symlink())


def build(dist: Path | None = None, work: Path | None = None, tarball: bool = True) -> Path:
    """Build `dist/rainbowtable/` (or under `dist`) and return the folder."""
    import PyInstaller.__main__

    dist = dist or ROOT / "dist"
    work = work or ROOT / "build"
    if not icon_path(64).exists() or not icon_path(256).exists():
        make_icons()
    from rainbowtable.locale.tools import compile_catalogues  # Babel: a build dependency only

    compile_catalogues()
    PyInstaller.__main__.run(pyinstaller_args(dist, work))
    folder = dist / NAME
    trim(folder)
    if sys.platform.startswith("linux"):
        write_desktop_file(folder)
    if tarball:
        make_tarball(folder)
    return folder


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rainbowtable.build", description=__doc__)
    parser.add_argument("--icons", action="store_true", help="only redraw assets/icons/*.png")
    parser.add_argument("--no-tarball", action="store_true", help="skip the release tarball")
    args = parser.parse_args(argv)
    if args.icons:
        for path in make_icons():
            print(path)
        return 0
    started = time.perf_counter()
    folder = build(tarball=not args.no_tarball)
    print(
        f"{folder}: {folder_size(folder) / 1e6:.1f} MB, built in {time.perf_counter() - started:.0f} s",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
