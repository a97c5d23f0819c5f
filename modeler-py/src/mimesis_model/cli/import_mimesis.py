"""`import-mimesis`: convert an original MimesisBench profile."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final

from mimesis_model.cli import options
from mimesis_model.cli.exit_codes import OK
from mimesis_model.formats.assumed_sizes import BLOCK_SIZE, BLOCKS_PER_FILE, with_assumed_sizes
from mimesis_model.formats.import_mimesis import read_files_per_dir, read_mimesis_profile
from mimesis_model.output import refuse_replacing
from mimesis_model.units import format_duration

HELP: Final = "convert an original MimesisBench profile"
DESCRIPTION: Final = (
    "Read a profile in the original MimesisBench prototype's format (a folder "
    "of Java-properties files: <prefix>.common, <prefix>.1 .. <prefix>.k and optionally "
    "<prefix>.namespace) and write it as a profile of this project. accessesPerFile and "
    "deleteDelay, which the prototype's format lacks, are simulated from its tables. "
    "Example: unzip nnmetadata.properties.zip -d yahoo/ && "
    "mimesis-model import-mimesis yahoo/ --assumed-sizes --out profiles/yahoo-2011/"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "mimesis_dir", metavar="DIR",
        help="the folder of the properties files, or the folder holding it",
    )  # fmt: skip
    parser.add_argument("--out", required=True, help="profile folder to write")
    parser.add_argument(
        "--duration-ms", type=int, default=None,
        help="the modeled window in ms (default: estimated from the create interarrivals)",
    )  # fmt: skip
    parser.add_argument(
        "--files-per-dir", metavar="PROPERTIES", default=None,
        help="a Mimesis namespace-generator configuration whose FILES_PER_DIRECTORY table "
        "the namespace statistics take (the prototype's format has none)",
    )  # fmt: skip
    parser.add_argument(
        "--assumed-sizes", action="store_true",
        help="give every file type a size model from a published figure (the prototype's "
        f"format has no sizes): {BLOCKS_PER_FILE} blocks per file on average, of "
        f"{BLOCK_SIZE // 2**20} MiB, bytes uniform (an assumed shape); createdFrom ASSUMED. "
        "Without it, the files are empty",
    )  # fmt: skip
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    options.add_overwrite(parser, "the profile files in --out")


def run(args: argparse.Namespace) -> int:
    refuse_replacing(Path(args.out), "--out", args.overwrite)
    files_per_dir = None if args.files_per_dir is None else read_files_per_dir(args.files_per_dir)
    profile = read_mimesis_profile(
        args.mimesis_dir, duration_ms=args.duration_ms, files_per_dir=files_per_dir,
        random_state=args.seed,
    )  # fmt: skip
    if args.assumed_sizes:
        profile = with_assumed_sizes(profile)
    profile.write(args.out, "--out")
    pre_existing = sum(t.pre_existing for t in profile.file_types)
    window = format_duration(profile.duration_ms)
    print(f"{args.out}: {profile.k} file types, {profile.files:,} files "
          f"({pre_existing:,} pre-existing), window {window}")  # fmt: skip
    return OK
