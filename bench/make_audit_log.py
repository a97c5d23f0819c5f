#!/usr/bin/env python3
"""Writes a synthetic NameNode audit log in the stock Hadoop 3 layout, gzip-compressed, for the
parse-speed benchmark: a busy cluster's op mix (getfileinfo, open, listStatus, create, mkdirs,
rename, delete), paths 2-9 deep, a few thousand users, and skewed file popularity (about 14
accesses per file, as in the MimesisBench paper's day: 60.9 M accesses to 4.3 M files), 2,000
client hosts. Seeded.

usage: make_audit_log.py OUT.gz [--lines N] [--seed S]
"""

import argparse
import gzip
import random

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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--lines", type=int, default=2_500_000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    ops = [o for o, w in OPS for _ in range(w)]
    users = [f"user{i:04d}" for i in range(3000)]
    hosts = [f"10.{k // 250}.{k % 250}.{rnd.randrange(1, 255)}" for k in range(2000)]  # clients
    dirs = [
        "/" + "/".join(f"d{rnd.randrange(40)}" for _ in range(rnd.randrange(2, 9)))
        for _ in range(20000)
    ]
    files = [f"{rnd.choice(dirs)}/pre-{k:06d}" for k in range(a.lines // 40)]
    t0 = 0  # ms since 2023-11-14 00:00 in the log's own zone
    with gzip.open(a.out, "wt", compresslevel=6, encoding="utf-8") as f:
        t = t0
        for i in range(a.lines):
            t += rnd.randrange(0, 70)
            s, ms = divmod(t, 1000)
            day, sec = divmod(s, 86400)
            hh, rem = divmod(sec, 3600)
            mm, ss = divmod(rem, 60)
            op = rnd.choice(ops)
            if op == "create" or not files:
                files.append(f"{rnd.choice(dirs)}/part-{len(files):07d}")
                src = files[-1]
            else:  # recent files are hot: popularity falls steeply with age
                src = files[-1 - int(len(files) * rnd.random() ** 6)]
            dst = f"{rnd.choice(dirs)}/part-r-{i:07d}" if op == "rename" else "null"
            user = rnd.choice(users)
            perm = f"{user}:hadoop:rw-r--r--" if op in ("create", "mkdirs", "rename") else "null"
            f.write(
                f"2023-11-{14 + day:02d} {hh:02d}:{mm:02d}:{ss:02d},{ms:03d} INFO "
                "FSNamesystem.audit: "
                f"allowed=true\tugi={user} (auth:KERBEROS)\tip=/{rnd.choice(hosts)}\t"
                f"cmd={op}\tsrc={src}\tdst={dst}\tperm={perm}\tproto=rpc\n"
            )


if __name__ == "__main__":
    main()
