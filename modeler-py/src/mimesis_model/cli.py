"""The `mimesis-model` command: a thin layer over the library, one subcommand each."""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from mimesis_model import __version__, options
from mimesis_model.describe import add_command as add_describe_command
from mimesis_model.directory_fit import DirectoryFitter
from mimesis_model.errors import MimesisModelError
from mimesis_model.fit import AUTO, CRITERIA, TIMING, ProfileFitter, read_for_fitting
from mimesis_model.import_mimesis import add_command as add_import_command
from mimesis_model.output import check_writable
from mimesis_model.profile import Profile
from mimesis_model.run_comparison import add_command as add_compare_command
from mimesis_model.run_comparison import sides_marked
from mimesis_model.run_fidelity import add_command as add_fidelity_command
from mimesis_model.run_report import add_command as add_report_command
from mimesis_model.scaling import isolate_named, scale_named
from mimesis_model.summary import render_text, summarize
from mimesis_model.sweep import add_command as add_sweep_command
from mimesis_model.trace import Trace
from mimesis_model.user_mix import MAX_USERS
from mimesis_model.validation import render_validation, validate

PROG: Final = "mimesis-model"

# The same codes as the Java side's org.mimesisbench.cli.ExitCodes.
OK: Final = 0
FAILED: Final = 1
BAD_INPUT: Final = 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ARGV (default sys.argv[1:]); return the exit code."""
    args = _parser().parse_args(sides_marked(list(sys.argv[1:] if argv is None else argv)))
    try:
        code: int = args.run(args)
        return code
    except MimesisModelError as error:
        if args.verbose:
            traceback.print_exc()
        print(f"{PROG}: {error}", file=sys.stderr)
        return BAD_INPUT
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): not an error of ours, and nothing left to say.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return OK
    except OSError as error:
        # A path the library did not check (unreadable, vanished, a full disk): the user's to fix.
        if args.verbose:
            traceback.print_exc()
        where = "" if error.filename is None else f"{os.fsdecode(error.filename)}: "
        print(f"{PROG}: {where}{error.strerror or error}", file=sys.stderr)
        return BAD_INPUT
    except Exception as error:
        # A failure of ours: one line as the Java side prints it, the traceback with --verbose.
        if args.verbose:
            traceback.print_exc()
        print(f"{PROG}: failed: {type(error).__name__}: {error}", file=sys.stderr)
        if not args.verbose:
            print("(run again with --verbose for the traceback)", file=sys.stderr)
        return FAILED


def _summary(args: argparse.Namespace) -> int:
    summary = summarize(Trace.read(args.trace_dir))
    if args.json:
        print(json.dumps(summary))
    else:
        print(render_text(summary))
    return OK


def _fit(args: argparse.Namespace) -> int:
    check_writable(Path(args.out), "--out")  # before minutes of fitting, not after
    trace = read_for_fitting(args.trace_dir, progress=not args.quiet)
    directories = DirectoryFitter(
        args.directory_k, max_ks=args.max_directory_ks, max_types=args.max_k,
        random_state=args.seed, progress=not args.quiet,
    )  # fmt: skip
    fitter = ProfileFitter(
        AUTO if args.k == AUTO else int(args.k), max_ks=args.max_ks, max_types=args.max_k,
        criterion=args.criterion,
        search_files=args.search_files, random_state=args.seed, progress=not args.quiet,
        directories=directories, max_users=args.max_users,
    ).fit(trace)  # fmt: skip
    profile = fitter.profile_
    profile.write(args.out, "--out")
    if not args.quiet:
        chosen = fitter.chosen_
        for step in fitter.k_search_:
            timing = "  ".join(
                f"{name} KS {_ks(ks)}"
                for name, ks in (("interarrival", step.interarrival_ks),
                                 ("active span", step.active_span_ks))
            )  # fmt: skip
            mark = "  <- chosen" if chosen is not None and step.k == chosen.k else ""
            print(f"k={step.k:<3} popularity KS {step.popularity_ks:.4f}  {timing}{mark}")
        if chosen is not None and chosen not in fitter.k_search_:
            # Searched on a subset: the chosen k's figures on every file, validate's.
            print(
                f"k={chosen.k:<3} on every file: popularity KS {chosen.popularity_ks:.4f}  "
                f"interarrival KS {_ks(chosen.interarrival_ks)}  "
                f"active span KS {_ks(chosen.active_span_ks)}"
            )
        for step in directories.k_search_:
            print(f"directory k={step.k:<3} listing popularity KS {step.popularity_ks:.4f}")
        unmodeled = sum(item.calls for item in profile.unmodeled_commands)
        print(
            f"{args.out}: {profile.k} file types, {profile.files:,} files "
            f"({profile.dormant_files:,} dormant); {profile.directory_k} directory types, "
            f"{profile.directories:,} directories; {len(profile.cluster_calls)} cluster "
            f"commands; {unmodeled:,} calls unmodeled; window {profile.duration_ms / 1000:,.1f} s"
        )
    return OK


def _ks(distance: float | None) -> str:
    return "-" if distance is None else f"{distance:.4f}"


def _validate(args: argparse.Namespace) -> int:
    profile = Profile.read(args.profile_dir)
    report = validate(
        profile, read_for_fitting(args.trace_dir), time_scale=args.time_scale,
        span_scale=args.span_scale, replicas=args.replicas, random_state=args.seed,
    )  # fmt: skip
    print(json.dumps(report) if args.json else render_validation(report))
    return OK


def _scale(args: argparse.Namespace) -> int:
    profile = Profile.read(args.profile_dir)
    if args.type_scale:
        profile = scale_named(profile, dict(args.type_scale))
    if args.types is not None:
        profile = isolate_named(profile, args.types)
    profile.write(args.out, "--out")
    print(
        f"{args.out}: {profile.k} file types, {profile.files:,} files; {profile.directory_k} "
        f"directory types, {profile.directories:,} directories"
    )
    return OK


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Fit MimesisBench workload profiles from HDFS namespace traces."
    )
    options.add_verbose(parser, default=False)
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)

    summary = commands.add_parser(
        "summary", help="print what a trace holds",
        description="Print the counts of a trace: events by op, time range, files, "
        "accesses by kind, and the namespace snapshot if there is one.",
    )  # fmt: skip
    options.add_verbose(summary)
    summary.add_argument("trace_dir", metavar="TRACE_DIR", help="folder written by `parse`")
    summary.add_argument("--json", action="store_true", help="print one JSON object")
    summary.set_defaults(run=_summary)

    fit = commands.add_parser(
        "fit", help="fit a profile to a trace",
        description="Cluster the trace's files into types (k-means) and write the profile: "
        "per type the distributions the generator samples, and the namespace's shape. "
        "Example: mimesis-model fit trace/ --out profile/",
    )  # fmt: skip
    options.add_verbose(fit)
    fit.add_argument("trace_dir", metavar="TRACE_DIR", help="folder written by `parse`")
    fit.add_argument("--out", required=True, help="profile folder to write")
    fit.add_argument(
        "-k", default=AUTO, type=_k_value,
        help="number of file types, or 'auto' (default): the smallest k whose synthetic "
        "distances (--criterion) are within --max-ks of the trace's",
    )  # fmt: skip
    fit.add_argument(
        "--max-ks", type=options.fraction, default=0.04, help="KS bound of the k search"
    )
    fit.add_argument("--max-k", type=options.whole, default=50, help="largest k searched")
    fit.add_argument(
        "--directory-k", default=AUTO, type=_k_value,
        help="number of directory types, or 'auto' (default): the smallest k whose synthetic "
        "directory listing popularity is within --max-directory-ks of the trace's",
    )  # fmt: skip
    fit.add_argument(
        "--max-directory-ks", type=options.fraction, default=0.05,
        help="KS bound of the directory k search (default 0.05)",
    )  # fmt: skip
    fit.add_argument(
        "--criterion", choices=CRITERIA, default=TIMING,
        help="what --max-ks bounds: timing (default): popularity, access interarrivals and "
        "active spans; popularity (the paper's) alone; or access: popularity and interarrivals",
    )  # fmt: skip
    fit.add_argument(
        "--search-files", type=options.whole, default=200_000,
        help="files sampled for the k search of a larger trace (default 200000)",
    )  # fmt: skip
    fit.add_argument(
        "--max-users", type=options.whole, default=MAX_USERS,
        help=f"users each type keeps by name (default {MAX_USERS}); the others are lumped "
        "into one tail with their count and share",
    )  # fmt: skip
    fit.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    fit.add_argument("-q", "--quiet", action="store_true", help="no progress, no summary")
    fit.set_defaults(run=_fit)

    check = commands.add_parser(
        "validate", help="compare a profile's synthetic workload with a trace",
        description="Synthesize the profile's workload with the reference generator and print "
        "the Kolmogorov-Smirnov distance to the trace per dimension (popularity, access "
        "interarrival, active span, create interarrival, files per depth) and the op mix's "
        "total variation distance, overall and per type; then the whole workload: every "
        "audited command of the trace, allowed and denied, against the model's, their command "
        "mix's total variation, the coverage (the model's calls over the trace's) and the "
        "commands the model never issues. "
        "Example: mimesis-model validate profile/ trace/ --json",
    )  # fmt: skip
    options.add_verbose(check)
    check.add_argument("profile_dir", metavar="PROFILE_DIR")
    check.add_argument("trace_dir", metavar="TRACE_DIR")
    check.add_argument("--json", action="store_true", help="print one JSON object")
    options.add_run_option(check, "timeScale", options.non_negative)
    options.add_run_option(check, "spanScale", options.non_negative)
    check.add_argument(
        "--replicas", type=options.positive, default=None,
        help="copies of the model synthesized (default: enough for 50,000 files)",
    )  # fmt: skip
    check.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    check.set_defaults(run=_validate)

    scale = commands.add_parser(
        "scale", help="what-if transforms of a profile",
        description="Scale the file count of chosen types (paper equations 1-3) or keep only "
        "chosen types. File types are numbered from 0, as in profile.json; directory types "
        "are d0, d1, ...; 'all' is every type and the cluster calls. "
        "Example: mimesis-model scale profile/ --out hot/ --type-scale 0=2 --type-scale d1=3",
    )  # fmt: skip
    options.add_verbose(scale)
    scale.add_argument("profile_dir", metavar="PROFILE_DIR")
    scale.add_argument("--out", required=True, help="profile folder to write")
    scale.add_argument(
        "--type-scale", type=options.named_type_factor, action="append", default=[],
        metavar="J=F", help="multiply type J's files (dJ: directory type J's directories; all: "
        "every type's, and the cluster calls) by F (repeatable)",
    )  # fmt: skip
    scale.add_argument(
        "--types", type=options.named_type_list, default=None, metavar="J,...",
        help="keep only these types (J, or dJ for a directory type; each kind renumbered from "
        "0), and no cluster calls",
    )  # fmt: skip
    scale.set_defaults(run=_scale)
    add_describe_command(commands)
    add_import_command(commands)
    add_sweep_command(commands)
    add_fidelity_command(commands)
    add_compare_command(commands)
    add_report_command(commands)
    return parser


def _k_value(text: str) -> str | int:
    return AUTO if text == AUTO else options.whole(text)
