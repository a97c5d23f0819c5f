#!/usr/bin/env python3
"""Repeatability of embedded runs (bar: five identical embedded runs give a throughput
coefficient of variation of at most 2 %).

Runs `mimesisbench.jar run --profile P --time-scale X --seed 1 --out DIR` five times (each its own
embedded HDFS: phase 1 builds the namespace, phase 2 replays the workload), reads each run's
summary.json (overall.opsPerSecond: ops over the seconds from the start to the last op's end), and
prints the coefficient of variation (sample standard deviation / mean).

So that a run's spread can be set beside the machine's, it also measures what the workload does
not touch. Before each run: a fixed piece of CPU work on one core (machine.probe_seconds) and of
memory-bound work (machine.memory_probe_seconds). Before and after: the CPU work on both cores at
once (machine.two_core_probe_seconds) and a cache line's round trip between the cores
(machine.ping_pong_nanos). During the run, every second, from this process: a hash's and random
reads' CPU time (machine.SpeedSampler), so a slower core or a slower memory system (the host's
neighbours) shows at the moment it happens. And of the run's JVM: its CPU seconds per op, which
tells a run given fewer cycles (same CPU per op) from one whose ops cost more; its threads' CPU by
group and their context switches (bench/jvm_threads.py); its collector's pauses (-Xlog:gc) and
its peak resident set. Phase 2 is then printed in windows of 10 s, and correlated within each
run with the probes.

The plot (bench/results/repeatability.png) has the runs' per-second timelines (timeline.csv, all
ops) above and the in-run memory probe below, on the same seconds.

With --versus, a second arm's JVM options: the two arms' runs alternate (A, B, A, B, ...) so both
see the same machine, and each arm's CV is printed, and the ratio of their mean throughputs.

usage: .venv/bin/python bench/repeatability.py [--profile profiles/yahoo-2011-demo]
       [--time-scale 0.0167] [--span-scale 1] [--type-scale all=4 --dirs 112791] [--runs 5]
       [--jvm-options='-XX:+UseParallelGC'] [--versus='-XX:+UseTransparentHugePages']
       [--plot bench/results/repeatability.png] [--keep]
       (after `mvn -o -q -pl dist -am package -DskipTests`; matplotlib from the repo's venv)
"""

import argparse
import csv
import re
import shlex
import shutil
import statistics
import subprocess
import time
from datetime import datetime
from pathlib import Path

# the repo's venv: .venv/bin/python (bin/setup); checked before the runs, not after
import matplotlib
import numpy as np  # the repo's venv

import jvm_threads  # bench/jvm_threads.py, beside this script
import machine  # bench/machine.py, beside this script
from mimesis_model.formats.run_summary import (
    RunSummary,
)  # the repo's venv: summary.json's one reader

matplotlib.use("Agg")
import matplotlib.pyplot as plt

REPO = Path(__file__).resolve().parent.parent


def cv(values: list[float]) -> float:
    """Coefficient of variation: sample standard deviation over the mean."""
    return statistics.stdev(values) / statistics.mean(values)


def timeline(run: Path) -> list[int]:
    with (run / "timeline.csv").open() as f:
        return [int(row["total"]) for row in csv.DictReader(f)]


def plot(runs: list[dict], title: str, out: Path) -> None:
    """Each run's ops per second of phase 2 above, and the memory probe's CPU time at the same
    seconds below (from a process of its own): slow stretches beside a slower memory system."""
    fig, (ax, mem) = plt.subplots(
        2, 1, figsize=(9, 6.5), sharex=True, gridspec_kw={"height_ratios": [2, 1]}
    )
    for i, r in enumerate(runs):
        ops = timeline(r["out"])
        (line,) = ax.plot(
            range(len(ops)),
            ops,
            lw=0.9,
            alpha=0.8,
            label=f"run {i + 1}: {r['rate']:,.1f} ops/s overall",
        )
        seconds = [
            (t - r["start_epoch"], 1000 * m)
            for t, _, m in r["speed_samples"]
            if 0 <= t - r["start_epoch"] <= len(ops)
        ]
        # a rolling median: a lone spike (the probe's own hiccup) does not slow a run, a stretch
        # does
        smooth = [
            statistics.median(m for _, m in seconds[max(0, k - 2) : k + 3])
            for k in range(len(seconds))
        ]
        mem.plot([t for t, _ in seconds], smooth, lw=0.9, alpha=0.8, color=line.get_color())
    ax.set_ylabel("ops issued in the second")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    everything = [m for r in runs for _, _, m in r["speed_samples"]]
    mem.set_ylim(
        0, 2000 * statistics.median(everything)
    )  # the stretches, not a spike, set the scale
    mem.set_xlabel("second of phase 2")
    mem.set_ylabel("memory probe, ms of CPU\n(median of 5 s, up to 2x)")
    for a in (ax, mem):
        a.grid(alpha=0.3)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=120)


