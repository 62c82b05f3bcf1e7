"""Helpers shared by the storage tests that need a player without root's right to ignore permissions.

Holds `unprivileged` (run an action as `nobody` when the tests run as root) and `open_folder_tree` (a
temporary folder `nobody` can reach, removed afterwards); test modules make a fixture of the latter with
`open_folder = pytest.fixture(open_folder_tree)`. Holds no assertions.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

NOBODY = 65534


def unprivileged(action: Callable[[], str]) -> str:
    """Run `action` without root's right to ignore permissions: as root, in a forked child that has become
    `nobody`; otherwise directly. Returns what it returned; in the child, an exception comes back as text."""
    if os.geteuid() != 0:
        return action()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop root, act, report through the pipe, and leave without pytest's teardown
        os.close(read_end)
        try:
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            result = action()
        except BaseException as error:
            result = f"raised {error!r}"
        os.write(write_end, result.encode())
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        result = pipe.read().decode()
    os.waitpid(pid, 0)
    return result


def open_folder_tree() -> Iterator[Path]:
    """A folder that `nobody` can reach (pytest's own temporary folders are private to root); everything
    in it is made writable again and removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="rainbowtable-perm-"))
    folder.chmod(0o777)
    yield folder
    for path in folder.rglob("*"):
        path.chmod(0o777)
    shutil.rmtree(folder)
