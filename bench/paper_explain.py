"""Why ours differs from the paper's section 4 (bench/paper.py): the causes, said once, and for each
row the ones behind it with what the run's own figures show. Pure: text from the rows and config."""

from __future__ import annotations

from typing import Any

import paper_rows

CAUSES = {
    "machine": (
        "The machine. The paper's NameNode had a node of its own (2 quad-core Xeons) and its "
        "clients 31 "
        "more; here the NameNode, its emulated DataNodes and every mapper share one JVM on 2 "
        "shared "
        "cores. Absolute ops/s compare as a ratio of machines, not of systems."
    ),
    "audit": (
        "Today's HDFS. HDFS 3.5.0 (the version built against) logs each audit event and syncs the "
        "edit log "
        "after releasing the namesystem lock (FSNamesystem: writeUnlock, then logAuditEvent and "
        "logSync); "
        "the paper traces its write bottleneck, and the flat namespace's and the fair lock's "
        "costs, to "
        "audit logging under that lock in the HDFS of 2013."
    ),
    "rate": (
        "The profile's rate. At time scale 1 and full size the imported Yahoo profile issues 2,732 "
        "ops/s "
        "over its first 600 s, its pre-existing files first opened across the hour "
        "(profiles/yahoo-2011/README.md); the paper's knee (16,800 ops/s at c = 0.2) implies about "
        "3,400 ops/s at c = 1."
    ),
    "types": (
        "The two types. In the imported tables neither cluster 17 (type 16) nor cluster 29 (type "
        "28) is "
        "write-heavy: creates are a small share of both types' ops (the row says how small in "
        "these "
        "runs; profiles/yahoo-2011/README.md), so isolating them does not contrast reads with "
        "writes "
        "as the paper's did."
    ),
    "window": (
        "The ceiling's window. A ceiling run (time scale 0) issues the same --window of the "
        "profile as the "
        "runs at the other time scales, back to back, its --duration capping the wall clock."
    ),
    "mappers": (
        "Matching the ops. The paper set its mappers (30 and 12) so both types issued the same "
        "ops; here "
        "each type's files are scaled (--type-scale j=f, from the reference generator's count of "
        "the "
        "type's ops in --window) and each type runs on one mapper."
    ),
    "size": (
        "The size. The runs used a share of the profile (--size): "
        "every rate at a time scale is that share."
    ),
    "saturation": (
        "Past the knee. There a run issues faster than the NameNode serves: its RPC call queue "
        "holds "
        "hundreds of calls (the series table), the JVM keeps both cores busy, about half of that "
        "CPU "
        "in the kernel (the clients' RPC to the NameNode over loopback, in one JVM; "
        "bench/notes/paper.md), "
        "and a run's rate is what the shared host gives those cores: it follows the JVM's CPU per "
        "op, "
        "which differs between repeats of the same ops by up to a fifth (the series table) while "
        "compilation and GC pauses take a few seconds a run. So the sets of repeats past the knee "
        "spread more than those below it, where the rate is the schedule's."
    ),
    "data": (
        "Not the paper's. The paper's files were empty, as every other row's here (--zero-size); "
        "this row "
        "runs the same ceiling with each file's data, drawn from the profile's sizes, written "
        "through "
        "emulated DataNodes (addBlock, complete and their block reports reach the NameNode), in "
        "the same "
        "JVM as the NameNode. A profile without sizes writes nothing, and the two ceilings then "
        "differ by "
        "noise alone."
    ),
    "noise": (
        "The machine's noise. The repeats run on the 2 shared cores of a VM, the NameNode and its "
        "clients "
        "in one JVM (each sweep's load before and after is on the page). The project's own bar is "
        "a CV of 2 % (BENCHMARKS.md, repeatability)."
    ),
}


