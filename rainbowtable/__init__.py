"""rainbowtable: a desktop table for five rainbow-coloured board games.

Importing the package does nothing but define the version; the app starts in `rainbowtable.app.main`.
"""

__version__ = "0.1.0"
