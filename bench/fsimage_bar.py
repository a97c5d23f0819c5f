#!/usr/bin/env python3
"""The synthetic fsimage's bar: the Yahoo namespace (7,519,938 directories, 49,700,655
files, seed 1) written as a NameNode name directory by `namespace image` in at most 10 minutes,
and loaded by `cluster --name-dir` in at most 5 minutes; Hadoop's `FsShell -count` on the started
cluster must show exactly those counts under /mimesis (the directories plus the namespace's root).

Each step runs under GNU time (-v): wall seconds and peak resident memory. The load is timed from
the cluster command's start to its printed address (image copied, NameNode loaded, DataNode
registered). The machine is shared and noisy: say so with the figures.

usage: bench/fsimage_bar.py [--fraction 1] [--image-heap 6g] [--namenode-heap 14g] [--work DIR]
[--jar JAR]
       (after bin/setup; --fraction 0.01 is 1/100 of the Yahoo size)
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
PROFILE = REPO / "profiles/yahoo-2011"
DIRS, FILES = 7_519_938, 49_700_655


def gnu_time(stderr: str) -> tuple[str, int]:
    """Wall clock (with the CPU seconds used, user + system) and peak resident KiB from GNU time
    -v's report."""
    wall = re.search(r"Elapsed \(wall clock\) time.*: (\S+)", stderr).group(1)
    cpu = sum(
        float(re.search(rf"{kind} time \(seconds\): (\S+)", stderr).group(1))
        for kind in ("User", "System")
    )
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr).group(1))
    return f"{wall}, CPU {cpu:.0f} s", peak


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--fraction", type=float, default=1.0)
    ap.add_argument("--image-heap", default="6g")
    ap.add_argument("--namenode-heap", default="14g")
    ap.add_argument("--work", default="build/fsimage-bar")
    ap.add_argument("--jar", default=str(JAR), help="the jar to time (default the built one)")
    a = ap.parse_args()
    jar = a.jar
    dirs, files = round(DIRS * a.fraction), round(FILES * a.fraction)
    work = Path(a.work).resolve()
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    image = work / "nn-image"
    print(
        f"{dirs:,} directories, {files:,} files, seed 1; load "
        f"{open('/proc/loadavg').read().split()[:3]}"
    )

    start = time.perf_counter()
    p = subprocess.run(
        [
            "/usr/bin/time",
            "-v",
            "java",
            f"-Xmx{a.image_heap}",
            "-jar",
            jar,
            "namespace",
            "image",
            "--stats",
            str(PROFILE),
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
    if p.returncode != 0:
        print(p.stdout, p.stderr, file=sys.stderr)
        return 1
    wall, peak = gnu_time(p.stderr)
    size = sum(f.stat().st_size for f in (image / "current").iterdir())
    print(p.stdout.strip().splitlines()[-2])
    print(
        f"image: {seconds:.1f} s (GNU time {wall}), peak RSS {peak / 2**20:.2f} GiB, "
        f"name directory {size / 2**30:.2f} GiB, -Xmx{a.image_heap}"
    )

    base = work / "cluster"
    start = time.perf_counter()
    cluster = subprocess.Popen(
        [
            "/usr/bin/time",
            "-v",
            "java",
            f"-Xmx{a.namenode_heap}",
            "-jar",
            jar,
            "cluster",
            "--datanodes",
            "1",
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
    loaded = time.perf_counter() - start
    if not address.startswith("hdfs://"):
        cluster.wait()
        print("cluster did not start:", address, cluster.stderr.read()[-3000:], file=sys.stderr)
        return 1
    print(f"load: NameNode serving {address} after {loaded:.1f} s, -Xmx{a.namenode_heap}")
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
            f"{conf}:{jar}",
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
    exact = shown[:2] == [str(dirs + 1), str(files)]
    print(
        f"counts {'exactly' if exact else 'NOT'} the generated ones ({dirs + 1:,} directories with "
        "the root, "
        f"{files:,} files)"
    )
    java = subprocess.run(
        ["pgrep", "-P", str(cluster.pid)], capture_output=True, text=True
    ).stdout.split()
    for pid in java:  # the JVM under GNU time, started here: its shutdown hook stops the cluster
        os.kill(int(pid), signal.SIGTERM)
    _, err = cluster.communicate(timeout=300)
    print("\n".join(line for line in err.splitlines() if line.startswith("cluster:")))
    wall, peak = gnu_time(err)
    print(
        f"cluster process: peak RSS {peak / 2**20:.2f} GiB (GNU time {wall} including the count "
        "and shutdown)"
    )
    return 0 if exact else 1


if __name__ == "__main__":
    sys.exit(main())
