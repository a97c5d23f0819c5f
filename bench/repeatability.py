#!/usr/bin/env python3
"""Repeatability of embedded runs (issue 5's bar: five identical embedded runs give a throughput
coefficient of variation of at most 2 %).

Runs `mimesisbench.jar run --profile P --time-scale X --seed 1 --out DIR` five times (each its own
embedded HDFS: phase 1 builds the namespace, phase 2 replays the workload), reads each run's
summary.json (overall.opsPerSecond: ops over the seconds from the start to the last op's end), and
prints the coefficient of variation (sample standard deviation / mean). The five runs' per-second
timelines (timeline.csv, all ops) are plotted to bench/results/repeatability.png. For scale, it
also prints the spread of what the workload does not touch: phase 1's seconds, and a fixed piece of
CPU work and a fixed piece of memory-bound work timed before each run (machine.probe_seconds,
machine.memory_probe_seconds), and the CPU work on both cores at once before and after each run
(machine.two_core_probe_seconds), so a run's spread can be set beside the machine's; and each run's
CPU seconds (user + system of its JVM) per op, which tells a run that was given fewer cycles
(same CPU per op) from one whose ops cost more (more CPU per op).

usage: .venv/bin/python bench/repeatability.py [--profile profiles/yahoo-2011-demo]
       [--time-scale 0.0167] [--span-scale 1] [--type-scale all=4 --dirs 112791] [--runs 5]
       [--plot bench/results/repeatability.png]
       (after `mvn -o -q -pl dist -am package -DskipTests`; matplotlib from the repo's venv)
"""
import argparse
import csv
import json
import shutil
import statistics
import subprocess
import time
from pathlib import Path

import jvm_threads  # bench/jvm_threads.py, beside this script
import machine  # bench/machine.py, beside this script

import matplotlib  # the repo's venv: .venv/bin/python (bin/setup); checked before the runs, not after

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

REPO = Path(__file__).resolve().parent.parent



def cv(values: list[float]) -> float:
    """Coefficient of variation: sample standard deviation over the mean."""
    return statistics.stdev(values) / statistics.mean(values)


def timeline(run: Path) -> list[int]:
    with (run / "timeline.csv").open() as f:
        return [int(row["total"]) for row in csv.DictReader(f)]


