"""The page of bench/paper.py: the paper's section 4 beside ours, one self-contained HTML file (PNG
plots inlined), as `mimesis-model report` writes a run's. Run with the repository's .venv (it draws
with mimesis_model.figures)."""

from __future__ import annotations

import base64
import html
from typing import Any

from mimesis_model.figures import new_figure, png_bytes

STYLE = (
    "body{font-family:sans-serif;margin:2em;max-width:80em}table{border-collapse:collapse}"
    "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right;vertical-align:top}"
    "td:first-child,th:first-child{text-align:left}td.text{text-align:left;max-width:40em}"
    "img{max-width:100%}.differs{color:#a40}.holds{color:#060}"
)


def number(value: Any, unit: str = "") -> str:
    if value is None:
        return "-"
    if unit == "share":
        return f"{value:.2%}"
    if unit in ("x", "time scale"):
        return f"{value:.3g}"
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:,.3g}"


def figure3_plot(details: dict[str, Any]) -> bytes:
    """Mean latency against issue rate, hierarchical and flat, the ceilings marked."""
    figure = new_figure()
    axes = figure.add_subplot()
    curves = (
        ("hierarchical", details.get("figure2", {}).get("levels", [])),
        ("flat", details.get("figure3", {}).get("flat_levels", [])),
    )
    for name, levels in curves:
        if levels:
            axes.plot(
                [lv["rate"] for lv in levels],
                [lv["mean_latency_us"] / 1000 for lv in levels],
                marker="o",
                label=name,
            )
    axes.set_xlabel("issue rate (ops/s, mean of the repeats)")
    axes.set_ylabel("mean response time of all ops (ms)")
    axes.set_yscale("log")
    axes.grid(alpha=0.3)
    axes.legend(fontsize="small")
    axes.set_title("Figure 3: hierarchical against flat namespace", fontsize=10)
    return png_bytes(figure)


def figure4_plot(details: dict[str, Any]) -> bytes:
    """Open latency of the two isolated types at time scale 1 and 0."""
    figure = new_figure(7.0, 4.5)
    axes = figure.add_subplot()
    latency = details.get("table4", {}).get("open_mean_service_us", {})
    for i, name in enumerate(("write-heavy", "read-mostly")):
        values = [(latency.get(f"{name}-ts-{c}") or 0) / 1000 for c in ("1", "0")]
        axes.bar([i * 3, i * 3 + 1], values, color=["#8ab", "#c64"])
        for x, v in zip((i * 3, i * 3 + 1), values, strict=True):
            axes.annotate(f"{v:.2f}", (x, v), ha="center", va="bottom", fontsize="small")
    axes.set_xticks(
        [0, 1, 3, 4],
        ["write-heavy\nc = 1", "write-heavy\nc = 0", "read-mostly\nc = 1", "read-mostly\nc = 0"],
    )
    axes.set_ylabel("open: mean service time (ms)")
    axes.set_title("Figure 4: open latency of the isolated types", fontsize=10)
    axes.grid(alpha=0.3, axis="y")
    return png_bytes(figure)


def table5_plot(rows: list[dict[str, Any]], details: dict[str, Any]) -> bytes:
    """Unfair over fair: ours with compare's interval, the paper's where it gives one."""
    figure = new_figure(7.0, 4.5)
    axes = figure.add_subplot()
    shown = [r for r in rows if r["id"].startswith("table5.")]
    for i, row in enumerate(shown):
        t = details.get("table5", {}).get(row["id"].split(".")[1].replace("_", "-"))
        if t is not None and t["relative"] is not None:
            low, high = t["relative_interval"] or (t["relative"], t["relative"])
            error = [[100 * (t["relative"] - low)], [100 * (high - t["relative"])]]
            axes.errorbar(
                [i],
                [100 * t["relative"]],
                yerr=error,
                marker="o",
                capsize=4,
                color="#c64",
                label="ours (95 % interval)",
            )
        if row["paper"] is not None:
            axes.plot(
                [i], [100 * row["paper"]], marker="s", color="#444", linestyle="none", label="paper"
            )
    axes.axhline(0, color="grey", linewidth=0.8)
    axes.set_xticks(range(len(shown)), [r["id"].split(".")[1].replace("_", "-") for r in shown])
    axes.set_ylabel("throughput, unfair over fair lock (%)")
    axes.set_title("Table 5: unfair against fair namesystem lock", fontsize=10)
    axes.grid(alpha=0.3, axis="y")
    handles, labels = axes.get_legend_handles_labels()
    unique = dict(zip(labels, handles, strict=True))
    axes.legend(unique.values(), unique.keys(), fontsize="small")
    return png_bytes(figure)


def cv_plot(series: list[dict[str, Any]]) -> bytes:
    figure = new_figure(8.0, 4.5)
    axes = figure.add_subplot()
    known = [s for s in series if s.get("cv") is not None]
    axes.bar(range(len(known)), [100 * s["cv"] for s in known], color="#8ab")
    axes.axhline(2.38, color="#444", linestyle="--", label="the paper's largest, 2.38 %")
    axes.set_xticks(
        range(len(known)), [s["key"] for s in known], rotation=60, ha="right", fontsize="small"
    )
    axes.set_ylabel("CV of ops/s over the repeats (%)")
    axes.legend(fontsize="small")
    axes.grid(alpha=0.3, axis="y")
    return png_bytes(figure)


def image(png: bytes, caption: str) -> str:
    return (
        f'<figure><img alt="{e(caption)}" '
        f'src="data:image/png;base64,{base64.b64encode(png).decode()}">'
        f"<figcaption>{e(caption)}</figcaption></figure>"
    )


def e(text: Any) -> str:
    return html.escape(str(text))


