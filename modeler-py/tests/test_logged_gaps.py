"""`fidelity` logs the model's gaps as the run's log moved gaps of the run's calls as far apart
(CallOffsets.gaps): a burst's calls, microseconds apart, share their offset, and a file's calls
are paired as its trace pairs them. The check: a run's own gaps as begun, logged so with the
offsets of the run's other files, are its gaps as logged."""

from __future__ import annotations

import numpy as np
import pytest

from mimesis_model.model import fidelity
from mimesis_model.model.fidelity import CallOffsets, MarkedCalls, audited, ks_distance

BURST_MS = 0.03
"""a burst's calls begin at most this far apart"""


def _bursts_and_spread_calls() -> CallOffsets:
    """Bursts of three calls 5 µs apart on one file, each burst with one offset of its own (a
    pause of the NameNode), and between them calls on no file 7 ms apart, each its own offset."""
    rng = np.random.default_rng(11)
    burst_starts = np.arange(500) * 20.0
    burst = (burst_starts[:, None] + np.array([0.0, 0.005, 0.010])).ravel()
    burst_offsets = np.repeat(rng.uniform(0.0, 20.0, 500), 3)
    spread = np.arange(500) * 20.0 + 7.0 + np.array([[0.0], [7.0]])
    begins = np.concatenate([burst, spread.ravel()])
    offsets = np.concatenate([burst_offsets, rng.uniform(0.0, 20.0, spread.size)])
    files = np.concatenate([np.repeat(np.arange(500), 3), np.full(spread.size, -1)])
    order = np.argsort(begins, kind="stable")
    return CallOffsets({"open": (begins[order], offsets[order])}, {"open": files[order]})


@pytest.mark.parametrize("pairs", ["calls", "one_file", "next_on_file"])
def test_a_gap_as_short_as_a_burst_s_keeps_the_burst_s_shared_offset(pairs: str) -> None:
    offsets = _bursts_and_spread_calls()
    rng = np.random.default_rng(12)
    short = rng.uniform(0.004, 0.011, 2_000)
    shown = offsets.gaps(short, CallOffsets.ACCESSES, rng, pairs=pairs)  # type: ignore[arg-type]
    # the run's calls that close all belong to one burst: logged as far apart as they began
    assert np.allclose(shown, short)
    # a gap of 7 ms only the calls on no file have: their offsets differ, and move it
    longer = offsets.gaps(np.full(2_000, 7.0), CallOffsets.ACCESSES, rng)
    assert np.mean(np.abs(longer - 7.0) > 1.0) > 0.5


def test_a_file_s_calls_logged_in_another_order_are_paired_as_its_trace_pairs_them() -> None:
    # three calls begun 10 µs apart, logged at 0, 2 and 1 ms: the trace sorts them, gaps 1 and 1
    begins = np.array([0.0, 0.01, 0.02])
    offsets = CallOffsets(
        {"open": (begins, np.array([0.0, 2.0, 1.0]) - begins)}, {"open": np.zeros(3, np.int64)}
    )
    rng = np.random.default_rng(13)
    gaps = np.full(200, 0.01)
    assert set(np.round(offsets.gaps(gaps, ("open",), rng, pairs="next_on_file"), 6)) == {1.0}
    # paired by their begins, the first two calls are 2 ms apart in the log
    by_begin = offsets.gaps(gaps, ("open",), rng, pairs="one_file")
    assert 2.0 in set(np.round(by_begin, 6))
    # a missing gap stays missing
    assert np.isnan(offsets.gaps(np.array([np.nan]), ("open",), rng, pairs="next_on_file")[0])


