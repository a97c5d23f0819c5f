from dataclasses import replace

import numpy as np
import pytest

from mimesis_model.errors import ProfileError
from mimesis_model.formats.distribution import Distribution
from mimesis_model.formats.profile import (
    CallShare,
    ClusterCalls,
    DirectoryType,
    FileType,
    Probes,
    Profile,
)
from mimesis_model.formats.trace import audit_commands
from mimesis_model.model.fit import ProfileFitter, read_for_fitting
from mimesis_model.model.scaling import isolate_types, scale_types
from mimesis_model.model.synthesis import (
    popularity_quantiles,
    popularity_stride,
    strata_step,
    stratified_uniforms,
    synthesize,
    synthesize_directories,
    synthesize_for_comparison,
    systematic_kinds,
)
from mimesis_model.runs.run_results import RunScaling
from test_profile_vectors import SAMPLE_TRACE


@pytest.fixture(scope="module")
def profile() -> Profile:
    return ProfileFitter(n_types=6).fit(read_for_fitting(SAMPLE_TRACE)).profile_


def test_seeded(profile: Profile) -> None:
    first, again = synthesize(profile, random_state=4), synthesize(profile, random_state=4)
    assert np.array_equal(first.accesses, again.accesses)
    assert np.array_equal(first.interarrival, again.interarrival)


@pytest.mark.parametrize("files", [10, 100, 400, 10_000])
def test_popularity_quantiles_spread_evenly(files: int) -> None:
    quantiles = np.sort(popularity_quantiles(files, np.random.default_rng(files)))
    assert ((quantiles >= 0) & (quantiles < 1)).all()
    steps = np.arange(1, files + 1) / files
    ks = max(np.max(steps - quantiles), np.max(quantiles - (steps - 1 / files)))
    # independent draws: about 1.36 / sqrt(n) at the 95th percentile (0.068 for 400 files)
    assert ks <= 2 * np.log(files) / files


def test_a_types_files_take_one_stratum_each_and_then_a_kronecker_sequence() -> None:
    for n in (1, 2, 16, 113, 400):
        quantiles = popularity_quantiles(n + 5, np.random.default_rng(n), strata=n)
        assert np.allclose(np.sort(quantiles[:n]), (np.arange(n) + 0.5) / n)
        assert ((quantiles[n:] >= 0) & (quantiles[n:] < 1)).all()
    # the strides Java's PopularityQuantilesTest expects too: one order in both generators
    assert [popularity_stride(n) for n in (1, 2, 16, 113, 400)] == [1, 1, 11, 70, 247]


def test_each_popularity_quantile_is_uniform_over_seeds() -> None:
    third = np.array(
        [popularity_quantiles(5, np.random.default_rng(s), strata=1000)[3] for s in range(4000)]
    )
    assert abs(third.mean() - 0.5) < 0.02
    assert abs(np.mean(third < 0.25) - 0.25) < 0.03


def test_a_small_run_leaves_the_unaccessed_share_unaccessed(profile: Profile) -> None:
    workload = synthesize(profile, random_state=3)
    for file_type in profile.file_types:
        rows = workload.file_type == file_type.index
        pre_existing = rows & workload.pre_existing
        # pre-existing files activate from 0, so only the quantile decides which stay unaccessed
        if file_type.unaccessed_share in (0.0, 1.0) or file_type["activationDelay"].is_empty:
            continue
        unaccessed = np.count_nonzero(workload.accesses[pre_existing] == 0)
        expected = file_type.unaccessed_share * pre_existing.sum()
        assert abs(unaccessed - expected) <= 2 + 2 * np.log(max(pre_existing.sum(), 2)), (
            file_type.index
        )


def test_counts_follow_the_profile(profile: Profile) -> None:
    workload = synthesize(profile, file_scale=50, random_state=1)
    for file_type in profile.file_types:
        rows = workload.file_type == file_type.index
        assert (rows & workload.pre_existing).sum() == round(file_type.pre_existing * 50)
        assert (rows & ~workload.pre_existing).sum() <= round(file_type.created * 50)
        assert set(np.unique(workload.depth[rows])) <= set(file_type.depth.values)
    ops = workload.op_counts()
    assert ops["create"] == workload.created
    assert ops["mkdirs"] == round(ops["create"] * profile.mkdirs_per_create)


def test_time_scale_multiplies_every_time_and_keeps_the_operations(profile: Profile) -> None:
    base = synthesize(profile, random_state=2)
    fast = synthesize(profile, time_scale=0.5, random_state=2)
    assert fast.op_counts() == base.op_counts()
    assert np.allclose(fast.interarrival, base.interarrival * 0.5)
    assert fast.window_ms == base.window_ms * 0.5
    assert synthesize(profile, time_scale=0.0, random_state=2).interarrival.max() == 0


