#!/usr/bin/env python3
"""MimesisBench's issuing against a direct loop of the same RPCs on one embedded NameNode (the
ceiling's bar: at time scale 0, open and getFileInfo throughput at least 0.95x a direct RPC loop
with
the same threads, side by side in one run; the generator's first bar was 0.9x Hadoop's
NNThroughputBenchmark).

Runs org.mimesisbench.generator.bench.NameNodeCeiling (bench/programs). One embedded HDFS (as
`run` starts it: 20 handlers, audit log on, here written to /dev/null); each round measures, for
open and then getFileInfo, (1) NNThroughputBenchmark -fs hdfs://... -op open|fileStatus -threads T
-files N -filesPerDir N, (2) a direct RPC loop: T threads calling the same ClientProtocol methods
on our N files, with no spinning main thread (NNThroughputBenchmark's main thread busy-waits for
its workers, which costs one of the 2 cores), (3) a NamespaceClient loop: T threads making our
FileSystem calls on event lists made beforehand (our calls without our pipeline), (4) T
pipelines of one call in flight each (the closed loop before open-loop issuing), each on its share
of a
profile of N pre-existing files opened (or stat'ed) once each, and (5) MimesisBench: one
pipeline (a mapper) on the whole profile with up to T calls in flight (`run --in-flight T`),
through NamespaceClient on the cluster's FileSystem. The bar's figure: after the rounds (which warm
up the JIT and the NameNode), --pairs pairs of (2) and (5) back to back, which goes first
alternating; the median of the pairs' ratios. With --in-flight-series 1,2,4,... it then
measures one pipeline at each bound. The side that goes first rotates by round. The CPU per op of
the whole JVM (NameNode
and client) is printed for sides 2-4: their differences are client-side costs.

usage: bench/namenode_ceiling.py [--threads 4] [--files 50000] [--rounds 5] [--pairs 12]
[--in-flight-series 1,2,4]
(after `mvn -o -q -pl bench/programs -am package -DskipTests`, or bin/setup)
"""

import argparse
import json
import shutil
import subprocess
from pathlib import Path

import java_programs  # bench/java_programs.py, beside this script
import machine  # bench/machine.py, beside this script

REPO = Path(__file__).resolve().parent.parent
MAIN = "org.mimesisbench.generator.bench.NameNodeCeiling"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--files", type=int, default=50_000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--pairs", type=int, default=12)
    ap.add_argument("--in-flight-series", default="")
    a = ap.parse_args()
    cp = java_programs.classpath()
    work = REPO / "build/bench/namenode-ceiling"
    shutil.rmtree(work, ignore_errors=True)
    log = (
        REPO / "build/bench/namenode-ceiling.log"
    )  # the servers' and NNThroughputBenchmark's own messages
    log.parent.mkdir(parents=True, exist_ok=True)
    print(machine.describe())
    print(f"load average before: {machine.load()}", flush=True)
    figures = {}
    with subprocess.Popen(
        [
            "java",
            "-cp",
            cp,
            MAIN,
            "--work",
            str(work),
            "--threads",
            str(a.threads),
            "--files",
            str(a.files),
            "--rounds",
            str(a.rounds),
            "--pairs",
            str(a.pairs),
            "--in-flight-series",
            a.in_flight_series,
        ],
        stdout=subprocess.PIPE,
        stderr=log.open("w"),
        text=True,
    ) as p:
        for line in p.stdout:
            if line.startswith("json "):
                _, name, body = line.split(" ", 2)
                figures[name] = json.loads(body)
            else:
                print(line, end="", flush=True)
    shutil.rmtree(work, ignore_errors=True)
    if p.returncode:
        raise SystemExit(f"{MAIN} failed ({p.returncode}); see {log}")
    print(f"load average after: {machine.load()}")
    for op, f in figures.items():
        r = f["paired ratio to direct RPC"]
        print(
            f"bar ({op} >= 0.95x the direct RPC loop, median of {len(f['pairs'])} back-to-back "
            "pairs):"
            f" {r:.3f}x: "
            + ("met" if r >= 0.95 else "NOT met")
            + f"; the rounds' median {f['ratio to direct RPC']:.3f}x; against "
            f"NNThroughputBenchmark {f['ratio to NNThroughputBenchmark']:.3f}x, against the"
            f" NamespaceClient loop {f['ratio to NamespaceClient loop']:.3f}x, against T pipelines "
            "of one call"
            f" {f['ratio to T pipelines']:.3f}x"
        )


if __name__ == "__main__":
    main()