def plot(runs: list[Path], rates: list[float], title: str, out: Path) -> None:
    fig, ax = plt.subplots(figsize=(9, 4.5))
    for i, (run, rate) in enumerate(zip(runs, rates)):
        ops = timeline(run)
        ax.plot(range(len(ops)), ops, lw=0.9, alpha=0.8, label=f"run {i + 1}: {rate:,.1f} ops/s overall")
    ax.set_xlabel("second of phase 2")
    ax.set_ylabel("ops issued in the second")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=120)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", default="profiles/yahoo-2011-demo")
    ap.add_argument("--time-scale", default="0.0167")  # the profile's hour in a minute
    ap.add_argument("--span-scale", default="1")
    ap.add_argument("--type-scale", help="e.g. all=4: more files, so longer runs at time scale 0")
    ap.add_argument("--dirs", help="the hierarchy's directories (default: the profile's, times all=)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--plot", default=str(REPO / "bench/results/repeatability.png"))
    a = ap.parse_args()
    jar = REPO / "dist/target/mimesisbench.jar"
    work = REPO / "build/bench/repeatability"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    options = ["--profile", str(REPO / a.profile), "--time-scale", a.time_scale, "--span-scale", a.span_scale,
               "--seed", "1"]
    options += ["--type-scale", a.type_scale] if a.type_scale else []
    options += ["--dirs", a.dirs] if a.dirs else []
    print(machine.describe())
    print("command: java -jar mimesisbench.jar run " + " ".join(options) + " --out DIR", flush=True)
    runs, rates, probes, memory_probes, namespace, cpu_per_op, thread_cpu = [], [], [], [], [], [], []
    phase2_cpu_per_op, two_core_before, two_core_after = [], [], []
    for i in range(a.runs):
        out = work / f"run-{i + 1}"
        probes.append(machine.probe_seconds())
        memory_probes.append(machine.memory_probe_seconds())
        two_core_before.append(machine.two_core_probe_seconds())
        before = machine.load()
        cpu_before, steal_before = machine.children_cpu_seconds(), machine.steal_ticks()
        start = time.perf_counter()
        log = work / f"run-{i + 1}.log"  # whole, kept on failure: the cause is often far from the end
        with log.open("w") as output:
            p = subprocess.Popen(["java", "-jar", str(jar), "run", *options, "--out", str(out)],
                                 stdout=output, stderr=subprocess.STDOUT)
            threads = jvm_threads.ThreadCpu(p.pid)
            while p.poll() is None:
                threads.sample()
                time.sleep(0.5)
        wall = time.perf_counter() - start
        cpu, steal = machine.children_cpu_seconds() - cpu_before, machine.steal_ticks() - steal_before
        two_core_after.append(machine.two_core_probe_seconds())  # after: the machine's state may last minutes
        if p.returncode:
            raise SystemExit(f"run {i + 1} failed ({p.returncode}), its output in {log}:\n{log.read_text()[-2000:]}")
        s = json.loads((out / "summary.json").read_text())
        o, d = s["overall"], s["driftMicros"]
        runs.append(out)
        rates.append(o["opsPerSecond"])
        namespace.append(s["namespace"]["seconds"])
        cpu_per_op.append(cpu / o["count"])
        phase2_cpu_per_op.append(s["jvm"]["cpuMicrosPerOp"])  # the run's own reading, phase 2 alone
        ops = o["count"]  # the same in every run: one seed
        print(f"run {i + 1}: {'valid' if s['valid'] else 'NOT valid'}, {o['count']:,} ops ({o['scheduled']:,} "
              f"scheduled) in {o['seconds']:.2f} s: {o['opsPerSecond']:,.1f} ops/s; drift p99 {d['p99'] / 1000:,.1f} ms, "
              f"max {d['max'] / 1000:,.1f} ms; namespace {s['namespace']['seconds']:.1f} s; wall {wall:.0f} s; "
              f"probe {probes[-1]:.3f} s, memory probe {memory_probes[-1]:.3f} s, two-core probe before "
              f"{two_core_before[-1]:.3f} s and after {two_core_after[-1]:.3f} s; JVM CPU {cpu:.0f} s "
              f"({cpu / wall:.2f} cores, {1e6 * cpu_per_op[-1]:.1f} us an op; phase 2 alone "
              f"{s['jvm']['cores']:.2f} cores, {phase2_cpu_per_op[-1]:.1f} us an op); steal {steal} ticks; "
              f"load {before} -> {machine.load()}", flush=True)
        groups = threads.by_group()
        thread_cpu.append(groups)
        print("  JVM CPU by thread, us an op: " + ", ".join(
            f"{g} {1e6 * c / o['count']:.1f}" for g, c in groups.items()), flush=True)
    rates_cv = cv(rates)
    print(f"throughput: mean {statistics.mean(rates):,.1f} ops/s, min {min(rates):,.1f}, max {max(rates):,.1f}, "
          f"CV {100 * rates_cv:.2f} %: bar (<= 2 %) " + ("met" if rates_cv <= 0.02 else "NOT met"))
    # the same fixed work each time: how much the machine itself moved between the runs
    print(f"machine, for scale: phase 1 (namespace) seconds CV {100 * cv(namespace):.2f} %; "
          f"CPU probe (sha256 of 1 GiB on one core, before each run) CV {100 * cv(probes):.2f} %; "
          f"memory probe (16 M random reads of 1 GiB) CV {100 * cv(memory_probes):.2f} %; "
          f"two-core probe (the CPU probe on both cores at once) before CV {100 * cv(two_core_before):.2f} %, "
          f"after CV {100 * cv(two_core_after):.2f} %")
    print(f"JVM CPU per op: whole run (both phases) CV {100 * cv(cpu_per_op):.2f} %, "
          f"phase 2 alone (summary.json's jvm) CV {100 * cv(phase2_cpu_per_op):.2f} %")
    # where the slowest run's extra CPU went: per thread group, its CPU per op minus the fastest run's
    slow, fast = thread_cpu[rates.index(min(rates))], thread_cpu[rates.index(max(rates))]
    print("slowest run minus fastest, JVM CPU by thread, us an op: " + ", ".join(
        f"{g} {1e6 * (slow[g] - fast[g]) / ops:+.1f}" for g in slow))
    scaled = f", type scale {a.type_scale}" if a.type_scale else ""
    plot(runs, rates, f"{Path(a.profile).name}, time scale {a.time_scale}, span scale {a.span_scale}{scaled}, seed 1: "
         f"{a.runs} embedded runs, CV {100 * rates_cv:.2f} %", Path(a.plot))
    print(f"plot: {a.plot}")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
