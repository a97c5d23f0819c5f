#!/usr/bin/env python3
"""What writing the files' data costs a run: the same profile, the same seed and time scale, with
every file empty (`--zero-size`, the paper's design) and with each file's data written through the
emulated DataNodes (the default when the profile has sizes), then `mimesis-model compare` of the
two sides.

The runs alternate (empty, data, empty, data, ...) so both see the same machine. Each is embedded
(its own NameNode and emulated DataNodes in the run's JVM). Per run: the wall time of the `run`
command, phase 2's ops/s and errors, `create` and `open` service time, the NameNode's write locks
per second and their mean hold, its blocks at the end, and the bytes written (counters.json).

The profile: --profile, or the bundled sample fitted (`mimesis-model fit tests/sample-trace/trace`).
A profile without sizes gets a stand-in, said so in the output: every type's files take the sizes
of the files in the trace's start fsimage (trace/namespace.avro), pooled over the types, one block
size (HDFS's default 128 MiB) and the image's replication; nothing else of the profile changes.

usage: .venv/bin/python bench/data_path.py [--profile dir] [--trace tests/sample-trace/trace]
       [--time-scales 0.2,0] [--repeats 2] [--seed 1] [--out build/bench/data-path]
       (after `mvn -o -q -pl dist -am package -DskipTests`; fastavro and mimesis-model from the
       repo's venv)
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import fastavro  # the repo's venv

import machine  # bench/machine.py, beside this script

REPO = Path(__file__).resolve().parent.parent
JAR = REPO / "dist/target/mimesisbench.jar"
MODEL = [sys.executable, "-m", "mimesis_model"]
DEFAULT_BLOCK_SIZE = 128 << 20  # dfs.blocksize's default


def distribution(values: list[float]) -> dict[str, Any]:
    """Profile.avsc's Distribution: the empirical CDF of VALUES (distinct values, ascending)."""
    values = sorted(values)
    distinct = sorted(set(values))
    cumulative, seen = [], 0
    for v in distinct:
        seen += values.count(v)
        cumulative.append(seen / len(values))
    return {"values": [float(v) for v in distinct], "cumulative": cumulative, "count": len(values)}


def with_stand_in_sizes(profile: Path, trace: Path, out: Path) -> tuple[Path, str | None]:
    """PROFILE as it is when its types have sizes; else a copy in OUT whose types take the start
    image's file sizes (the stand-in), and a note saying so."""
    with open(profile / "profile.avro", "rb") as f:
        reader = fastavro.reader(f)
        schema, record = reader.writer_schema, next(reader)
    if any(t.get("sizes") for t in record["fileTypes"]):
        return profile, None
    with open(trace / "namespace.avro", "rb") as f:
        files = [e for e in fastavro.reader(f) if not e["isDir"]]
    if not files:
        raise SystemExit(f"{trace}: the trace has no fsimage files to take sizes from")
    sizes = {
        "preExisting": distribution([e["size"] for e in files]),
        "created": distribution([e["size"] for e in files]),
        "createdFrom": "START_IMAGE",
        "appendBytes": {"values": [], "cumulative": [], "count": 0},
        "blockSize": distribution([DEFAULT_BLOCK_SIZE]),
        "replication": distribution([e["replication"] or 3 for e in files]),
    }
    for t in record["fileTypes"]:
        t["sizes"] = sizes
    copy = out / "profile-with-sizes"
    copy.mkdir(parents=True, exist_ok=True)
    with open(copy / "profile.avro", "wb") as f:
        fastavro.writer(f, schema, [record])
    note = (
        f"{profile} has no sizes: every type given the {len(files)} files of "
        f"{trace}/namespace.avro "
        f"(mean {statistics.mean(e['size'] for e in files):,.0f} bytes), block size 128 MiB"
    )
    return copy, note


