#!/usr/bin/env python3
"""Emulated-DataNode colocation (bar: >= 200 DataNodes alive 10 min beside a NameNode).

For each N given, starts a NameNode and N emulated DataNodes in one JVM (ColocationBench,
bench/programs)
while a client creates 1 MiB files (replication 3, Tardis data unless --data random) at a steady
rate, all kept unless --retain deletes each that long after it is written, and
prints every 30 s the live/dead/stale DataNodes, the longest gap since a DataNode's last heartbeat,
the heap, threads and write rate, then a summary line. The machine is shared: its load is printed.

usage: bench/colocation.py [--datanodes 50 100 200] [--seconds 600] [--rate 2] [--storage
memory|disk]
       [--data tardis|random] [--retain 0]
       (after `mvn -o -q -pl bench/programs -am package -DskipTests`, or bin/setup)
"""

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import java_programs
import machine


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--datanodes", type=int, nargs="+", default=[50, 100, 200])
    ap.add_argument("--seconds", type=int, default=600)
    ap.add_argument("--rate", type=float, default=2.0, help="files created per second")
    ap.add_argument("--storage", choices=["memory", "disk"], default="memory")
    ap.add_argument(
        "--data", choices=["tardis", "random"], default="tardis", help="what the files hold"
    )
    ap.add_argument(
        "--retain",
        type=int,
        default=0,
        help="delete each file this many seconds after it is written (0: keep)",
    )
    ap.add_argument("--heap", default="16g")
    a = ap.parse_args()
    cp = java_programs.classpath()
    print(machine.describe())
    for n in a.datanodes:
        print(f"--- {n} DataNodes, load before: {machine.load()}", flush=True)
        subprocess.run(
            [
                "java",
                f"-Xmx{a.heap}",
                "-cp",
                cp,
                "org.mimesisbench.tardis.bench.ColocationBench",
                str(n),
                str(a.seconds),
                str(a.rate),
                a.storage,
                a.data,
                str(a.retain),
            ],
            check=False,
        )
        print(f"--- load after: {machine.load()}", flush=True)


if __name__ == "__main__":
    main()
