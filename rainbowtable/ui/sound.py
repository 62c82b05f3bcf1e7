"""Small table sounds made from numbers at start-up (a click for a placed piece, a rattle for dice), so the
app ships no audio files and needs no decoder. Silent when the mixer cannot start."""

from __future__ import annotations

import array
import math
import threading
import time

import pygame

from rainbowtable.core.rng import Rng

RATE = 22050


class Sounds:
    """The sound bank. Samples are computed on a background thread, so start-up does not wait for them;
    a sound asked for before it is ready is simply not played."""

    def __init__(self) -> None:
        self.bank: dict[str, pygame.mixer.Sound] = {}
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Begin computing the samples; called once the first frame is on screen."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._build, name="sounds", daemon=True)
            self._thread.start()

    def _build(self) -> None:
        # Hand the interpreter straight back to the table's thread, which is waiting for this one to start:
        # otherwise the sums below hold it for a whole switch interval (5 ms) first.
        time.sleep(0)
        try:
            self._build_bank()
        except pygame.error:
            self.bank.clear()  # the mixer went away (the app is quitting, or there is no audio device)

    def _build_bank(self) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            init = pygame.mixer.get_init()
        except pygame.error:
            return
        if not init:
            return
        channels = init[2]
        rng = Rng(0x5EED)
        self.bank["place"] = self._make(self._click(rng), channels)
        self.bank["roll"] = self._make(self._rattle(rng), channels)
        self.bank["chime"] = self._make(self._chime(), channels)

    def play(self, name: str, volume: float = 1.0) -> None:
        sound = self.bank.get(name)
        if sound is not None:
            sound.set_volume(max(0.0, min(1.0, volume)))
            sound.play()

    @staticmethod
    def _make(samples: list[float], channels: int) -> pygame.mixer.Sound:
        data = array.array("h")
        for s in samples:
            value = int(max(-1.0, min(1.0, s)) * 12000)
            data.extend([value] * channels)
        return pygame.mixer.Sound(buffer=data.tobytes())

    @staticmethod
    def _click(rng: Rng) -> list[float]:
        n = int(RATE * 0.06)
        return [(rng.random() * 2 - 1) * math.exp(-i / (RATE * 0.006)) * 0.8 for i in range(n)]

    @staticmethod
    def _rattle(rng: Rng) -> list[float]:
        n = int(RATE * 0.5)
        out = [0.0] * n
        for _ in range(9):
            start = rng.below(n - 1400)
            for i in range(1200):
                out[start + i] += (rng.random() * 2 - 1) * math.exp(-i / 160) * 0.5
        return out

    @staticmethod
    def _chime() -> list[float]:
        n = int(RATE * 0.5)
        return [
            (math.sin(2 * math.pi * 660 * i / RATE) + 0.5 * math.sin(2 * math.pi * 990 * i / RATE))
            * math.exp(-i / (RATE * 0.15))
            * 0.4
            for i in range(n)
        ]