def run(profile: Path, scale: float, seed: int, zero: bool, out: Path) -> dict[str, Any]:
    """One embedded run; its figures."""
    args = [
        "java",
        "-jar",
        str(JAR),
        "run",
        "--profile",
        str(profile),
        "--time-scale",
        f"{scale:g}",
        "--seed",
        str(seed),
        "--max-drift",
        "0",
        "--out",
        str(out),
        "--overwrite",
        "-D",
        "mimesisbench.audit.parse=false",
    ]
    if zero:
        args.append("--zero-size")
    start = time.perf_counter()
    done = subprocess.run(args, check=False, capture_output=True, text=True)
    wall = time.perf_counter() - start
    summary = (
        json.loads((out / "summary.json").read_text()) if (out / "summary.json").is_file() else {}
    )
    if not summary:
        raise SystemExit(
            f"{' '.join(args)}: no summary (exit {done.returncode})\n{done.stderr[-2000:]}"
        )
    counters = json.loads((out / "counters.json").read_text())
    ops, nn = summary["ops"], (summary.get("namenode") or {}).get("mean", {})

    def p50(op: str) -> float | None:
        return ops.get(op, {}).get("serviceMicros", {}).get("p50")

    written = sum(
        int(counters.get(p, {}).get("MimesisBench", {}).get("bytes written", 0))
        for p in ("phase1", "phase2")
    )
    return {
        "results": str(out),
        "zeroSize": zero,
        "valid": summary["valid"],
        "wallSeconds": wall,
        "opsPerSecond": summary["overall"]["opsPerSecond"],
        "ops": summary["overall"]["count"],
        "errors": summary["overall"]["errors"],
        "createP50Us": p50("create"),
        "openP50Us": p50("open"),
        "writeLocksPerSecond": nn.get("writeLocksPerSecond"),
        "writeLockHoldMs": nn.get("writeLockHoldAvgMs"),
        "blocksTotal": (summary.get("namenode") or {}).get("peak", {}).get("blocksTotal"),
        "bytesWritten": written,
        "dataNodes": summary["environment"].get("dataNodes"),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--profile", type=Path)
    ap.add_argument("--trace", type=Path, default=REPO / "tests/sample-trace/trace")
    ap.add_argument("--time-scales", default="0.2,0")
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=REPO / "build/bench/data-path")
    a = ap.parse_args()
    if not JAR.is_file():
        raise SystemExit(f"{JAR}: build it first (mvn -o -q -pl dist -am package -DskipTests)")
    a.out.mkdir(parents=True, exist_ok=True)
    profile = a.profile
    if profile is None:
        profile = a.out / "sample-profile"
        if not (profile / "profile.avro").is_file():
            subprocess.run(
                [*MODEL, "fit", str(a.trace), "--out", str(profile)],
                check=True,
                capture_output=True,
            )
    profile, note = with_stand_in_sizes(profile, a.trace, a.out)
    print(f"# {machine.describe()}; load {machine.load()}")
    if note:
        print(f"# {note}")
    report: dict[str, Any] = {
        "machine": machine.describe(),
        "profile": str(profile),
        "note": note,
        "scales": {},
    }
    for scale in (float(c) for c in a.time_scales.split(",")):
        runs: list[dict[str, Any]] = []
        for k in range(a.repeats):
            for zero in (True, False):
                folder = a.out / "runs" / f"ts-{scale:g}-{'zero' if zero else 'data'}-r{k + 1}"
                shutil.rmtree(folder, ignore_errors=True)
                runs.append(run(profile, scale, a.seed, zero, folder))
                r = runs[-1]
                print(
                    f"ts {scale:g} {'zero' if zero else 'data'} r{k + 1}: valid {r['valid']}, "
                    f"{r['wallSeconds']:.1f} s wall, {r['opsPerSecond']:.1f} ops/s, {r['errors']} "
                    "errors, "
                    f"create p50 {r['createP50Us']} us, open p50 {r['openP50Us']} us, write "
                    "locks/s "
                    f"{r['writeLocksPerSecond']}, hold {r['writeLockHoldMs']} ms, blocks "
                    f"{r['blocksTotal']}, "
                    f"{r['bytesWritten']:,} bytes written",
                    flush=True,
                )
        sides = {z: [r["results"] for r in runs if r["zeroSize"] is z] for z in (True, False)}
        compared = subprocess.run(
            [*MODEL, "compare", *sides[True], "--", *sides[False], "--json"],
            check=False,
            capture_output=True,
            text=True,
        )
        report["scales"][f"{scale:g}"] = {
            "runs": runs,
            "compare": json.loads(compared.stdout)
            if compared.returncode == 0
            else compared.stderr.strip(),
        }
    (a.out / "data-path.json").write_text(json.dumps(report, indent=1))
    print(f"# written {a.out / 'data-path.json'}")


if __name__ == "__main__":
    main()
