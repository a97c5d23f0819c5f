"""The generator vector (profiles/vectors/profile/schedule.json): what the Java generator must
reproduce from the profile vector, computed here by the reference generator (synthesis.py).

- draws: each distribution's (and the depth's) inverse CDF at fixed uniforms (Java's
  EmpiricalCdf.at must match): file types by index ("0", ...), directory types by name ("d0",
  ...); a type's calls' offsets by command under "<type>.calls", its probes' lead under
  "<type>.probes"; the cluster calls' interarrivals by command under "cluster", the
  missing-path probes' under "missing", the denied calls' under "denied";
- expectedOps: the mean operations of one copy of the model's file types, by op (Java's Op
  labels; mkdirs and rename by their ratios), from a synthesis of REPLICAS copies, at span
  scale 1 and 2 (Java's schedule must match within sampling error);
- expectedCommands: the same for every call the whole model issues, by audit command (file and
  directory types, their calls and probes, the cluster calls, the missing-path probes, the
  denied calls); expectedBySource splits them into files, directories, calls, probes, cluster,
  missingPathProbes and deniedCalls.

Rewrite it with MIMESIS_VECTORS_WRITE=1 pytest -k vector after a deliberate change.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from mimesis_model.formats.distribution import Distribution
from mimesis_model.formats.profile import (
    DIRECTORY_DISTRIBUTIONS,
    DISTRIBUTIONS,
    ModeledType,
    Profile,
)
from mimesis_model.formats.trace import audit_commands
from mimesis_model.model.synthesis import SyntheticWorkload, synthesize

VECTOR = Path(__file__).resolve().parents[2] / "profiles" / "vectors" / "profile"
SCHEDULE = VECTOR / "schedule.json"
UNIFORMS = [0.0, 0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 0.9999]
REPLICAS = 100


def schedule_vector(profile: Profile) -> dict[str, Any]:
    draws: dict[str, dict[str, list[float]]] = {}
    for t in profile.file_types:
        draws[str(t.index)] = _draws([("depth", t.depth), *((n, t[n]) for n in DISTRIBUTIONS)])
        draws |= _call_draws(str(t.index), t)
    for d in profile.directory_types:
        named = [("depth", d.depth), ("subtreeFiles", d.subtree_files)]
        draws[f"d{d.index}"] = _draws(named + [(n, d[n]) for n in DIRECTORY_DISTRIBUTIONS])
        draws |= _call_draws(f"d{d.index}", d)
    draws["cluster"] = _draws([(c.command, c.interarrival) for c in profile.cluster_calls])
    draws["missing"] = _draws([(c.command, c.interarrival) for c in profile.missing_path_probes])
    draws["denied"] = _draws([(c.command, c.interarrival) for c in profile.denied_calls])
    expected, commands, sources = {}, {}, {}
    for span_scale in (1.0, 2.0):
        workload = synthesize(profile, span_scale=span_scale, file_scale=REPLICAS, random_state=0)
        key = str(span_scale)
        expected[key] = {op: n / REPLICAS for op, n in workload.op_counts().items()}
        commands[key] = {op: n / REPLICAS for op, n in workload.command_counts().items()}
        sources[key] = {
            name: {op: n / REPLICAS for op, n in counts.items()}
            for name, counts in _by_source(workload).items()
        }
    return {
        "uniforms": UNIFORMS, "draws": draws, "replicas": REPLICAS, "expectedOps": expected,
        "expectedCommands": commands, "expectedBySource": sources,
    }  # fmt: skip


def _draws(named: list[tuple[str, Distribution]]) -> dict[str, list[float]]:
    return {
        name: [float(v) for v in dist.at(np.array(UNIFORMS))]
        for name, dist in named
        if not dist.is_empty
    }


def _call_draws(name: str, modeled: ModeledType) -> dict[str, dict[str, list[float]]]:
    """NAME.calls: each call's offset; NAME.probes: the probes' lead."""
    draws = {f"{name}.calls": _draws([(call.command, call.offset) for call in modeled.calls])}
    if modeled.probes is not None:
        draws[f"{name}.probes"] = _draws([("lead", modeled.probes.lead)])
    return draws


def _by_source(workload: SyntheticWorkload) -> dict[str, dict[str, int]]:
    """The whole model's calls by where they come from."""
    names = audit_commands()
    sources: dict[str, dict[str, int]] = {"files": workload.op_counts(with_ratios=False)}
    directories = workload.directories
    if directories is not None:
        made = directories.op_counts(with_ratios=False)
        subtrees = directories.subtree_files[~directories.pre_existing & directories.deleted]
        sources["directories"] = {
            ("mkdirs" if op == "create" else op): n for op, n in made.items()
        } | {"subtreeCreates": int(subtrees.sum())}
    for part_name, part in (("files", workload), ("directories", directories)):
        if part is None:
            continue
        codes, counts = np.unique(part.call_command, return_counts=True)
        sources[f"calls.{part_name}"] = {
            names[code]: int(n) for code, n in zip(codes, counts, strict=True)
        }
        listings = int(np.count_nonzero(part.probe_listing))
        sources[f"probes.{part_name}"] = {
            "listStatus": listings, "getfileinfo": len(part.probe_time) - listings
        }  # fmt: skip
    sources["cluster"] = dict(Counter(workload.cluster_command))
    sources["missingPathProbes"] = dict(Counter(workload.missing_command))
    sources["deniedCalls"] = dict(Counter(workload.denied_command))
    return sources


def test_schedule_vector_matches_the_reference_generator() -> None:
    vector = schedule_vector(Profile.read(VECTOR))
    if os.environ.get("MIMESIS_VECTORS_WRITE") == "1":
        SCHEDULE.write_text(json.dumps(vector, indent=1) + "\n")
    assert json.loads(SCHEDULE.read_text()) == json.loads(json.dumps(vector))
