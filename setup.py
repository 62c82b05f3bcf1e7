"""Builds the compiled Dice Box playout (rainbowtable/games/dice_box/fast_playout.pyx) beside the pure-Python
package; everything else is in pyproject.toml. The extension is optional: where it cannot be built (no C
compiler) the install goes on with a warning and the computer player uses the Python playout, which gives
the same results, only slower."""

import os
import sys
from typing import Any

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

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


setup(
    cmdclass={"build_ext": OptionalBuildExt},
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