def test_span_scale_changes_the_accesses_per_file(profile: Profile) -> None:
    base = synthesize(profile, file_scale=20, random_state=3).accesses
    longer = synthesize(profile, span_scale=2, file_scale=20, random_state=3).accesses
    shorter = synthesize(profile, span_scale=0.5, file_scale=20, random_state=3).accesses
    assert shorter.sum() < base.sum() < longer.sum()
    assert synthesize(profile, span_scale=0, random_state=3).accesses.max() == 1


def test_type_scaling_follows_equations_1_to_3(profile: Profile) -> None:
    scaled = scale_types(profile, {0: 2.0})
    n, w0 = profile.files, profile.file_types[0].weight
    n_new = scaled.files
    assert n_new == pytest.approx(n + w0 * n, abs=1)  # (1)
    assert scaled.file_types[0].weight * n_new == pytest.approx(2 * w0 * n, abs=1)  # (2)
    for old, new in zip(profile.file_types[1:], scaled.file_types[1:], strict=True):
        assert new.weight * n_new == pytest.approx(old.weight * n)  # (3)
    old_rate = profile.file_types[0]["createInterarrival"].mean
    assert scaled.file_types[0]["createInterarrival"].mean == pytest.approx(old_rate / 2)


def test_isolation_keeps_only_the_chosen_types(profile: Profile) -> None:
    isolated = isolate_types(profile, [2, 0])
    assert isolated.k == 2
    assert [t.files for t in isolated.file_types] == [
        profile.file_types[0].files,
        profile.file_types[2].files,
    ]
    assert "isolated types 0->0, 2->1" in isolated.source
    assert isolated.namespace is profile.namespace


WINDOW_MS = 100_000


def _constant(value: float) -> Distribution:
    return Distribution.of_sample([value])


def whole_profile(call_offset: float = 1_000.0) -> Profile:
    """One file type and one directory type with calls and probes, and cluster calls, every
    distribution a constant so that the counts are exact."""
    times = {
        "createInterarrival": _constant(100), "activationDelay": _constant(500),
        "accessInterarrival": _constant(1_000), "activeSpan": _constant(4_000),
        "deleteDelay": _constant(10_000),
    }  # fmt: skip
    file_type = FileType(
        index=0, weight=1.0, files=1_000, pre_existing=400, unaccessed_share=0.0,
        access_shares={"open": 1.0, "listStatus": 0.0, "getFileInfo": 0.0}, delete_share=0.5,
        depth=_constant(3), distributions=times | {"accessesPerFile": _constant(5)},
        calls=[
            CallShare("setReplication", 1.5, _constant(call_offset)),
            CallShare("concat", 1.0, _constant(5)),  # the generator cannot issue it
        ],
        probes=Probes(2.5, 0.2, _constant(300)),
    )  # fmt: skip
    directory_type = DirectoryType(
        index=0, weight=1.0, directories=200, pre_existing=100, unaccessed_share=0.0,
        access_shares={"listStatus": 0.6, "getFileInfo": 0.3, "contentSummary": 0.1},
        delete_share=0.5, subtree_files=_constant(4), depth=_constant(2),
        distributions=times | {
            "createInterarrival": _constant(200), "accessesPerDirectory": _constant(10),
        },
        calls=[CallShare("setPermission", 0.5, _constant(10))],
        probes=Probes(1.0, 1.0, _constant(50)),
    )  # fmt: skip
    return Profile(
        "test", WINDOW_MS, [file_type], 0, 0.0, 0.0,
        directory_types=[directory_type],
        cluster_calls=[
            ClusterCalls("datanodeReport", 50, _constant(1_000)),
            ClusterCalls("getDelegationToken", 9, _constant(10)),  # the generator cannot issue it
        ],
    )  # fmt: skip


def test_pre_existing_files_are_first_accessed_uniformly_when_the_profile_says_so() -> None:
    delay = synthesize(whole_profile(), random_state=0)
    assert set(delay.first_access[delay.pre_existing].tolist()) == {500.0}  # activationDelay
    uniform = synthesize(
        replace(whole_profile(), pre_existing_activation="UNIFORM"), random_state=0
    )
    first = uniform.first_access[uniform.pre_existing]
    assert len(first) == 400
    assert ((first >= 0) & (first < WINDOW_MS)).all()
    # 400 draws: each quarter of the window about 100 (binomial sd 8.7)
    assert np.all(np.abs(np.histogram(first, bins=4, range=(0, WINDOW_MS))[0] - 100) < 35)
    created = ~uniform.pre_existing & ~np.isnan(uniform.first_access)
    assert created.any()  # created files keep their activation delay
    assert np.array_equal(uniform.first_access[created], uniform.origin[created] + 500.0)


