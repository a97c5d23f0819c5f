"""`fit`: fit a profile to a trace."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final

from mimesis_model.cli import options
from mimesis_model.cli.exit_codes import OK
from mimesis_model.model.directory_fit import DirectoryFitter
from mimesis_model.model.fit import AUTO, CRITERIA, TIMING, ProfileFitter, read_for_fitting
from mimesis_model.model.user_mix import MAX_USERS
from mimesis_model.output import check_writable, refuse_replacing
from mimesis_model.units import format_duration

HELP: Final = "fit a profile to a trace"
DESCRIPTION: Final = (
    "Cluster the trace's files into types (k-means) and write the profile: "
    "per type the distributions the generator samples and its files' sizes (from the "
    "trace's fsimages: namespace.avro, and namespace-end.avro for the files it created), "
    "and the namespace's shape. Example: mimesis-model fit trace/ --out profile/"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("trace_dir", metavar="TRACE_DIR", help="folder written by `parse`")
    parser.add_argument("--out", required=True, help="profile folder to write")
    parser.add_argument(
        "-k", default=AUTO, type=_k_value,
        help="number of file types, or 'auto' (default): the smallest k whose synthetic "
        "distances (--criterion) are within --max-ks of the trace's",
    )  # fmt: skip
    parser.add_argument(
        "--max-ks", type=options.fraction, default=0.04, help="KS bound of the k search"
    )
    parser.add_argument("--max-k", type=options.whole, default=50, help="largest k searched")
    parser.add_argument(
        "--directory-k", default=AUTO, type=_k_value,
        help="number of directory types, or 'auto' (default): the smallest k whose synthetic "
        "directory listing popularity is within --max-directory-ks of the trace's",
    )  # fmt: skip
    parser.add_argument(
        "--max-directory-ks", type=options.fraction, default=0.04,
        help="KS bound of the directory k search (default 0.04: a run's own spread stays under "
        "the 0.05 a run is held to)",
    )  # fmt: skip
    parser.add_argument(
        "--criterion", choices=CRITERIA, default=TIMING,
        help="what --max-ks bounds: timing (default): popularity, access interarrivals and "
        "active spans; popularity (the paper's) alone; or access: popularity and interarrivals",
    )  # fmt: skip
    parser.add_argument(
        "--search-files", type=options.whole, default=200_000,
        help="files sampled for the k search of a larger trace (default 200000)",
    )  # fmt: skip
    parser.add_argument(
        "--max-users", type=options.whole, default=MAX_USERS,
        help=f"users each type keeps by name (default {MAX_USERS}); the others are lumped "
        "into one tail with their count and share",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    options.add_overwrite(parser, "the profile files in --out")
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress, no summary")


def run(args: argparse.Namespace) -> int:
    refuse_replacing(Path(args.out), "--out", args.overwrite)
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
        window = format_duration(profile.duration_ms)
        print(
            f"{args.out}: {profile.k} file types, {profile.files:,} files "
            f"({profile.dormant_files:,} dormant); {profile.directory_k} directory types, "
            f"{profile.directories:,} directories; {len(profile.cluster_calls)} cluster "
            f"commands; {unmodeled:,} calls unmodeled; window {window}"
        )
    return OK


def _ks(distance: float | None) -> str:
    return "-" if distance is None else f"{distance:.4f}"


def _k_value(text: str) -> str | int:
    return AUTO if text == AUTO else options.whole(text)
