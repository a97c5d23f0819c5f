#!/usr/bin/env python3
"""Writes a synthetic trace folder the size of the MimesisBench paper's Yahoo day (4.3 M files,
60.9 M accesses, 2011-12-01 UTC) for the modeler's fit-speed benchmark (its bar: a trace of the
paper's size must fit in 10 minutes and 16 GiB on a 2-core machine). Seeded: one seed, one trace.

The folder is what `mimesisbench.jar parse` would write from that day's audit log and fsimage:
files.avro (FileTimeline), dirs.avro (DirectoryTimeline: the snapshot's directories that were
listed or stat'ed, and the job directories, made by mkdirs and deleted whole), namespace.avro
(NamespaceEntry: the snapshot at the window's start), cluster.avro (ClusterEvent: the events
without a path: monitors polling datanodeReport and listCachePools, a getDelegationToken per job)
and parse-report.json (by_cmd, by_target), whose "synthetic" key says it is made up. events.avro
(AuditEvent) is
written only with --events: 70 million records take Python several minutes, and `fit` does not
read it (`mimesis-model summary` does). The workload mixes 45 file behaviours (15 kinds, each at
3 time scales): MapReduce outputs read within minutes then deleted with their job directory,
job staging files read by every task, hot lookup jars read all day, periodic pollers, bursty
job inputs, files read once, files written and never read, retention deletes. Popularity is
heavy-tailed (most files 1-5 accesses, a few 10^4-10^5), interarrivals span milliseconds to
hours, creates follow a daily cycle. As the parser does, a timeline is written when its file
dies (deleted files by delete time, then the living by id), and snapshot files with no event
in the day ("dormant") are in namespace.avro only. Unlike the parser, ids have no gaps (it
spends ids on directories too).

usage: make_paper_trace.py OUT_DIR [--files 4300000] [--accesses 60900000] [--seed 1] [--events]
"""

import argparse
import json
import os
import resource
import signal
import sys
import time
from pathlib import Path

import fastavro
import numpy as np
from fastavro.schema import load_schema
from tqdm import tqdm

SCHEMAS = Path(__file__).resolve().parent.parent / "profiles" / "schema"
T0 = 1_322_697_600_000  # 2011-12-01T00:00:00Z, the paper's Yahoo day
SEC, MIN, HOUR, DAY = 1000, 60_000, 3_600_000, 86_400_000
PEAK_HOUR = 20  # busiest UTC hour (noon in California)
CLUSTER = "201111301200"  # JobTracker start stamp in job ids
DORMANT_SHARE = 0.08  # snapshot files untouched all day, per file in the trace
DIR_ACCESS_SHARE = 0.12  # listStatus/getfileinfo of directories, per file access
DENIED_SHARE = 2e-4  # permission-denied reads, per file access
OPS = ["open", "listStatus", "getfileinfo", "create", "delete", "mkdirs", "rename"]
OPEN, LIST, STAT, CREATE, DELETE, MKDIRS, RENAME = range(7)
KIND_LETTERS = np.frombuffer(b"OLG", dtype=np.uint8)  # access kinds, in op order
WORDS = (
    "logs output input tmp warehouse reports models features daily hourly archive pig hive "
    "scripts samples clicks sessions events v2 test prod backfill agg raw clean"
).split()
PROPS = (
    "search ads mail news finance sports weather flickr answers shopping travel autos "
    "games music movies geo local jobs"
).split()
EXTS = ["txt", "csv", "json", "gz", "avro", "seq", "pig", "xml"]
NO_DELETE = (0.0, HOUR, 1.0, False)
# (kind, share %, pre-existing, place, count law, interarrival law, activation law,
#  (open, listStatus, getfileinfo) shares, (delete share, delay median, sigma, with its job dir),
#  job (size law, create-duration median) or None); medians in ms, each scaled by 1/3, 1, 3.
KINDS = [
    (
        "lookup-hot",
        0.3,
        True,
        "lookup",
        ("pareto", 200, 1.1, 100_000),
        ("lognorm", 1.5 * SEC, 2.0),
        ("lognorm", 20 * SEC, 2.0),
        (0.9, 0.0, 0.1),
        NO_DELETE,
        None,
    ),
    (
        "lookup-poll",
        0.5,
        True,
        "lookup",
        ("periodic", 0.4, 1.0),
        ("periodic", 5 * MIN, 0.02),
        ("phase",),
        (0.3, 0.0, 0.7),
        NO_DELETE,
        None,
    ),
    (
        "input-bursty",
        12,
        True,
        "data",
        ("lognorm", 4, 1.0, 5000),
        ("bursty", 40, HOUR, 0.25),
        ("cycle",),
        (0.6, 0.05, 0.35),
        NO_DELETE,
        None,
    ),
    ("input-once", 8, True, "data", ("one",), None, ("cycle",), (0.7, 0.1, 0.2), NO_DELETE, None),
    (
        "home-browsed",
        5,
        True,
        "home",
        ("geom", 0.55),
        ("lognorm", 30 * SEC, 2.5),
        ("cycle",),
        (0.2, 0.5, 0.3),
        (0.05, 2 * HOUR, 1.5, False),
        None,
    ),
    (
        "retention",
        2,
        True,
        "data",
        ("zero",),
        None,
        None,
        (1, 0, 0),
        (1.0, 8 * HOUR, 0.8, False),
        None,
    ),
    (
        "shared-warm",
        2,
        True,
        "data",
        ("lognorm", 30, 1.2, 20_000),
        ("lognorm", 5 * MIN, 2.0),
        ("lognorm", HOUR, 1.5),
        (0.8, 0.05, 0.15),
        NO_DELETE,
        None,
    ),
    (
        "job-intermediate",
        25,
        False,
        "output",
        ("lognorm", 2, 0.8, 200),
        ("lognorm", 300, 2.0),
        ("lognorm", 3 * MIN, 1.5),
        (0.5, 0.0, 0.5),
        (0.6, 10 * MIN, 1.5, True),
        (("lognorm", 20, 1.3, 2000), 2 * MIN),
    ),
    (
        "job-final",
        15,
        False,
        "output",
        ("geom0", 0.6),
        ("lognorm", 20 * MIN, 2.0),
        ("lognorm", 30 * MIN, 2.0),
        (0.6, 0.1, 0.3),
        NO_DELETE,
        (("lognorm", 10, 1.5, 2000), 5 * MIN),
    ),
    (
        "job-staging",
        4,
        False,
        "staging",
        ("lognorm", 8, 1.5, 20_000),
        ("lognorm", 100, 2.5),
        ("lognorm", 2 * SEC, 1.0),
        (0.95, 0.0, 0.05),
        (0.95, 30 * SEC, 1.0, True),
        (("fixed", 4), SEC),
    ),
    (
        "write-only",
        10,
        False,
        "userfile",
        ("zero",),
        None,
        None,
        (1, 0, 0),
        (0.1, 6 * HOUR, 1.0, False),
        None,
    ),
    (
        "scratch",
        6,
        False,
        "scratch",
        ("geom", 0.7),
        ("lognorm", SEC, 1.5),
        ("lognorm", 10 * SEC, 1.0),
        (0.7, 0.1, 0.2),
        (0.9, MIN, 1.0, True),
        (("lognorm", 3, 1.0, 200), 30 * SEC),
    ),
    (
        "ingest",
        7,
        False,
        "ingest",
        ("lognorm", 5, 1.0, 500),
        ("bursty", 20, 30 * MIN, 0.3),
        ("lognorm", 20 * MIN, 1.0),
        (0.6, 0.1, 0.3),
        NO_DELETE,
        (("lognorm", 12, 1.0, 500), MIN),
    ),
    (
        "publish-hot",
        0.4,
        False,
        "cache",
        ("pareto", 100, 1.2, 50_000),
        ("lognorm", 500, 2.0),
        ("lognorm", MIN, 1.0),
        (0.9, 0.0, 0.1),
        (0.2, HOUR, 1.0, False),
        None,
    ),
    (
        "status-poll",
        0.6,
        False,
        "userfile",
        ("periodic", 0.2, 0.8),
        ("periodic", MIN, 0.05),
        ("phase",),
        (0.1, 0.2, 0.7),
        (0.5, MIN, 1.0, False),
        None,
    ),
]
SCALES, SCALE_SHARES = (1 / 3, 1.0, 3.0), (0.3, 0.45, 0.25)  # three time scales per kind
LIB, CONF, DATA, HOME, TMP = 1, 2, 3, 4, 5  # directory areas; 0 is any other directory


