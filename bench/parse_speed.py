#!/usr/bin/env python3
"""Parse speed against `gzip -dc`, side by side in one run (bar: parse <= 3x gzip -dc), on two
logs made by make_audit_log.py (seeded): "low", 2.5 million lines of a busy cluster's op mix over
paths met about 9 times each (0.11 distinct paths a line), and "high", 2 million lines where
Hive, MapReduce and HBase name most paths once or twice (0.33 distinct paths a line).

Each round times, for each log, `gzip -dc` then `mimesisbench.jar parse` with the JVM's default
collector (G1) and with the throughput collector (-XX:+UseParallelGC), which suits a batch job
like a parse. It prints each round, then per log the medians, their ratio, lines/s, CPU time
(user + sys: it moves less with the load than wall time, and on 2 cores wall time is at best
half of it) and peak RSS (the process's maximum resident set, as `/usr/bin/time -v` reports it,
from wait4), per million lines too. These machines are shared and noisy: the ratio is the figure,
not the times.

With --baseline-jar, each round also parses with that jar (G1), e.g. a build of the previous
commit, and at the end each log's two traces are checked to decode to the same records (every
Avro file, and parse-report.json; needs fastavro: run with the project's .venv python).

usage: bench/parse_speed.py [--rounds 5] [--logs low,high] [--lines 2500000]
       [--high-lines 2000000] [--collectors G1,ParallelGC] [--baseline-jar old.jar]
       [--jar dist/target/mimesisbench.jar]   (after bin/setup built the jar)
"""

import argparse
import gzip
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
COLLECTORS = {"G1": [], "ParallelGC": ["-XX:+UseParallelGC"]}


