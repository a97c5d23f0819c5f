#!/usr/bin/env python3
"""The paper's evaluation (MimesisBench, section 4) on the shipped Yahoo profile, from one command.

Runs the product's own commands, `mimesisbench.jar sweep` (each point repeated), then `mimesis-model
sweep` and `mimesis-model compare` on their results:
- Figure 2: latency per op against the issue rate, over the time scales (--time-scales), on the
  profile's hierarchy, and the rate where latency leaves its floor (`mimesis-model sweep`'s
  saturation: mean latency at twice its lowest);
- Figure 3: the same on a flat namespace (`--flat`), and both ceilings (time scale 0), their
  repeats compared by `mimesis-model compare`;
- Table 4 and Figure 4: the paper's clusters 17 and 29 (the profile's types 16 and 28) isolated
  (`--types`), their files scaled (`--type-scale j=f`) so both issue about the paper's 3,559,101
  ops times --size in the window, at time scale 1 and 0, their ceilings compared as Figure 3's;
- Table 5: the four workloads' ceilings with the unfair namesystem lock (`-D
  dfs.namenode.fslock.fair=false`) against the fair one, by `mimesis-model compare`;
- the coefficient of variation of ops/s of every set of repeats.
Every one of those runs makes empty files, as the paper's did (`--zero-size`). One row more is not
the paper's: the hierarchical ceiling with each file's data written through the emulated DataNodes
(the profile's sizes; `hierarchical-data-ts-0`) over the empty files' ceiling, by `compare`.
Writes OUT/paper.json (a row per published figure: the paper's, ours, the ratio, whether the claim
holds here and what explains the difference; the paper's figures come from
bench/paper_published.json) and OUT/paper.html (the same with the plots). Each sweep's results stay
in OUT/runs/<series>/; a rerun with the same --out runs only the sweeps that are missing, and
--report-only runs none (it regenerates the page and JSON).

Every run is embedded (its own NameNode and emulated DataNodes in the sweep's JVM) and starts its
NameNode from an fsimage of its workload's namespace, hierarchical or flat (`--name-dir`, written by
its first run into OUT/name-dirs/). Each sweep begins with --warm-up seconds of unrecorded runs at
time scale 0, so its repeats all run with the JVM's hot paths compiled.

usage: bench/paper [--size 1] [--window 600] [--repeats 3] [--warm-up 240] [--time-scales
1,0.5,0.2,0.1,0.05,0]
       [--flat-time-scales 1,0] [--heap 20g] [--out build/bench/paper] [--report-only]
       [--keep-traces]
       (after `mvn -B -q -ntp -pl dist -am -DskipTests package`; the repository's .venv)
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import machine  # bench/machine.py, beside this script
import paper_explain
import paper_page
import paper_plan
import paper_rows

REPO = Path(__file__).resolve().parent.parent
JAR = REPO / "dist/target/mimesisbench.jar"
PUBLISHED = Path(__file__).resolve().parent / "paper_published.json"
PAPER_OPS = 3_559_101  # Table 4: ops issued per test (bench/paper_published.json)
TIMINGS = "timings.json"


def scales(text: str) -> tuple[float, ...]:
    values = tuple(float(v) for v in text.split(",") if v.strip())
    if not values or any(v < 0 for v in values):
        raise argparse.ArgumentTypeError(f"{text!r}: give time scales >= 0, comma-separated")
    return values


def type_scales(size: float, window_s: float, target_ops: float, seed: int) -> dict[int, float]:
    """Each isolated type's --type-scale (beyond all=SIZE) for it to issue TARGET_OPS in the window,
    from the reference generator's count of its ops at full size (the paper adjusted mappers)."""
    from mimesis_model.formats.profile import Profile
    from mimesis_model.model.synthesis import synthesize

    profile = Profile.read(REPO / paper_plan.PROFILE)
    result = {}
    for j in (paper_plan.WRITE_HEAVY_TYPE, paper_plan.READ_MOSTLY_TYPE):
        alone = dataclasses.replace(profile, file_types=[profile.file_types[j]])
        ops = sum(
            synthesize(alone, window_ms=window_s * 1000, random_state=seed).op_counts().values()
        )
        result[j] = target_ops / (size * ops)
    return result