def render(result: dict[str, Any], figure2_png: bytes | None) -> str:
    """The page of RESULT (bench/paper.py's paper.json content)."""
    rows, details, config = result["rows"], result["details"], result["config"]
    source = result["published"]["source"]
    differs = [r for r in rows if r["holds"] is False]
    unmeasured = [r for r in rows if r["ours"] is None and r["holds"] is not False]
    causes = result["causes"]
    numbered = {name: i + 1 for i, name in enumerate(causes)}

    def why(r: dict[str, Any]) -> str:
        return " ".join([e(r["explanation"]), *(f"[{numbered[c]}]" for c in r["causes"])]).strip()

    table = [
        (
            "<table><tr><th>figure</th><th>what</th><th>paper</th><th>ours</th><th>ours / "
            "paper</th>"
            "<th>claim holds here</th><th>what explains the difference</th></tr>"
        )
    ]
    for r in rows:
        mark = {
            True: "<span class=holds>yes</span>",
            False: "<span class=differs>no</span>",
            None: "-",
        }[r["holds"]]
        table.append(
            f"<tr><td>{e(r['section'])}</td><td class=text>{e(r['what'])}</td>"
            f"<td>{number(r['paper'], r['unit'])}</td><td>{number(r['ours'], r['unit'])}</td>"
            f"<td>{number(r['ratio'], 'x')}</td><td>{mark}</td><td class=text>{why(r)}</td></tr>"
        )
    table.append("</table>")
    series_table = [
        (
            "<table><tr><th>series</th><th>time scale</th><th>runs</th><th>valid</th>"
            "<th>ops/s (mean)</th><th>CV</th><th>ops issued (mean)</th><th>NameNode call queue "
            "(mean)</th>"
            "<th>JVM CPU per op, us (each run)</th><th>wall s</th>"
            "<th>load average before -> after</th></tr>"
        )
    ]
    for s in result["series"]:
        series_table.append(
            f"<tr><td>{e(s['key'])}</td><td>{s['time_scale']:g}</td><td>{s['runs']}</td>"
            f"<td>{s['valid']}</td><td>{number(s['ops_per_second'])}</td>"
            f"<td>{number(s['cv'], 'share')}</td><td>{number(s['ops_issued'])}</td>"
            f"<td>{number(s.get('call_queue'))}</td>"
            f"<td>{e(', '.join(number(c) for c in s.get('cpu_us_per_op') or []) or '-')}</td>"
            f"<td>{number(s.get('wall_seconds'))}</td><td>{e(s.get('load') or '-')}</td></tr>"
        )
    series_table.append("</table>")
    sections = [
        "<h1>The paper's evaluation (section 4) on the Yahoo profile</h1>",
        (
            f"<p>Paper: {e(source['authors'])}, \u201c{e(source['title'])}\u201d, "
            f"{e(source['venue'])}. "
            f"Its testbed: {e(source['testbed'])}.</p>"
        ),
        (
            f"<p>Ours: {e(result['machine'])}; profile {e(config['profile'])} at size "
            f"{config['size']:g} "
            f"(--type-scale all={config['size']:g}), {config['repeats']} repeats per point, each "
            "run covering "
            f"{config['window_s']:g} s of the profile's time (time scale 0: capped at "
            f"{config['ceiling_cap_s']:g} s "
            f"of wall clock); load average {e(result['load'])}.</p>"
        ),
        "<h2>Where ours differs from the paper</h2>",
        (
            "<p>Where the paper's claim does not hold here:</p><ul>"
            + "".join(
                f"<li><b>{e(r['section'])}, {e(r['what'])}</b>: paper "
                f"{number(r['paper'], r['unit'])}, "
                f"ours {number(r['ours'], r['unit'])}. {why(r)}</li>"
                for r in differs
            )
            + "</ul>"
        )
        if differs
        else "<p>Every claim the paper's figures make that was measured holds here.</p>",
        (
            "<p>Not measured in this run: "
            + e(", ".join(f"{r['section']} ({r['what']})" for r in unmeasured))
            + ".</p>"
        )
        if unmeasured
        else "",
        "<p>The absolute rates are the machines' ratio, not the systems'. What explains the "
        "differences "
        "(each row names its causes):</p><ol>"
        + "".join(f"<li>{e(text)}</li>" for text in causes.values())
        + "</ol>",
        "<h2>Every figure and table: the paper's, ours, the ratio</h2>",
        *table,
    ]
    if figure2_png is not None:
        sections.append(
            image(
                figure2_png,
                "Figure 2: p50 response time of each op against the issue rate "
                "(hierarchical namespace; mimesis-model sweep)",
            )
        )
    sections.append(image(figure3_plot(details), "Figure 3: hierarchical against flat namespace"))
    sections.append(
        image(
            figure4_plot(details),
            "Figure 4: open latency, write-heavy (cluster 17) and "
            "read-mostly (cluster 29) types isolated, at time scale 1 and 0",
        )
    )
    sections.append(
        image(table5_plot(rows, details), "Table 5: unfair against fair lock (compare)")
    )
    sections.append("<h2>Every set of repeats</h2>" + "".join(series_table))
    sections.append(
        image(cv_plot(result["series"]), "Coefficient of variation of every set of repeats")
    )
    sections.append(
        "<h2>Table 4's types: files scaled to issue about the same ops</h2><p>"
        + e(
            ", ".join(
                f"type {j}: --type-scale {j}={f:.4g}" for j, f in config["type_scales"].items()
            )
        )
        + "</p>"
    )
    sections.append("<h2>How it was run</h2><pre>" + e(result["command"]) + "</pre>")
    return (
        "<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>MimesisBench: the paper's "
        f"evaluation</title><style>{STYLE}</style></head><body>"
        + "".join(sections)
        + "</body></html>\n"
    )
