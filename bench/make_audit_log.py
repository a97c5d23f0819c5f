#!/usr/bin/env python3
"""Writes a synthetic NameNode audit log in the stock Hadoop 3 layout, gzip-compressed, for the
parse-speed benchmark. Seeded. Two path cardinalities (--cardinality):

low (the default): a busy cluster's op mix (getfileinfo, open, listStatus, create, mkdirs,
rename, delete), paths 2-9 deep, a few thousand users, and skewed file popularity (about 14
accesses per file, as in the MimesisBench paper's day: 60.9 M accesses to 4.3 M files), 2,000
client hosts; 286,825 distinct paths in 2.5 M lines (0.11 a line).

high: what Hive, MapReduce, HBase and Oozie leave in a real cluster's log, where most paths are
named once: Hive sessions' scratch directories named by UUID under /tmp/hive and their
.hive-staging directories, MapReduce jobs' staging, attempt and task directories, HBase's
archiving of store files (32-hex region and file names), Oozie launchers reading the share lib,
ingest into deep partitioned paths; the same users and hosts, interleaved as 256 concurrent
sessions. 662,357 distinct paths in 2 M lines (0.33 a line); getfileinfo the most
frequent command, then listStatus, mkdirs, create.

usage: make_audit_log.py OUT.gz [--lines N] [--seed S] [--cardinality low|high]
"""

import argparse
import gzip
import random
from collections.abc import Callable, Iterator
from typing import TextIO

OPS = [
    ("getfileinfo", 40),
    ("open", 30),
    ("listStatus", 12),
    ("create", 6),
    ("mkdirs", 3),
    ("rename", 3),
    ("delete", 4),
    ("setPermission", 1),
    ("contentSummary", 1),
]

# a call: (cmd, src, dst); dst "null" unless a rename
Call = tuple[str, str, str]


def line(t: int, user: str, host: str, op: str, src: str, dst: str) -> str:
    """One audit line at t ms after 2023-11-14 00:00 in the log's own zone."""
    s, ms = divmod(t, 1000)
    day, sec = divmod(s, 86400)
    hh, rem = divmod(sec, 3600)
    mm, ss = divmod(rem, 60)
    perm = f"{user}:hadoop:rw-r--r--" if op in ("create", "mkdirs", "rename") else "null"
    return (
        f"2023-11-{14 + day:02d} {hh:02d}:{mm:02d}:{ss:02d},{ms:03d} INFO "
        "FSNamesystem.audit: "
        f"allowed=true\tugi={user} (auth:KERBEROS)\tip=/{host}\t"
        f"cmd={op}\tsrc={src}\tdst={dst}\tperm={perm}\tproto=rpc\n"
    )


def write_low(f: TextIO, lines: int, rnd: random.Random) -> None:
    """Few paths, each met many times; popularity falls steeply with a file's age."""
    ops = [o for o, w in OPS for _ in range(w)]
    users = [f"user{i:04d}" for i in range(3000)]
    hosts = [f"10.{k // 250}.{k % 250}.{rnd.randrange(1, 255)}" for k in range(2000)]  # clients
    dirs = [
        "/" + "/".join(f"d{rnd.randrange(40)}" for _ in range(rnd.randrange(2, 9)))
        for _ in range(20000)
    ]
    files = [f"{rnd.choice(dirs)}/pre-{k:06d}" for k in range(lines // 40)]
    t = 0
    for i in range(lines):
        t += rnd.randrange(0, 70)
        op = rnd.choice(ops)
        if op == "create" or not files:
            files.append(f"{rnd.choice(dirs)}/part-{len(files):07d}")
            src = files[-1]
        else:  # recent files are hot: popularity falls steeply with age
            src = files[-1 - int(len(files) * rnd.random() ** 6)]
        dst = f"{rnd.choice(dirs)}/part-r-{i:07d}" if op == "rename" else "null"
        user = rnd.choice(users)
        f.write(line(t, user, rnd.choice(hosts), op, src, dst))


class Cluster:
    """The shared names a high-cardinality log's sessions draw from, and its job counter."""

    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd
        self.databases = [f"db{k:03d}" for k in range(60)]
        self.tables = [
            f"/warehouse/tablespace/managed/hive/{rnd.choice(self.databases)}.db/t{k:04d}"
            for k in range(2000)
        ]
        self.hbase_tables = [f"tbl{k:03d}" for k in range(150)]
        self.share_lib = "/user/oozie/share/lib/lib_20231101042317"
        components = ["oozie", "hive", "hive2", "spark", "sqoop", "pig", "distcp", "mapreduce"]
        self.jars = [
            f"{self.share_lib}/{c}/{c}-lib-{k:02d}-3.1.{k % 5}.jar"
            for c in components
            for k in range(50)
        ]
        self.sources = [f"/data/{d}/{s}" for d in ("sales", "ops", "web", "iot") for s in range(40)]
        self.cluster_ts = 1699920000000
        self.jobs = 0

    def hex(self, bits: int) -> str:
        return f"{self.rnd.getrandbits(bits):0{bits // 4}x}"

    def uuid(self) -> str:
        h = self.hex(128)
        return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"

    def job(self) -> str:
        self.jobs += 1
        return f"{self.cluster_ts}_{self.jobs:04d}"


def hive_session(c: Cluster, user: str) -> Iterator[Call]:
    """A Hive session: a UUID scratch directory, queries that stage files and move them into a
    table's partition, then the scratch directory deleted."""
    r = c.rnd
    scratch = f"/tmp/hive/{user}/{c.uuid()}"
    yield "getfileinfo", f"/tmp/hive/{user}", "null"
    yield "mkdirs", scratch, "null"
    yield "mkdirs", f"{scratch}/_tmp_space.db", "null"
    yield "getfileinfo", scratch, "null"
    for q in range(1, r.randrange(2, 4)):
        table = r.choice(c.tables)
        staging = f"{table}/.hive-staging_hive_2023-11-14_{c.hex(24)}_{r.randrange(10**6)}-{q}"
        partition = f"{table}/dt=2023-11-{r.randrange(1, 15):02d}"
        yield "getfileinfo", table, "null"
        yield "listStatus", table, "null"
        yield "getfileinfo", partition, "null"
        yield "getfileinfo", staging, "null"
        yield "mkdirs", staging, "null"
        yield "getfileinfo", staging, "null"
        yield "mkdirs", f"{staging}/-ext-10000", "null"
        yield "mkdirs", f"{staging}/_tmp.-ext-10000", "null"
        parts = r.randrange(1, 4)
        for k in range(parts):
            tmp = f"{staging}/_tmp.-ext-10000/{k:06d}_0"
            yield "create", tmp, "null"
            yield "getfileinfo", tmp, "null"
            yield "rename", tmp, f"{staging}/-ext-10000/{k:06d}_0"
        yield "getfileinfo", f"{staging}/-ext-10000", "null"
        yield "listStatus", f"{staging}/-ext-10000", "null"
        yield "mkdirs", partition, "null"
        for k in range(parts):
            name = f"{k:06d}_0_copy_{c.hex(20)}"
            yield "getfileinfo", f"{partition}/{name}", "null"
            yield "rename", f"{staging}/-ext-10000/{k:06d}_0", f"{partition}/{name}"
        yield "getfileinfo", f"{staging}/-ext-10000", "null"
        yield "delete", staging, "null"
        yield "getfileinfo", scratch, "null"
    yield "delete", scratch, "null"


def mapreduce_job(c: Cluster, user: str) -> Iterator[Call]:
    """A MapReduce job: its staging files, one attempt directory per task committed into the
    output, _temporary deleted, _SUCCESS written, the history file kept."""
    r = c.rnd
    job = c.job()
    staging = f"/user/{user}/.staging/job_{job}"
    output = f"/user/{user}/out/{r.choice(('etl', 'report', 'dedup', 'join'))}-{job}"
    yield "getfileinfo", f"/user/{user}/.staging", "null"
    yield "mkdirs", staging, "null"
    for name in ("job.jar", "job.split", "job.splitmetainfo", "job.xml"):
        yield "create", f"{staging}/{name}", "null"
        yield "getfileinfo", f"{staging}/{name}", "null"
    yield "getfileinfo", output, "null"
    for _ in range(r.randrange(1, 4)):
        table = r.choice(c.tables)
        yield "listStatus", table, "null"
        yield "open", f"{table}/dt=2023-11-{r.randrange(1, 15):02d}/000000_0", "null"
    yield "mkdirs", f"{output}/_temporary/1", "null"
    for m in range(r.randrange(2, 9)):
        attempt = f"{output}/_temporary/1/_temporary/attempt_{job}_m_{m:06d}_0"
        task = f"{output}/_temporary/1/task_{job}_m_{m:06d}"
        part = f"part-m-{m:05d}"
        yield "open", f"{staging}/job.split", "null"
        yield "getfileinfo", attempt, "null"
        yield "mkdirs", attempt, "null"
        yield "create", f"{attempt}/{part}", "null"
        yield "getfileinfo", f"{attempt}/{part}", "null"
        yield "listStatus", attempt, "null"
        yield "getfileinfo", task, "null"
        yield "rename", attempt, task
        yield "listStatus", task, "null"
        yield "rename", f"{task}/{part}", f"{output}/{part}"
    yield "listStatus", f"{output}/_temporary/1", "null"
    yield "delete", f"{output}/_temporary", "null"
    yield "create", f"{output}/_SUCCESS", "null"
    history = f"/mr-history/done_intermediate/{user}/job_{job}"
    yield "create", f"{history}.jhist", "null"
    yield "create", f"{history}_conf.xml", "null"
    yield "delete", staging, "null"


def hbase_archive(c: Cluster, user: str) -> Iterator[Call]:
    """HBase compacts a region's store: new store files written through .tmp, the old ones moved
    to the archive, then the archive's cleaner checks and deletes them."""
    r = c.rnd
    table = r.choice(c.hbase_tables)
    region = c.hex(128)
    family = r.choice(("cf", "d", "m"))
    store = f"/apps/hbase/data/data/default/{table}/{region}/{family}"
    archive = f"/apps/hbase/data/archive/data/default/{table}/{region}/{family}"
    yield "listStatus", store, "null"
    new = c.hex(128)
    yield "create", f"/apps/hbase/data/data/default/{table}/{region}/.tmp/{family}/{new}", "null"
    yield (
        "rename",
        f"/apps/hbase/data/data/default/{table}/{region}/.tmp/{family}/{new}",
        (f"{store}/{new}"),
    )
    yield "getfileinfo", f"{store}/{new}", "null"
    yield "getfileinfo", archive, "null"
    yield "mkdirs", archive, "null"
    old = [c.hex(128) for _ in range(r.randrange(2, 5))]
    for h in old:
        yield "getfileinfo", f"{store}/{h}", "null"
        yield "rename", f"{store}/{h}", f"{archive}/{h}"
    yield "listStatus", archive, "null"
    for h in old:
        yield "getfileinfo", f"{archive}/{h}", "null"
        yield "delete", f"{archive}/{h}", "null"


def oozie_launch(c: Cluster, user: str) -> Iterator[Call]:
    """An Oozie launcher: its workflow, then the share lib's jars stat'ed and read (few paths,
    deep, met over and over)."""
    r = c.rnd
    app = f"/user/{user}/apps/wf-{r.randrange(40):02d}"
    yield "getfileinfo", f"{app}/workflow.xml", "null"
    yield "open", f"{app}/workflow.xml", "null"
    yield "getfileinfo", c.share_lib, "null"
    component = r.choice(c.jars).split("/")[-2]
    yield "listStatus", f"{c.share_lib}/{component}", "null"
    for jar in r.sample(c.jars, 12):
        yield "getfileinfo", jar, "null"
        if r.random() < 0.3:
            yield "open", jar, "null"


def ingest(c: Cluster, user: str) -> Iterator[Call]:
    """Files landed into deep hourly partitions, each checked and some read back."""
    r = c.rnd
    hour = (
        f"{r.choice(c.sources)}/raw/year=2023/month=11/day={r.randrange(1, 15):02d}"
        f"/hour={r.randrange(24):02d}"
    )
    yield "getfileinfo", hour, "null"
    yield "mkdirs", hour, "null"
    for _ in range(r.randrange(1, 5)):
        name = f"{hour}/{c.uuid()}.json.gz"
        yield "getfileinfo", name, "null"
        yield "create", name, "null"
        yield "getfileinfo", name, "null"
        if r.random() < 0.5:
            yield "open", name, "null"


def browse(c: Cluster, user: str) -> Iterator[Call]:
    """A user's shell and tools looking around: home, tables, partitions (few paths)."""
    r = c.rnd
    yield "getfileinfo", f"/user/{user}", "null"
    yield "listStatus", f"/user/{user}", "null"
    for _ in range(r.randrange(2, 6)):
        table = r.choice(c.tables)
        yield "getfileinfo", table, "null"
        yield "getfileinfo", f"{table}/dt=2023-11-{r.randrange(1, 15):02d}", "null"
    yield "listStatus", r.choice(c.tables), "null"


# sessions by weight among those started
SESSIONS: list[tuple[Callable[[Cluster, str], Iterator[Call]], int]] = [
    (hive_session, 16),
    (mapreduce_job, 6),
    (hbase_archive, 10),
    (oozie_launch, 10),
    (ingest, 20),
    (browse, 40),
]


def write_high(f: TextIO, lines: int, rnd: random.Random) -> None:
    """Many paths, most named by one session only: 256 sessions at a time, interleaved."""
    users = [f"user{i:04d}" for i in range(3000)]
    hosts = [f"10.{k // 250}.{k % 250}.{rnd.randrange(1, 255)}" for k in range(2000)]
    kinds = [s for s, w in SESSIONS for _ in range(w)]
    c = Cluster(rnd)

    def start() -> tuple[Iterator[Call], str, str]:
        user = "hbase" if (kind := rnd.choice(kinds)) is hbase_archive else rnd.choice(users)
        return kind(c, user), user, rnd.choice(hosts)

    running = [start() for _ in range(256)]
    t = 0
    written = 0
    while written < lines:
        k = rnd.randrange(len(running))
        calls, user, host = running[k]
        call = next(calls, None)
        if call is None:
            running[k] = start()
            continue
        t += rnd.randrange(0, 70)
        f.write(line(t, user, host, *call))
        written += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--lines", type=int, default=2_500_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cardinality", choices=("low", "high"), default="low")
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    with gzip.open(a.out, "wt", compresslevel=6, encoding="utf-8") as f:
        (write_high if a.cardinality == "high" else write_low)(f, a.lines, rnd)


if __name__ == "__main__":
    main()
