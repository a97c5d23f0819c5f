"""`sweep`: Figure 2 and the saturation point of a sweep."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path
from typing import Final

from mimesis_model.cli.exit_codes import OK
from mimesis_model.cli.options import positive
from mimesis_model.formats.sweep_file import SweepFile
from mimesis_model.output import AtomicOutputDir
from mimesis_model.runs.sweep import (
    CLIMB_DEFAULT,
    FIGURE_FILE,
    NAMENODE_FIGURE,
    latency_kind,
    levels,
    plot,
    plot_namenode,
    render,
    saturation,
    warnings,
)

HELP: Final = "Figure 2 and the saturation point of a sweep"
DESCRIPTION: Final = (
    "Read a `mimesisbench.jar sweep` folder, print each time scale's issue rate, "
    "its coefficient of variation over the repeats and each op's p50 latency, estimate the "
    "saturation point, and write figure2.png (latency against issue rate) into the folder. "
    "Example: mimesis-model sweep results/sweep/"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("sweep_dir", metavar="SWEEP_DIR", help="folder written by `sweep`")
    parser.add_argument(
        "--climb", type=positive, default=CLIMB_DEFAULT,
        help="latency factor over the lowest rate's that marks saturation "
        f"(default {CLIMB_DEFAULT:g})",
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    directory = Path(args.sweep_dir)
    sweep = SweepFile.read(directory)
    sweep_levels = levels(sweep)
    knee = saturation(sweep_levels, args.climb)
    kind = latency_kind(sweep)
    title = f"{Path(sweep.swept).name}: {kind} time against issue rate"
    namenode = any(level.namenode for level in sweep_levels)
    with AtomicOutputDir(directory) as out:
        with out.create(FIGURE_FILE) as stream:
            stream.write(plot(sweep_levels, knee, title))
        if namenode:
            with out.create(NAMENODE_FIGURE) as stream:
                name = Path(sweep.swept).name
                stream.write(
                    plot_namenode(sweep_levels, f"{name}: the NameNode against issue rate")
                )
    if args.json:
        shown = [asdict(level) for level in sweep_levels]
        cautions = warnings(sweep, sweep_levels)
        print(json.dumps({"levels": shown, "saturation": knee, "warnings": cautions}))
    else:
        print(render(sweep_levels, knee, warnings(sweep, sweep_levels)))
        print(f"{directory / FIGURE_FILE}: {kind} time against issue rate")
        if namenode:
            print(f"{directory / NAMENODE_FIGURE}: the NameNode's metrics against issue rate")
    return OK
