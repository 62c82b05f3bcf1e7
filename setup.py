"""Builds the compiled Dice Box playout (rainbowtable/games/dice_box/fast_playout.pyx) beside the pure-Python
package; everything else is in pyproject.toml. The extension is optional: where it cannot be built (no C
compiler) the install goes on and the computer player uses the Python playout, which gives the same results,
only slower."""

import sys

from Cython.Build import cythonize
from setuptools import Extension, setup

# The compiled playout must add and multiply floats exactly as Python does (one rounding per operation), or
# its draws would drift from the Python playout's: no fused multiply-add.
FLOAT_ARGS = [] if sys.platform == "win32" else ["-ffp-contract=off"]

setup(
    ext_modules=cythonize(
        [
            Extension(
                "rainbowtable.games.dice_box.fast_playout",
                ["rainbowtable/games/dice_box/fast_playout.pyx"],
                extra_compile_args=FLOAT_ARGS,
                optional=True,
            )
        ],
        language_level=3,
    )
)
