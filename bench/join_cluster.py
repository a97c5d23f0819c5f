#!/usr/bin/env python3
"""cluster --join: how long N emulated DataNodes take to register with a NameNode started apart,
and to stop.

Formats and starts a Hadoop 3.4 NameNode in its own JVM (the classpath tests/namenode-3.4 writes,
a configuration folder of its own), then `java -jar dist/target/mimesisbench.jar cluster --join`
with each N given, and prints per N: seconds to the printed address, live DataNodes by Hadoop's
`DFSAdmin -report -live`, seconds from SIGTERM to the process's end, and the load around it. The
machine is shared: its load is printed.

usage: bench/join_cluster.py [--datanodes 10 50] [--heap 1g]
       (after `mvn -B -ntp -o -pl dist -am package -DskipTests`, which writes the NameNode's
       classpath)
"""

import argparse
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import machine

REPO = Path(__file__).resolve().parent.parent
JAR = REPO / "dist" / "target" / "mimesisbench.jar"
NAMENODE_CLASSPATH = REPO / "tests" / "namenode-3.4" / "target" / "classpath.txt"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("localhost", 0))
        return int(s.getsockname()[1])


def site(properties: dict[str, str]) -> str:
    rows = "".join(
        f"<property><name>{k}</name><value>{v}</value></property>\n" for k, v in properties.items()
    )
    return f'<?xml version="1.0"?>\n<configuration>\n{rows}</configuration>\n'


def start_namenode(work: Path) -> tuple[subprocess.Popen[bytes], int]:
    rpc, http = free_port(), free_port()
    conf = work / "conf"
    conf.mkdir()
    (conf / "core-site.xml").write_text(
        site({"fs.defaultFS": f"hdfs://localhost:{rpc}", "hadoop.tmp.dir": str(work / "tmp")})
    )
    # stopped DataNodes declared dead 14 s after their last heartbeat (2 x 2 s + 10 x 1 s), not
    # 10.5 min, so the next N's count is its own
    (conf / "hdfs-site.xml").write_text(
        site(
            {
                "dfs.namenode.name.dir": (work / "name").as_uri(),
                "dfs.namenode.http-address": f"localhost:{http}",
                "dfs.namenode.heartbeat.recheck-interval": "2000",
                "dfs.heartbeat.interval": "1",
            }
        )
    )
    classpath = f"{conf}:{NAMENODE_CLASSPATH.read_text().strip()}"
    main = "org.apache.hadoop.hdfs.server.namenode.NameNode"
    subprocess.run(
        ["java", "-Xmx512m", "-cp", classpath, main, "-format", "-nonInteractive"],
        check=True,
        capture_output=True,
    )
    nn = subprocess.Popen(
        ["java", "-Xmx512m", "-cp", classpath, main],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("localhost", rpc)) == 0:
                return nn, rpc
        time.sleep(0.5)
    nn.kill()
    raise SystemExit("the NameNode did not start in 3 minutes")


def live(uri: str) -> int:
    report = subprocess.run(
        [
            "java",
            "-cp",
            str(JAR),
            "org.apache.hadoop.hdfs.tools.DFSAdmin",
            "-fs",
            uri,
            "-report",
            "-live",
        ],
        capture_output=True,
        text=True,
    )
    m = re.search(r"Live datanodes \((\d+)\)", report.stdout)
    return int(m.group(1)) if m else -1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--datanodes", type=int, nargs="+", default=[10, 50])
    ap.add_argument("--heap", default="1g")
    a = ap.parse_args()
    print(machine.describe())
    with tempfile.TemporaryDirectory(prefix="join-bench") as tmp:
        work = Path(tmp)
        nn, port = start_namenode(work)
        uri = f"hdfs://localhost:{port}"
        try:
            for n in a.datanodes:
                print(f"--- {n} DataNodes, load before: {machine.load()}", flush=True)
                t0 = time.monotonic()
                cluster = subprocess.Popen(
                    [
                        "java",
                        f"-Xmx{a.heap}",
                        "-jar",
                        str(JAR),
                        "cluster",
                        "--join",
                        uri,
                        "--datanodes",
                        str(n),
                        "--in-memory",
                        "--base-dir",
                        str(work / f"dn-{n}"),
                    ],
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                    text=True,
                )
                assert cluster.stdout is not None
                printed = cluster.stdout.readline().strip()
                registered = time.monotonic() - t0
                seen = live(uri)
                t1 = time.monotonic()
                cluster.terminate()
                cluster.wait(timeout=300)
                stopped = time.monotonic() - t1
                print(
                    f"{n} DataNodes: address {printed!r} after {registered:.1f} s; "
                    f"DFSAdmin live {seen}; SIGTERM to exit {stopped:.1f} s; "
                    f"load after: {machine.load()}",
                    flush=True,
                )
                time.sleep(20)  # the NameNode declares the stopped ones dead before the next N
        finally:
            nn.terminate()
            nn.wait(timeout=60)


if __name__ == "__main__":
    main()
