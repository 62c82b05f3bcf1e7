"""The draft the Rainbow Passage board builder keeps between visits: written to the user folder after every
change (like a game's autosave) and after an unexpected error, and reopened with the builder, so work is
never lost. Beside the draft it keeps its name, the library file it was saved as and whether it is saved as
it is, so reopening the builder does not call a saved board unsaved.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from rainbowtable.games.rainbow_passage.draft import BoardDraft
from rainbowtable.storage.boards import BoardFileError

if TYPE_CHECKING:
    from pathlib import Path

    from rainbowtable.ui.context import Context

DRAFT_FILE = "builder_draft.json"
"""The builder's draft, written after every change and reopened with the builder (work is never lost)."""


def load_builder_draft(ctx: Context) -> tuple[BoardDraft, str | None, Path | None, bool] | None:
    """The draft the builder kept last time: (draft, name, file it was saved as, whether it was saved), or
    None when there is none or it cannot be read (it is then simply not reopened). Never raises."""
    from pathlib import Path

    from rainbowtable.games.rainbow_passage.board_file import draft_from_json

    path = ctx.paths.root / DRAFT_FILE
    try:
        if not path.is_file() or path.stat().st_size > 4_000_000:
            return None
        body = json.loads(path.read_text(encoding="utf-8"))
        draft = draft_from_json(body["draft"])
        name = body.get("name")
        saved_path = body.get("path")
        return (
            draft,
            name if isinstance(name, str) else None,
            Path(saved_path) if isinstance(saved_path, str) else None,
            body.get("saved") is True,
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError, BoardFileError) as error:
        ctx.log.warning("the builder's kept draft could not be reopened: %s", error)
        return None


def keep_builder_draft(
    ctx: Context, draft: BoardDraft, name: str | None, saved_path: Path | None, saved: bool
) -> None:
    """Write the draft where the builder reopens it; a failure is logged only."""
    from rainbowtable.games.rainbow_passage.board_file import draft_to_json
    from rainbowtable.storage.atomic import write_atomic

    body = {
        "draft": draft_to_json(draft),
        "name": name,
        "path": str(saved_path) if saved_path is not None else None,
        "saved": saved,
    }
    try:
        data = (json.dumps(body, ensure_ascii=False) + "\n").encode("utf-8")
        ctx.paths.root.mkdir(parents=True, exist_ok=True)
        write_atomic(ctx.paths.root / DRAFT_FILE, data, keep_backup=False)
    except (OSError, ValueError, TypeError) as error:
        ctx.log.warning("could not keep the builder's draft: %s", error)