def run_series(
    series: paper_plan.Series,
    config: paper_plan.Config,
    out: Path,
    heap: str,
    timings: dict[str, Any],
) -> None:
    """One sweep, unless its sweep.json is there; its output in OUT/logs/<key>.log."""
    if (out / "runs" / series.key / "sweep.json").is_file():
        return
    args = series.sweep_args(config, out / "runs", out / "name-dirs")
    if (out / "runs" / series.key).exists():
        args.append("--overwrite")  # a sweep killed before its end: its finished runs are not kept
    (out / "logs").mkdir(parents=True, exist_ok=True)
    (out / "name-dirs").mkdir(parents=True, exist_ok=True)
    log = out / "logs" / f"{series.key}.log"
    command = ["java", f"-Xmx{heap}", "-jar", str(JAR), *args]
    print(f"{time.strftime('%H:%M:%S')} {series.key}: {shlex.join(command)}", flush=True)
    start, load = time.perf_counter(), machine.load()
    with log.open("w") as output:
        code = subprocess.run(
            command, stdout=output, stderr=subprocess.STDOUT, cwd=REPO, check=False
        ).returncode
    # the load beside each set of repeats: on a shared machine it explains much of their spread
    timings[series.key] = {
        "seconds": time.perf_counter() - start,
        "load_before": load,
        "load_after": machine.load(),
    }
    (out / TIMINGS).write_text(json.dumps(timings, indent=1))
    if code == 2 or not (out / "runs" / series.key / "sweep.json").is_file():
        raise SystemExit(f"{series.key}: sweep failed (exit {code}); its output: {log}")
    print(
        f"  {timings[series.key]['seconds']:.0f} s (exit {code}: "
        f"{'every run valid' if code == 0 else 'a run NOT valid'})",
        flush=True,
    )


def prune(sweep_dir: Path) -> None:
    """Drops what the bench does not read from a sweep's runs: the NameNode's audit log and its
    parse."""
    for run in sweep_dir.glob("ts-*"):
        (run / "namenode-audit.log").unlink(missing_ok=True)
        shutil.rmtree(run / "trace", ignore_errors=True)


def model(*args: str, cwd: Path | None = None) -> dict[str, Any]:
    """`mimesis-model ARGS --json` (in CWD), parsed."""
    done = subprocess.run(
        [sys.executable, "-m", "mimesis_model", *args, "--json"],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"mimesis-model {' '.join(args)}: {done.stderr.strip()}")
    parsed: dict[str, Any] = json.loads(done.stdout)
    return parsed


def levels(out: Path, name: str, sweeps: list[dict[str, Any]]) -> dict[str, Any]:
    """`mimesis-model sweep` of the merged sweeps, in OUT/NAME (which gets its figure2.png)."""
    folder = out / name
    folder.mkdir(exist_ok=True)
    (folder / "sweep.json").write_text(json.dumps(paper_rows.merged(sweeps), indent=1))
    return model("sweep", str(folder))


def runs_of(key: str, sweep: dict[str, Any]) -> list[str]:
    """The sweep's run folders, relative to --out (so the JSON names no path of this machine)."""
    return [f"runs/{key}/{p['results']}" for p in sweep["points"]]


