"""core/rng.py golden values (ARCHITECTURE.md §5): the SplitMix64 sequence must never change, or saved
games would replay differently."""

from __future__ import annotations

import pytest

from rainbowtable.core.rng import Rng


def test_splitmix64_reference_sequence() -> None:
    """The published SplitMix64 outputs for state 0."""
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_seeded_stream_golden_values() -> None:
    rng = Rng.from_seed(42)
    assert rng.state_hex == "bdd732262feb6e95"
    assert [rng.roll() for _ in range(10)] == [3, 4, 3, 3, 6, 4, 3, 3, 4, 3]
    assert rng.below(1000) == 914
    assert rng.shuffled([1, 2, 3, 4, 5]) == [4, 1, 2, 3, 5]
    assert rng.random() == 0.7695524198139898
    assert Rng.from_seed(7).fork("ai-0").state_hex == "31437d92d9e3b78e"


def test_state_round_trips_through_hex_and_copy() -> None:
    rng = Rng.from_seed(5)
    rng.next_u64()
    clone = Rng.from_hex(rng.state_hex)
    twin = rng.copy()
    assert (
        [clone.next_u64() for _ in range(4)]
        == [rng.next_u64() for _ in range(4)]
        == [twin.next_u64() for _ in range(4)]
    )


def test_below_rejects_empty_range_and_stays_in_range() -> None:
    rng = Rng.from_seed(1)
    with pytest.raises(ValueError):
        rng.below(0)
    assert {rng.below(3) for _ in range(200)} == {0, 1, 2}
    assert {rng.roll() for _ in range(500)} == {1, 2, 3, 4, 5, 6}
