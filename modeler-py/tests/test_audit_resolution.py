"""A run's trace records whole milliseconds (the audit log's clock); the reference generator's
times are continuous. `fidelity` compares the model's times as the log would record them."""

from __future__ import annotations

import numpy as np

from mimesis_model.model.fidelity import audited, ks_distance


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