def test_a_profile_names_a_known_pre_existing_activation() -> None:
    assert replace(whole_profile(), pre_existing_activation="LATE").problems() == [
        "preExistingActivation 'LATE' is not one of DELAY, UNIFORM"
    ]


def test_file_calls_each_file_draws_floor_or_ceil_of_per_file() -> None:
    workload = synthesize(whole_profile(), random_state=0)
    names = audit_commands()
    commands = [names[code] for code in workload.call_command.tolist()]
    assert set(commands) == {"setReplication"}
    # 1,000 files, 1.5 calls each on average, the half-calls drawn stratified: 1,500 to within 2
    assert abs(len(commands) - 1_500) <= 2
    # each at origin + 1 s: pre-existing files' at 1 s, created files' 1 s after their create
    assert set(workload.call_time.tolist()) == {1_000.0 + 100.0 * n for n in range(601)}


def test_counts_drawn_from_stratified_uniforms_come_within_three_of_their_mean() -> None:
    """generator-mr's StrataTest holds the same steps and the same bounds."""
    assert [round(strata_step(s), 6) for s in range(6)] == [
        0.732051, 0.645751, 0.316625, 0.605551, 0.123106, 0.358899,
    ]  # fmt: skip
    ids = np.arange(178)
    for seed in range(200):
        rng = np.random.default_rng(seed)
        calls = np.floor(65 / 178 + stratified_uniforms(ids, 5, rng)).sum()
        deleted = np.count_nonzero(stratified_uniforms(ids, 0, rng) < 0.3)
        assert abs(calls - 65) <= 3, seed
        assert abs(deleted - 53.4) <= 3, seed
    # each entity's uniform is uniform over seeds
    firsts = [stratified_uniforms(ids, 0, np.random.default_rng(s))[17] for s in range(4000)]
    assert np.mean(firsts) == pytest.approx(0.5, abs=0.02)


def test_a_call_after_the_window_or_the_files_delete_is_dropped() -> None:
    late = synthesize(whole_profile(call_offset=WINDOW_MS), random_state=0)
    assert len(late.call_time) == 0
    # deleted 10 s after the last access (4.5 s after origin): a call at 20 s is dropped
    after = synthesize(whole_profile(call_offset=20_000), random_state=0)
    assert 0 < len(after.call_time) < 1_500 - 4 * np.sqrt(250)
    assert np.count_nonzero(after.deleted) > 0


def test_probes_come_before_their_files_create() -> None:
    workload = synthesize(whole_profile(), random_state=0)
    # 600 created files, 2.5 probes each on average: 2 each and one more for half of them
    assert abs(len(workload.probe_time) - 1_500) < 4 * np.sqrt(150)
    assert set(workload.probe_time.tolist()) == {0.0} | {100.0 * n - 300 for n in range(4, 601)}
    assert abs(workload.probe_listing.mean() - 0.2) < 0.05


def test_directory_types_are_synthesized_as_file_types() -> None:
    workload = synthesize(whole_profile(), random_state=0)
    directories = workload.directories
    assert directories is not None
    assert (len(directories), int(directories.pre_existing.sum())) == (200, 100)
    assert directories.kinds == ("listStatus", "getFileInfo", "contentSummary")
    # 10 accesses each: systematic kinds give each directory exactly its shares
    assert directories.accesses.tolist() == [10] * 200
    assert directories.kind_counts.tolist() == [[6, 3, 1]] * 200
    # a recursive delete for about half; the pre-existing deleted ones hold 4 filler files
    # each (made in phase 1); a created one's subtree is the file types' removed files, whose
    # creates are their own
    deleted = directories.deleted
    assert abs(int(deleted.sum()) - 100) < 4 * np.sqrt(50)
    filled = deleted & directories.pre_existing
    assert directories.subtree_files.tolist() == np.where(filled, 4, 0).tolist()
    counts = workload.command_counts()
    assert counts["create"] == 600
    assert counts["mkdirs"] == 100
    assert counts["delete"] == int(workload.deleted.sum()) + int(deleted.sum())
    assert counts["contentSummary"] == int(directories.kind_counts[:, 2].sum())
    assert counts["setPermission"] == len(directories.call_time)
    # probes of directories: listings, each 50 ms before its mkdirs (100 created, 1 each)
    assert len(directories.probe_time) == 100
    assert directories.probe_listing.all()
    listings = int(directories.kind_counts[:, 0].sum()) + int(workload.probe_listing.sum()) + 100
    assert counts["listStatus"] == listings