def analyse(
    out: Path, config: paper_plan.Config, planned: list[paper_plan.Series], command: str
) -> dict[str, Any]:
    sweeps = {
        s.key: json.loads((out / "runs" / s.key / "sweep.json").read_text())
        for s in planned
        if (out / "runs" / s.key / "sweep.json").is_file()
    }
    hier = [
        sweeps[s.key]
        for s in planned
        if s.workload == paper_plan.HIERARCHICAL and s.fair and not s.data and s.key in sweeps
    ]
    flat = [
        sweeps[s.key]
        for s in planned
        if s.workload == paper_plan.FLAT and s.fair and s.key in sweeps
    ]
    if not hier:
        raise SystemExit(f"{out}: no hierarchical sweep finished: nothing to report")
    figure2 = levels(out, "figure2", hier)
    figure3 = levels(out, "figure3-flat", flat) if flat else None

    def compare(a: str, b: str) -> dict[str, Any]:
        return model("compare", *runs_of(a, sweeps[a]), "--", *runs_of(b, sweeps[b]), cwd=out)

    pairs = {w.name: (f"{w.name}-ts-0", f"{w.name}-unfair-ts-0") for w in paper_plan.WORKLOADS}
    comparisons = {
        name: compare(a, b) for name, (a, b) in pairs.items() if a in sweeps and b in sweeps
    }
    contrasts = {
        key: compare(a, b)
        for key, (a, b) in paper_rows.CONTRASTS.items()
        if a in sweeps and b in sweeps
    }
    measured = paper_rows.measure(sweeps, figure2, figure3, comparisons, contrasts)
    published = json.loads(PUBLISHED.read_text())
    rows = paper_rows.rows(published, measured)
    config_json = {**dataclasses.asdict(config), "profile": paper_plan.PROFILE}
    for row in rows:
        why = paper_explain.explain(row, measured["details"], config_json)
        row["explanation"], row["causes"] = why["text"], why["causes"]
    timings = json.loads((out / TIMINGS).read_text()) if (out / TIMINGS).is_file() else {}
    by_key = {s.key: s for s in planned}
    series = [
        {
            "key": key,
            "time_scale": by_key[key].time_scale,
            "runs": len(s["points"]),
            "valid": sum(bool(p.get("valid")) for p in s["points"]),
            "ops_per_second": sum(paper_rows.rates(s)) / len(s["points"]),
            "cv": paper_rows.cv(paper_rows.rates(s)),
            "ops_issued": sum(paper_rows.ops_issued(p) for p in s["points"]) / len(s["points"]),
            "call_queue": paper_rows.call_queue(s),
            "cpu_us_per_op": [cpu_per_op(out / "runs" / key / p["results"]) for p in s["points"]],
            **wall(timings.get(key)),
        }
        for key, s in sweeps.items()
    ]
    return {
        "published": published,
        "causes": paper_explain.CAUSES,
        "config": config_json,
        "machine": machine.describe(),
        "load": machine.load(),
        "command": command,
        "rows": rows,
        "series": series,
        "details": measured["details"],
        "comparisons": comparisons,
        "contrasts": contrasts,
        "missing": [s.key for s in planned if s.key not in sweeps],
    }


def cpu_per_op(run: Path) -> float | None:
    """The run's JVM CPU per op in phase 2 (summary.json's jvm), which tells a slower host from more
    work."""
    summary = (
        json.loads((run / "summary.json").read_text()) if (run / "summary.json").is_file() else {}
    )
    value = summary.get("jvm", {}).get("cpuMicrosPerOp")
    return float(value) if value is not None else None


