#!/usr/bin/env python3
"""Which per-file features to cluster on: fit the bundled sample trace (real Hadoop jobs) with
each candidate subset at several k and seeds, validate each fit with the reference generator,
and print the mean distances as a Markdown table, plus a plot of popularity KS against k.

usage: .venv/bin/python bench/feature_choice.py [--trace tests/sample-trace/trace] [--seeds 3]
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

from mimesis_model.model.fit import ProfileFitter, read_for_fitting
from mimesis_model.model.validation import validate

SUBSETS = {
    "all seven": (
        "log_accesses",
        "log_active_span",
        "log_mean_interarrival",
        "interarrival_cv",
        "log_activation_delay",
        "created",
        "deleted",
    ),
    "accesses, span, interarrival": ("log_accesses", "log_active_span", "log_mean_interarrival"),
    "+ created": ("log_accesses", "log_active_span", "log_mean_interarrival", "created"),
    "+ activation, created, deleted (chosen)": (
        "log_accesses",
        "log_active_span",
        "log_mean_interarrival",
        "log_activation_delay",
        "created",
        "deleted",
    ),
    "+ cv, created": (
        "log_accesses",
        "log_active_span",
        "log_mean_interarrival",
        "interarrival_cv",
        "created",
    ),
}
KS = (5, 10, 20, 30)
DIMENSIONS = ("popularity", "interarrival", "active_span", "create_interarrival", "op_mix")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trace", default="tests/sample-trace/trace")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--plot", default="bench/results/feature_choice.png")
    args = parser.parse_args()
    trace = read_for_fitting(args.trace)
    print(f"| features | k | {' | '.join(DIMENSIONS)} |")
    print(f"|---|---|{'---|' * len(DIMENSIONS)}")
    figure, axes = plt.subplots(figsize=(7, 4))
    for name, features in SUBSETS.items():
        curve = []
        for k in KS:
            reports = [
                validate(
                    ProfileFitter(k, features=features, random_state=seed).fit(trace).profile_,
                    trace,
                    random_state=seed,
                )["ks"]
                for seed in range(args.seeds)
            ]
            means = {d: float(np.mean([r[d] for r in reports])) for d in DIMENSIONS}
            curve.append(means["popularity"])
            print(
                f"| {name} | {k} | " + " | ".join(f"{means[d]:.3f}" for d in DIMENSIONS) + " |",
                flush=True,
            )
        axes.plot(KS, curve, marker="o", label=name)
    axes.axhline(0.04, color="grey", linestyle="--", label="paper's bound (0.04)")
    axes.set_xlabel("k (file types)")
    axes.set_ylabel(f"popularity KS (mean of {args.seeds} seeds)")
    axes.set_title(f"Feature subsets on {args.trace}")
    axes.legend(fontsize=7)
    figure.tight_layout()
    Path(args.plot).parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(args.plot, dpi=120)
    print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
