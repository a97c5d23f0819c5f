"""File sizes in the model: fitted from the bundled sample's two real fsimages (its created files'
sizes as the end image shows them, within KS 0.05 when sampled), the start image standing in
without an end one, none without an fsimage; read and written at format 5, format 4 read as
empty files."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import fastavro
import numpy as np
import pytest
from scipy.stats import ks_2samp

from mimesis_model.formats import schema
from mimesis_model.formats.distribution import Distribution
from mimesis_model.formats.profile import PROFILE_FILE, PROFILE_JSON, FileSizes, Profile
from mimesis_model.formats.trace import (
    NAMESPACE_END_FILE,
    NAMESPACE_FILE,
    read_file_timelines,
    read_namespace,
    read_namespace_end,
)
from mimesis_model.model.describe import render_sizes
from mimesis_model.model.file_sizes import FilePlaces, fit_sizes
from mimesis_model.model.fit import ProfileFitter, read_for_fitting

REPOSITORY = Path(__file__).resolve().parents[2]
SAMPLE_TRACE = REPOSITORY / "tests" / "sample-trace" / "trace"
KS_BOUND = 0.05
DRAWS = 20_000


@pytest.fixture(scope="module")
def fitted() -> ProfileFitter:
    return ProfileFitter(n_types=8, random_state=0).fit(read_for_fitting(SAMPLE_TRACE))


def _created_sizes_by_type(labels: np.ndarray) -> dict[int, np.ndarray]:
    """What the end image shows at the final path of each type's created files alive at the
    end: the observation the fit must reproduce, joined here without the fit's code."""
    files = read_file_timelines(SAMPLE_TRACE, paths=True)
    end = read_namespace_end(SAMPLE_TRACE)
    assert end is not None
    assert files.final_path is not None
    size_at = {p: int(s) for p, s, d in zip(end.path, end.size, end.is_dir, strict=True) if not d}
    observed: dict[int, list[int]] = {}
    for row in np.flatnonzero(files.created & ~files.deleted & (labels >= 0)).tolist():
        path = files.final_path[row]
        if path in size_at:
            observed.setdefault(int(labels[row]), []).append(size_at[path])
    return {index: np.array(sizes) for index, sizes in observed.items()}


def test_created_sizes_are_the_end_images_within_ks(fitted: ProfileFitter) -> None:
    profile = fitted.profile_
    observed = _created_sizes_by_type(fitted.labels_)
    assert sum(len(sizes) for sizes in observed.values()) > 200, "the sample creates files"
    rng = np.random.default_rng(0)
    drawn, pooled = [], []
    for file_type in profile.file_types:
        sizes = file_type.sizes
        assert sizes is not None
        assert sizes.created_from == "END_IMAGE"
        seen = observed.get(file_type.index, np.zeros(0))
        assert sizes.created.count == len(seen), f"type {file_type.index}"
        if len(seen) == 0:
            continue
        # sampled as the Java generator samples it: the inverse step CDF at a uniform draw
        sample = sizes.created.at(rng.random(DRAWS))
        assert ks_2samp(sample, seen).statistic <= KS_BOUND, f"type {file_type.index}"
        drawn.append(sizes.created.at(rng.random(len(seen) * 50)))
        pooled.append(seen)
    assert ks_2samp(np.concatenate(drawn), np.concatenate(pooled)).statistic <= KS_BOUND
    assert np.concatenate(pooled).max() > 0, "the sample's created files hold data"


def test_pre_existing_sizes_blocks_and_appends_come_from_the_images(
    fitted: ProfileFitter,
) -> None:
    start = read_namespace(SAMPLE_TRACE)
    assert start is not None
    profile = fitted.profile_
    pre_existing = sum(t.sizes.pre_existing.count for t in profile.file_types if t.sizes)
    assert 0 < pre_existing <= int(np.count_nonzero(~start.is_dir))
    # MiniDFSCluster wrote the sample with 1 MiB blocks and replication 3 (its fsimages say so)
    for file_type in profile.file_types:
        assert file_type.sizes is not None
        assert file_type.sizes.block_size.quantile(0.5) == 1024 * 1024
        assert file_type.sizes.replication.quantile(0.5) == 3
    # the sample appends to pre-existing logs: their growth per append is fitted
    grown = [t.sizes.append_bytes for t in profile.file_types if t.sizes is not None]
    assert any(not d.is_empty and d.values[0] > 0 for d in grown)


def test_without_an_end_image_the_start_image_stands_in(fitted: ProfileFitter) -> None:
    files = read_file_timelines(SAMPLE_TRACE, paths=True)
    start = read_namespace(SAMPLE_TRACE)
    k = fitted.profile_.k
    fit = fit_sizes(FilePlaces.of(files), fitted.labels_, k, start, None, 2048)
    assert fit.created_from == "START_IMAGE"
    for sizes in fit.sizes:
        assert sizes is not None
        assert sizes.created_from == "START_IMAGE"
        assert sizes.append_bytes.is_empty
        if not sizes.pre_existing.is_empty:
            assert sizes.created is sizes.pre_existing
    # types made only in the window have no pre-existing file an image sizes: pooled
    assert fit.pooled, "the sample has types of created files only"
    profile = replace(
        fitted.profile_,
        file_types=[replace(t, sizes=fit.sizes[t.index]) for t in fitted.profile_.file_types],
    )
    assert "standing in" in "\n".join(render_sizes(profile))


