#!/usr/bin/env python3
"""The closed-loop bar's odds (its bar: on the bundled sample, a run's popularity KS against the
original trace at most 0.05), over many seeds, without a cluster.

A run issues its schedule exactly (bench/notes/closed-loop.md shows the run's own
trace holding the very ops it scheduled), so the popularity a run at `--seed s` issues is the
schedule's: `SchedulePopularity` (bench/programs) counts it with the generator's own classes, seed
after seed.
Beside it, the reference generator (modeler-py's synthesis.py) at the same size. Prints the
distribution of the KS distance to the trace for both and plots it.

usage: .venv/bin/python bench/closed_loop_schedule.py [--profile build/cl/profile]
       [--trace tests/sample-trace/trace] [--seeds 200] [--plot
       bench/results/closed-loop-schedule.png]
       (after `mvn -o -q -pl dist,bench/programs -am package -DskipTests` and a fit of the sample:
        mimesisbench.jar parse ... --out build/cl/trace; mimesis-model fit build/cl/trace --out
        build/cl/profile)
"""

import argparse
import subprocess
from pathlib import Path

import matplotlib  # the repo's venv: .venv/bin/python (bin/setup)
import numpy as np
from tqdm import tqdm

import java_programs  # bench/java_programs.py, beside this script
import machine  # bench/machine.py, beside this script
from mimesis_model.formats.profile import Profile
from mimesis_model.model.fidelity import WorkloadSample, ks_distance
from mimesis_model.model.fit import read_for_fitting
from mimesis_model.model.synthesis import synthesize
from mimesis_model.runs.run_fidelity import _original_sample

matplotlib.use("Agg")
import matplotlib.pyplot as plt

BAR = 0.05


def java_distances(profile: Path, trace: np.ndarray, seeds: int) -> np.ndarray:
    """KS of each seed's schedule popularity (SchedulePopularity, one line per seed) to TRACE."""
    command = [
        "java",
        "-cp",
        java_programs.classpath(),
        "org.mimesisbench.generator.bench.SchedulePopularity",
        str(profile),
        "0",
        str(seeds),
    ]
    distances = []
    with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as java:
        for line in tqdm(java.stdout, total=seeds, desc="Java schedule", unit="seed"):
            counts = np.array(line.split()[1:], dtype=np.int64)
            distances.append(ks_distance(counts, trace))
    if java.returncode != 0:
        raise SystemExit(f"SchedulePopularity exited with {java.returncode}")
    return np.array(distances)


def reference_distances(profile: Profile, trace: np.ndarray, seeds: int) -> np.ndarray:
    """KS of the reference generator's popularity, one synthesis of the model per seed."""
    return np.array(
        [
            ks_distance(
                WorkloadSample.of_model(synthesize(profile, random_state=s), None, True).accesses,
                trace,
            )
            for s in tqdm(range(seeds), desc="reference", unit="seed")
        ]
    )


def summary(name: str, d: np.ndarray) -> str:
    return (
        f"{name:<16} median {np.median(d):.4f}  p90 {np.percentile(d, 90):.4f}  max {d.max():.4f}  "
        f"at most {BAR}: {np.mean(d <= BAR):.0%} of {len(d)} seeds; seed 0 {d[0]:.4f}, seed 1 "
        f"{d[1]:.4f}"
    )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--profile", default="build/cl/profile")
    p.add_argument("--trace", default="tests/sample-trace/trace")
    p.add_argument("--seeds", type=int, default=200)
    p.add_argument("--plot", default="bench/results/closed-loop-schedule.png")
    a = p.parse_args()
    print(machine.describe())
    profile = Profile.read(a.profile)
    trace = _original_sample(profile, read_for_fitting(a.trace)).accesses
    model = WorkloadSample.of_model(
        synthesize(profile, file_scale=125, random_state=10_000), None, True
    )
    print(
        f"trace: {len(trace)} accessed files; the model itself (125 replicas) is at KS "
        f"{ks_distance(model.accesses, trace):.4f}"
    )
    java = java_distances(Path(a.profile), trace, a.seeds)
    reference = reference_distances(profile, trace, a.seeds)
    print(summary("Java schedule", java))
    print(summary("reference", reference))
    fig, ax = plt.subplots(figsize=(7, 4))
    bins = np.linspace(0, max(java.max(), reference.max()) * 1.05, 40)
    ax.hist(java, bins, alpha=0.6, label="Java schedule (generator-mr)")
    ax.hist(reference, bins, alpha=0.6, label="reference generator (synthesis.py)")
    ax.axvline(BAR, color="k", linestyle="--", label=f"bar {BAR}")
    ax.set_xlabel("popularity KS against the original trace, one run")
    ax.set_ylabel("seeds")
    ax.set_title(f"{Path(a.profile).name}: {len(trace)} accessed files, {a.seeds} seeds")
    ax.legend()
    fig.tight_layout()
    fig.savefig(a.plot, dpi=100)
    print(f"plot: {a.plot}")


if __name__ == "__main__":
    main()
