from pathlib import Path

import numpy as np
import pytest

from mimesis_model.errors import ProfileError, TraceError
from mimesis_model.model.file_types import file_types_of
from mimesis_model.model.fit import ProfileFitter, read_for_fitting
from mimesis_model.model.validation import validate
from test_profile_vectors import SAMPLE_TRACE
from tracefiles import T0, audit_event, file_timeline, write_trace


@pytest.fixture(scope="module")
def sample():  # type: ignore[no-untyped-def]
    return read_for_fitting(SAMPLE_TRACE)


@pytest.mark.slow  # 14 s: a k search
def test_the_paper_bar_on_the_sample_made_by_real_hadoop_jobs(sample, sample_fitter) -> None:  # type: ignore[no-untyped-def]
    """The fit bar: popularity KS below 0.04 with k at most 30, every distance reported."""
    fitter = sample_fitter  # ProfileFitter(random_state=0).fit(sample), shared
    profile = fitter.profile_
    assert profile.k <= 30
    assert [step.k for step in fitter.k_search_] == list(range(1, len(fitter.k_search_) + 1))
    assert fitter.chosen_ is not None
    assert fitter.chosen_.popularity_ks <= 0.04
    report = validate(profile, sample, random_state=0)
    assert report["k"] == profile.k
    assert report["ks"]["popularity"] < 0.04
    assert all(report["ks"][name] is not None for name in report["ks"]), report["ks"]
    assert len(report["per_type"]) == profile.k
    assert report["files"]["trace"] == profile.files


def test_same_seed_same_profile_other_seed_other_clusters(sample) -> None:  # type: ignore[no-untyped-def]
    first = ProfileFitter(n_types=6, random_state=3).fit(sample).profile_.to_record()
    again = ProfileFitter(n_types=6, random_state=3).fit(sample).profile_.to_record()
    assert first == again


def test_types_hold_every_modeled_file_and_their_counts(sample) -> None:  # type: ignore[no-untyped-def]
    fitter = ProfileFitter(n_types=4).fit(sample)
    profile, labels = fitter.profile_, fitter.labels_
    behaviour = sample.behaviour
    assert profile.files + profile.dormant_files == len(behaviour)
    assert sum(t.weight for t in profile.file_types) == pytest.approx(1.0)
    weights = [t.weight for t in profile.file_types]
    assert weights == sorted(weights, reverse=True)
    for file_type in profile.file_types:
        rows = labels == file_type.index
        assert file_type.files == rows.sum()
        assert file_type.pre_existing == (rows & behaviour.pre_existing).sum()
        accessed = rows & behaviour.accessed
        assert file_type["accessesPerFile"].count == accessed.sum()
        assert file_type["activeSpan"].count == accessed.sum()
        # A file accessed once has no interarrival but a span of 0: kept, not dropped.
        once = (rows & (behaviour.accesses == 1)).sum()
        assert file_type["activeSpan"].cdf(0.0)[()] * accessed.sum() >= once - 1e-9
    assert profile.namespace is not None
    assert profile.namespace.directories > 0


def test_k_bounds(sample) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ProfileError, match="-k 100000: must be between 1 and the 388 files"):
        ProfileFitter(n_types=100_000).fit(sample)
    assert ProfileFitter(n_types=1).fit(sample).profile_.k == 1


def _trace(directory: Path, files: list[dict]) -> Path:  # type: ignore[type-arg]
    return write_trace(directory, [audit_event(T0, "open"), audit_event(T0 + 9, "open")], files)


def test_a_types_rename_delays_are_its_created_files_renames_from_their_create(
    tmp_path: Path,
) -> None:
    def read_often(start: int) -> list[tuple[int, str]]:
        return [(start + 10 * i, "O") for i in range(10)]

    renamed = [
        file_timeline(
            i, read_often(T0 + 100 * i + 50), created=T0 + 100 * i, renames=2,
            renameTimes=[T0 + 100 * i + 100, T0 + 100 * i + 5_000],
        )
        for i in range(4)
    ]  # fmt: skip
    kept = [file_timeline(i, [(T0 + 100 * i + 50, "G")], created=T0 + 100 * i) for i in range(4, 8)]
    # a pre-existing file's rename has no create to count from
    moved = file_timeline(8, [(T0 + 60, "G")], renames=1, renameTimes=[T0 + 70])
    events = [audit_event(T0, "open"), audit_event(T0 + 20_000, "open")]
    trace = write_trace(tmp_path / "t", events, [*renamed, *kept, moved])
    behaviour = read_for_fitting(trace).behaviour
    # two types labelled by hand: a whole fit synthesizes 50,000 files to score its k (28 s)
    labels = np.array([0, 0, 0, 0, 1, 1, 1, 1, 1])
    assert behaviour.rename_delay.tolist() == [100.0, 5_000.0] * 4
    types = {t.index: t for t in file_types_of(behaviour, labels, 2)}
    assert types[1].rename_delay.is_empty, "created files that kept their names, and one moved"
    delays = types[0].rename_delay
    assert (types[0].created, delays.count) == (4, 8)
    assert delays.values.tolist() == [100.0, 5_000.0]
    assert delays.cumulative.tolist() == [0.5, 1.0]


def test_a_trace_without_files_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TraceError, match="no files, nothing to model"):
        read_for_fitting(_trace(tmp_path / "t", []))


def test_a_trace_with_one_file_is_refused(tmp_path: Path) -> None:
    trace = read_for_fitting(_trace(tmp_path / "t", [file_timeline(0, [(T0, "O")])]))
    with pytest.raises(TraceError, match="1 file\\(s\\) with an event"):
        ProfileFitter().fit(trace)


def test_a_tiny_trace_fits(tmp_path: Path) -> None:
    files = [
        file_timeline(0, [(T0, "O"), (T0 + 5, "L")]),
        file_timeline(1, [(T0 + 3, "G")], created=T0 + 1, deleted=T0 + 9),
    ]
    profile = ProfileFitter().fit(read_for_fitting(_trace(tmp_path / "t", files))).profile_
    assert profile.files == 2
    assert profile.duration_ms == 9
    assert profile.problems() == []
    assert np.isclose(sum(t.delete_share * t.files for t in profile.file_types), 1)
