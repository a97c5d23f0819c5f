#!/usr/bin/env python3
"""What C2 compiled during a parse, from the JVM's compilation log, and how much of it after the
parse's pipeline ended (the trace's end: the live paths' timelines, on the main thread alone).

Compiler time in the log is wall time and swells with the machine's load; the code C2 emitted
(nmsize) and the bytecode it inlined do not, so they compare across runs where times cannot.
The pipeline's end is taken from the read thread's trap at the end of its input.

usage: java -XX:+UnlockDiagnosticVMOptions -XX:+LogCompilation -XX:LogFile=comp.log \\
           -jar dist/target/mimesisbench.jar parse --audit log.gz --out trace --quiet
       bench/compile_log.py comp.log [more.log ...] [--top 20] [--traps]

--traps also lists the traps C2's code hit while the pipeline ran, each with the method compiled
and the inlining chain down to the trapping bytecode: a trap makes C2 compile the method again,
and while it does, the thread runs slower code (at a low load, C2 compiled the trace builder's
accept early, and a branch first taken late in the log then cost it three more compilations).
"""

import argparse
import re
from collections import Counter
from pathlib import Path

TASK = re.compile(r"<task (compile_id='\d+'[^>]*?)>(.*?)<task_done([^>]*)/>", re.S)
TRAP = re.compile(
    r"<uncommon_trap thread='\d+' reason='[^']*' action='[^']*'[^>]*?stamp='([\d.]+)'>\s*"
    r"<jvms bci='\d+' method='([^']*)'"
)
PIPELINE_END = ("TimeOrderedAuditReader readAll", "AuditLogSource split")
FULL_TRAP = re.compile(
    r"<uncommon_trap thread='\d+' reason='([^']*)' action='([^']*)'[^>]*?compile_id='(\d+)'"
    r"[^>]*?stamp='([\d.]+)'>(.*?)</uncommon_trap>",
    re.S,
)
QUEUED = re.compile(r"<task_queued compile_id='(\d+)'([^>]*?)/>")


def attr(text: str, name: str) -> str | None:
    m = re.search(rf"{name}='([^']*)'", text)
    return m.group(1) if m else None


def summary(path: Path, top: int, traps: bool) -> None:
    log = path.read_text(errors="replace")
    ends = [
        float(m.group(1)) for m in TRAP.finditer(log) if any(s in m.group(2) for s in PIPELINE_END)
    ]
    end = max(ends) if ends else float("inf")
    exit_stamp = float(attr(log.split("<tty_done")[-1], "stamp") or "nan")
    totals = {"all": [0, 0, 0, 0.0], "after": [0, 0, 0, 0.0]}
    by_method: Counter[str] = Counter()
    for m in TASK.finditer(log):
        task, done = m.group(1), m.group(3)
        if attr(task, "level") not in (None, "4") or attr(task, "compiler") == "c1":
            continue  # C2's tasks carry no level, or level 4
        start = float(attr(task, "stamp") or 0)
        seconds = float(attr(done, "stamp") or start) - start
        code, inlined = int(attr(done, "nmsize") or 0), int(attr(done, "inlined_bytes") or 0)
        for key in ("all", "after") if start >= end else ("all",):
            t = totals[key]
            t[0], t[1], t[2], t[3] = t[0] + 1, t[1] + code, t[2] + inlined, t[3] + seconds
        name = " ".join((attr(task, "method") or "?").split(" ")[:2])
        by_method[name + (" (osr)" if attr(task, "osr_bci") else "")] += seconds
    a, e = totals["all"], totals["after"]
    print(
        f"{path}: C2 {a[0]} tasks, {a[1] / 1e3:.0f} KB code, {a[2] / 1e3:.0f} KB inlined, "
        f"{a[3]:.2f} s; after the pipeline ({exit_stamp - end:.2f} s to exit): {e[0]} tasks, "
        f"{e[1] / 1e3:.0f} KB code, {e[2] / 1e3:.0f} KB inlined, {e[3]:.2f} s"
    )
    for name, seconds in by_method.most_common(top):
        print(f"  {seconds:6.2f} s  {name}")
    if traps:
        print_traps(log, end)


def short(method: str) -> str:
    """'org.a.B m (sig)' as 'B.m'."""
    cls, name = method.split(" ")[:2]
    return cls.split(".")[-1] + "." + name


def print_traps(log: str, end: float) -> None:
    """C2 code's traps before the pipeline's end, and how often C2 compiled each method."""
    compiled: dict[str, str] = {}
    c2_compiles: Counter[str] = Counter()
    for m in QUEUED.finditer(log):
        method = attr(m.group(2), "method") or "? ?"
        osr = " (osr)" if attr(m.group(2), "compile_kind") == "osr" else ""
        compiled[m.group(1)] = short(method) + osr
        if attr(m.group(2), "level") in (None, "4"):
            c2_compiles[short(method) + osr] += 1
    trapped: Counter[str] = Counter()
    for m in FULL_TRAP.finditer(log):
        stamp = float(m.group(4))
        if stamp >= end:
            continue
        method = compiled.get(m.group(3), m.group(3))
        trapped[method] += 1
        chain = re.findall(r"<jvms bci='(\d+)' method='([^']*)'", m.group(5))
        where = " <- ".join(f"{short(meth)}@{bci}" for bci, meth in chain)
        print(f"  trap {stamp:7.3f} s in {method}: {m.group(1)}/{m.group(2)} at {where}")
    for method in trapped:
        print(f"  {method}: compiled by C2 {c2_compiles[method]} times")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("logs", nargs="+", type=Path)
    p.add_argument("--top", type=int, default=0, help="also the N methods C2 took longest on")
    p.add_argument("--traps", action="store_true", help="also C2 code's traps in the pipeline")
    args = p.parse_args()
    for log in args.logs:
        summary(log, args.top, args.traps)


if __name__ == "__main__":
    main()
