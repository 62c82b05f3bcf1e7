"""Entry point: `python main.py [SAVE] [--demo GAME] ...`. All work happens in rainbowtable.app.main."""

from rainbowtable.app import main

if __name__ == "__main__":
    raise SystemExit(main())
