#!/usr/bin/env python3
"""Parse speed against `gzip -dc`, side by side in one run (bar: parse <= 3x gzip -dc).

Makes a 2.5-million-line gzip audit log once (make_audit_log.py), then alternates `gzip -dc`
and `mimesisbench.jar parse` on it ROUNDS times, printing each time, the medians and their
ratio. These machines are shared and noisy: the ratio is the figure, not the times. CPU time
(user + sys of the process) is printed too: it moves less with the load than wall time, and on
2 cores wall time is at best half of it.

Each round times gzip -dc, then the parse with the JVM's default collector (G1), then with
the throughput collector (-XX:+UseParallelGC), which suits a batch job like a parse. With
--baseline-jar, each round also parses with that jar (G1), e.g. a build of the previous commit,
and at the end the two traces are checked to decode to the same records (needs fastavro: run
with the project's .venv python).

usage: bench/parse_speed.py [--rounds 5] [--lines 2500000] [--baseline-jar old.jar]
       (after bin/setup built the jar)
"""

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def timed(cmd: list[str], **kw) -> tuple[float, float]:
    """Wall and CPU (user + sys) seconds of running cmd."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, **kw)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def same_trace(a: Path, b: Path) -> str:
    """Whether two trace directories decode to the same records, as a line to print."""
    try:
        import fastavro
    except ImportError:
        return "output check skipped: no fastavro (run with the project's .venv python)"
    for name in ("events.avro", "files.avro"):
        with open(a / name, "rb") as fa, open(b / name, "rb") as fb:
            ra, rb = fastavro.reader(fa), fastavro.reader(fb)
            n = 0
            for x, y in zip(ra, rb, strict=True):
                if x != y:
                    return f"output DIFFERS: {name} record {n}: {x} != {y}"
                n += 1
    reports = [json.loads((d / "parse-report.json").read_text()) for d in (a, b)]
    if reports[0] != reports[1]:
        return "output DIFFERS: parse-report.json"
    return (
        f"output same as the baseline's: events.avro, files.avro ({n:,} timelines), "
        "parse-report.json"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--lines", type=int, default=2_500_000)
    ap.add_argument("--baseline-jar", type=Path, help="also parse with this jar (G1), and compare")
    a = ap.parse_args()
    work = REPO / "build/bench/parse-speed"
    work.mkdir(parents=True, exist_ok=True)
    log = work / f"audit-{a.lines}.log.gz"
    if not log.exists():
        subprocess.run(
            [
                sys.executable,
                str(REPO / "bench/make_audit_log.py"),
                str(log),
                "--lines",
                str(a.lines),
                "--seed",
                "1",
            ],
            check=True,
        )
    jar = REPO / "dist/target/mimesisbench.jar"
    java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[
        0
    ]
    print(
        f"log: {log.name}, {a.lines:,} lines, {log.stat().st_size / 2**20:.0f} MiB gzip; "
        f"{os.cpu_count()} cores, {platform.processor() or platform.machine()}, {java}; "
        f"load average {load()}"
    )
    variants = {"parse (G1)": (jar, []), "parse (ParallelGC)": (jar, ["-XX:+UseParallelGC"])}
    if a.baseline_jar:
        variants["baseline (G1)"] = (a.baseline_jar.resolve(), [])
    gz: list[float] = []
    times: dict[str, list[float]] = {v: [] for v in variants}
    cpus: dict[str, list[float]] = {v: [] for v in variants}
    for i in range(a.rounds):
        with open(os.devnull, "wb") as null:
            gz.append(timed(["gzip", "-dc", str(log)], stderr=null)[0])
        for name, (j, opts) in variants.items():
            out = work / ("trace-baseline" if name.startswith("baseline") else "trace")
            shutil.rmtree(out, ignore_errors=True)
            wall, cpu = timed(
                [
                    "java",
                    *opts,
                    "-jar",
                    str(j),
                    "parse",
                    "--audit",
                    str(log),
                    "--out",
                    str(out),
                    "--quiet",
                ]
            )
            times[name].append(wall)
            cpus[name].append(cpu)
        print(
            f"round {i + 1}: gzip -dc {gz[-1]:.2f} s, "
            + ", ".join(
                f"{n} {t[-1]:.2f} s ({t[-1] / gz[-1]:.2f}x, CPU {cpus[n][-1]:.2f} s)"
                for n, t in times.items()
            )
            + f"; load {load()}"
        )
    mg = statistics.median(gz)
    print(f"median gzip -dc {mg:.2f} s")
    for name, t in times.items():
        mp = statistics.median(t)
        print(
            f"median {name} {mp:.2f} s: ratio {mp / mg:.2f}x, {a.lines / mp:,.0f} lines/s, "
            f"CPU {statistics.median(cpus[name]):.2f} s"
        )
    if a.baseline_jar:
        print(same_trace(work / "trace", work / "trace-baseline"))
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
