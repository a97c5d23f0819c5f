"""A run's trace records whole milliseconds (the audit log's clock); the reference generator's
times are continuous. `fidelity` compares the model's times as the log would record them, and
as late as the run's calls reached the log after their begin (the offsets its calls' caller
contexts measure)."""

from __future__ import annotations

import numpy as np

from mimesis_model.model.fidelity import CallOffsets, MarkedCalls, audited, ks_distance


def test_the_model_seen_at_the_audit_logs_resolution_is_what_a_faithful_run_records() -> None:
    rng = np.random.default_rng(7)
    # one file's accesses every 2 ms on average, as a burst at time scale 0.2 gives them
    recorded = np.diff(np.floor(1e6 * rng.random() + np.cumsum(rng.exponential(2.0, 20_000))))
    model = rng.exponential(2.0, 20_000)  # the same process, drawn again: continuous times
    raw = ks_distance(recorded, model)
    assert raw is not None
    assert raw > 0.1, raw  # like with unlike: the clock's grain, not the run
    seen = ks_distance(recorded, audited(model, np.random.default_rng(1)))
    assert seen is not None
    assert seen < 0.02, seen
    # whole milliseconds stay as they are, and a missing time stays missing
    assert list(audited(np.array([0.0, 3.0, np.nan]), rng)[:2]) == [0.0, 3.0]
    assert np.isnan(audited(np.array([np.nan]), rng)[0])


def _offsets(begins: list[float], offsets: list[float], command: str = "open") -> CallOffsets:
    return CallOffsets({command: (np.array(begins), np.array(offsets))})


def test_two_calls_close_in_time_share_their_offset() -> None:
    """A pause of the NameNode holds every call in it: a gap between two calls is moved by the
    offsets of two of the run's calls as far apart, so calls logged late together keep their gap."""
    rng = np.random.default_rng(3)
    begins = np.arange(0.0, 10_000.0, 1.0)
    stalled = _offsets(list(begins), list(np.where((begins // 100) % 2 == 1, 50.0, 0.5)))
    gaps = np.full(5_000, 2.0)
    shown = stalled.gaps(gaps, CallOffsets.ACCESSES, rng)
    # most 2 ms gaps fall within one 100 ms stretch of equal offsets: only those that straddle
    # the start or end of a stall move, by 49.5 ms
    assert np.mean(shown == 2.0) > 0.9
    assert set(np.round(shown[shown != 2.0], 1)) <= {47.5, 51.5}


def test_a_gap_of_0_between_calls_of_different_offsets_is_their_difference() -> None:
    rng = np.random.default_rng(4)
    # a call every 0.5 ms, logged alternately 0.2 and 1.2 ms after its begin
    offsets = _offsets(list(np.arange(200) * 0.5), [0.2, 1.2] * 100)
    shown = offsets.gaps(np.zeros(1_000), CallOffsets.ACCESSES, rng)
    assert set(np.round(shown, 6)) == {1.0}  # neighbours alternate: one ms apart, either order


def test_times_and_spans_move_by_the_offsets_and_a_single_access_keeps_its_span() -> None:
    rng = np.random.default_rng(5)
    offsets = _offsets([0.0, 10.0, 20.0], [3.0, 3.0, 3.0])
    assert list(offsets.times(np.array([5.0, np.nan]), ("open",), rng)[:1]) == [8.0]
    assert np.isnan(offsets.times(np.array([np.nan]), ("open",), rng)[0])
    spans = offsets.spans(np.array([0.0, 7.0]), np.array([1, 2]), rng)
    assert list(spans) == [0.0, 7.0]  # equal offsets leave a span as it is
    # a command the run never called takes the accesses' offsets
    begins, _ = offsets.pooled(("delete",))
    assert len(begins) == 3


def test_a_run_s_timing_splits_into_its_schedule_its_issuing_and_its_log() -> None:
    calls = MarkedCalls(
        command=("open", "open", "getfileinfo", "create", "open"),
        path=("/r/a.t0", "/r/a.t0", "/r/a.t0", "/r/b.t0", "/r/d0"),
        due=np.array([0.0, 1.0, 4.0, 2.0, 2.0]),
        begun=np.array([0.1, 3.0, 4.2, 2.5, 2.5]),
        logged=np.array([1.0, 3.0, 5.0, 3.0, 3.0]),
        file_type=np.array([0, 0, 0, 1, -1]),
    )
    assert list(calls.access_gaps(calls.due)) == [1.0, 3.0]  # a file's accesses only, in order
    assert list(np.round(calls.access_gaps(calls.begun), 6)) == [2.9, 1.2]
    assert list(calls.access_gaps(calls.logged)) == [2.0, 2.0]
    # type 1's one create: its gap from time zero, at each stage
    assert [list(calls.create_gaps(t)) for t in (calls.due, calls.begun, calls.logged)] == [
        [2.0],
        [2.5],
        [3.0],
    ]
    offsets = calls.offsets()
    assert set(offsets.by_command) == {"open", "getfileinfo", "create"}
    assert list(np.round(offsets.by_command["open"][1], 6)) == [0.9, 0.5, 0.0]  # by begin
    assert offsets.calls == 5


def test_the_model_logged_as_late_as_the_run_s_calls() -> None:
    """With the run's offsets, the model's every call is logged that much later."""
    rng = np.random.default_rng(6)
    gaps = rng.exponential(5.0, 2_000)
    late = _offsets(list(np.arange(0.0, 1_000.0)), list(2.0 + rng.random(1_000)))
    shown = late.gaps(gaps, CallOffsets.ACCESSES, np.random.default_rng(0))
    assert ks_distance(shown, gaps) is not None
    assert np.all(np.abs(shown - gaps) <= 1.0)  # moved by at most the offsets' spread


def test_a_files_spans_and_gaps_follow_it_through_renames_and_leave_out_its_probes() -> None:
    # /r/b.t0 probed before its create, created, read, renamed twice (the generator's `._r<k>`),
    # read under each name; /r/a.t0 read once
    calls = MarkedCalls(
        command=("getfileinfo", "create", "open", "rename", "open", "rename", "getfileinfo",
                 "open"),
        path=("/r/b.t0", "/r/b.t0", "/r/b.t0", "/r/b.t0", "/r/b.t0._r0", "/r/b.t0._r0",
              "/r/b.t0._r1", "/r/a.t0"),
        due=np.array([0.0, 5.0, 6.0, 7.0, 9.0, 10.0, 14.0, 3.0]),
        begun=np.array([0.0, 5.0, 6.5, 7.0, 9.0, 10.0, 15.0, 3.0]),
        logged=np.array([0.0, 5.0, 7.0, 7.0, 9.0, 10.0, 15.0, 4.0]),
        file_type=np.zeros(8, dtype=np.int64),
    )  # fmt: skip
    assert sorted(calls.access_spans(calls.due)) == [0.0, 8.0]  # 6 to 14: one file, no probe
    assert sorted(calls.access_spans(calls.begun)) == [0.0, 8.5]
    assert list(calls.access_gaps(calls.due)) == [3.0, 5.0]