def lognormal(rng, median, sigma, n):
    return median * rng.lognormal(0.0, sigma, n)


def in_segments(sizes):
    """0..k-1 within each of the consecutive segments of SIZES."""
    return np.arange(sizes.sum()) - np.repeat(np.cumsum(sizes) - sizes, sizes)


def daily_cycle(rng, n):
    """Times of day (ms) whose rate peaks at PEAK_HOUR and bottoms 12 hours later, 3:1."""
    minutes = np.arange(1441)
    rate = 1 + 0.5 * np.cos(2 * np.pi * (minutes[:-1] / 1440 - PEAK_HOUR / 24))
    cdf = np.concatenate([[0.0], np.cumsum(rate) / rate.sum()])
    return np.minimum(np.interp(rng.random(n), cdf, minutes * MIN), DAY - 1).astype(np.int64)


def build_tree(n, rng):
    """The snapshot's directories: user homes, project trees, dated feed partitions, apps."""
    people = [
        f"{a}{b}"
        for b in ("", *map(str, range(1, 999)))
        for a in "amit bchen carla dmitri elena farid gwen hiro ines jake kumar lena mario nadia "
        "omar priya quinn rosa sanjay tara uma vic wei xena yuki zoe".split()
    ]
    users = [
        "hdfs",
        "hive",
        "oozie",
        "etl",
        "ads",
        "search",
        "mapred",
        "hbase",
        *people[: max(8, n // 2000)],
    ]
    paths, owner, area = ["/"], [0], [0]

    def add(new, who, where):
        paths.extend(new)
        owner.extend(who)
        area.extend([where] * len(new) if isinstance(where, int) else where)

    def grow(roots, who, means):  # one level at a time, heavy-tailed subdirectories per directory
        level, level_owner = roots, np.asarray(who)
        for mean in means:
            k = rng.poisson(mean * rng.lognormal(-0.5, 1.0, len(level)))
            parent, i = np.repeat(np.arange(len(level)), k), in_segments(k)
            first = rng.integers(0, len(WORDS), len(level))[parent]  # names unique per directory
            level = [
                f"{level[p]}/{WORDS[(f + j) % len(WORDS)]}{j // len(WORDS) or ''}"
                for p, f, j in zip(parent.tolist(), first.tolist(), i.tolist(), strict=False)
            ]
            level_owner = level_owner[parent]
            add(level, level_owner.tolist(), HOME)

    add(["/user", "/data", "/apps", "/projects", "/tmp"], [0] * 5, [0, 0, 0, 0, TMP])
    homes = [f"/user/{u}" for u in users]
    add(homes, range(len(users)), HOME)
    grow(homes, range(len(users)), [4.0, 2.5, 1.5, 1.0, 0.6])
    projects = [f"/projects/{PROPS[i % 18]}{i // 18 or ''}" for i in range(max(2, n // 50_000))]
    project_owner = rng.integers(8, len(users), len(projects))
    add(projects, project_owner.tolist(), HOME)
    grow(projects, project_owner, [6.0, 4.0, 2.0, 1.2, 0.8, 0.5])
    feeds = [
        f"{PROPS[i % 18]}_"
        f"{('clicks', 'views', 'logs', 'dim', 'events')[i // 18 % 5]}{i // 90 or ''}"
        for i in range(max(3, n // 40_000))
    ]
    for f, feed in enumerate(feeds):  # ten past days; two feeds in three are hourly
        days = [f"/data/{feed}/201111{d}" for d in range(21, 31)]
        hourly = f % 3 != 2
        add([f"/data/{feed}", *days], [3] * 11, [0] + [0 if hourly else DATA] * 10)
        if hourly:
            add([f"{d}/{h:02d}" for d in days for h in range(24)], [3] * 240, DATA)
    apps = [f"/apps/{PROPS[i % 18]}{i // 18 or ''}" for i in range(max(2, n // 250_000))]
    add(apps, [2] * len(apps), 0)
    add(
        [f"{a}/lib" for a in apps] + [f"{a}/conf" for a in apps],
        [2] * 2 * len(apps),
        [LIB] * len(apps) + [CONF] * len(apps),
    )
    add([f"/tmp/hive-{u}" for u in users[: len(users) // 4]], range(len(users) // 4), TMP)
    user_p = 1 / np.arange(1, len(users)) ** 0.9  # a few users run most jobs; hdfs none
    return {
        "users": users,
        "user_p": user_p / user_p.sum(),
        "feeds": feeds,
        "dirs": paths,
        "owner": np.array(owner),
        "area": np.array(area),
        "depth": np.array([p.count("/") for p in paths]) - np.r_[1, np.zeros(len(paths) - 1, int)],
        "weight": rng.pareto(1.1, len(paths)) + 1,
    }  # files per directory: heavy-tailed


def place(rng, tree, areas, n, max_depth=99):
    """N directories drawn by weight among those of AREAS no deeper than MAX_DEPTH."""
    candidates = np.flatnonzero(np.isin(tree["area"], areas) & (tree["depth"] <= max_depth))
    return rng.choice(
        candidates, n, p=tree["weight"][candidates] / tree["weight"][candidates].sum()
    )


def busy_users(rng, tree, n):
    return rng.choice(len(tree["user_p"]), n, p=tree["user_p"]) + 1


def draw_counts(law, n, rng, base, period):
    kind = law[0]
    if kind in ("zero", "one"):
        return np.full(n, kind == "one", dtype=np.int64)
    if kind in ("geom", "geom0"):
        return rng.geometric(law[1], n).astype(np.int64) - (kind == "geom0")
    if kind == "periodic":  # accesses fill a share of what is left of the day
        return np.maximum(
            1, np.rint(rng.uniform(law[1], law[2], n) * (DAY - base) / period)
        ).astype(np.int64)
    if kind == "lognorm":
        return np.clip(np.rint(lognormal(rng, law[1], law[2], n)), 1, law[3]).astype(np.int64)
    tail = (
        1 - (law[1] / law[3]) ** law[2]
    )  # a Pareto truncated at law[3], not clipped: no pile at the cap
    return np.rint(law[1] * (1 - tail * rng.random(n)) ** (-1 / law[2])).astype(np.int64)


def draw_gaps(law, scale, rng, m, period_of_access):
    if law[0] == "lognorm":
        return lognormal(rng, law[1] * scale, law[2], m)
    if law[0] == "periodic":  # near-constant interarrival
        return np.maximum(0, period_of_access * (1 + law[2] * rng.standard_normal(m)))
    short, long, p_long = law[1] * scale, law[2] * scale, law[3]  # bursts of reads, hours apart
    return np.where(
        rng.random(m) < p_long, lognormal(rng, long, 1.5, m), lognormal(rng, short, 1.5, m)
    )


def created_files(rng, tree, where, job, m, jobs, serial):
    """Create and rename times, owners, paths and jobs of M files created in the day."""
    dirs, feeds, first_job = tree["dirs"], tree["feeds"], len(jobs["dir"])
    if job is None or m == 0:  # files made one by one, in existing directories
        create = daily_cycle(rng, m)
        parent = place(rng, tree, [LIB] if where == "cache" else [HOME], m).tolist()
        paths = [
            f"{dirs[p]}/{WORDS[s % 25]}-{s:07x}.{'jar' if where == 'cache' else EXTS[s % 8]}"
            for p, s in zip(parent, range(serial, serial + m), strict=False)
        ]
        return (
            create,
            np.full(m, -1),
            create,
            busy_users(rng, tree, m),
            paths,
            paths,
            np.full(m, -1),
            serial + m,
        )
    (law, *size), duration = job
    draws = (
        np.full(m, size[0])
        if law == "fixed"
        else np.clip(np.rint(lognormal(rng, size[0], size[1], m)), 2, size[2])
    ).astype(np.int64)
    sizes = draws[: np.searchsorted(np.cumsum(draws), m) + 1].copy()
    sizes[-1] -= sizes.sum() - m  # the last job takes what is left
    of, rank, serials = (
        np.repeat(np.arange(len(sizes)), sizes),
        in_segments(sizes),
        range(serial, serial + len(sizes)),
    )
    start = daily_cycle(rng, len(sizes))
    spread = lognormal(rng, duration, 1.0, len(sizes))
    create = np.minimum(
        start[of] + spread[of] * (rank + rng.random(m)) / sizes[of], DAY - 10 * SEC
    ).astype(np.int64)
    rename, base, owner = np.full(m, -1), create.copy(), busy_users(rng, tree, len(sizes))
    user = [tree["users"][u] for u in owner.tolist()]
    job_rank = list(zip(of.tolist(), rank.tolist(), strict=False))
    if where == "output":  # tasks write under _temporary, the job commit renames them into place
        commit = np.minimum(
            np.maximum.reduceat(create, np.cumsum(sizes) - sizes)
            + lognormal(rng, 2 * SEC, 0.5, len(sizes)),
            DAY - 5 * SEC,
        ).astype(np.int64)
        success = rank == 0
        create[success] = commit[of[success]]
        rename[~success] = commit[of[~success]]
        base = np.where(success, create, commit[of] + 1)
        jobdir = [
            f"{dirs[p]}/out-{s:06d}"
            for p, s in zip(place(rng, tree, [HOME], len(sizes), 4).tolist(), serials, strict=False)
        ]
        final = [
            f"{jobdir[j]}/_SUCCESS" if r == 0 else f"{jobdir[j]}/part-r-{r - 1:05d}"
            for j, r in job_rank
        ]
        paths = [
            p
            if r == 0
            else f"{jobdir[j]}/_temporary/0/_temporary/attempt_{CLUSTER}_{serials[j]:04d}"
            f"_r_{r - 1:06d}_0/part-r-{r - 1:05d}"
            for p, (j, r) in zip(final, job_rank, strict=False)
        ]
    elif where == "ingest":  # a loader writes *.tmp, then renames it into today's partition
        rename = np.minimum(create + 1 + lognormal(rng, 300, 1.0, m), DAY - 2).astype(np.int64)
        base = rename + 1
        feed = [feeds[f] for f in rng.integers(0, len(feeds), len(sizes)).tolist()]
        jobdir = [
            f"/data/{fd}/20111201/{t // HOUR:02d}"
            for fd, t in zip(feed, start.tolist(), strict=False)
        ]
        name = [f"{feed[j]}-{serials[j]:06d}-{r:04d}.gz" for j, r in job_rank]
        paths = [
            f"/data/.incoming/{feed[j]}/{nm}.tmp"
            for (j, _), nm in zip(job_rank, name, strict=False)
        ]
        final = [f"{jobdir[j]}/{nm}" for (j, _), nm in zip(job_rank, name, strict=False)]
    else:  # staging: the job client's files, read by every task; scratch: a Hive query's output
        staging = ["job.jar", "job.xml", "job.split", "job.splitmetainfo"]
        jobdir = [
            f"/user/{u}/.staging/job_{CLUSTER}_{s:04d}"
            if where == "staging"
            else f"/tmp/hive-{u}/hive_2011-12-01_{s:06d}"
            for u, s in zip(user, serials, strict=False)
        ]
        paths = final = [
            f"{jobdir[j]}/{staging[r]}"
            if where == "staging"
            else f"{jobdir[j]}/-ext-10000/{r:06d}_0"
            for j, r in job_rank
        ]
    jobs["dir"] += jobdir
    jobs["owner"].append(owner)
    jobs["start"].append(start)
    return create, rename, base, owner[of], paths, final, of + first_job, serials.stop


def lay_out(n, rng, tree):
    """Pass 1: each behaviour's files, their creates, renames, paths and access counts."""
    rows = [
        (kind, scale, kind[1] * w)
        for kind in KINDS
        for scale, w in zip(SCALES, SCALE_SHARES, strict=False)
    ]
    share = np.array([w for _, _, w in rows])
    sizes = np.floor(share / share.sum() * n).astype(np.int64)
    sizes[np.argmax(sizes)] += n - sizes.sum()
    jobs, behaviours, serial = {"dir": [], "owner": [], "start": []}, [], 0
    for (kind, scale, _), m in zip(
        tqdm(rows, desc="lay out files", unit="behaviour"), sizes.tolist(), strict=False
    ):
        _, _, pre, where, count, gap, _, _, _, job = kind
        b = {"kind": kind, "scale": scale, "n": m, "pre": pre}
        if pre:
            b["dir"] = place(
                rng, tree, {"lookup": [LIB, CONF], "data": [DATA], "home": [HOME]}[where], m
            )
            b.update(
                create=np.full(m, -1),
                rename=np.full(m, -1),
                base=np.zeros(m, np.int64),
                owner=tree["owner"][b["dir"]],
                job=np.full(m, -1),
            )
        else:
            (
                b["create"],
                b["rename"],
                b["base"],
                b["owner"],
                b["path"],
                b["final"],
                b["job"],
                serial,
            ) = created_files(rng, tree, where, job, m, jobs, serial)
        b["period"] = (
            (gap[1] * scale * rng.lognormal(0, 0.25, m)) if gap and gap[0] == "periodic" else None
        )
        b["count"] = draw_counts(count, m, rng, b["base"], b["period"])
        behaviours.append(b)
    jobs["owner"], jobs["start"] = (
        np.concatenate(jobs[k] or [np.zeros(0, np.int64)]) for k in ("owner", "start")
    )
    return behaviours, jobs


def hit_total(behaviours, accesses, rng):
    """Scales the heavy-tailed counts (beyond each file's first access) so they sum to ACCESSES."""
    scalable = [b for b in behaviours if b["kind"][4][0] in ("lognorm", "pareto")]
    fixed = sum(int(b["count"].sum()) for b in behaviours if b not in scalable)
    fixed += sum(int(np.count_nonzero(b["count"])) for b in scalable)
    c = (accesses - fixed) / sum(int(np.maximum(b["count"] - 1, 0).sum()) for b in scalable)
    if c <= 0:
        print(
            f"make_paper_trace.py: --accesses {accesses:,} is too few for these files",
            file=sys.stderr,
        )
        sys.exit(2)
    for b in scalable:
        b["count"] = np.where(b["count"] > 0, 1 + np.rint((b["count"] - 1) * c), 0).astype(np.int64)
    widest = max(
        scalable, key=lambda b: np.count_nonzero(b["count"] > 1)
    )  # rounding's residue goes here
    residue, pool = (
        accesses - sum(int(b["count"].sum()) for b in behaviours),
        np.flatnonzero(widest["count"] > 1),
    )
    widest["count"][rng.choice(pool, abs(residue), replace=abs(residue) > len(pool))] += np.sign(
        residue
    )
    return c


def draw_lives(behaviours, jobs, accesses, rng):
    """Pass 2: access times and kinds (flat, file after file) and deletes."""
    times, kinds = np.empty(accesses, np.int64), np.empty(accesses, np.uint8)
    jobs["delete"], at = np.full(len(jobs["dir"]), -1, np.int64), 0
    for b in tqdm(behaviours, desc="draw accesses", unit="behaviour"):
        _, _, pre, _, _, gap, act, shares, (d_share, d_median, d_sigma, by_job), _ = b["kind"]
        m, count, base, scale, period = b["n"], b["count"], b["base"], b["scale"], b.pop("period")
        activation = (
            np.zeros(m)
            if act is None
            else daily_cycle(rng, m).astype(float)
            if act[0] == "cycle"
            else rng.random(m) * period
            if act[0] == "phase"
            else lognormal(rng, act[1] * scale, act[2], m)
        )
        has, total = count > 0, int(count.sum())
        last = base.copy()
        if total:
            starts, count_has = (np.cumsum(count) - count)[has], count[has]
            gaps = (
                np.zeros(total)
                if gap is None
                else draw_gaps(
                    gap,
                    scale,
                    rng,
                    total,
                    period[np.repeat(np.arange(m), count)] if gap[0] == "periodic" else None,
                )
            )
            gaps[starts] = activation[has]  # the first gap is the delay to activation
            span, room = np.add.reduceat(gaps, starts), (DAY - 1 - base[has]).astype(float)
            squeeze = np.where(
                span > room, room * rng.uniform(0.5, 0.99, len(span)) / np.maximum(span, 1), 1.0
            )
            whole = (gaps * np.repeat(squeeze, count_has)).astype(
                np.int64
            )  # a life past the day's end is squeezed
            del gaps
            run = np.cumsum(whole)
            times[at : at + total] = run - np.repeat(
                run[starts] - whole[starts] - base[has], count_has
            )
            kinds[at : at + total] = rng.choice(KIND_LETTERS, total, p=shares)
            last[has] = times[at + starts + count_has - 1]
            at += total
        delete = np.full(m, -1, np.int64)
        if by_job and m:  # the whole job directory goes at once, after its files' last access
            local = b["job"] - b["job"][0]
            job_starts = np.flatnonzero(np.r_[True, local[1:] != local[:-1]])
            delay = lognormal(rng, d_median * scale, d_sigma, len(job_starts)).astype(np.int64)
            when = np.maximum.reduceat(last, job_starts) + 1 + delay
            when[(rng.random(len(when)) >= d_share) | (when >= DAY)] = -1
            jobs["delete"][b["job"][job_starts]] = when
            delete = when[local]
        elif d_share:
            when = last + 1 + lognormal(rng, d_median * scale, d_sigma, m).astype(np.int64)
            must = pre & ~has  # a snapshot file with no access is in the trace only if deleted
            when[must & (when >= DAY)] = daily_cycle(
                rng, int(np.count_nonzero(must & (when >= DAY)))
            )
            delete = np.where(((rng.random(m) < d_share) | must) & (when < DAY), when, -1)
        b["delete"], b["by_job"] = delete, np.full(m, by_job)
    return times, kinds


def name_snapshot_files(tree, file_dir):
    """Paths of snapshot files from their directories: names unique within each directory."""
    order = np.argsort(file_dir, kind="stable")
    new_dir = np.r_[True, file_dir[order][1:] != file_dir[order][:-1]]
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order)) - np.maximum.accumulate(
        np.where(new_dir, np.arange(len(order)), 0)
    )

    def name(d, r, area):
        word = WORDS[(d + r) % 25]
        return {
            DATA: f"part-{r:05d}{('', '.gz', '.bz2', '.deflate')[d % 4]}",
            LIB: f"{word}-{r}.jar",
            CONF: f"{word}-{r}.xml",
            TMP: f"tmp-{r:06d}",
        }.get(area, f"{word}-{r:04d}.{EXTS[(d + r) % 8]}")

    return [
        f"{tree['dirs'][d]}/{name(d, r, a)}"
        for d, r, a in zip(
            file_dir.tolist(), rank.tolist(), tree["area"][file_dir].tolist(), strict=False
        )
    ]


def side_events(rng, tree, f, jobs, times, kinds, accesses, with_refs):
    """Every event as (time, op, table, ref, user, allowed) groups; tables: 0 path, 1 final
    path, 2 directory, 3 job directory, 4 task attempt directory (parent of path)."""
    n_dir, n_denied, files = (
        round(DIR_ACCESS_SHARE * accesses),
        round(DENIED_SHARE * accesses),
        len(f["count"]),
    )
    pre = f["create"] < 0
    created, renamed = np.flatnonzero(~pre), np.flatnonzero(f["rename"] >= 0)
    attempts, per_file = (
        np.flatnonzero(f["attempt"]),
        np.flatnonzero((f["delete"] >= 0) & ~f["by_job"]),
    )
    deleted_jobs = np.flatnonzero(jobs["delete"] >= 0)
    access_ops = (
        np.bincount(KIND_LETTERS, [OPEN, LIST, STAT], 256).astype(np.uint8)[kinds]
        if with_refs
        else None
    )
    return [
        (
            np.maximum(jobs["start"] - 5, 0),
            MKDIRS,
            3,
            np.arange(len(jobs["dir"])),
            jobs["owner"],
            True,
        ),
        (np.maximum(f["create"][attempts] - 3, 0), MKDIRS, 4, attempts, f["owner"][attempts], True),
        (f["create"][created], CREATE, 0, created, f["owner"][created], True),
        (f["rename"][renamed], RENAME, 0, renamed, f["owner"][renamed], True),
        (
            times,
            access_ops,
            1,
            np.repeat(np.arange(files), f["count"]) if with_refs else None,
            None,
            True,
        ),
        (
            daily_cycle(rng, n_dir),
            np.where(rng.random(n_dir) < 0.7, LIST, STAT),
            2,
            place(rng, tree, [0, LIB, CONF, DATA, HOME, TMP], n_dir),
            busy_users(rng, tree, n_dir),
            True,
        ),
        (
            daily_cycle(rng, n_denied),
            np.where(rng.random(n_denied) < 0.5, OPEN, STAT),
            1,
            rng.integers(0, files, n_denied),
            busy_users(rng, tree, n_denied),
            False,
        ),
        (f["delete"][per_file], DELETE, 1, per_file, f["owner"][per_file], True),
        (jobs["delete"][deleted_jobs], DELETE, 3, deleted_jobs, jobs["owner"][deleted_jobs], True),
    ]


def write_avro(path, schema_name, records, total, seed):
    schema = load_schema(str(SCHEMAS / f"{schema_name}.avsc"))
    marker = np.random.default_rng([seed, len(schema_name)]).bytes(16)  # same seed, same bytes
    with open(path, "wb") as out:  # 64 KiB blocks, as the Java writer's default
        fastavro.writer(
            out,
            schema,
            tqdm(
                records,
                total=total,
                desc=path.name.strip(".").split(".partial")[0],
                unit=" records",
                unit_scale=True,
                mininterval=1,
            ),
            codec="snappy",
            sync_interval=1 << 16,
            sync_marker=marker,
        )


def file_records(order, ident, f, times, kinds, chunk=100_000):
    offsets = np.r_[0, np.cumsum(f["count"])]
    for s in range(0, len(order), chunk):
        rows = order[s : s + chunk]
        count = f["count"][rows]
        at = np.repeat(offsets[rows], count) + in_segments(count)  # this chunk's accesses, gathered
        t, k, pos = (times[at] + T0).tolist(), kinds[at].tobytes().decode("ascii"), 0
        for i, c, fid, cr, de, rn, by_job in zip(
            rows.tolist(),
            count.tolist(),
            ident[rows].tolist(),
            f["create"][rows].tolist(),
            f["delete"][rows].tolist(),
            (f["rename"][rows] >= 0).tolist(),
            f["by_job"][rows].tolist(),
            strict=False,
        ):
            path = f["path"][i]
            yield {
                "id": fid,
                "path": path,
                "finalPath": f["final"][i],
                "depth": path.count("/"),
                "preExisting": cr < 0,
                "createTime": cr + T0 if cr >= 0 else None,
                "deleteTime": de + T0 if de >= 0 else None,
                "deletedItself": not by_job,
                "renames": int(rn),
                "accessTimes": t[pos : pos + c],
                "accessKinds": k[pos : pos + c],
            }
            pos += c


def directory_records(tree, jobs, f, groups, first_id):
    """DirectoryTimelines: the snapshot directories the day listed or stat'ed (pre-existing),
    then the job directories (made by mkdirs, deleted whole with their files)."""
    times, ops, _, refs, *_ = groups[5]  # the directory accesses of side_events
    order = np.lexsort((times, refs))
    times, ops, refs = times[order], ops[order], refs[order]
    starts = np.flatnonzero(np.r_[True, refs[1:] != refs[:-1]]) if len(refs) else np.zeros(0, int)
    ends = np.r_[starts[1:], len(refs)]
    letters = np.where(ops == LIST, ord("L"), ord("G")).astype(np.uint8)
    ident = first_id
    for a, b in zip(starts.tolist(), ends.tolist(), strict=False):
        path = tree["dirs"][int(refs[a])]
        yield {
            "id": ident,
            "path": path,
            "finalPath": path,
            "depth": int(tree["depth"][int(refs[a])]),
            "preExisting": True,
            "createTime": None,
            "deleteTime": None,
            "deletedItself": False,
            "renames": 0,
            "accessTimes": (times[a:b] + T0).tolist(),
            "accessKinds": letters[a:b].tobytes().decode("ascii"),
        }
        ident += 1
    files_of_job = np.bincount(f["job"][f["job"] >= 0], minlength=len(jobs["dir"]))
    made = np.maximum(jobs["start"] - 5, 0)
    for j, (path, when, gone) in enumerate(
        zip(jobs["dir"], made.tolist(), jobs["delete"].tolist(), strict=False)
    ):
        yield {
            "id": ident + j,
            "path": path,
            "finalPath": path,
            "depth": path.count("/"),
            "preExisting": False,
            "createTime": when + T0,
            "deleteTime": gone + T0 if gone >= 0 else None,
            "deletedItself": gone >= 0,
            "subtreeFiles": int(files_of_job[j]) if gone >= 0 else 0,
            "renames": 0,
            "accessTimes": [],
            "accessKinds": "",
        }


def by_target(by_cmd, groups, kinds):
    """parse-report's by_target: the directory accesses, job mkdirs and job deletes name
    directories; every other event a file."""
    directory = {
        "listStatus": int(np.count_nonzero(groups[5][1] == LIST)),
        "getfileinfo": int(np.count_nonzero(groups[5][1] == STAT)),
        "mkdirs": by_cmd["mkdirs"],
        "delete": len(groups[8][0]),
    }
    file = {op: n - directory.get(op, 0) for op, n in by_cmd.items()}
    return {"directory": directory, "file": {op: n for op, n in file.items() if n}}


CLUSTER_PERIODS = {
    "datanodeReport": 10 * SEC,
    "listCachePools": 5 * MIN,
    "getDelegationToken": 0,
}  # 0: per job


def cluster_events(rng, job_times):
    """The day's events without a path (cluster.avro): monitors polling datanodeReport and
    listCachePools at their periods (jittered), and a getDelegationToken per job
    submission (an unmodeled command). In time order."""
    times, ops = [], []
    for k, (_op, period) in enumerate(CLUSTER_PERIODS.items()):
        at = (
            np.sort(job_times)
            if period == 0
            else np.arange(0, DAY, period) + rng.uniform(0, period / 10, DAY // period)
        )
        times.append(at.astype(np.int64))
        ops.append(np.full(len(at), k))
    time, op = np.concatenate(times), np.concatenate(ops)
    order = np.argsort(time, kind="stable")
    return time[order], op[order]


def cluster_records(time, op):
    names = list(CLUSTER_PERIODS)
    for t, k in zip((time + T0).tolist(), op.tolist(), strict=False):
        yield {"time": t, "op": names[k], "allowed": True}


def namespace_records(rng, tree, snap_paths, snap_dir):
    """The snapshot at the window's start, in path order (parents before children)."""
    dirs, n_dirs, area = tree["dirs"], len(tree["dirs"]), tree["area"][snap_dir]
    age = np.r_[
        rng.uniform(HOUR, 400 * DAY, n_dirs), lognormal(rng, 10 * DAY, 1.5, len(snap_dir)) + HOUR
    ]
    mtime = (T0 - age).astype(np.int64)
    atime = np.r_[
        np.zeros(n_dirs), mtime[n_dirs:] + rng.random(len(snap_dir)) * age[n_dirs:]
    ].astype(np.int64)
    size = np.r_[
        np.zeros(n_dirs),
        np.where(
            area == DATA,
            lognormal(rng, 64 << 20, 1.5, len(area)),
            lognormal(rng, 200 << 10, 2.5, len(area)),
        ),
    ].astype(np.int64)
    replication = np.r_[np.zeros(n_dirs), np.where(area == LIB, 10, 3)].astype(np.int64).tolist()
    owner = [tree["users"][o] for o in np.r_[tree["owner"], tree["owner"][snap_dir]].tolist()]
    paths = dirs + snap_paths
    mtime, atime, size = mtime.tolist(), atime.tolist(), size.tolist()
    for i in sorted(range(len(paths)), key=paths.__getitem__):
        directory = i < n_dirs
        yield {
            "path": paths[i],
            "isDir": directory,
            "depth": paths[i].count("/") if i else 0,
            "size": size[i],
            "mtime": mtime[i],
            "atime": atime[i],
            "replication": replication[i],
            "owner": owner[i],
            "group": "supergroup" if owner[i] == "hdfs" else "hadoop",
            "permission": "rwxr-xr-x" if directory else "rw-r--r--",
        }


def event_records(rng, groups, f, tree, jobs, chunk=500_000):
    """AuditEvent records in time order; a rename's dst is the file's final path."""
    dtypes = {
        "time": np.int64,
        "op": np.uint8,
        "table": np.uint8,
        "ref": np.int32,
        "user": np.int32,
        "allowed": bool,
    }
    ev = {key: [] for key in dtypes}
    for group in groups:
        if group[4] is None:  # a file's readers: anyone, mostly the busy users
            group = (*group[:4], busy_users(rng, tree, len(group[0])), group[5])
        for (key, dtype), value in zip(dtypes.items(), group, strict=False):
            ev[key].append(np.broadcast_to(np.asarray(value, dtype), group[0].shape))
    groups.clear()
    ev = {key: np.concatenate(parts) for key, parts in ev.items()}
    order = np.argsort(ev["time"], kind="stable")
    users, tables = tree["users"], [f["path"], f["final"], tree["dirs"], jobs["dir"], f["path"]]
    hosts = [
        f"10.{k // 250}.{k % 250}.{1 + k % 253}" for k in range(4100)
    ]  # the paper's 4,100 nodes
    for s in range(0, len(order), chunk):
        rows = order[s : s + chunk]
        columns = [(ev[key][rows] + (T0 if key == "time" else 0)).tolist() for key in ev]
        for t, op, table, ref, u, ok, ip in zip(
            *columns, rng.integers(0, len(hosts), len(rows)).tolist(), strict=False
        ):
            src = tables[table][ref] if table != 4 else f["path"][ref].rsplit("/", 1)[0]
            writes = op in (CREATE, MKDIRS, RENAME)
            perm = (
                f"{users[u]}:hadoop:{'rwxr-xr-x' if op == MKDIRS else 'rw-r--r--'}"
                if writes
                else None
            )
            yield {
                "time": t,
                "op": OPS[op],
                "cmd": OPS[op],
                "src": src,
                "dst": f["final"][ref] if op == RENAME else None,
                "user": users[u],
                "auth": "KERBEROS",
                "realUser": None,
                "allowed": bool(ok),
                "ip": hosts[ip],
                "perm": perm,
                "proto": "rpc",
                "callerContext": None,
            }


def iso_utc(ms):
    return (
        time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime((T0 + ms) // 1000))
        + f".{(T0 + ms) % 1000:03d}Z"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir")
    ap.add_argument("--files", type=int, default=4_300_000, help="files in files.avro")
    ap.add_argument(
        "--accesses",
        type=int,
        default=60_900_000,
        help="file accesses (open, listStatus, getfileinfo)",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--events",
        action="store_true",
        help="also write events.avro (slow: minutes per 10 M events)",
    )
    a = ap.parse_args()
    out = Path(a.out_dir)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        print(f"make_paper_trace.py: {out}: exists and is not an empty directory", file=sys.stderr)
        sys.exit(2)
    began = time.perf_counter()
    rng, snapshot_rng, events_rng = (np.random.default_rng([a.seed, stream]) for stream in range(3))
    tree = build_tree(a.files, rng)
    behaviours, jobs = lay_out(a.files, rng, tree)
    popularity_scale = hit_total(behaviours, a.accesses, rng)
    times, kinds = draw_lives(behaviours, jobs, a.accesses, rng)
    snapshot, dormant = [b for b in behaviours if b["pre"]], round(DORMANT_SHARE * a.files)
    snap_dir = np.concatenate(
        [b["dir"] for b in snapshot] + [place(rng, tree, [DATA, HOME, TMP], dormant)]
    )
    snap_paths, at = name_snapshot_files(tree, snap_dir), 0
    for b in snapshot:
        b["path"] = b["final"] = snap_paths[at : at + b["n"]]
        at += b["n"]
    f = {
        key: np.concatenate([b[key] for b in behaviours])
        for key in ("count", "create", "rename", "delete", "owner", "by_job", "job")
    }
    f["path"], f["final"] = ([p for b in behaviours for p in b[key]] for key in ("path", "final"))
    f["attempt"] = np.concatenate(
        [np.full(b["n"], b["kind"][3] == "output") for b in behaviours]
    ) & (f["rename"] >= 0)
    pre, first_access = (
        f["create"] < 0,
        times[np.minimum(np.cumsum(f["count"]) - f["count"], a.accesses - 1)],
    )
    first_seen = np.where(pre, np.where(f["count"] > 0, first_access, f["delete"]), f["create"])
    ident = np.empty(a.files, np.int64)
    ident[np.argsort(first_seen, kind="stable")] = np.arange(
        a.files
    )  # ids in order of first appearance
    # the parser writes a timeline when its file dies: deleted files by delete time, then the living
    order = np.lexsort((ident, np.where(f["delete"] >= 0, f["delete"], DAY)))
    groups = side_events(rng, tree, f, jobs, times, kinds, a.accesses, a.events)
    by_cmd = dict.fromkeys(OPS, 0)
    for op, letter in zip((OPEN, LIST, STAT), KIND_LETTERS, strict=False):
        by_cmd[OPS[op]] += int(np.count_nonzero(kinds == letter))
    for g_time, g_op, *_ in groups:
        if g_time is not times:
            for op, n in zip(
                *np.unique(np.broadcast_to(g_op, g_time.shape), return_counts=True), strict=False
            ):
                by_cmd[OPS[op]] += int(n)
    cluster_time, cluster_op = cluster_events(np.random.default_rng([a.seed, 3]), groups[0][0])
    cluster = {
        name: int(n)
        for name, n in zip(CLUSTER_PERIODS, np.bincount(cluster_op, minlength=3), strict=False)
    }
    first_event, last_event = (
        extreme(int(extreme(g[0])) for g in groups if len(g[0])) for extreme in (min, max)
    )
    report = {
        "synthetic": f"bench/make_paper_trace.py --files {a.files} "
        f"--accesses {a.accesses} --seed {a.seed}"
        + (" --events" if a.events else " (no events.avro)"),
        "lines": sum(by_cmd.values()) + len(cluster_time),
        "events": sum(by_cmd.values()) + len(cluster_time),
        "malformed": 0,
        "allowed_false": sum(len(g[0]) for g in groups if g[5] is False),
        "by_cmd": dict(sorted((by_cmd | cluster).items())),
        "malformed_reasons": {},
        "malformed_samples": [],
        "sources": [],
        "time_zone": "UTC",
        "first_event": iso_utc(first_event),
        "last_event": iso_utc(last_event),
        "files": {
            "accesses": a.accesses,
            "created": int(np.count_nonzero(~pre)),
            "deleted": int(np.count_nonzero(f["delete"] >= 0)),
            "files": a.files,
            "pre_existing": int(np.count_nonzero(pre)),
            "pre_existing_not_in_fsimage": 0,
            "renamed": int(np.count_nonzero(f["rename"] >= 0)),
        },
        "by_target": by_target(by_cmd, groups, kinds) | {"cluster": cluster},
        "namespace": {
            "directories": len(tree["dirs"]),
            "files": len(snap_paths),
            "fsimage": "synthetic",
        },
        "malformed_share": 0.0,
    }
    out.mkdir(parents=True, exist_ok=True)
    signal.signal(
        signal.SIGTERM, lambda *_: sys.exit(143)
    )  # a kill still removes the partial files
    names = ["files.avro", "dirs.avro", "namespace.avro", "cluster.avro", "parse-report.json"]
    names += ["events.avro"] * a.events
    partial = {
        name: out / f".{name}.partial" for name in names
    }  # renamed into place once all are written
    try:
        write_avro(
            partial["files.avro"],
            "FileTimeline",
            file_records(order, ident, f, times, kinds),
            a.files,
            a.seed,
        )
        listed = len(np.unique(groups[5][3]))
        write_avro(
            partial["dirs.avro"],
            "DirectoryTimeline",
            directory_records(tree, jobs, f, groups, a.files),
            listed + len(jobs["dir"]),
            a.seed,
        )
        write_avro(
            partial["namespace.avro"],
            "NamespaceEntry",
            namespace_records(snapshot_rng, tree, snap_paths, snap_dir),
            len(tree["dirs"]) + len(snap_paths),
            a.seed,
        )
        write_avro(
            partial["cluster.avro"],
            "ClusterEvent",
            cluster_records(cluster_time, cluster_op),
            len(cluster_time),
            a.seed,
        )
        if a.events:
            write_avro(
                partial["events.avro"],
                "AuditEvent",
                event_records(events_rng, groups, f, tree, jobs),
                report["events"],
                a.seed,
            )
        partial["parse-report.json"].write_text(json.dumps(report, indent=2) + "\n")
        for name, path in partial.items():
            os.replace(path, out / name)
    finally:
        for path in partial.values():
            path.unlink(missing_ok=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20
    print(
        f"{out}: {a.files:,} files ({report['files']['pre_existing']:,} pre-existing, "
        f"{report['files']['deleted']:,} "
        f"deleted), {a.accesses:,} accesses, {dormant:,} dormant files, {len(tree['dirs']):,} "
        "directories, "
        f"{report['events']:,} events{'' if a.events else ' (counted, not written)'}; popularity "
        "scale "
        f"{popularity_scale:.2f}; {time.perf_counter() - began:.0f} s, peak RSS {peak:.2f} GiB"
    )


if __name__ == "__main__":
    main()
