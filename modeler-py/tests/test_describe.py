import argparse
import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from mimesis_model.cli.main import build_parser
from mimesis_model.errors import ProfileError, TraceError
from mimesis_model.formats.distribution import Distribution
from mimesis_model.formats.profile import (
    ACCESS_KINDS,
    DISTRIBUTIONS,
    FileType,
    FitReport,
    KSearchStep,
    Profile,
)
from mimesis_model.model.describe import (
    INDEX_FILE,
    _per_type,
    default_trace_dir,
    describe,
    render_type_table,
)
from mimesis_model.model.fit import ProfileFitter, read_for_fitting

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
PLOTS = ("popularity.png", "interarrival.png", "active-span.png", "k-selection.png")
HOUR_MS = 3_600_000


def file_type(index: int, files: int, rng: np.random.Generator, accessed: bool = True) -> FileType:
    """A type of FILES files, half pre-existing, with heavy-tailed times when ACCESSED."""
    sample = Distribution.of_sample

    def times(size: int) -> Distribution:
        return sample(np.round(rng.lognormal(8 + index % 4, 2.0, size))) if accessed else empty

    empty = Distribution.empty()
    distributions = {name: empty for name in DISTRIBUTIONS} | {
        "createInterarrival": sample(rng.uniform(1_000, 60_000, 50)),
        "activationDelay": times(files) if accessed else empty,
        "accessInterarrival": times(5 * files),
        "activeSpan": times(files),
        "accessesPerFile": sample(rng.integers(1, 200, files)) if accessed else empty,
        "deleteDelay": sample(rng.uniform(0, HOUR_MS, 10)),
    }
    return FileType(
        index=index, weight=0.0, files=files, pre_existing=files // 2,
        unaccessed_share=0.1 if accessed else 1.0,
        access_shares=dict(zip(ACCESS_KINDS, (0.6, 0.3, 0.1), strict=True)),
        delete_share=0.2, depth=sample([2, 3, 3, 4]), distributions=distributions,
    )  # fmt: skip


def make_profile(k: int = 3, *, fit: bool = True, source: str = "test") -> Profile:
    rng = np.random.default_rng(7)
    # The last type is never accessed: its plots have no line and its table row dashes.
    types = [file_type(j, 40 + 10 * (k - j), rng, accessed=j < k - 1) for j in range(k)]
    report = FitReport(
        seed=0, features=[], feature_mean=[], feature_scale=[], max_ks=0.04,
        k_search=[KSearchStep(j, 0.2 / j) for j in range(1, k + 1)],
    )  # fmt: skip
    profile = Profile(source, HOUR_MS, [], 3, 0.1, 0.0, fit=report if fit else None)
    return profile.with_types(types, source)


def assert_page(out: Path, plots: tuple[str, ...]) -> str:
    """The page written to OUT, checked to show exactly PLOTS, each a PNG file."""
    names = sorted(path.name for path in out.iterdir())
    assert names == sorted([*plots, INDEX_FILE])  # nothing left half-written
    for name in plots:
        assert (out / name).read_bytes().startswith(PNG_MAGIC)
    page = (out / INDEX_FILE).read_text(encoding="utf-8")
    assert set(re.findall(r'href="([^"]+\.png)"', page)) == set(plots)
    assert page.count("data:image/png;base64,") == len(plots)
    return page


def test_describe_with_a_trace(tmp_path: Path, trace_dir: Path) -> None:
    index = describe(make_profile(), trace=read_for_fitting(trace_dir), out_dir=tmp_path / "out")

    assert index == tmp_path / "out" / INDEX_FILE
    page = assert_page(tmp_path / "out", PLOTS)
    assert page.count("<tr>") == 1 + 3  # header and one row per type


def test_describe_without_a_trace(tmp_path: Path) -> None:
    describe(make_profile(), out_dir=tmp_path)

    assert_page(tmp_path, PLOTS)


def test_describe_without_a_fit_skips_the_k_selection(tmp_path: Path) -> None:
    describe(make_profile(fit=False), out_dir=tmp_path)

    page = assert_page(tmp_path, PLOTS[:3])
    assert "no fit report" in page


def test_describe_with_k_given_skips_the_k_selection(tmp_path: Path) -> None:
    profile = make_profile()
    assert profile.fit is not None
    describe(replace(profile, fit=replace(profile.fit, k_search=[])), out_dir=tmp_path)

    assert "was given, not searched" in assert_page(tmp_path, PLOTS[:3])


def test_type_table_has_one_row_per_type() -> None:
    lines = render_type_table(make_profile(4)).splitlines()

    assert lines[0] == "k=4  files 260  dormant files 3  window 1 h"
    assert lines[2].split()[:3] == ["type", "weight", "files"]
    rows = [re.split(r"\s{2,}", line.strip()) for line in lines[3:]]
    assert [row[0] for row in rows] == ["0", "1", "2", "3"]
    assert rows[0][1:5] == ["0.308", "80", "40", "10.0 %"]
    # The never-accessed type: no open share, no medians.
    assert rows[3][4:] == ["100.0 %", "-", "-", "-", "-", "20.0 %", "0.0 %"]


def test_many_types_show_the_heaviest_and_pool_the_rest() -> None:
    figure = _per_type(make_profile(30), "activeSpan", "active span")

    labels = [text.get_text() for text in figure.legends[0].get_texts()]
    assert len(labels) == 11
    assert labels[0].startswith("type 0 ")
    assert labels[-1].startswith("other 19 types, pooled")  # 29 accessed types, 10 shown
    assert "no data for type(s) 29" in figure.axes[0].get_title()


def parse(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(["describe", *argv])


def test_command_defaults_to_the_source_trace_and_a_folder_beside_the_user(
    tmp_path: Path,
    trace_dir: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    profile_dir = make_profile(source=str(trace_dir)).write(tmp_path / "profile")
    before = sorted(p.name for p in profile_dir.iterdir())
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    args = parse(str(profile_dir))

    assert args.run(args) == 0
    out = capsys.readouterr().out
    assert out.startswith("k=3  files")
    assert "plots of trace and model" in out
    assert_page(work / "profile-describe", PLOTS)
    # a profile's folder may be a shipped one: nothing is written into it
    assert sorted(p.name for p in profile_dir.iterdir()) == before
    assert args.verbose is False  # the top-level parser's default, not reset by the command's


def test_default_trace_is_none_when_the_source_is_gone(tmp_path: Path) -> None:
    assert default_trace_dir(make_profile(source=str(tmp_path / "gone"))) is None


def test_command_on_bad_input_raises_errors_the_cli_reports(tmp_path: Path) -> None:
    args = parse(str(tmp_path / "nope"))
    with pytest.raises(ProfileError, match="no such profile directory"):
        args.run(args)
    profile_dir = make_profile().write(tmp_path / "profile")
    args = parse(
        str(profile_dir), "--trace", str(tmp_path / "no-trace"), "--out", str(tmp_path / "d")
    )
    with pytest.raises(TraceError):
        args.run(args)
    assert not (tmp_path / "d").exists()


def test_a_rerun_leaves_no_plot_of_the_earlier_profile(
    tmp_path: Path, sample_fitter: ProfileFitter
) -> None:
    from test_profile_vectors import SAMPLE_TRACE

    fitted = sample_fitter.profile_
    describe(fitted, out_dir=tmp_path)
    assert (tmp_path / "k-selection.png").exists()
    unfitted = ProfileFitter(n_types=3).fit(read_for_fitting(SAMPLE_TRACE)).profile_
    describe(unfitted, out_dir=tmp_path)
    assert not (tmp_path / "k-selection.png").exists()
