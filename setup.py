"""Builds the compiled Dice Box playout (rainbowtable/games/dice_box/fast_playout.pyx) beside the pure-Python
package, and compiles the translation catalogues (`.po` into `.mo`, with Babel, a build requirement) so that
every install, an editable one included, has every language; everything else is in pyproject.toml. The
extension is optional: where it cannot be built (no C compiler) the install goes on with a warning and the
computer player uses the Python playout, which gives the same results, only slower."""

import os
import sys
from typing import Any

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

LOCALE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rainbowtable", "locale")

# The compiled playout must add and multiply floats exactly as Python does (one rounding per operation), or
# its draws would drift from the Python playout's: no fused multiply-add.
FLOAT_ARGS = [] if sys.platform == "win32" else ["-ffp-contract=off"]


class OptionalBuildExt(build_ext):
    """`build_ext` that warns and goes on when the compiler is missing or fails (setuptools' own `optional`
    does not cover an editable install's build)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # any failure: the package works without the extension
            self._skip(error)

    def build_extension(self, ext: Any) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            self._skip(error)

    def get_outputs(self) -> list[str]:
        # Only what was built: an editable install copies these into the package.
        return [path for path in super().get_outputs() if os.path.exists(path)]

    @staticmethod
    def _skip(error: Exception) -> None:
        print(f"warning: the compiled playout was not built ({error}); the Python playout will be used")


def compile_catalogues() -> None:
    """Every `<code>/LC_MESSAGES/*.po` into its `.mo` beside it (what rainbowtable.locale.tools compile
    does; that module cannot be imported before the package is installed)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for code in sorted(os.listdir(LOCALE)):
        folder = os.path.join(LOCALE, code, "LC_MESSAGES")
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".po"):
                with open(os.path.join(folder, name), "rb") as source:
                    catalogue = read_po(source)
                with open(os.path.join(folder, name[:-3] + ".mo"), "wb") as target:
                    write_mo(target, catalogue, use_fuzzy=False)


class BuildPyWithCatalogues(build_py):
    """`build_py` that compiles the catalogues first: a wheel then ships the `.mo` files (package data), and
    an editable install, which runs this too, finds them in the source folder it loads from."""

    def run(self) -> None:
        compile_catalogues()
        super().run()


setup(
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithCatalogues},
    ext_modules=cythonize(
        [
            Extension(
                "rainbowtable.games.dice_box.fast_playout",
                ["rainbowtable/games/dice_box/fast_playout.pyx"],
                extra_compile_args=FLOAT_ARGS,
            )
        ],
        language_level=3,
    ),
)
