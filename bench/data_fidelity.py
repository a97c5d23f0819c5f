#!/usr/bin/env python3
"""The data path's fidelity on a held-out trace of real jobs.

Bar: a trace of real jobs, parsed with its start and end fsimages, fitted and run embedded at time
scale 0.2: the NameNode's addBlock and incremental block report counts are non-zero; the sizes of
the files in the run's namespace-end.tsv are within KS 0.1 of the trace's end fsimage's files, and
their blocks per file within 10 % of the trace's.

The trace is held out: tests/warehouse-trace (Hive-like loads and DistCp backups run by real
Hadoop; see its data/README.md), which no size fit was developed on (that was the bundled
sample). Steps, each the user's own command: `parse --fsimage --fsimage-end`, `mimesis-model
fit`, `run --time-scale 0.2` against the embedded HDFS, `mimesis-model fidelity --against` (its
sizes section) and `report`. Prints the figures and writes them to bench/results/data_fidelity.json.

usage: .venv/bin/python bench/data_fidelity.py [--trace-data tests/warehouse-trace/data]
       [--time-scale 0.2] [--seed 1] [--keep DIR]
       (after `mvn -o -q -pl dist -am package -DskipTests`; the modeler from the repo's venv)
"""

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import machine  # bench/machine.py, beside this script

REPO = Path(__file__).resolve().parent.parent
JAR = REPO / "dist/target/mimesisbench.jar"
MODEL = REPO / ".venv/bin/mimesis-model"
KS_BAR = 0.1
BLOCKS_PER_FILE_BAR = 0.1


def step(what: str, command: list[str]) -> float:
    """Runs COMMAND, saying WHAT; its output goes to this one's. Returns its seconds."""
    print(f"data_fidelity: {what}", flush=True)
    start = time.monotonic()
    subprocess.run(command, check=True)
    return time.monotonic() - start


def image(folder: Path) -> str:
    return str(next(p for p in sorted(folder.glob("fsimage_*")) if p.suffix != ".md5"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trace-data", type=Path, default=REPO / "tests/warehouse-trace/data")
    parser.add_argument("--time-scale", default="0.2")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--max-drift", default="3s")
    parser.add_argument("--keep", type=Path, help="a folder to keep the trace, profile and run in")
    args = parser.parse_args()
    for needed in (JAR, MODEL):
        if not needed.exists():
            sys.exit(f"data_fidelity: {needed} is missing: run bin/setup first")
    work = args.keep or Path(tempfile.mkdtemp(prefix="data-fidelity-"))
    work.mkdir(parents=True, exist_ok=True)
    trace, profile, run = work / "trace", work / "profile", work / "run"
    for old in (trace, profile, run):
        shutil.rmtree(old, ignore_errors=True)
    print(f"data_fidelity: {machine.describe()}; load {machine.load()}", flush=True)
    data = args.trace_data
    seconds = {
        "parse": step(
            f"parse {data} with its start and end images",
            [
                "java",
                "-jar",
                str(JAR),
                "parse",
                "--audit",
                str(data / "audit"),
                "--fsimage",
                image(data / "fsimage"),
                "--fsimage-end",
                image(data / "fsimage-end"),
                "--tz",
                "UTC",
                "--out",
                str(trace),
                "--quiet",
            ],
        ),
        "fit": step("fit a profile", [str(MODEL), "fit", str(trace), "--out", str(profile)]),
        "run": step(
            f"run it embedded at time scale {args.time_scale}",
            [
                "java",
                "-jar",
                str(JAR),
                "run",
                "--profile",
                str(profile),
                "--time-scale",
                args.time_scale,
                "--seed",
                args.seed,
                # the removed files' margin: the default 30 s is most of this window at 0.2
                "--max-drift",
                args.max_drift,
                "--out",
                str(run),
            ],
        ),
        "fidelity": step(
            "score the run against the profile and the trace",
            [str(MODEL), "fidelity", str(profile), str(run), "--against", str(trace)],
        ),
    }
    step("draw the run's report", [str(MODEL), "report", str(run)])
    summary = json.loads((run / "summary.json").read_text())
    fidelity = json.loads((run / "fidelity.json").read_text())
    sizes = fidelity["sizes"]
    mean = (summary.get("namenode") or {}).get("mean") or {}
    all_files = sizes.get("all_files") or {}
    blocks = all_files.get("blocks_per_file") or {}
    figures = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": machine.describe(),
        "trace": str(data),
        "time_scale": args.time_scale,
        "valid": summary.get("valid"),
        "errors": (summary.get("overall") or {}).get("errors"),
        "addBlockPerSecond": mean.get("addBlockPerSecond"),
        "incrementalBlockReportsPerSecond": mean.get("incrementalBlockReportsPerSecond"),
        "sizes_not_scored": sizes.get("not_scored"),
        "files": all_files.get("files"),
        "bytes_ks": all_files.get("bytes_ks"),
        "blocks_per_file": blocks,
        "created": sizes.get("created"),
        "bars": sizes.get("bars"),
        "seconds": {k: round(v, 1) for k, v in seconds.items()},
        "results": str(run),
    }
    out = REPO / "bench/results/data_fidelity.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(figures, indent=2) + "\n")
    print(json.dumps(figures, indent=2))
    met = (
        (figures["addBlockPerSecond"] or 0) > 0
        and (figures["incrementalBlockReportsPerSecond"] or 0) > 0
        and all((bar or {}).get("met") for bar in (sizes.get("bars") or {}).values())
    )
    print(f"data_fidelity: bar {'met' if met else 'NOT met'}; figures in {out}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