def test_cluster_calls_are_renewal_processes_scaled_as_file_types() -> None:
    workload = synthesize(whole_profile(), random_state=0)
    assert workload.cluster_command == ("datanodeReport",) * 50
    assert workload.cluster_time.tolist() == [1_000.0 * n for n in range(1, 51)]
    twice = synthesize(whole_profile(), file_scale=2, random_state=0)
    assert twice.cluster_time.tolist() == [500.0 * n for n in range(1, 101)]
    fast = synthesize(whole_profile(), time_scale=0.5, random_state=0)
    assert fast.cluster_time.tolist() == [500.0 * n for n in range(1, 51)]
    assert fast.directories is not None
    assert workload.directories is not None
    assert np.allclose(fast.directories.origin, workload.directories.origin * 0.5)
    assert fast.command_counts() == workload.command_counts()


def test_the_directories_alone_draw_what_the_whole_synthesis_draws() -> None:
    profile = whole_profile()
    whole = synthesize(profile, file_scale=3, span_scale=2, random_state=5).directories
    alone = synthesize_directories(profile, file_scale=3, span_scale=2, random_state=5)
    assert whole is not None
    assert alone is not None
    assert np.array_equal(whole.kind_counts, alone.kind_counts)
    assert np.array_equal(whole.call_time, alone.call_time)


def test_adding_directories_leaves_the_files_draws_alone() -> None:
    with_directories = synthesize(whole_profile(), random_state=7)
    without = synthesize(
        replace(whole_profile(), directory_types=[], cluster_calls=[]), random_state=7
    )
    assert np.array_equal(with_directories.accesses, without.accesses)
    assert np.array_equal(with_directories.probe_time, without.probe_time)


def test_directory_types_scale_and_all_scales_the_cluster_calls() -> None:
    profile = whole_profile()
    scaled = RunScaling(type_scales={"d0": 2.0}).profile_run(profile)
    assert (scaled.directories, scaled.files) == (400, 1_000)
    assert scaled.directory_types[0]["createInterarrival"].mean == pytest.approx(100)
    assert scaled.cluster_calls == profile.cluster_calls
    every = RunScaling(type_scales={"all": 3.0, "0": 2.0}).profile_run(profile)
    assert (every.files, every.directories) == (6_000, 600)
    assert [c.calls for c in every.cluster_calls] == [150, 27]
    assert every.cluster_calls[0].interarrival.mean == pytest.approx(1_000 / 3)
    with pytest.raises(ProfileError, match="type d1: the profile has d0 to d0"):
        RunScaling(type_scales={"d1": 2.0}).profile_run(profile)


def test_isolation_as_a_run_keeps_numbers_and_runs_no_directory_type_nor_cluster_call() -> None:
    profile = whole_profile()
    isolated = RunScaling(types=[0]).profile_run(profile)
    assert (isolated.k, isolated.files) == (profile.k, profile.files)
    assert [t.directories for t in isolated.directory_types] == [0]
    assert (isolated.cluster_calls, isolated.missing_path_probes) == ([], [])
    with pytest.raises(ProfileError, match="--types: no file type 1 "):
        RunScaling(types=[0, 1]).profile_run(profile)


def test_systematic_kinds_give_each_kind_floor_or_ceil_of_its_share() -> None:
    accesses = np.arange(0, 200, dtype=np.int64)
    shares = np.array([0.55, 0.3, 0.15])
    counts = systematic_kinds(accesses, shares, np.random.default_rng(3))
    assert counts.sum(axis=1).tolist() == accesses.tolist()
    expected = accesses[:, None] * shares[None, :]
    assert (np.abs(counts - expected) < 1).all()


