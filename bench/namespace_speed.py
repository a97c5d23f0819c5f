#!/usr/bin/env python3
"""Namespace generation speed against writing alone, side by side in one run (its bar: the
full Yahoo namespace, 7,519,938 directories and 49,700,655 files, generated to a file in at most
2 minutes and 8 GiB of heap on 2 cores).

Each round times `mimesisbench.jar namespace generate` (-Xmx8g) at the full Yahoo size, then the
reference: the same number of NamespaceEntry records with paths as long on average, written by
the same encoder and codec with no generation (org.mimesisbench.namespace.bench.WriteReference, in
bench/programs).
These machines are shared and noisy: the ratio is the figure. Peak memory is the JVM's maximum
resident set (GNU time), and each generation's KS distances are printed from its report.

usage: bench/namespace_speed.py [--rounds 3] [--dirs 7519938] [--files 49700655] [--stats FILE|DIR]
       (after bin/setup, which builds the jar and bench/programs; --stats defaults to the Yahoo
       namespace's mimesis.properties, which
       namespace-gen's tests hold)
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

import java_programs  # bench/java_programs.py, beside this script
from mimesis_model.formats.namespace_report_file import (
    NamespaceReportFile,
)  # the repo's venv: the report's one reader

REPO = Path(__file__).resolve().parent.parent
# the Yahoo cluster's namespace statistics (Mimesis Namespace Generator), as the repository holds
# them
STATS = REPO / "namespace-gen/src/test/resources/yahoo-namespace/mimesis.properties"


def timed(cmd: list[str]) -> tuple[float, int]:
    """Wall seconds and peak resident KiB of CMD."""
    start = time.perf_counter()
    p = subprocess.run(
        ["/usr/bin/time", "-f", "%M", *cmd],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    return time.perf_counter() - start, int(p.stderr.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--dirs", type=int, default=7_519_938)
    ap.add_argument("--files", type=int, default=49_700_655)
    ap.add_argument(
        "--stats",
        default=str(STATS),
        help="mimesis.properties or a profile directory (namespace generate --stats)",
    )
    a = ap.parse_args()
    if not Path(a.stats).exists():
        print(f"namespace_speed: --stats {a.stats}: no such file or directory", file=sys.stderr)
        sys.exit(2)
    work = REPO / "build/bench/namespace-speed"
    work.mkdir(parents=True, exist_ok=True)
    jar = REPO / "dist/target/mimesisbench.jar"
    java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[
        0
    ]
    commit = subprocess.run(
        ["git", "-C", str(REPO), "describe", "--always", "--dirty"], capture_output=True, text=True
    ).stdout.strip()
    print(
        f"{a.dirs:,} directories, {a.files:,} files from {a.stats}; commit {commit}; "
        f"{os.cpu_count()} cores, {platform.processor() or platform.machine()}, {java}"
    )
    gen, ref = [], []
    for i in range(a.rounds):
        out = work / "ns"
        shutil.rmtree(out, ignore_errors=True)
        t, rss = timed(
            [
                "java",
                "-Xmx8g",
                "-jar",
                str(jar),
                "namespace",
                "generate",
                "--stats",
                a.stats,
                "--dirs",
                str(a.dirs),
                "--files",
                str(a.files),
                "--seed",
                "1",
                "--out",
                str(out),
                "--quiet",
            ]
        )
        report = NamespaceReportFile.read(out)
        size = (out / "namespace.avro").stat().st_size
        entries, path_bytes = report.generated["entries"], report.generated["path_bytes"]
        gen.append(t)
        tr, rss_r = timed(
            [
                "java",
                "-Xmx8g",
                "-cp",
                java_programs.classpath(),
                "org.mimesisbench.namespace.bench.WriteReference",
                str(entries),
                str(path_bytes),
                str(work / "reference.avro"),
            ]
        )
        ref.append(tr)
        print(
            f"round {i + 1}: generate {t:.2f} s (peak RSS {rss / 2**20:.2f} GiB, "
            f"{size / 2**20:.0f} MiB), "
            f"write-only reference {tr:.2f} s (peak RSS {rss_r / 2**20:.2f} GiB): {t / tr:.2f}x"
        )
        print(
            "  KS "
            + ", ".join(f"{k} {v:.2e}" for k, v in report.ks.items() if v is not None)
            + f"; {entries:,} entries, {path_bytes / entries:.1f} path bytes each"
        )
    mg, mr = statistics.median(gen), statistics.median(ref)
    print(f"median: generate {mg:.2f} s, reference {mr:.2f} s, ratio {mg / mr:.2f}x; bar 120 s")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
