"""`scale`: what-if transforms of a profile."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final

from mimesis_model.cli import options
from mimesis_model.cli.exit_codes import OK
from mimesis_model.formats.profile import Profile
from mimesis_model.output import refuse_replacing
from mimesis_model.runs.run_results import RunScaling

HELP: Final = "what-if transforms of a profile"
DESCRIPTION: Final = (
    "Scale the file count of chosen types (paper equations 1-3) or keep only "
    "chosen types. File types are numbered from 0, as in profile.json; directory types "
    "are d0, d1, ...; 'all' is every type and the cluster calls. "
    "Example: mimesis-model scale profile/ --out hot/ --type-scale 0=2 --type-scale d1=3"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("profile_dir", metavar="PROFILE_DIR")
    parser.add_argument("--out", required=True, help="profile folder to write")
    options.add_overwrite(parser, "the profile files in --out")
    options.add_run_option(parser, "typeScales", "scale")
    options.add_run_option(parser, "types", "scale")


def run(args: argparse.Namespace) -> int:
    # the profile a run with these options runs: one meaning of --type-scale and --types
    refuse_replacing(Path(args.out), "--out", args.overwrite)
    scaling = RunScaling(type_scales=dict(args.type_scale), types=args.types)
    profile = scaling.profile_run(Profile.read(args.profile_dir))
    profile.write(args.out, "--out")
    print(
        f"{args.out}: {profile.k} file types, {profile.files:,} files; {profile.directory_k} "
        f"directory types, {profile.directories:,} directories"
    )
    return OK
