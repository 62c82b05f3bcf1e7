"""`python -m rainbowtable.locale.tools extract|update|compile`: the catalogues' workflow, with Babel.

- `extract`: every `_("...")` and `N_("...")` in the package, plus the words declared for the screens
  (`option(default, label, help)`, `GameEntry(id, title, ...)`, `GameUI(id, tagline, ...)`,
  `GameScreen(key, label, tip, ...)`) and every text of the lessons (`games/<id>/lesson.toml`), into
  `locale/rainbowtable.pot`.
- `update`: merge the template into every language's `.po` (new texts arrive untranslated).
- `compile`: every `.po` into its `.mo` (run by tests/run.sh and the PyInstaller build; the `.mo` files are
  build products, not committed).

Babel is a development and build dependency only: the app itself loads `.mo` files with the standard
library's gettext (core/i18n.py), so nothing here is imported at run time.
"""

from __future__ import annotations

import argparse
import ast
import io
from collections.abc import Collection, Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file, extract_python
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from rainbowtable.core.i18n import DOMAIN, LANGUAGES, SOURCE_LANGUAGE, locale_dir
from rainbowtable.core.lesson import lesson_texts

PACKAGE = Path(__file__).resolve().parent.parent
# `tr` is the alias some headless modules bind `i18n._` to in a hot function (`tr = i18n._`).
KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "tr": None}
# Calls whose literal arguments are words shown later through `_()`: name -> (positional indexes,
# keyword names).
DECLARATIONS: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    "option": ((1, 2), ("label", "help", "brief", "zero_means")),
    "GameEntry": ((1,), ("title",)),
    "GameUI": ((1,), ("tagline",)),
    "GameScreen": ((1, 2), ("label", "tip")),
}
METHOD = "rainbowtable.locale.tools.extract_declarations"


def _call_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def declared_words(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of every literal the DECLARATIONS calls in `source` hold."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        if name not in DECLARATIONS:
            continue
        positions, names = DECLARATIONS[name]
        arguments = [node.args[i] for i in positions if i < len(node.args)]
        arguments += [keyword.value for keyword in node.keywords if keyword.arg in names]
        for argument in arguments:
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str) and argument.value:
                yield argument.lineno, argument.value


def extract_declarations(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Any,
) -> Iterator[tuple[Any, ...]]:
    """A Babel extraction method: Babel's Python extractor, plus the declared words (see DECLARATIONS)."""
    data = fileobj.read()
    yield from extract_python(io.BytesIO(data), keywords, comment_tags, options)
    for line, text in declared_words(data.decode("utf-8")):
        yield line, None, text, []


def extract_messages(paths: Iterable[Path]) -> dict[str, list[tuple[str, int]]]:
    """Every translatable text in the given files and folders, with where it occurs."""
    found: dict[str, list[tuple[str, int]]] = {}
    for path in paths:
        if path.is_dir():
            results: Iterable[tuple[str, int, Any, Any, Any]] = extract_from_dir(
                str(path), method_map=[("**.py", METHOD)], keywords=KEYWORDS
            )
            items = ((str(path / name), line, message) for name, line, message, _c, _x in results)
        else:
            items = (
                (str(path), line, message)
                for line, message, _c, _x in extract_from_file(METHOD, str(path), keywords=KEYWORDS)
            )
        for where, line, message in items:
            text = message if isinstance(message, str) else message[0]
            if text:
                found.setdefault(text, []).append((where, line))
    return found


def template(package: Path = PACKAGE) -> Catalog:
    catalogue = Catalog(project="rainbowtable", domain=DOMAIN, fuzzy=False)
    root = package.parent
    found = extract_messages([package])
    for lesson in sorted(package.glob("games/*/lesson.toml")):
        for line, text in lesson_texts(lesson.read_bytes()):
            found.setdefault(text, []).append((str(lesson), line))
    for text, places in sorted(found.items()):
        locations = [(str(Path(where).resolve().relative_to(root)), line) for where, line in places]
        catalogue.add(text, locations=sorted(locations))
    return catalogue


def po_path(code: str, folder: Path | None = None) -> Path:
    return (folder or locale_dir()) / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalogue(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def write_catalogue(catalogue: Catalog, path: Path, *, ignore_obsolete: bool = False) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(handle, catalogue, width=110, sort_output=True, ignore_obsolete=ignore_obsolete)


def extract(folder: Path | None = None) -> Path:
    """Write the template `rainbowtable.pot`."""
    path = (folder or locale_dir()) / f"{DOMAIN}.pot"
    write_catalogue(template(), path)
    return path


def update(folder: Path | None = None) -> list[Path]:
    """Merge the template into every language's catalogue (new texts untranslated, gone ones dropped)."""
    fresh = template()
    written: list[Path] = []
    for code in LANGUAGES:
        if code == SOURCE_LANGUAGE:
            continue
        path = po_path(code, folder)
        catalogue = read_catalogue(path) if path.exists() else Catalog(locale=code, domain=DOMAIN)
        catalogue.update(fresh, no_fuzzy_matching=True)
        write_catalogue(catalogue, path, ignore_obsolete=True)
        written.append(path)
    return written


def compile_catalogues(folder: Path | None = None) -> list[Path]:
    """Every `<code>/LC_MESSAGES/*.po` under the locale folder into its `.mo`; returns the files written."""
    written: list[Path] = []
    for source in sorted((folder or locale_dir()).glob("*/LC_MESSAGES/*.po")):
        catalogue = read_catalogue(source)
        target = source.with_suffix(".mo")
        with target.open("wb") as handle:
            write_mo(handle, catalogue, use_fuzzy=False)
        written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rainbowtable.locale.tools", description=__doc__)
    parser.add_argument("command", choices=("extract", "update", "compile"))
    args = parser.parse_args(argv)
    if args.command == "extract":
        paths = [extract()]
    elif args.command == "update":
        paths = [extract(), *update()]
    else:
        paths = compile_catalogues()
    for path in paths:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