def test_renames_come_at_the_create_plus_a_drawn_delay_never_after_the_delete() -> None:
    base = whole_profile()
    renamed = replace(base.file_types[0], rename_delay=Distribution.of_sample([200.0, 30_000.0]))
    profile = replace(base, file_types=[renamed], renames_per_create=1.5)
    workload = synthesize(profile, random_state=0)
    owner = workload.rename_file
    assert not workload.pre_existing[owner].any(), "only created files are renamed"
    # 600 created files, 1 or 2 renames each, 1.5 on average, drawn stratified
    per_file = np.bincount(owner, minlength=len(workload))[~workload.pre_existing]
    assert set(per_file.tolist()) == {1, 2}
    assert abs(int(per_file.sum()) - 900) <= 2
    origin = workload.origin[owner]
    ends = np.where(workload.deleted, workload.delete_time, WINDOW_MS)[owner]
    soon = np.isclose(workload.rename_time, origin + 200)
    # a 30 s delay falls after a deleted file's delete (at 14.5 s): it comes at the delete
    late = np.isclose(workload.rename_time, np.minimum(origin + 30_000, ends))
    assert (soon | late).all()
    assert abs(soon.mean() - 0.5) < 0.05
    assert (late & np.isclose(workload.rename_time, ends) & workload.deleted[owner]).any()
    same_file = np.diff(owner) == 0
    assert (np.diff(workload.rename_time)[same_file] >= 0).all(), "in order within a file"
    halved = synthesize(profile, random_state=0, time_scale=0.5)
    assert np.allclose(halved.rename_time, 0.5 * workload.rename_time), "time-scaled"
    # a type with no rename delay renames at the create, as before
    at_create = synthesize(replace(profile, file_types=[base.file_types[0]]), random_state=0)
    assert np.array_equal(at_create.rename_time, at_create.origin[at_create.rename_file])
    # the renames' draws are a stream of their own: the files' and calls' are as they were
    assert np.array_equal(at_create.call_time, workload.call_time)
    assert np.array_equal(at_create.delete_time, workload.delete_time, equal_nan=True)


def test_a_shorter_window_cuts_the_lives_of_the_profiles_window() -> None:
    # Drawn over a 20 s window, a pre-existing file first read at 50 s was deleted at 10 s (its
    # origin + deleteDelay), and one first read at 18 s had its 4 s of reads squeezed into 2 s.
    profile = replace(whole_profile(), pre_existing_activation="UNIFORM")
    whole = synthesize(profile, random_state=0)
    short = synthesize(profile, random_state=0, window_ms=20_000)
    for workload, window in ((whole, WINDOW_MS), (short, 20_000)):
        read = workload.pre_existing & ~np.isnan(workload.first_access)
        assert (workload.first_access[read] < window).all()
        # a delete comes 10 s after the last of a file's 5 reads (4 s after its first), or not
        gone = workload.pre_existing & workload.deleted
        assert np.allclose(workload.delete_time[gone], workload.first_access[gone] + 14_000)
    # the reads keep their 1 s gaps where the cut falls among them
    assert np.allclose(short.interarrival, 1_000.0)
    assert (short.accesses[short.pre_existing] < 5).any()
    # about 200 of the 400 pre-existing files are deleted in the whole window, 14 s after a first
    # read uniform over 100 s; in 20 s, those first read in the first 6 s: about 12, not 190
    deletes = int(np.count_nonzero(short.deleted & short.pre_existing))
    assert deletes <= 30
    before = whole.pre_existing & whole.deleted & (whole.delete_time < 20_000)
    assert abs(deletes - int(np.count_nonzero(before))) <= 12


def bursty_profile() -> Profile:
    """Created files in two bursts (most gaps 100 ms, two of 45 % of the window), each with a
    call a fifth of the window after its create: one run's files fall before the window's last
    fifth or do not, by where its long gaps fall."""
    base = whole_profile(call_offset=WINDOW_MS / 5)
    file_type = base.file_types[0]
    gaps = Distribution.of_sample([100.0] * 18 + [WINDOW_MS * 0.45] * 2)
    bursty = replace(
        file_type, files=20, pre_existing=0, delete_share=0.0,
        distributions=file_type.distributions | {"createInterarrival": gaps},
        calls=[CallShare("setReplication", 1.0, _constant(WINDOW_MS / 5))], probes=None,
    )  # fmt: skip
    return replace(base, file_types=[bursty], directory_types=[], cluster_calls=[])


def test_a_comparisons_replicas_issue_what_one_run_does_on_average() -> None:
    # A comparison's replicas are runs' own create processes: one process 50 times as fast
    # averages the long gaps out, and a fit made against it missed a run's count by 13 % on
    # HBase's bursts of flushed HFiles.
    profile = bursty_profile()
    runs = np.mean([len(synthesize(profile, random_state=seed).call_time) for seed in range(400)])
    pooled, replicas = synthesize_for_comparison(profile, replicas=400, random_state=0)
    assert replicas == 400
    assert len(pooled.call_time) / replicas == pytest.approx(runs, rel=0.06)  # 12.15 vs 11.89
    fast = synthesize(profile, file_scale=400, random_state=0)
    assert len(fast.call_time) / 400 > 1.25 * runs  # 17.4: few files past the window's last fifth
