"""`scale`: what-if transforms of a profile."""

from __future__ import annotations

import argparse
from typing import Final

from mimesis_model.cli import options
from mimesis_model.cli.exit_codes import OK
from mimesis_model.formats.profile import Profile
from mimesis_model.model.scaling import isolate_named, scale_named

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
    parser.add_argument(
        "--type-scale", type=options.named_type_factor, action="append", default=[],
        metavar="J=F", help="multiply type J's files (dJ: directory type J's directories; all: "
        "every type's, and the cluster calls) by F (repeatable)",
    )  # fmt: skip
    parser.add_argument(
        "--types", type=options.named_type_list, default=None, metavar="J,...",
        help="keep only these types (J, or dJ for a directory type; each kind renumbered from "
        "0), and no cluster calls",
    )  # fmt: skip


def run(args: argparse.Namespace) -> int:
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
