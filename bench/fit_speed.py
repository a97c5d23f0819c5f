#!/usr/bin/env python3
"""Fit speed and memory at the paper's scale (the fit-speed bar: a trace of 4.3 million files and
60.9 million accesses fits in at most 10 minutes and 16 GiB on a 2-core machine, k search
included).

Makes the trace with bench/make_paper_trace.py unless it exists, then times, side by side:
reading files.avro alone (the floor: every fit reads it), `fit` with the automatic k search
by timing (the default: the worst of popularity, interarrival and active-span KS) and by access
(popularity and interarrival), and `fit` forced to
search every k up to 30, the paper's k (an unreachable KS bound), then fit the best: the worst
case of the search. Each step runs as its own process; its wall time and
peak resident memory (wait4's ru_maxrss) are printed as a Markdown table.

usage: .venv/bin/python bench/fit_speed.py [--trace /tmp/paper-trace] [--work /tmp/fit-speed]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
MODEL = [PYTHON, "-m", "mimesis_model"]
READ_ONLY = [
    PYTHON,
    "-c",
    "import sys; from mimesis_model.formats.trace import read_file_timelines; "
    "print(len(read_file_timelines(sys.argv[1])), 'files')",
]


def run(name: str, command: list[str]) -> tuple[str, float, float]:
    start = time.monotonic()
    process = subprocess.Popen(command, cwd=REPOSITORY)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.monotonic() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{name}: exit {os.waitstatus_to_exitcode(status)}")
    return name, seconds, usage.ru_maxrss / 1024 / 1024  # KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trace", type=Path, default=Path("/tmp/paper-trace"))
    parser.add_argument("--work", type=Path, default=Path("/tmp/fit-speed"))
    args = parser.parse_args()
    if not args.trace.exists():
        subprocess.run(
            [PYTHON, "bench/make_paper_trace.py", str(args.trace)], cwd=REPOSITORY, check=True
        )
    shutil.rmtree(args.work, ignore_errors=True)
    rows = [
        run("read files.avro only", [*READ_ONLY, str(args.trace)]),
        run(
            "fit, -k auto (default: --criterion timing, the worst of popularity, interarrival and "
            "active-span KS <= 0.04)",
            [*MODEL, "fit", str(args.trace), "--out", str(args.work / "auto")],
        ),
        run(
            "fit, -k auto --criterion access",
            [
                *MODEL,
                "fit",
                str(args.trace),
                "--out",
                str(args.work / "access"),
                "--criterion",
                "access",
            ],
        ),
        run(
            "fit, search every k = 1..30 (bound unreachable), fit the best",
            [
                *MODEL,
                "fit",
                str(args.trace),
                "--out",
                str(args.work / "all30"),
                "--max-ks",
                "0.000001",
                "--max-k",
                "30",
            ],
        ),
    ]
    floor = rows[0][1]
    print("| step | wall | x read | peak RSS |")
    print("|---|---|---|---|")
    for name, seconds, gib in rows:
        print(f"| {name} | {seconds:.0f} s | {seconds / floor:.1f}x | {gib:.1f} GiB |")


if __name__ == "__main__":
    main()
