"""The translation catalogues: `rainbowtable.pot` (the template, extracted from the code) and one
`<code>/LC_MESSAGES/rainbowtable.po` per language, kept in the repository. The `.mo` files the app loads are
compiled from them with Babel at install or build time (`python -m rainbowtable.locale.tools compile`) and
are not committed. `tools.py` extracts, updates and compiles; `core/i18n.py` loads and installs.
"""
