#!/usr/bin/env python3
"""What C2 compiled during a parse, from the JVM's compilation log, and how much of it after the
parse's pipeline ended (the trace's end: the live paths' timelines, on the main thread alone).

Compiler time in the log is wall time and swells with the machine's load; the code C2 emitted
(nmsize) and the bytecode it inlined do not, so they compare across runs where times cannot.
The pipeline's end is taken from the read thread's trap at the end of its input.

usage: java -XX:+UnlockDiagnosticVMOptions -XX:+LogCompilation -XX:LogFile=comp.log \\
           -jar dist/target/mimesisbench.jar parse --audit log.gz --out trace --quiet
       bench/compile_log.py comp.log [more.log ...] [--top 20]
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


def attr(text: str, name: str) -> str | None:
    m = re.search(rf"{name}='([^']*)'", text)
    return m.group(1) if m else None


def summary(path: Path, top: int) -> None:
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


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("logs", nargs="+", type=Path)
    p.add_argument("--top", type=int, default=0, help="also the N methods C2 took longest on")
    args = p.parse_args()
    for log in args.logs:
        summary(log, args.top)


if __name__ == "__main__":
    main()