def _run_in_bursts(seed: int) -> MarkedCalls:
    """A run's accesses in bursts of 2-4 calls of one file, half of the bursts beside another
    mapper's within 50 µs; each of 4 mappers its own delay, changing every 10 ms (exponential,
    mean 3 ms), the same for a burst's calls; the log's whole milliseconds."""
    rng = np.random.default_rng(seed)
    mappers, files, segment = 4, 400, 10.0
    starts = rng.random(1_500) * 20_000.0
    file_of = rng.integers(0, files, len(starts))
    twin = rng.random(len(starts)) < 0.5
    twins = int(twin.sum())
    starts = np.concatenate([starts, starts[twin] + rng.random(twins) * 0.05])
    file_of = np.concatenate([file_of, (file_of[twin] + rng.integers(1, files, twins)) % files])
    calls = rng.integers(2, 5, len(starts))
    burst = np.repeat(np.arange(len(starts)), calls)
    steps = np.cumsum(rng.uniform(0.002, BURST_MS, len(burst)))
    first = np.cumsum(calls) - calls
    begun = starts[burst] + steps - np.repeat(steps[first], calls)  # a burst's calls in order
    file = file_of[burst]
    delay = rng.exponential(3.0, (mappers, int(21_000 / segment)))
    offset = delay[file % mappers, (begun // segment).astype(np.int64)]
    offset = offset + rng.uniform(0.0, 0.05, len(begun))
    return MarkedCalls(
        command=("open",) * len(begun),
        path=tuple(f"/r/f{f}" for f in file),
        due=begun,
        begun=begun,
        logged=np.floor(begun + offset),
        file_type=np.zeros(len(begun), dtype=np.int64),
    )


def _files(calls: MarkedCalls, odd: bool) -> MarkedCalls:
    rows = np.array([int(path[len("/r/f") :]) % 2 == odd for path in calls.path])
    return MarkedCalls(
        command=tuple(np.array(calls.command)[rows]),
        path=tuple(np.array(calls.path)[rows]),
        due=calls.due[rows],
        begun=calls.begun[rows],
        logged=calls.logged[rows],
        file_type=calls.file_type[rows],
    )


def test_a_run_s_own_gaps_logged_with_its_other_files_offsets_are_its_logged_gaps() -> None:
    calls = _run_in_bursts(1)
    held_out, others = _files(calls, odd=False), _files(calls, odd=True)
    begun, logged = held_out.access_gaps(held_out.begun), held_out.access_gaps(held_out.logged)
    offsets = others.offsets()
    rng = np.random.default_rng(2)
    shown = audited(offsets.gaps(begun, CallOffsets.ACCESSES, rng, pairs="next_on_file"), rng)
    distance = ks_distance(logged, shown)
    assert distance is not None
    assert distance < 0.025, distance
    assert abs(np.mean(shown == 0) - np.mean(logged == 0)) < 0.02
    # paired with any calls as close, a burst's gaps would take two mappers' delays apart
    unpaired = audited(offsets.gaps(begun, CallOffsets.ACCESSES, rng, pairs="calls"), rng)
    assert np.mean(unpaired == 0) < np.mean(logged == 0) - 0.05
    assert (ks_distance(logged, unpaired) or 0.0) > 0.05


def test_the_pairs_kept_stay_within_their_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # room for the bursts' calls 5 µs apart (1,000 pairs), not for those 10 µs apart too
    monkeypatch.setattr(fidelity, "NEAR_PAIRS", 1_200)
    offsets = _bursts_and_spread_calls()
    pair_gaps, _, reach = offsets.pairs(CallOffsets.ACCESSES, "calls")
    assert len(pair_gaps) == 1_000
    assert 0.005 <= reach < 0.01
    # past the pairs kept, a gap is moved by a call's and the one nearest the gap after it
    shown = offsets.gaps(np.full(100, 5_000.0), CallOffsets.ACCESSES, np.random.default_rng(14))
    assert np.all(np.abs(shown - 5_000.0) <= 20.0)


def test_one_gap_drawn_many_times_takes_the_shifts_of_many_pairs_near_it() -> None:
    # 40 pairs of calls, 2.05 to 5.95 ms apart by steps of 0.1 ms, a second apart from each
    # other, each pair's second call logged its own shift later: only the pairs 2.95 and 3.05 ms
    # apart are within the tolerance of a gap of 3 ms
    rng = np.random.default_rng(15)
    pair_gaps = 2.05 + 0.1 * np.arange(40)
    begins = np.ravel(np.c_[np.arange(40) * 1_000.0, np.arange(40) * 1_000.0 + pair_gaps])
    shifts = rng.uniform(-2.0, 2.0, 40)
    logged_after = np.ravel(np.c_[np.full(40, 2.0), 2.0 + shifts])
    offsets = CallOffsets({"create": (begins, logged_after)})
    # the comparison's model holds each value of a run-sized draw once in every replica
    shown = offsets.gaps(np.full(2_000, 3.0), ("create",), np.random.default_rng(16))
    taken = np.unique(np.round(shown - 3.0, 9))
    assert len(taken) >= fidelity.MIN_PAIRS * 3 // 4, taken
    assert set(taken) <= set(np.round(shifts, 9))
