"""Entry point: `python main.py [SAVE] [--demo GAME] ...`. All work happens in rainbowtable.app.main."""

import sys

from rainbowtable.app import main

if __name__ == "__main__":
    if sys.platform == "win32":
        # Per-monitor DPI awareness before SDL opens a window, so Windows does not blur the table by
        # scaling a low-resolution bitmap; older Windows only has the system-wide call.
        import ctypes

        try:
            ctypes.windll.shcore.SetProcessDpiAwareness(2)
        except (AttributeError, OSError):
            ctypes.windll.user32.SetProcessDPIAware()
    raise SystemExit(main())
