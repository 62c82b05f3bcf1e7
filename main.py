"""Entry point: `python main.py [SAVE] [--demo GAME] ...`. All work happens in rainbowtable.app.main."""

import gc
import sys

# Start-up makes about 40,000 objects that live as long as the app (modules, classes, the UI toolkit's
# theme), and the cyclic collector would scan them again and again while they are made: about a tenth of
# the time to a settled table. It is switched back on, with those objects frozen out of its scans, once the
# table has settled (`ui/loop.py`, `settle_collector`; start-up leaves about a hundred objects in cycles,
# which stay frozen with the rest).
gc.disable()

from rainbowtable.app import main  # noqa: E402 (after the collector is off, which is the point)

if __name__ == "__main__":
    # The computer players' helper process (rainbowtable/ai/second_core.py) is started with "spawn"; in the
    # packaged executable that start must be recognised here, before anything else runs. Only there: the
    # import costs the first frame of every other start about 20 ms.
    if getattr(sys, "frozen", False):
        import multiprocessing

        multiprocessing.freeze_support()
    if sys.platform == "win32":
        # Per-monitor DPI awareness before SDL opens a window, so Windows does not blur the table by
        # scaling a low-resolution bitmap; older Windows only has the system-wide call.
        import ctypes

        try:
            ctypes.windll.shcore.SetProcessDpiAwareness(2)
        except (AttributeError, OSError):
            ctypes.windll.user32.SetProcessDPIAware()
    raise SystemExit(main())
