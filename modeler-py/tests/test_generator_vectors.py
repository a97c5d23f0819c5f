"""The generator vector (profiles/vectors/profile/schedule.json): what the Java generator must
reproduce from the profile vector, computed here by the reference generator (synthesis.py).

- draws: each distribution's (and the depth's) inverse CDF at fixed uniforms (Java's
  EmpiricalCdf.at must match);
- expectedOps: the mean operations of one copy of the model, by op, from a synthesis of
  REPLICAS copies, at span scale 1 and 2 (Java's schedule must match within sampling error).

Rewrite it with MIMESIS_VECTORS_WRITE=1 pytest -k vector after a deliberate change.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np

from mimesis_model.profile import DISTRIBUTIONS, Profile
from mimesis_model.synthesis import synthesize

VECTOR = Path(__file__).resolve().parents[2] / "profiles" / "vectors" / "profile"
SCHEDULE = VECTOR / "schedule.json"
UNIFORMS = [0.0, 0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 0.9999]
REPLICAS = 100


def schedule_vector(profile: Profile) -> dict[str, Any]:
    draws = {
        str(t.index): {
            name: [float(v) for v in dist.at(np.array(UNIFORMS))]
            for name, dist in [("depth", t.depth), *((n, t[n]) for n in DISTRIBUTIONS)]
            if not dist.is_empty
        }
        for t in profile.file_types
    }
    expected = {}
    for span_scale in (1.0, 2.0):
        workload = synthesize(profile, span_scale=span_scale, file_scale=REPLICAS, random_state=0)
        counts = workload.op_counts()
        expected[str(span_scale)] = {op: n / REPLICAS for op, n in counts.items()}
    return {"uniforms": UNIFORMS, "draws": draws, "replicas": REPLICAS, "expectedOps": expected}


def test_schedule_vector_matches_the_reference_generator() -> None:
    vector = schedule_vector(Profile.read(VECTOR))
    if os.environ.get("MIMESIS_VECTORS_WRITE") == "1":
        SCHEDULE.write_text(json.dumps(vector, indent=1) + "\n")
    assert json.loads(SCHEDULE.read_text()) == json.loads(json.dumps(vector))
