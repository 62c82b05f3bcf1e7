"""Writing a file so that a crash, a full disk or a power cut never leaves half of it behind.

Holds `write_atomic`: the bytes go to a temporary file in the same folder (so the final rename stays on one
file system), are flushed and fsynced, the previous file is kept as `<name>.bak`, and `os.replace` swaps the
new file in. At every moment the target is either the complete old file or the complete new one. Does not
decide what to write or where; raises OSError for the caller to turn into words. And
`remove_stale_temp_files`: the temporary files an interrupted write left behind, cleared at start (issue 9).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import tempfile
from pathlib import Path

# What `write_atomic` names its temporary files: `.<target name>.<8 random characters>.tmp`, where
# the target is one of our JSON files, its `.bak` copy or the review kept beside a save (`.json.review`).
# Nothing else is ever removed.
_OUR_TEMP_FILE = re.compile(r"\..+\.json(?:\.bak|\.review)?\.[a-z0-9_]{8}\.tmp")

BACKUP_SUFFIX = ".bak"
_NEW_FILE_MODE = 0o644
_LINK_ATTEMPTS = 8


def backup_path_for(path: Path) -> Path:
    """Where `write_atomic` keeps the previous version of `path`: `autosave.json` -> `autosave.json.bak`."""
    return path.with_name(path.name + BACKUP_SUFFIX)


def write_atomic(path: Path, data: bytes, keep_backup: bool = True) -> None:
    """Replace `path` with `data` atomically. Raises OSError; on failure `path` is as it was before."""
    previous_mode = _existing_mode(path)
    fd, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    temp = Path(temp_name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        # mkstemp makes the file private (0600); keep the old file's mode so a save stays as shareable
        # as it was.
        with contextlib.suppress(OSError):
            os.chmod(temp, previous_mode if previous_mode is not None else _NEW_FILE_MODE)
        if keep_backup and previous_mode is not None:
            _keep_backup(path)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    _fsync_folder(path.parent)


def _existing_mode(path: Path) -> int | None:
    """The permission bits of an existing regular file at `path`, or None when there is none."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(info.st_mode):
        # Let os.replace report the real problem (a folder in the way) rather than backing it up.
        return None
    return stat.S_IMODE(info.st_mode)


def _keep_backup(path: Path) -> None:
    """Copy the current file to `.bak` without ever leaving `path` missing: link (or copy) to a temporary
    name, then rename over the old backup."""
    backup = backup_path_for(path)
    staging = _second_name(path, backup)
    try:
        os.replace(staging, backup)
    except BaseException:
        with contextlib.suppress(OSError):
            staging.unlink()
        raise


def _second_name(path: Path, backup: Path) -> Path:
    """A temporary name beside `path` for the same bytes: a hard link, made straight away under a fresh
    random name (no placeholder file to create and remove first, each a change the disk's journal
    records), or a copy where there are no hard links."""
    for _attempt in range(_LINK_ATTEMPTS):
        # os.urandom, not secrets: the secrets module loads OpenSSL (about 6 ms of every start-up, since the
        # settings module imports this one), and a name that only has to be unlikely to clash needs no more.
        staging = path.with_name(f".{backup.name}.{os.urandom(4).hex()}.tmp")
        try:
            os.link(path, staging)
        except FileExistsError:
            continue  # a leftover of an interrupted write by that very name: draw another
        except OSError:
            break
        return staging
    # Some file systems (FAT, some network shares) have no hard links.
    fd, staging_name = tempfile.mkstemp(dir=path.parent, prefix=f".{backup.name}.", suffix=".tmp")
    os.close(fd)
    staging = Path(staging_name)
    try:
        shutil.copy2(path, staging)
    except BaseException:
        with contextlib.suppress(OSError):
            staging.unlink()
        raise
    return staging


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable on POSIX; Windows cannot open folders and has no need to."""
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def remove_stale_temp_files(folder: Path, older_than: float) -> list[Path]:
    """Remove the temporary files `write_atomic` left in `folder` when a write was interrupted (a kill,
    a power cut): only files named like ours, only ordinary files (never a link), only those last changed
    before `older_than` (the start of this process, so a write in progress is never touched). Returns
    what was removed; never raises."""
    removed = []
    try:
        with os.scandir(folder) as entries:
            candidates = [e for e in entries if _OUR_TEMP_FILE.fullmatch(e.name)]
    except OSError:
        return []
    for entry in candidates:
        with contextlib.suppress(OSError):
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and info.st_mtime < older_than:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed
