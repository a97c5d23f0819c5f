"""`fidelity`: score a run's trace against its profile and the original trace, or a replay's
results against the trace it replayed; the scores are written into the results folder."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Final

from mimesis_model.cli import options
from mimesis_model.cli.exit_codes import OK
from mimesis_model.errors import MimesisModelError
from mimesis_model.formats.fidelity_file import FIDELITY_FILE, FidelityFile
from mimesis_model.formats.profile import Profile
from mimesis_model.formats.run_summary import SUMMARY_FILE
from mimesis_model.formats.trace import EVENTS_FILE
from mimesis_model.model.fit import read_for_fitting
from mimesis_model.runs.replay_fidelity import is_replay, render_replay, score_replay
from mimesis_model.runs.run_fidelity import NOISE_DRAWS, render_fidelity, score_run
from mimesis_model.runs.run_results import CLOCK_SLACK_MS, RunResults, RunScaling
from mimesis_model.runs.run_trace import RunTrace

HELP: Final = "score a run's trace against its profile and the original trace"
DESCRIPTION: Final = (
    "Read the trace of a benchmark run (phase 2, paths under its namespace "
    "root) and print the distance of each dimension (popularity, access interarrival, active "
    "span, create interarrival, create and delete times, files per depth: KS; op mix: total "
    "variation) to what the profile predicts for the run's options and, with --against, to "
    "the original trace; and over the whole workload (every audited command, allowed and "
    "denied): the command mix's total variation, the coverage (the run's calls over the "
    "other side's in the run's window) and the commands never issued; and the sizes and "
    "blocks of the files at the run's end (its namespace-end.tsv) against those at the "
    "trace's end (its namespace-end.avro, from parse --fsimage-end): all files, and the "
    "files each created. RUN is a results "
    "folder (summary.json and trace/; fidelity.json is written into it) or a run's trace "
    "folder (then give the run's options as flags). A replay's results (`mimesisbench.jar "
    "replay`) are scored against the trace they replayed, given in place of the profile: "
    "calls per command, command mix, new errors, the replay's length, the distances per "
    "dimension; the noise floor of the closed loop. "
    "Example: mimesis-model fidelity profile/ results/run1/ --against trace/; "
    "mimesis-model fidelity trace/ results/replay1/"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "profile_dir", metavar="PROFILE_DIR",
        help="the run's profile; for a replay's results, the trace it replayed",
    )  # fmt: skip
    parser.add_argument("run_dir", metavar="RUN", help="a run's results folder or its trace folder")
    parser.add_argument(
        "--against", metavar="TRACE_DIR", default=None,
        help="the original trace (the profile's source) to compare with as well",
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    for field in ("timeScale", "spanScale", "typeScales", "types"):
        options.add_run_option(parser, field, "fidelity")
    parser.add_argument(
        "--namespace-root", default=None, metavar="PATH",
        help="a run trace's namespace root (default: its ns-*/flat-* folder)",
    )  # fmt: skip
    parser.add_argument(
        "--start-ms", type=int, default=None, metavar="EPOCH_MS",
        help="a run trace's time zero (default: from its start barrier); calls logged up to "
        "100 ms before it count, at time zero",
    )  # fmt: skip
    parser.add_argument(
        "--end-ms", type=int, default=None, metavar="EPOCH_MS",
        help="a run trace's end of phase 2: later calls (--cleanup's) are not the run's "
        "(default: none is)",
    )  # fmt: skip
    parser.add_argument(
        "--replicas", type=options.positive, default=None,
        help="copies of the model synthesized (default: enough for 50,000 files)",
    )  # fmt: skip
    parser.add_argument(
        "--noise-draws", type=lambda text: options.whole(text, minimum=0),
        default=NOISE_DRAWS,
        help=f"faithful runs synthesized to measure each distance's noise (default "
        f"{NOISE_DRAWS}; 0: none)",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument(
        "--force", action="store_true",
        help="score a results folder against a profile its summary.json says it was not made "
        "from (printed only; its fidelity.json is left as it is)",
    )  # fmt: skip
    parser.set_defaults(
        run_flag_defaults={
            flag: parser.get_default(flag) for flag in (*_RUN_FLAGS, "against", "replicas")
        },
    )


_RUN_FLAGS: Final = (
    "time_scale",
    "span_scale",
    "type_scale",
    "types",
    "namespace_root",
    "start_ms",
    "end_ms",
)


def run(args: argparse.Namespace) -> int:
    if RunResults.is_results(args.run_dir):
        replay = RunResults.read(args.run_dir)
        if is_replay(replay):
            return _run_replay(args, replay)
    elif not (Path(args.run_dir) / EVENTS_FILE).is_file():  # named before the profile is read
        raise MimesisModelError(
            f"RUN {args.run_dir}: neither a results folder (no {SUMMARY_FILE}) nor a run's trace "
            f"folder (no {EVENTS_FILE})"
        )
    profile = Profile.read(args.profile_dir)
    results: RunResults | None = None
    mismatch: str | None = None
    if RunResults.is_results(args.run_dir):
        results = RunResults.read(args.run_dir)
        mismatch = results.profile_difference(profile)
        if mismatch is not None and not args.force:
            raise MimesisModelError(
                f"{args.profile_dir}: not the profile of run {args.run_dir}: {mismatch}; "
                "--force scores it anyway (printed only, fidelity.json is not written)"
            )
        given = [
            flag for flag in _RUN_FLAGS
            if getattr(args, flag) != args.run_flag_defaults[flag]
        ]  # fmt: skip
        if given:
            flag = "--" + given[0].replace("_", "-")
            raise MimesisModelError(
                f"{flag}: {args.run_dir} is a results folder, whose summary.json gives the "
                "run's options"
            )
        scaling = results.scaling
        start_ms, start_from, end_ms = results.start_ms, "summary", results.end_ms
        trace_dir, root = results.trace_dir, results.namespace_root
        if not trace_dir.is_dir():
            raise MimesisModelError(
                f"{trace_dir}: no such trace directory (parse the run's namenode-audit.log into it)"
            )
    else:
        scaling = RunScaling(
            time_scale=args.time_scale, span_scale=args.span_scale,
            type_scales=dict(args.type_scale), types=args.types,
        )  # fmt: skip
        start_ms, start_from, end_ms = args.start_ms, "given", args.end_ms
        trace_dir, root = Path(args.run_dir), args.namespace_root
    run = RunTrace.read(
        trace_dir, k=profile.k, window_ms=scaling.window_ms(profile) * scaling.time_scale,
        namespace_root=root, start_ms=start_ms, start_from=start_from, end_ms=end_ms,
        slack_ms=CLOCK_SLACK_MS,
    )  # fmt: skip
    original = None if args.against is None else read_for_fitting(args.against)
    report = score_run(
        profile, run, scaling, original, replicas=args.replicas,
        noise_draws=args.noise_draws, random_state=args.seed,
        results_dir=None if results is None else results.directory,
    )  # fmt: skip
    if mismatch is not None:
        note = f"scored against a profile the run was not made from: {mismatch}"
        report = replace(report, notes=(*report.notes, note))
    if results is not None and mismatch is None:
        FidelityFile.write(results.directory, report)
    elif results is not None:
        print(
            f"mimesis-model: note: {results.directory / FIDELITY_FILE} not written: "
            "the scores are against another profile (--force)",
            file=sys.stderr,
        )
    print(json.dumps(report.to_json()) if args.json else render_fidelity(report))
    return OK


def _run_replay(args: argparse.Namespace, results: RunResults) -> int:
    """A replay's results against the trace it replayed (PROFILE_DIR names that trace)."""
    given = [
        flag for flag in (*_RUN_FLAGS, "against", "replicas")
        if getattr(args, flag) != args.run_flag_defaults.get(flag)
    ]  # fmt: skip
    if given:
        flag = "--" + given[0].replace("_", "-")
        raise MimesisModelError(
            f"{flag}: {args.run_dir} is a replay, scored against its trace alone ({flag} is "
            "for a run of a profile)"
        )
    report = score_replay(Path(args.profile_dir), results)
    FidelityFile.write(results.directory, report)
    print(json.dumps(report.to_json()) if args.json else render_replay(report))
    return OK
