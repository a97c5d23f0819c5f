#!/usr/bin/env python3
"""Parse speed against `gzip -dc`, side by side in one run (issue 2's bar: parse <= 3x gzip -dc).

Makes a 2.5-million-line gzip audit log once (make_audit_log.py), then alternates `gzip -dc`
and `mimesisbench.jar parse` on it ROUNDS times, printing each time, the medians and their
ratio. These machines are shared and noisy: the ratio is the figure, not the times.

Each round times gzip -dc, then the parse with the JVM's default collector (G1), then with
the throughput collector (-XX:+UseParallelGC), which suits a batch job like a parse.

usage: bench/parse_speed.py [--rounds 5] [--lines 2500000]   (after bin/setup built the jar)
"""
import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def timed(cmd: list[str], **kw) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, **kw)
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--lines", type=int, default=2_500_000)
    a = ap.parse_args()
    work = REPO / "build/bench/parse-speed"
    work.mkdir(parents=True, exist_ok=True)
    log = work / f"audit-{a.lines}.log.gz"
    if not log.exists():
        subprocess.run([sys.executable, str(REPO / "bench/make_audit_log.py"), str(log),
                        "--lines", str(a.lines), "--seed", "1"], check=True)
    jar = REPO / "dist/target/mimesisbench.jar"
    java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[0]
    print(f"log: {log.name}, {a.lines:,} lines, {log.stat().st_size / 2**20:.0f} MiB gzip; "
          f"{os.cpu_count()} cores, {platform.processor() or platform.machine()}, {java}")
    variants = {"parse (G1)": [], "parse (ParallelGC)": ["-XX:+UseParallelGC"]}
    gz: list[float] = []
    times: dict[str, list[float]] = {v: [] for v in variants}
    for i in range(a.rounds):
        with open(os.devnull, "wb") as null:
            gz.append(timed(["gzip", "-dc", str(log)], stderr=null))
        for name, opts in variants.items():
            shutil.rmtree(work / "trace", ignore_errors=True)
            times[name].append(timed(["java", *opts, "-jar", str(jar), "parse", "--audit", str(log),
                                      "--out", str(work / "trace"), "--quiet"]))
        print(f"round {i + 1}: gzip -dc {gz[-1]:.2f} s, "
              + ", ".join(f"{n} {t[-1]:.2f} s ({t[-1] / gz[-1]:.2f}x)" for n, t in times.items()))
    mg = statistics.median(gz)
    print(f"median gzip -dc {mg:.2f} s")
    for name, t in times.items():
        mp = statistics.median(t)
        print(f"median {name} {mp:.2f} s: ratio {mp / mg:.2f}x, {a.lines / mp:,.0f} lines/s")


if __name__ == "__main__":
    main()