def test_a_trace_without_an_fsimage_has_no_sizes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trace = tmp_path / "trace"
    shutil.copytree(SAMPLE_TRACE, trace)
    (trace / NAMESPACE_FILE).unlink()
    (trace / NAMESPACE_END_FILE).unlink()
    profile = ProfileFitter(n_types=3, random_state=0).fit(read_for_fitting(trace)).profile_
    assert all(t.sizes is None for t in profile.file_types)
    assert render_sizes(profile)[0].startswith("file sizes: none")


def test_sizes_round_trip_and_profile_json_summarizes_them(
    fitted: ProfileFitter, tmp_path: Path
) -> None:
    fitted.profile_.write(tmp_path / "p")
    again = Profile.read(tmp_path / "p")
    for before, after in zip(fitted.profile_.file_types, again.file_types, strict=True):
        assert before.sizes is not None
        assert after.sizes is not None
        assert after.sizes.to_record() == before.sizes.to_record()
    summary = json.loads((tmp_path / "p" / PROFILE_JSON).read_text())
    shown = summary["fileTypes"][0]["sizes"]
    assert shown["createdFrom"] == "END_IMAGE"
    assert {"p50", "mean"} <= set(shown["created"]) | set(shown["preExisting"])
    assert set(shown["blocksPerFile"]) == {"preExisting", "created"}


def test_a_profile_of_format_4_reads_as_empty_files(fitted: ProfileFitter, tmp_path: Path) -> None:
    record = fitted.profile_.to_record()
    record["formatVersion"] = 4
    for item in record["fileTypes"]:
        del item["sizes"]
    declared = schema.declaration(schema.PROFILE)
    file_type = next(f for f in declared["fields"] if f["name"] == "fileTypes")["type"]["items"]
    file_type["fields"] = [f for f in file_type["fields"] if f["name"] != "sizes"]
    declared["fields"] = [f for f in declared["fields"] if f["name"] != "dormantSizes"]
    del record["dormantSizes"]
    (tmp_path / "v4").mkdir()
    with (tmp_path / "v4" / PROFILE_FILE).open("wb") as stream:
        fastavro.writer(stream, fastavro.parse_schema(declared), [record])
    profile = Profile.read(tmp_path / "v4")
    assert all(t.sizes is None for t in profile.file_types)
    assert profile.dormant_sizes is None


def test_bad_sizes_are_named(fitted: ProfileFitter) -> None:
    file_type = fitted.profile_.file_types[0]
    assert file_type.sizes is not None
    broken = replace(
        file_type.sizes,
        created_from="GUESSED",
        block_size=Distribution(np.array([-1.0]), np.array([1.0]), 1),
    )
    profile = replace(
        fitted.profile_,
        file_types=[replace(file_type, sizes=broken), *fitted.profile_.file_types[1:]],
    )
    problems = profile.problems()
    assert "file type 0: sizes: createdFrom 'GUESSED' is not one of " in problems[0]
    assert any("sizes: blockSize: a block size that is not positive" in p for p in problems)
    empty = FileSizes(
        Distribution.empty(), Distribution.empty(), "END_IMAGE", Distribution.empty(),
        Distribution.empty(), Distribution.empty(),
    )  # fmt: skip
    assert "preExisting and created both empty" in empty.problems()[0]


@pytest.mark.parametrize("name", ["yahoo-2011", "yahoo-2011-demo"])
def test_the_yahoo_profiles_have_the_assumed_sizes(name: str) -> None:
    """bin/import-yahoo-profile imports with --assumed-sizes: 1.5 blocks per file of 128 MiB
    (profiles/yahoo-2011/README.md quotes the source), the uniform shape assumed."""
    profile = Profile.read(REPOSITORY / "profiles" / name)
    for file_type in profile.file_types:
        sizes = file_type.sizes
        assert sizes is not None
        assert sizes.created_from == "ASSUMED"
        assert sizes.blocks_per_file("created") == pytest.approx(1.5)
        assert sizes.blocks_per_file("preExisting") == pytest.approx(1.5)
        assert sizes.block_size.values.tolist() == [128 * 2**20]
        assert sizes.created.mean == pytest.approx(128 * 2**20)
        assert sizes.replication.is_empty, "the cluster's dfs.replication"
    assert "assumed from a published figure" in "\n".join(render_sizes(profile))


def test_scale_keeps_each_types_sizes(fitted: ProfileFitter, tmp_path: Path) -> None:
    from mimesis_model.model.scaling import scale_types

    profile = fitted.profile_
    scaled = scale_types(profile, {0: 3.0, 1: 0.5})
    scaled.write(tmp_path / "scaled")
    again = Profile.read(tmp_path / "scaled")
    for before, after in zip(profile.file_types, again.file_types, strict=True):
        assert before.sizes is not None
        assert after.sizes is not None
        assert after.sizes.to_record() == before.sizes.to_record()


def test_dormant_files_have_the_start_images_sizes(fitted: ProfileFitter, tmp_path: Path) -> None:
    """The pre-existing files no event touched sit in the start image with their sizes: phase 1
    makes them with those, not empty (a run's files at its end are all of them)."""
    profile = fitted.profile_
    assert profile.dormant_files > 0
    dormant = profile.dormant_sizes
    assert dormant is not None
    assert dormant.pre_existing.count == profile.dormant_files
    assert dormant.created_from == "START_IMAGE"
    profile.write(tmp_path / "p")
    again = Profile.read(tmp_path / "p")
    assert again.dormant_sizes is not None
    assert again.dormant_sizes.to_record() == dormant.to_record()
    assert "dormantSizes" in json.loads((tmp_path / "p" / PROFILE_JSON).read_text())
