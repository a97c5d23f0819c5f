#!/usr/bin/env python3
"""The Tardis codec against java.util.zip's Deflater at BEST_SPEED on 1 MiB chunks (its bar:
compressing a 1 MiB Tardis chunk at least 10,000x faster than Deflater on the same chunk, and a
compression ratio of at least 500:1).

Runs the JMH benchmark bench/tardis-jmh (TardisChunkBenchmark) in one JMH run, so both sides of
each ratio are measured together: Tardis compression with each marker check and Deflater on the
same 1 MiB Tardis chunk; Tardis decompression and Inflater; the adaptive codec and Deflater on 1 MiB
of random bytes. Then prints the encoded sizes (ChunkSizes) and the ratios. JMH settings suit a
shared 2-core machine: one fork, one thread, short warm-up and measurement iterations.

usage: bench/tardis_codec.py [--forks 1] [--warmups 3] [--iterations 5] [--seconds 2] [--no-build]
"""

import argparse
import json
import subprocess
from pathlib import Path

import machine  # bench/machine.py, beside this script

REPO = Path(__file__).resolve().parent.parent
MODULE = REPO / "bench/tardis-jmh"
BENCH = "org.mimesisbench.tardis.bench.TardisChunkBenchmark"

# (what, numerator benchmark, denominator benchmark): how many times faster the denominator is
RATIOS = [
    (
        "compress 1 MiB Tardis chunk, first-and-last vs Deflater",
        "deflaterCompressTardis",
        "tardisCompressFirstAndLast",
    ),
    (
        "compress 1 MiB Tardis chunk, every-unit vs Deflater",
        "deflaterCompressTardis",
        "tardisCompressEveryUnit",
    ),
    (
        "compress 1 MiB Tardis chunk, adaptive (every-unit) vs Deflater",
        "deflaterCompressTardis",
        "adaptiveCompressTardis",
    ),
    (
        "decompress 1 MiB Tardis chunk, Tardis vs Inflater",
        "inflaterDecompressTardis",
        "tardisDecompress",
    ),
    (
        "compress 1 MiB random chunk, adaptive vs Deflater",
        "deflaterCompressRandom",
        "adaptiveCompressRandom",
    ),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--forks", type=int, default=1)
    ap.add_argument("--warmups", type=int, default=3)
    ap.add_argument("--iterations", type=int, default=5)
    ap.add_argument("--seconds", type=int, default=2)
    ap.add_argument("--no-build", action="store_true")
    a = ap.parse_args()
    if not a.no_build:
        subprocess.run(
            ["mvn", "-o", "-q", "package", "-pl", "bench/tardis-jmh", "-am", "-DskipTests"],
            cwd=REPO,
            check=True,
        )
    cp = f"{MODULE / 'target/classes'}:{(MODULE / 'target/classpath.txt').read_text().strip()}"
    out = REPO / "build/bench/tardis-jmh.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    print(machine.describe())
    print(f"load average before: {machine.load()}", flush=True)
    sizes = {}
    for line in subprocess.run(
        ["java", "-cp", cp, "org.mimesisbench.tardis.bench.ChunkSizes"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines():
        _, what, n = line.split()
        sizes[what] = int(n)
    jmh = [
        "java",
        "-cp",
        cp,
        "org.openjdk.jmh.Main",
        BENCH,
        "-f",
        str(a.forks),
        "-t",
        "1",
        "-wi",
        str(a.warmups),
        "-w",
        f"{a.seconds}s",
        "-i",
        str(a.iterations),
        "-r",
        f"{a.seconds}s",
        "-rf",
        "json",
        "-rff",
        str(out),
    ]
    print("$ " + " ".join([*jmh[:2], "<bench/tardis-jmh classpath>", *jmh[3:]]), flush=True)
    subprocess.run(jmh, check=True, stdout=subprocess.DEVNULL)
    print(f"load average after: {machine.load()}")
    scores = {
        r["benchmark"].rsplit(".", 1)[1]: r["primaryMetric"] for r in json.loads(out.read_text())
    }
    print("\n| benchmark | ns/op | +- (99.9 %) |\n|---|---|---|")
    for name, m in scores.items():
        print(f"| {name} | {m['score']:,.1f} | {m['scoreError']:,.1f} |")
    print("\n| ratio | times faster |\n|---|---|")
    for what, slow, fast in RATIOS:
        print(f"| {what} | {scores[slow]['score'] / scores[fast]['score']:,.0f}x |")
    chunk = sizes["chunk"]
    print("\n| 1 MiB chunk encoded by | bytes | compression ratio |\n|---|---|---|")
    for what in [
        "tardis",
        "adaptive-tardis",
        "deflater-tardis",
        "adaptive-random",
        "deflater-random",
    ]:
        print(f"| {what} | {sizes[what]:,} | {chunk / sizes[what]:,.1f}:1 |")


if __name__ == "__main__":
    main()