GC_PAUSE = re.compile(
    r"^\[([^]]+)\].*Pause (Young|Full|Remark|Cleanup).* (\d+)M->(\d+)M\((\d+)M\) ([\d.]+)ms", re.M
)


def collector_pauses(gc_log: Path) -> list[dict]:
    """The collector's pauses in a run, from its -Xlog:gc file: when (epoch seconds, from the time
    decoration), what kind, the heap committed after it (G1 sizes it as it goes), milliseconds."""
    return [
        {
            "epoch": datetime.strptime(m[1], "%Y-%m-%dT%H:%M:%S.%f%z").timestamp(),
            "kind": m[2],
            "committed_mib": int(m[5]),
            "ms": float(m[6]),
        }
        for m in GC_PAUSE.finditer(gc_log.read_text() if gc_log.exists() else "")
    ]


def collections(pauses: list[dict]) -> dict:
    """What the collector did in a run: young and full pauses, their seconds, the heap committed at
    the last one."""
    return {
        "young": sum(p["kind"] == "Young" for p in pauses),
        "full": sum(p["kind"] == "Full" for p in pauses),
        "pause_seconds": sum(p["ms"] for p in pauses) / 1000,
        "committed_mib": pauses[-1]["committed_mib"] if pauses else 0,
    }


def peak_rss_mib(pid: int) -> int:
    """The process's resident-set high-water mark so far (VmHWM), 0 once it has ended."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    return next(
        (int(line.split()[1]) // 1024 for line in status.splitlines() if line.startswith("VmHWM:")),
        0,
    )


def one_run(label: str, jar: Path, jvm_options: list[str], options: list[str], out: Path) -> dict:
    """One embedded run in a JVM of its own, with the machine probed before and after."""
    r = {
        "label": label,
        "out": out,
        "probe": machine.probe_seconds(),
        "memory_probe": machine.memory_probe_seconds(),
        "two_core_before": machine.two_core_probe_seconds(),
        "ping_pong_before": machine.ping_pong_nanos(),
    }
    before = machine.load()
    cpu_before, steal_before = machine.children_cpu_seconds(), machine.steal_ticks()
    start = time.perf_counter()
    # the log whole: a cause is often far from the end
    log, gc_log = out.with_suffix(".log"), out.with_suffix(".gc.log")
    with log.open("w") as output:
        p = subprocess.Popen(
            [
                "java",
                *jvm_options,
                f"-Xlog:gc:file={gc_log}:time,uptime,level,tags",
                "-jar",
                str(jar),
                "run",
                *options,
                "--out",
                str(out),
            ],
            stdout=output,
            stderr=subprocess.STDOUT,
        )
        threads, rss, speed = jvm_threads.ThreadCpu(p.pid), 0, machine.SpeedSampler()
        while p.poll() is None:
            threads.sample()
            speed.sample()
            rss = max(rss, peak_rss_mib(p.pid))
            time.sleep(0.5)
    wall = time.perf_counter() - start
    cpu, steal = machine.children_cpu_seconds() - cpu_before, machine.steal_ticks() - steal_before
    r["two_core_after"] = (
        machine.two_core_probe_seconds()
    )  # after: the machine's state may last minutes
    r["ping_pong_after"] = machine.ping_pong_nanos()
    if p.returncode:
        raise SystemExit(
            f"{label} failed ({p.returncode}), its output in {log}:\n{log.read_text()[-2000:]}"
        )
    s = RunSummary.read(out / "summary.json")
    pauses = collector_pauses(gc_log)
    o, d, gc, jvm = s.overall, s.drift_micros, collections(pauses), s.jvm
    assert jvm is not None, "an embedded run's summary has its JVM's use"
    r.update(
        rate=o.ops_per_second,
        ops=o.count,
        namespace=s.namespace_seconds,
        cpu_per_op=cpu / o.count,
        phase2_cpu_per_op=jvm.cpu_micros_per_op,
        threads=threads.by_group(),
        gc=gc,
        rss=rss,
    )
    print(
        f"{label}: {'valid' if s.valid else 'NOT valid'}, {o.count:,} ops ({o.scheduled:,} "
        f"scheduled) in {o.seconds:.2f} s: {o.ops_per_second:,.1f} ops/s; drift p99 "
        f"{d['p99'] / 1000:,.1f} ms, "
        f"max {d['max'] / 1000:,.1f} ms; namespace {s.namespace_seconds:.1f} s; wall {wall:.0f} s; "
        f"probe {r['probe']:.3f} s, memory probe {r['memory_probe']:.3f} s, two-core probe before "
        f"{r['two_core_before']:.3f} s and after {r['two_core_after']:.3f} s, ping-pong before "
        f"{r['ping_pong_before']:.0f} ns and after {r['ping_pong_after']:.0f} ns; JVM CPU "
        f"{cpu:.0f} s "
        f"({cpu / wall:.2f} cores, {1e6 * r['cpu_per_op']:.1f} us an op; phase 2 alone "
        f"{jvm.cores:.2f} cores, {r['phase2_cpu_per_op']:.1f} us an op); steal {steal} ticks; "
        f"load {before} -> {machine.load()}",
        flush=True,
    )
    print(
        f"  collector: {gc['young']} young and {gc['full']} full pauses, {gc['pause_seconds']:.2f} "
        "s paused, "
        f"heap committed {gc['committed_mib']:,} MiB at the last; peak RSS {rss:,} MiB",
        flush=True,
    )
    print(
        "  JVM CPU by thread, us an op: "
        + ", ".join(f"{g} {1e6 * c / o.count:.1f}" for g, c in r["threads"].items()),
        flush=True,
    )
    assert s.start_ms is not None, "the run recorded its schedule's start"
    r.update(start_epoch=s.start_ms / 1000, speed_samples=speed.samples)
    r["windows"] = windows(
        out, r["start_epoch"], speed.samples, [p["epoch"] for p in pauses], threads.switches
    )
    (out / "core-speed.csv").write_text(
        "epoch_seconds,hash_cpu_seconds,reads_cpu_seconds\n"
        + "".join(f"{t},{c},{m}\n" for t, c, m in speed.samples)
    )
    ops_k = ", ".join(f"{w['ops_per_second'] / 1000:.1f}" for w in r["windows"])
    probe_ms = ", ".join(f"{1000 * w['hash_cpu_seconds']:.2f}" for w in r["windows"])
    memory_ms = ", ".join(f"{1000 * w['memory_cpu_seconds']:.2f}" for w in r["windows"])
    pauses = ", ".join(str(w["pauses"]) for w in r["windows"])
    switches = ", ".join(f"{w['switches_per_op']:.2f}" for w in r["windows"])
    print(
        f"  by {WINDOW} s of phase 2: thousands of ops/s {ops_k}\n  core-speed probe's CPU ms: "
        f"{probe_ms}\n"
        f"  memory probe's CPU ms: {memory_ms}\n"
        f"  collector pauses: {pauses}\n  JVM threads' context switches an op: {switches}",
        flush=True,
    )
    return r


WINDOW = 10  # seconds: the slow stretches of a run last 20-60 s


def windows(
    out: Path,
    start_epoch: float,
    samples: list[tuple[float, float, float]],
    pauses: list[float],
    switches: list[tuple[float, int]],
) -> list[dict]:
    """Phase 2 in windows of WINDOW seconds: the run's ops/s (timeline.csv) beside the median CPU
    time of the core-speed and memory probes taken in the window, the collector's pauses in it and
    the JVM
    threads' context switches an op; the last, partial window is left out."""
    times, counts = [t for t, _ in switches], [n for _, n in switches]
    ops = timeline(out)
    result = []
    for w in range(len(ops) // WINDOW):
        lo, hi = start_epoch + w * WINDOW, start_epoch + (w + 1) * WINDOW
        probes = [(c, m) for t, c, m in samples if lo <= t < hi]
        if probes:
            result.append(
                {
                    "ops_per_second": sum(ops[w * WINDOW : (w + 1) * WINDOW]) / WINDOW,
                    "hash_cpu_seconds": statistics.median(c for c, _ in probes),
                    "memory_cpu_seconds": statistics.median(m for _, m in probes),
                    "pauses": sum(lo <= t < hi for t in pauses),
                    "switches_per_op": (
                        float(np.interp(hi, times, counts) - np.interp(lo, times, counts))
                        / max(1, sum(ops[w * WINDOW : (w + 1) * WINDOW]))
                    ),
                }
            )
    return result


def summarize(name: str, runs: list[dict]) -> float:
    """Prints an arm's spread; returns its throughput CV."""
    rates = [r["rate"] for r in runs]
    rates_cv = cv(rates)
    print(
        f"{name}throughput: mean {statistics.mean(rates):,.1f} ops/s, min {min(rates):,.1f}, "
        f"max {max(rates):,.1f}, CV {100 * rates_cv:.2f} %: bar (<= 2 %) "
        + ("met" if rates_cv <= 0.02 else "NOT met")
    )
    # the same fixed work each time: how much the machine itself moved between the runs
    print(
        f"{name}machine, for scale: phase 1 (namespace) seconds CV "
        f"{100 * cv([r['namespace'] for r in runs]):.2f} %; "
        "CPU probe (sha256 of 1 GiB on one core, before each run) CV "
        f"{100 * cv([r['probe'] for r in runs]):.2f} %; "
        "memory probe (16 M random reads of 1 GiB) CV "
        f"{100 * cv([r['memory_probe'] for r in runs]):.2f} %; "
        f"two-core probe (the CPU probe on both cores at once) before CV "
        f"{100 * cv([r['two_core_before'] for r in runs]):.2f} %, after CV "
        f"{100 * cv([r['two_core_after'] for r in runs]):.2f} %; core-to-core ping-pong before CV "
        f"{100 * cv([r['ping_pong_before'] for r in runs]):.2f} %, after CV "
        f"{100 * cv([r['ping_pong_after'] for r in runs]):.2f} %"
    )
    # within each run, and leaving out its first window (warm-up), so a trend over the run does not
    # pass for a cause
    within = {
        k: []
        for k in ("ops_per_second", "hash_cpu_seconds", "memory_cpu_seconds", "switches_per_op")
    }
    for r in runs:
        for k, values in within.items():
            part = [w[k] for w in r["windows"][1:]]
            values += [v - statistics.mean(part) for v in part]
    ops = within.pop("ops_per_second")
    r_probe, r_memory, r_switches = (statistics.correlation(ops, v) for v in within.values())
    print(
        f"{name}{len(ops)} windows of {WINDOW} s, each less its run's mean: correlation of ops/s "
        "with the "
        f"core-speed probe's CPU time {r_probe:+.2f} (near -1: slow stretches are a slower core), "
        "with the memory "
        f"probe's {r_memory:+.2f} (near -1: a slower memory system), with the context switches an "
        "op "
        f"{r_switches:+.2f} (near -1: more hand-offs an op)"
    )
    print(
        f"{name}JVM CPU per op: whole run (both phases) CV "
        f"{100 * cv([r['cpu_per_op'] for r in runs]):.2f} %, "
        "phase 2 alone (summary.json's jvm) CV "
        f"{100 * cv([r['phase2_cpu_per_op'] for r in runs]):.2f} %"
    )
    # where the slowest run's extra CPU went: per thread group, its CPU per op minus the fastest
    # run's
    slow, fast = min(runs, key=lambda r: r["rate"]), max(runs, key=lambda r: r["rate"])
    print(
        f"{name}slowest run minus fastest, JVM CPU by thread, us an op: "
        + ", ".join(
            f"{g} {1e6 * (slow['threads'][g] - fast['threads'][g]) / slow['ops']:+.1f}"
            for g in slow["threads"]
        )
    )
    return rates_cv


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", default="profiles/yahoo-2011-demo")
    ap.add_argument("--time-scale", default="0.0167")  # the profile's hour in a minute
    ap.add_argument("--span-scale", default="1")
    ap.add_argument("--type-scale", help="e.g. all=4: more files, so longer runs at time scale 0")
    ap.add_argument(
        "--dirs", help="the hierarchy's directories (default: the profile's, times all=)"
    )
    ap.add_argument("--runs", type=int, default=5, help="runs (of each arm, with --versus)")
    ap.add_argument(
        "--jvm-options",
        default="",
        help="the runs' JVM options, e.g. --jvm-options='-XX:+UseParallelGC' (with '=')",
    )
    ap.add_argument(
        "--versus", help="a second arm's JVM options: its runs alternate with the first's"
    )
    ap.add_argument("--plot", default=str(REPO / "bench/results/repeatability.png"))
    ap.add_argument(
        "--keep",
        action="store_true",
        help="keep the runs' folders, logs and GC logs in build/bench",
    )
    a = ap.parse_args()
    jar = REPO / "dist/target/mimesisbench.jar"
    work = REPO / "build/bench/repeatability"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    options = [
        "--profile",
        str(REPO / a.profile),
        "--time-scale",
        a.time_scale,
        "--span-scale",
        a.span_scale,
        "--seed",
        "1",
    ]
    options += ["--type-scale", a.type_scale] if a.type_scale else []
    options += ["--dirs", a.dirs] if a.dirs else []
    arms = {"A": shlex.split(a.jvm_options)} | (
        {"B": shlex.split(a.versus)} if a.versus is not None else {}
    )
    print(machine.describe())
    for arm, jvm_options in arms.items():
        print(
            f"command{' (arm ' + arm + ')' if a.versus is not None else ''}: java "
            f"{' '.join(jvm_options)} "
            f"-jar mimesisbench.jar run " + " ".join(options) + " --out DIR",
            flush=True,
        )
    runs: dict[str, list[dict]] = {arm: [] for arm in arms}
    for i in range(a.runs):
        for arm, jvm_options in arms.items():  # alternating, so both arms see the same machine
            label = f"run {i + 1}" + (f" {arm}" if a.versus is not None else "")
            runs[arm].append(
                one_run(label, jar, jvm_options, options, work / label.replace(" ", "-"))
            )
    cvs = {
        arm: summarize(f"arm {arm}: " if a.versus is not None else "", arm_runs)
        for arm, arm_runs in runs.items()
    }
    if a.versus is not None:
        ratio = statistics.mean(r["rate"] for r in runs["B"]) / statistics.mean(
            r["rate"] for r in runs["A"]
        )
        print(
            f"arm B against arm A: mean throughput {ratio:.3f}x, CV {100 * cvs['B']:.2f} % against "
            f"{100 * cvs['A']:.2f} %"
        )
    scaled = f", type scale {a.type_scale}" if a.type_scale else ""
    for arm, arm_runs in runs.items():
        path = Path(a.plot) if arm == "A" else Path(a.plot).with_stem(Path(a.plot).stem + "-versus")
        jvm = (
            f"\nJVM options {' '.join(arms[arm])}" if arms[arm] else ""
        )  # a line of its own: titles get long
        plot(
            arm_runs,
            f"{Path(a.profile).name}, time scale {a.time_scale}, span scale "
            f"{a.span_scale}{scaled}, seed 1: "
            f"{a.runs} embedded runs, CV {100 * cvs[arm]:.2f} %{jvm}",
            path,
        )
        print(f"plot: {path}")
    if a.keep:
        print(f"runs kept in {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
