"""The whole workload's command mix: every audited call, by command as the NameNode's audit log
wrote it with rename's options folded (`rename (options=[TO_TRASH])` counts as `rename`: the
trace's `op`), allowed and denied alike: a denied call is still a call the NameNode served.

Two sides (a trace, a run, a model's synthetic workload) are compared by the total variation
distance of their command shares over every command either side issued, by coverage (one side's
calls over the other's), and by the commands one side never issued. The per-op distances of
`fidelity.py` compare only the ops the model generates; these compare the whole.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from mimesis_model.formats.fidelity_report import (
    Against,
    CommandRow,
    MixDistance,
    NeverIssued,
    WholeWorkload,
)
from mimesis_model.formats.ops import command_of
from mimesis_model.model.synthesis import SyntheticWorkload

FLAG_SHARE: Final = 0.001
"""a command never issued is flagged when it made at least this share of the reference's calls"""
UNSCORED: Final[Against[MixDistance]] = Against(None, None)
"""a whole workload's distance to neither side"""


@dataclass(frozen=True)
class CommandCounts:
    """One side's calls by command (allowed and denied), and how many of them were denied."""

    calls: dict[str, float]
    denied: float | None = None
    """None: not known (a trace's report may not say)"""

    @classmethod
    def of_log(cls, by_cmd: Mapping[str, float], denied: float | None) -> CommandCounts:
        """From counts by cmd as written (a parse report's by_cmd), options folded."""
        calls: dict[str, float] = {}
        for cmd, count in by_cmd.items():
            command = command_of(cmd)
            calls[command] = calls.get(command, 0) + count
        return cls(calls, denied)

    @classmethod
    def of_model(cls, workload: SyntheticWorkload, per: float = 1.0) -> CommandCounts:
        """Every call WORKLOAD issued (files, directories, calls, probes, the cluster's), divided
        by PER (its replicas), named as the log names them; its denied calls are its denied
        streams' and its deletes of paths nothing makes (HDFS audits a delete that removed
        nothing as allowed=false)."""
        calls = {command: n / per for command, n in workload.command_counts().items()}
        denied = len(workload.denied_command) + workload.missing_command.count("delete")
        return cls(calls, denied / per)

    @property
    def total(self) -> float:
        return float(sum(self.calls.values()))

    def scaled(self, factor: float) -> CommandCounts:
        """These counts times FACTOR (the calls expected in a window FACTOR times as long)."""
        return CommandCounts(
            {command: n * factor for command, n in self.calls.items()},
            None if self.denied is None else self.denied * factor,
        )


def total_variation(observed: CommandCounts, expected: CommandCounts) -> float | None:
    """Half the L1 distance between the two sides' command shares, over every command either
    side issued; None when a side issued nothing."""
    left, right = observed.total, expected.total
    if left <= 0 or right <= 0:
        return None
    commands = sorted(set(observed.calls) | set(expected.calls))  # a fixed order: same last digits
    return 0.5 * sum(
        abs(observed.calls.get(c, 0) / left - expected.calls.get(c, 0) / right) for c in commands
    )


def mix_distance(
    observed: CommandCounts, expected: CommandCounts, comparable: bool = True
) -> MixDistance:
    """The command mix's total variation and the coverage: OBSERVED's calls over EXPECTED's
    (None when EXPECTED has none, or when the counts are not COMPARABLE: a scaled run is meant
    to issue a different number of calls)."""
    return MixDistance(
        command_mix_tv=total_variation(observed, expected),
        coverage=observed.total / expected.total if comparable and expected.total > 0 else None,
    )


def never_issued(issued: CommandCounts, reference: CommandCounts) -> tuple[NeverIssued, ...]:
    """The commands REFERENCE issued and ISSUED did not, most calls first, each with its share of
    REFERENCE's calls and whether that share is at least FLAG_SHARE."""
    total = reference.total
    missing = [
        (command, n) for command, n in reference.calls.items()
        if n > 0 and issued.calls.get(command, 0) <= 0
    ]  # fmt: skip
    missing.sort(key=lambda item: (-item[1], item[0]))
    return tuple(
        NeverIssued(command, n, n / total, n / total >= FLAG_SHARE) for command, n in missing
    )


def command_table(sides: Mapping[str, CommandCounts]) -> tuple[CommandRow, ...]:
    """One row per command any side issued: its calls on each side (0 where none), the commands
    ordered by their largest count, most first."""
    commands = {command for counts in sides.values() for command in counts.calls}
    rows = [
        CommandRow(command, {name: counts.calls.get(command, 0) for name, counts in sides.items()})
        for command in commands
    ]
    rows.sort(key=lambda row: (-max(row.calls.values()), row.command))
    return tuple(rows)


def whole_workload(
    sides: Mapping[str, CommandCounts],
    issued: str,
    reference: str,
    against: Against[MixDistance] = UNSCORED,
    *,
    trace_window_factor: float | None = None,
    notes: tuple[str, ...] = (),
) -> WholeWorkload:
    """The counts of every side of SIDES, and the commands side REFERENCE issued and side ISSUED
    never did, with ISSUED's distance AGAINST the model and the trace (default: neither
    scored): the part of `validate` and `fidelity` reports that is about the whole workload."""
    return WholeWorkload(
        calls={name: counts.total for name, counts in sides.items()},
        denied={name: counts.denied for name, counts in sides.items()},
        commands=command_table(sides),
        never_issued=never_issued(sides[issued], sides[reference]),
        never_issued_of=reference,
        against=against,
        trace_window_factor=trace_window_factor,
        notes=notes,
    )


def render_whole(whole: WholeWorkload) -> list[str]:
    """WHOLE as lines: calls per side, the issuing side's distance against each side scored, the
    per-command table and what was never issued."""
    sides = whole.sides
    lines = [
        "whole workload: every audited command, allowed and denied (rename options folded)",
        f"{'calls':<16}" + "".join(f"{side:>12}" for side in sides),
        f"{'all':<16}" + "".join(f"{_count(whole.calls[side]):>12}" for side in sides),
        f"{'denied':<16}" + "".join(f"{_count(whole.denied[side]):>12}" for side in sides),
    ]
    for name, distance in whole.against.sides():
        coverage = distance.coverage
        tv = distance.command_mix_tv
        lines.append(
            f"against the {name}: coverage "
            + ("not comparable" if coverage is None else f"{coverage:.3f}")
            + ", command mix TV "
            + ("-" if tv is None else f"{tv:.4f}")
        )
    missing = {item.command: item for item in whole.never_issued}
    lines.append(f"{'command':<16}" + "".join(f"{side:>12}" for side in sides))
    for row in whole.commands:
        flag = " *" if row.command in missing and missing[row.command].flagged else ""
        cells = "".join(f"{_count(row.calls[side]):>12}" for side in sides)
        lines.append(f"{row.command:<16}{cells}{flag}")
    if missing:
        of = whole.never_issued_of
        flagged = [item.command for item in whole.never_issued if item.flagged]
        share = sum(item.share for item in whole.never_issued)
        lines.append(
            f"never issued: {len(missing)} of the {of}'s "
            f"{sum(1 for row in whole.commands if row.calls[of] > 0)} commands, "
            f"{share:.2%} of its calls; * at least {FLAG_SHARE:.1%}: "
            + (", ".join(flagged) if flagged else "none")
        )
    return lines


def _count(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:,.0f}" if float(value).is_integer() or abs(value) >= 100 else f"{value:,.1f}"
