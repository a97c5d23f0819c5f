"""The profile vector (profiles/vectors/profile/): fitted here from the bundled sample trace,
read back by the Java side (core: ProfileVectorsTest) and checked against expected.json.

After a deliberate change of the fit, rewrite it with MIMESIS_VECTORS_WRITE=1 pytest -k vector.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import fastavro
import pytest

from mimesis_model.formats.profile import (
    DIRECTORY_DISTRIBUTIONS,
    DISTRIBUTIONS,
    PROFILE_FILE,
    Profile,
)
from mimesis_model.model.fit import ProfileFitter, read_for_fitting

REPOSITORY = Path(__file__).resolve().parents[2]
SAMPLE_TRACE = REPOSITORY / "tests" / "sample-trace" / "trace"
VECTOR = REPOSITORY / "profiles" / "vectors" / "profile"
EXPECTED = "expected.json"


def expected_of(profile: Profile) -> dict[str, Any]:
    """What Java checks: every scalar, and each distribution's count, length and ends."""
    record = profile.to_record()
    for item in record["fileTypes"]:
        _summarize(item, ("depth", "renameDelay", *DISTRIBUTIONS))
        if item["sizes"] is not None:
            for name in ("preExisting", "created", "appendBytes", "blockSize", "replication"):
                item["sizes"][name] = _ends(item["sizes"][name])
    for item in record["directoryTypes"]:
        _summarize(item, ("depth", "subtreeFiles", *DIRECTORY_DISTRIBUTIONS))
    for item in record["clusterCalls"] + record["missingPathProbes"] + record["deniedCalls"]:
        item["interarrival"] = _ends(item["interarrival"])
    record.pop("namespace")
    record.pop("fit")
    record.pop("directoryFit")
    return {"format": 2, "profile": record, "k": profile.k, "directoryK": profile.directory_k}


def _summarize(item: dict[str, Any], names: tuple[str, ...]) -> None:
    for name in names:
        item[name] = _ends(item[name])
    for call in item["calls"]:
        call["offset"] = _ends(call["offset"])
    if item["probes"] is not None:
        item["probes"]["lead"] = _ends(item["probes"]["lead"])
    item.pop("centroid")


def _ends(values: dict[str, Any]) -> dict[str, Any]:
    return {
        "count": values["count"], "points": len(values["values"]),
        "first": values["values"][0] if values["values"] else None,
        "last": values["values"][-1] if values["values"] else None,
    }  # fmt: skip


VECTOR_K = 8
"""file types of the vector: the Java tests run several of them (the k search picks 1)"""


def fitted_sample() -> Profile:
    """The sample fitted as `mimesis-model fit tests/sample-trace/trace -k 8` from the
    repository."""
    trace = read_for_fitting(SAMPLE_TRACE.relative_to(REPOSITORY))
    return ProfileFitter(n_types=VECTOR_K, random_state=0).fit(trace).profile_


def test_fitting_the_sample_gives_the_committed_vector(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPOSITORY)  # the profile records its trace's path as given
    profile = fitted_sample()
    if os.environ.get("MIMESIS_VECTORS_WRITE") == "1":
        profile.write(VECTOR)
        (VECTOR / EXPECTED).write_text(json.dumps(expected_of(profile), indent=1) + "\n")
    with (VECTOR / PROFILE_FILE).open("rb") as stream:
        committed = list(fastavro.reader(stream))
    assert committed == [profile.to_record()] or _close(committed[0], profile.to_record())
    assert json.loads((VECTOR / EXPECTED).read_text()) == expected_of(profile)


def _close(left: Any, right: Any) -> bool:
    """Equal up to float rounding in the last bits (NumPy builds may sum in another order)."""
    if isinstance(left, dict):
        return left.keys() == right.keys() and all(_close(left[k], right[k]) for k in left)
    if isinstance(left, list):
        return len(left) == len(right) and all(
            _close(a, b) for a, b in zip(left, right, strict=True)
        )
    if isinstance(left, float):
        return left == pytest.approx(right, rel=1e-12, abs=1e-12)
    return bool(left == right)