def explain(row: dict[str, Any], details: dict[str, Any], config: dict[str, Any]) -> dict[str, Any]:
    """What the row's figure is here (one sentence) and the CAUSES behind its difference."""
    key = row["id"]
    small = ["size"] if config["size"] < 1 else []
    text = "" if row["ours"] is not None else missing(key, details)
    if key.startswith("figure2"):
        causes = [*small, "rate", "machine"]
    elif key.startswith("figure3"):
        text = text or verdict(details.get("contrasts", {}).get(key))
        causes = ["machine", "audit", "window", *contrasted(key)]
    elif key in ("table4.ops_issued", "table4.ops_spread"):
        causes = ["mappers", "window", *small]
    elif key.startswith("table4."):
        text = " ".join(
            t
            for t in (text or verdict(details.get("contrasts", {}).get(key)), creates(details))
            if t
        )
        causes = ["types", "audit", *(["machine"] if "ceiling" in key else []), *contrasted(key)]
    elif key.startswith("data."):
        text = text or verdict(details.get("contrasts", {}).get(key))
        causes = ["data", "machine", "saturation", "noise"]
    elif key.startswith("table5."):
        text = verdict(details.get("table5", {}).get(key.split(".")[1].replace("_", "-")))
        causes = [
            "audit",
            *(["types"] if "heavy" in key or "mostly" in key else []),
            "saturation",
            "noise",
        ]
    else:
        text = text or spread(details)
        causes = ["saturation", "noise", *small]
    return {"text": text, "causes": causes}


def creates(details: dict[str, Any]) -> str:
    """How much of each isolated type's ops are creates, as run at time scale 1."""
    share = details.get("table4", {}).get("create_share", {})
    heavy, mostly = share.get("write-heavy-ts-1"), share.get("read-mostly-ts-1")
    if heavy is None or mostly is None:
        return ""
    return (
        f"Creates were {heavy:.1%} of the write-heavy type's ops and {mostly:.1%} of the "
        "read-mostly "
        f"type's{': here the read-mostly type creates more' if mostly > heavy else ''}."
    )


def contrasted(key: str) -> list[str]:
    """A ratio of two ceilings (paper_rows.CONTRASTS) is judged by how far their repeats spread."""
    return ["saturation"] if key in paper_rows.CONTRASTS else []


def verdict(t: dict[str, Any] | None) -> str:
    """compare's verdict on B over A, with its interval (paper_rows.throughput);
    "" when not compared."""
    if t is None:
        return ""
    low, high = t["relative_interval"] or (None, None)
    span = f" (95 % interval {low:+.1%} to {high:+.1%})" if low is not None else ""
    return f"compare: {t['verdict']}{span}."


def spread(details: dict[str, Any]) -> str:
    """The largest CV of the sets of repeats below Figure 2's knee and at or past it (by time
    scale)."""
    figure2 = details.get("figure2", {})
    knee = paper_rows.floor_time_scale(figure2.get("levels", []), figure2.get("saturation", {}))
    cvs = {key: v for key, v in details.get("cv", {}).items() if v is not None}
    if knee is None or not cvs:
        return ""
    below = {key: v for key, v in cvs.items() if time_scale(key) > knee}
    past = {key: v for key, v in cvs.items() if time_scale(key) <= knee}
    parts = []
    if below:
        worst = max(below, key=lambda k: below[k])
        parts.append(
            f"Below the knee (time scales above {knee:g}) the sets of repeats vary at most "
            f"{below[worst]:.2%} ({worst})"
        )
    if past:
        worst = max(past, key=lambda k: past[k])
        parts.append(
            f"{'at' if below else 'At'} {knee:g} and below, up to {past[worst]:.2%} ({worst})"
        )
    return "; ".join(parts) + "."


def time_scale(series: str) -> float:
    """A series' time scale from its key (paper_plan.Series.key: <workload>-ts-<c>)."""
    return float(series.rsplit("-ts-", 1)[1])


def missing(key: str, details: dict[str, Any]) -> str:
    if key.startswith("figure2"):
        knee = details.get("figure2", {}).get("saturation", {})
        return (
            "Latency did not leave its floor within the sweep (up to "
            f"{knee.get('maxRate', 0):,.0f} ops/s): "
            "the knee is above that rate."
        )
    return "Not measured in this run."
