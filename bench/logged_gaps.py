#!/usr/bin/env python3
"""Does `fidelity` log a gap as the run's audit log does? The check that needs no model: a run's
own gaps as begun, logged the way `fidelity` logs the model's (CallOffsets.gaps with the run's
offsets, then the log's whole milliseconds), against the same gaps as the run's log gave them.

For each results folder (a run of an embedded NameNode with caller contexts, as `fidelity`
reads it): the access interarrivals (a file's consecutive accesses) and the create
interarrivals (each type's consecutive creates), each as begun and as logged. Prints, per kind,
the KS of logged against begun at whole milliseconds (what logging does to them), the mean and
95th percentile over DRAWS of the KS of logged against begun-and-shifted (0 for a transform
that reproduces the log; compare it with `fidelity`'s noise for the same dimension in
fidelity.json), the same held out (FOLDS splits of the run's files: each split's gaps shifted
with the other files' offsets only, so no gap is logged like itself), the share of gaps at
0 ms on each side, and the milliseconds one draw of the transform took.

usage: .venv/bin/python bench/logged_gaps.py PROFILE RESULTS... [--draws 20] [--folds 5]
       e.g. bench/logged_gaps.py /tmp/noise/P /tmp/noise/r1 /tmp/noise/r2
"""

import argparse
import time
from pathlib import Path

import numpy as np

from mimesis_model.formats.profile import Profile  # the repo's venv
from mimesis_model.model.fidelity import CallOffsets, MarkedCalls, audited, ks_distance
from mimesis_model.runs.run_results import RunResults
from mimesis_model.runs.run_trace import RunTrace


def marked_calls(profile: Profile, results_dir: Path) -> MarkedCalls:
    """The run's marked calls, read as `fidelity` reads them from a results folder."""
    results = RunResults.read(results_dir)
    scaling = results.scaling
    run = RunTrace.read(
        results.trace_dir, k=profile.k, window_ms=scaling.window_ms(profile) * scaling.time_scale,
        namespace_root=results.namespace_root, start_ms=results.start_ms, start_from="summary",
        end_ms=results.end_ms,
    )  # fmt: skip
    if run.marked is None:
        raise SystemExit(f"{results_dir}: its audit log has no caller contexts")
    return run.marked


def subset(calls: MarkedCalls, rows) -> MarkedCalls:
    return MarkedCalls(
        command=tuple(np.array(calls.command)[rows]), path=tuple(np.array(calls.path)[rows]),
        due=calls.due[rows], begun=calls.begun[rows], logged=calls.logged[rows],
        file_type=calls.file_type[rows],
    )  # fmt: skip


def folds(calls: MarkedCalls, count: int) -> list[tuple[MarkedCalls, MarkedCalls]]:
    """COUNT splits of CALLS by file: the calls of one in COUNT of the files (held out), and the
    others' with every call on no file (whose offsets log the held-out gaps)."""
    paths = np.array(calls.path, dtype=object)
    names = np.unique(paths[calls.file_type >= 0])
    shuffled = np.random.default_rng(0).permutation(names)
    fold_of = dict(zip(shuffled, np.arange(len(names)) % count, strict=True))
    fold = np.array([fold_of.get(path, -1) for path in paths])
    return [(subset(calls, fold == k), subset(calls, fold != k)) for k in range(count)]


def check(name: str, kind: str, calls: MarkedCalls, draws: int, fold_count: int) -> None:
    commands = CallOffsets.ACCESSES if kind == "access" else ("create",)
    pairs = "next_on_file" if kind == "access" else "calls"  # as fidelity logs each

    def gaps(of: MarkedCalls, times):
        return of.access_gaps(times) if kind == "access" else of.create_gaps(times)

    rng = np.random.default_rng(0)
    begun, logged, offsets = gaps(calls, calls.begun), gaps(calls, calls.logged), calls.offsets()
    started = time.perf_counter()
    shifted = [audited(offsets.gaps(begun, commands, rng, pairs=pairs), rng) for _ in range(draws)]
    seconds = (time.perf_counter() - started) / draws
    ks = np.array([ks_distance(logged, one) for one in shifted])
    # held out: each fold's gaps logged with the other files' offsets, all folds together
    split = [(out, rest.offsets()) for out, rest in folds(calls, fold_count)]

    def held_out_draw():
        return np.concatenate(
            [
                audited(rest.gaps(gaps(out, out.begun), commands, rng, pairs=pairs), rng)
                for out, rest in split
            ]
        )

    held_out = [held_out_draw() for _ in range(draws)]
    held_logged = np.concatenate([gaps(out, out.logged) for out, _ in split])
    held_ks = np.array([ks_distance(held_logged, one) for one in held_out])
    unshifted = ks_distance(logged, audited(begun, rng))
    print(
        f"  {name}: {len(begun):,} gaps; KS logged vs begun (whole ms) {unshifted:.4f}; "
        f"logged vs begun shifted: mean {ks.mean():.4f}, p95 {np.percentile(ks, 95):.4f}; "
        f"held out by file ({fold_count} folds): mean {held_ks.mean():.4f}, "
        f"p95 {np.percentile(held_ks, 95):.4f}; share at 0 ms logged {np.mean(logged == 0):.3f}, "
        f"shifted {np.mean([np.mean(one == 0) for one in shifted]):.3f}, held out "
        f"{np.mean([np.mean(one == 0) for one in held_out]):.3f}; {seconds * 1e3:.1f} ms a draw"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profile", type=Path)
    parser.add_argument("results", type=Path, nargs="+")
    parser.add_argument("--draws", type=int, default=20)
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args()
    profile = Profile.read(args.profile)
    for results_dir in args.results:
        calls = marked_calls(profile, results_dir)
        print(f"{results_dir}: {len(calls):,} marked calls")
        check("interarrival", "access", calls, args.draws, args.folds)
        check("create interarrival", "create", calls, args.draws, args.folds)


if __name__ == "__main__":
    main()
