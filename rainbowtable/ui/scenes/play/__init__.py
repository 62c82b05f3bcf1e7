"""The play screen as a folder: the headless match driver (`driver.py`), the side panel (`panel.py`), the
result card (`result.py`), the cached still picture (`layer.py`) and the scene that wires them (`scene.py`).
"""

from rainbowtable.ui.scenes.play.scene import PlayScene, demo_match

__all__ = ["PlayScene", "demo_match"]