def timed(cmd: list[str], stdout=subprocess.DEVNULL) -> tuple[float, float, int]:
    """Wall and CPU (user + sys) seconds and peak RSS (bytes) of running cmd."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=stdout)
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - start
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise subprocess.CalledProcessError(p.returncode, cmd)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024


def load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def distinct_paths(log: Path) -> int:
    """Distinct src and dst paths of a log, counted once and kept beside it."""
    count = log.with_suffix(".paths.json")
    if count.exists():
        return json.loads(count.read_text())["distinct_paths"]
    paths = set()
    with gzip.open(log, "rt", encoding="utf-8") as f:
        for line in f:
            for field in line.rstrip("\n").split("\t"):
                if field.startswith(("src=", "dst=")) and field != "dst=null":
                    paths.add(field[4:])
    count.write_text(json.dumps({"distinct_paths": len(paths)}))
    return len(paths)


def same_trace(a: Path, b: Path) -> str:
    """Whether two trace directories decode to the same records, as a line to print."""
    try:
        import fastavro
    except ImportError:
        return "output check skipped: no fastavro (run with the project's .venv python)"
    names = sorted(p.name for p in a.glob("*.avro"))
    if names != sorted(p.name for p in b.glob("*.avro")):
        return (
            f"output DIFFERS: Avro files {names} against {sorted(p.name for p in b.glob('*.avro'))}"
        )
    counts = []
    for name in names:
        with open(a / name, "rb") as fa, open(b / name, "rb") as fb:
            n = 0
            for x, y in zip(fastavro.reader(fa), fastavro.reader(fb), strict=True):
                if x != y:
                    return f"output DIFFERS: {name} record {n}: {x} != {y}"
                n += 1
        counts.append(f"{name} {n:,}")
    reports = [json.loads((d / "parse-report.json").read_text()) for d in (a, b)]
    if reports[0] != reports[1]:
        return "output DIFFERS: parse-report.json"
    return f"output same as the baseline's: {', '.join(counts)} records; parse-report.json"


def make_log(work: Path, name: str, lines: int) -> Path:
    log = work / (f"audit-{lines}.log.gz" if name == "low" else f"audit-{name}-{lines}.log.gz")
    if not log.exists():
        subprocess.run(
            [
                sys.executable,
                str(REPO / "bench/make_audit_log.py"),
                str(log),
                "--lines",
                str(lines),
                "--seed",
                "1",
                "--cardinality",
                name,
            ],
            check=True,
        )
    return log


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--logs", default="low,high", help="which logs: low, high or both")
    ap.add_argument("--lines", type=int, default=2_500_000, help="lines of the low log")
    ap.add_argument("--high-lines", type=int, default=2_000_000, help="lines of the high log")
    ap.add_argument("--collectors", default="G1,ParallelGC", help=f"of {', '.join(COLLECTORS)}")
    ap.add_argument("--jar", type=Path, default=REPO / "dist/target/mimesisbench.jar")
    ap.add_argument("--baseline-jar", type=Path, help="also parse with this jar (G1), and compare")
    a = ap.parse_args()
    work = REPO / "build/bench/parse-speed"
    work.mkdir(parents=True, exist_ok=True)
    sizes = {"low": a.lines, "high": a.high_lines}
    logs = {name: make_log(work, name, sizes[name]) for name in a.logs.split(",")}
    java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[
        0
    ]
    print(
        f"{os.cpu_count()} cores, {platform.processor() or platform.machine()}, {java}; "
        f"jar {a.jar}; load average {load()}"
    )
    for name, log in logs.items():
        print(
            f"log {name}: {log.name}, {sizes[name]:,} lines, "
            f"{log.stat().st_size / 2**20:.0f} MiB gzip, {distinct_paths(log):,} distinct paths"
        )
    variants = {f"parse ({c})": (a.jar.resolve(), COLLECTORS[c]) for c in a.collectors.split(",")}
    if a.baseline_jar:
        variants["baseline (G1)"] = (a.baseline_jar.resolve(), [])
    # by log, then by "gzip -dc" or variant: wall, CPU, peak RSS per round
    runs: dict[str, dict[str, list[tuple[float, float, int]]]] = {
        name: {v: [] for v in ["gzip -dc", *variants]} for name in logs
    }
    for i in range(a.rounds):
        for name, log in logs.items():
            got = runs[name]
            got["gzip -dc"].append(timed(["gzip", "-dc", str(log)]))
            for v, (jar, opts) in variants.items():
                out = work / f"trace-{name}{'-baseline' if v.startswith('baseline') else ''}"
                shutil.rmtree(out, ignore_errors=True)
                got[v].append(
                    timed(
                        [
                            "java",
                            *opts,
                            "-jar",
                            str(jar),
                            "parse",
                            "--audit",
                            str(log),
                            "--out",
                            str(out),
                            "--quiet",
                        ]
                    )
                )
            gz = got["gzip -dc"][-1][0]
            print(
                f"round {i + 1} {name}: gzip -dc {gz:.2f} s, "
                + ", ".join(
                    f"{v} {t[-1][0]:.2f} s ({t[-1][0] / gz:.2f}x, CPU {t[-1][1]:.2f} s, "
                    f"RSS {t[-1][2] / 2**20:,.0f} MiB)"
                    for v, t in got.items()
                    if v != "gzip -dc"
                )
                + f"; load {load()}"
            )
    for name in logs:
        got = runs[name]
        mg = statistics.median(w for w, _, _ in got["gzip -dc"])
        millions = sizes[name] / 1e6
        print(f"{name}: median gzip -dc {mg:.2f} s")
        for v, t in got.items():
            if v == "gzip -dc":
                continue
            mp = statistics.median(w for w, _, _ in t)
            ratios = [w / g for (w, _, _), (g, _, _) in zip(t, got["gzip -dc"], strict=True)]
            rss = statistics.median(r for _, _, r in t)
            cpu = statistics.median(c for _, c, _ in t)
            print(
                f"{name}: median {v} {mp:.2f} s: ratio {mp / mg:.2f}x, "
                f"{sizes[name] / mp:,.0f} lines/s, CPU {cpu:.2f} s, "
                f"peak RSS {rss / 2**20:,.0f} MiB ({rss / 2**20 / millions:,.0f} MiB per million "
                f"lines); rounds {min(ratios):.2f}-{max(ratios):.2f}x"
            )
        if a.baseline_jar:
            print(f"{name}: " + same_trace(work / f"trace-{name}", work / f"trace-{name}-baseline"))
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