def wall(timing: float | dict[str, Any] | None) -> dict[str, Any]:
    """A sweep's wall seconds and the load before and after it (a bare number: seconds alone)."""
    if isinstance(timing, dict):
        return {
            "wall_seconds": timing["seconds"],
            "load": f"{timing['load_before']} -> {timing['load_after']}",
        }
    return {"wall_seconds": timing, "load": None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--size",
        type=float,
        default=1.0,
        help="share of the profile's files and directories (--type-scale all=); "
        "1: the whole profile",
    )
    ap.add_argument(
        "--window",
        type=float,
        default=600.0,
        help="seconds of the profile's time each run covers (the prototype's MAX_TIME: 600)",
    )
    ap.add_argument(
        "--ceiling-cap",
        type=float,
        default=None,
        help="wall-clock seconds a run at time scale 0 may take (default: --window)",
    )
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument(
        "--warm-up",
        type=float,
        default=240.0,
        help="seconds of unrecorded runs at time scale 0 before each sweep (sweep --warm-up: its "
        "repeats share a JVM, and compiling costs the first ones up to 40 s of 2 cores); 0: none",
    )
    ap.add_argument("--time-scales", type=scales, default=(1, 0.5, 0.2, 0.1, 0.05, 0))
    ap.add_argument(
        "--flat-time-scales",
        type=scales,
        default=(1, 0),
        help="Figure 3's flat curve (default 1,0: its ceiling beside time scale 1; "
        "each flat run makes "
        "its namespace through RPC, 13-20 min at full size)",
    )
    ap.add_argument(
        "--table4-ops",
        type=float,
        default=None,
        help="ops each isolated type issues in the window (default the paper's 3,559,101 x --size)",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--heap", default="20g", help="the sweeps' JVM heap (-Xmx)")
    ap.add_argument("--out", type=Path, default=REPO / "build/bench/paper")
    ap.add_argument(
        "--keep-traces",
        action="store_true",
        help="keep each run's namenode-audit.log and trace/ (gigabytes a run at full size)",
    )
    ap.add_argument(
        "--report-only",
        action="store_true",
        help="run nothing: the page and JSON from --out's sweeps",
    )
    a = ap.parse_args()
    if a.size <= 0 or a.window <= 0 or a.repeats < 1 or a.warm_up < 0:
        print(
            "bench/paper: --size and --window must be positive, --repeats at least 1, --warm-up at "
            "least 0",
            file=sys.stderr,
        )
        sys.exit(2)
    out = a.out.resolve()
    saved = out / "config.json"
    if a.report_only and saved.is_file():
        given = json.loads(saved.read_text())
        config = paper_plan.Config(
            size=given["size"],
            window_s=given["window_s"],
            ceiling_cap_s=given["ceiling_cap_s"],
            repeats=given["repeats"],
            time_scales=tuple(given["time_scales"]),
            flat_time_scales=tuple(given["flat_time_scales"]),
            seed=given["seed"],
            type_scales={int(k): v for k, v in given["type_scales"].items()},
            warm_up_s=given.get("warm_up_s", 0.0),
        )
    else:
        target = a.table4_ops if a.table4_ops is not None else PAPER_OPS * a.size
        config = paper_plan.Config(
            size=a.size,
            window_s=a.window,
            ceiling_cap_s=a.ceiling_cap or a.window,
            repeats=a.repeats,
            time_scales=a.time_scales,
            flat_time_scales=a.flat_time_scales,
            seed=a.seed,
            type_scales=type_scales(a.size, a.window, target, a.seed),
            warm_up_s=a.warm_up,
        )
    planned = paper_plan.series(config)
    command = shlex.join(["bench/paper", *sys.argv[1:]])
    if a.report_only and (out / "command.txt").is_file():  # the page says how its runs were made
        command = f"{(out / 'command.txt').read_text().strip()}\n# page and JSON again: {command}"
    if not a.report_only:
        if not JAR.is_file():
            raise SystemExit(f"{JAR}: not built: mvn -B -q -ntp -pl dist -am -DskipTests package")
        out.mkdir(parents=True, exist_ok=True)
        if saved.is_file() and json.loads(saved.read_text()) != json.loads(
            json.dumps(dataclasses.asdict(config))
        ):
            raise SystemExit(
                f"bench/paper: --out {out} holds runs made with other options ({saved}); "
                "give another --out"
            )
        saved.write_text(json.dumps(dataclasses.asdict(config), indent=1))
        (out / "command.txt").write_text(command + "\n")
        print(machine.describe(), flush=True)
        print(
            f"{len(planned)} sweeps of {config.repeats} runs; load average {machine.load()}",
            flush=True,
        )
        timings = json.loads((out / TIMINGS).read_text()) if (out / TIMINGS).is_file() else {}
        for s in planned:
            run_series(s, config, out, a.heap, timings)
            if not a.keep_traces:
                prune(out / "runs" / s.key)
    result = analyse(out, config, planned, command)
    (out / "paper.json").write_text(json.dumps(result, indent=1, default=str))
    figure2 = out / "figure2" / "figure2.png"
    page = paper_page.render(result, figure2.read_bytes() if figure2.is_file() else None)
    (out / "paper.html").write_text(page)
    for row in result["rows"]:
        holds = {True: "holds", False: "DIFFERS", None: "-"}[row["holds"]]
        print(
            f"{row['id']:<42} paper {paper_page.number(row['paper'], row['unit']):>10}  "
            f"ours {paper_page.number(row['ours'], row['unit']):>10}  ratio "
            f"{paper_page.number(row['ratio'], 'x'):>6}  {holds}"
        )
    print(f"{out / 'paper.html'}\n{out / 'paper.json'}")


if __name__ == "__main__":
    main()
