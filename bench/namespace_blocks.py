#!/usr/bin/env python3
"""The synthetic namespace with blocks: a fraction of the Yahoo namespace (7,519,938 directories,
49,700,655 files; --fraction 0.1 is about 5 M files) written by `namespace image` with each file's
blocks drawn from the profile's sizes (bar: at most 10 min), then started by `cluster --name-dir`
with 50 emulated DataNodes that hold those blocks (bar: out of safe mode with every block reported
in at most 10 min, within a 20 GiB heap); Hadoop's `FsShell -count` on /mimesis must show the
content size the image holds.

A profile without sizes is refused in one line (the jar's own refusal, exit code 2): give one
whose file types have sizes (the shipped Yahoo profile, whose sizes are an assumed model, or a
stand-in made by bench/sized_profile.py).

Each step runs under GNU time (-v): wall seconds, CPU and peak resident memory. The cluster's own
stage lines (image's blocks read and placed, NameNode started, DataNodes registered, safe mode
left with N of M blocks reported, heap after start) are printed as it printed them.

usage: bench/namespace_blocks.py --profile DIR [--fraction 0.1] [--datanodes 50] [--image-heap 6g]
                                 [--cluster-heap 20g] [--work DIR] [--jar JAR]
"""

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
JAR = REPO / "dist/target/mimesisbench.jar"
DIRS, FILES = 7_519_938, 49_700_655


def gnu_time(stderr: str) -> tuple[str, int]:
    """Wall clock (with the CPU seconds used) and peak resident KiB from GNU time -v's report."""
    wall = re.search(r"Elapsed \(wall clock\) time.*: (\S+)", stderr).group(1)
    cpu = sum(
        float(re.search(rf"{kind} time \(seconds\): (\S+)", stderr).group(1))
        for kind in ("User", "System")
    )
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr).group(1))
    return f"{wall}, CPU {cpu:.0f} s", peak


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--profile", required=True, help="a profile directory whose file types have sizes"
    )
    ap.add_argument("--fraction", type=float, default=0.1)
    ap.add_argument("--datanodes", type=int, default=50)
    ap.add_argument("--image-heap", default="6g")
    ap.add_argument("--cluster-heap", default="20g")
    ap.add_argument("--work", default="build/namespace-blocks")
    ap.add_argument("--jar", default=str(JAR), help="the jar to time (default the built one)")
    a = ap.parse_args()
    dirs, files = round(DIRS * a.fraction), round(FILES * a.fraction)
    work = Path(a.work).resolve()
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    image = work / "nn-image"
    print(
        f"{a.profile}: {dirs:,} directories, {files:,} files, seed 1; {a.datanodes} DataNodes; "
        f"load {open('/proc/loadavg').read().split()[:3]}",
        flush=True,
    )

    start = time.perf_counter()
    p = subprocess.run(
        [
            "/usr/bin/time",
            "-v",
            "java",
            f"-Xmx{a.image_heap}",
            "-jar",
            a.jar,
            "namespace",
            "image",
            "--stats",
            a.profile,
            "--sizes",
            a.profile,
            "--dirs",
            str(dirs),
            "--files",
            str(files),
            "--seed",
            "1",
            "--out",
            str(image),
        ],
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - start
    if p.returncode == 2:  # bad input, e.g. a profile without sizes: the jar's one line
        print(p.stderr.strip().splitlines()[0], file=sys.stderr)
        return 2
    if p.returncode != 0:
        print(p.stdout, p.stderr, file=sys.stderr)
        return 1
    wall, peak = gnu_time(p.stderr)
    held = re.search(r"files hold ([\d,]+) bytes in ([\d,]+) blocks", p.stdout)
    content, blocks = (int(held.group(i).replace(",", "")) for i in (1, 2))
    size = sum(f.stat().st_size for f in (image / "current").iterdir())
    print("\n".join(p.stdout.strip().splitlines()[-3:-1]))
    print(
        f"image: {seconds:.1f} s (GNU time {wall}), peak RSS {peak / 2**20:.2f} GiB, "
        f"name directory {size / 2**30:.2f} GiB, -Xmx{a.image_heap}; bar 600 s: "
        f"{'met' if seconds <= 600 else 'NOT met'}",
        flush=True,
    )

    base = work / "cluster"
    start = time.perf_counter()
    cluster = subprocess.Popen(
        [
            "/usr/bin/time",
            "-v",
            "java",
            f"-Xmx{a.cluster_heap}",
            "-jar",
            a.jar,
            "cluster",
            "--datanodes",
            str(a.datanodes),
            "--name-dir",
            str(image),
            "--base-dir",
            str(base),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    address = cluster.stdout.readline().strip()
    started = time.perf_counter() - start
    if not address.startswith("hdfs://"):
        cluster.wait()
        print("cluster did not start:", address, cluster.stderr.read()[-3000:], file=sys.stderr)
        return 1
    print(
        f"cluster: serving {address} after {started:.1f} s (out of safe mode), "
        f"-Xmx{a.cluster_heap}; "
        f"bar 600 s: {'met' if started <= 600 else 'NOT met'}",
        flush=True,
    )
    start = time.perf_counter()
    conf = (
        work / "conf"
    )  # Hadoop 3.5's Configuration wants a core-site.xml; the shaded jar has none
    conf.mkdir()
    (conf / "core-site.xml").write_text('<?xml version="1.0"?>\n<configuration/>\n')
    count = subprocess.run(
        [
            "java",
            "-cp",
            f"{conf}:{a.jar}",
            "org.apache.hadoop.fs.FsShell",
            "-fs",
            address,
            "-count",
            "/mimesis",
        ],
        capture_output=True,
        text=True,
    )
    print(
        f"FsShell -count /mimesis ({time.perf_counter() - start:.1f} s): "
        f"{count.stdout.strip()}{count.stderr[-500:]}"
    )
    shown = count.stdout.split()
    exact = len(shown) >= 3 and shown[1] == str(files) and shown[2] == str(content)
    print(
        f"content size {'exactly' if exact else 'NOT'} the image's ({content:,} bytes in {files:,} "
        "files, "
        f"{blocks:,} blocks)"
    )
    java = subprocess.run(
        ["pgrep", "-P", str(cluster.pid)], capture_output=True, text=True
    ).stdout.split()
    for pid in java:  # the JVM under GNU time, started here: its shutdown hook stops the cluster
        os.kill(int(pid), signal.SIGTERM)
    _, err = cluster.communicate(timeout=600)
    print("\n".join(line for line in err.splitlines() if line.startswith("cluster:")))
    wall, peak = gnu_time(err)
    print(
        f"cluster process: peak RSS {peak / 2**20:.2f} GiB (GNU time {wall} including the count "
        "and shutdown)"
    )
    return 0 if exact else 1


if __name__ == "__main__":
    sys.exit(main())
