#!/usr/bin/env python3
"""A copy of a profile whose file types all get one stand-in size model, for testing the data path
before a profile has fitted sizes (bench/namespace_blocks.py refuses a profile without them).

The sizes are NOT a model of any cluster: a step CDF of file sizes chosen to give about 1.3
blocks of 128 MiB per file (10 % empty, 30 % of 1 MiB, 20 % of 64 MiB, 10 % of one block, 20 % of
200 MiB, 10 % of three blocks), replication 3. A result measured with it says what blocks cost
the NameNode and the DataNodes, not what a real cluster's sizes would.

usage: PYTHONPATH=modeler-py/src .venv/bin/python bench/sized_profile.py PROFILE_DIR OUT_DIR
"""

import sys
from pathlib import Path

import fastavro

from mimesis_model.formats import schema

MIB = 1 << 20
SIZES = [
    (0.0, 0.1),
    (1.0 * MIB, 0.4),
    (64.0 * MIB, 0.6),
    (128.0 * MIB, 0.7),
    (200.0 * MIB, 0.9),
    (384.0 * MIB, 1.0),
]


def distribution(points: list[tuple[float, float]]) -> dict:
    return {
        "values": [v for v, _ in points],
        "cumulative": [c for _, c in points],
        "count": len(points),
    }


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    source, out = Path(sys.argv[1]), Path(sys.argv[2])
    profile_schema = schema.load("Profile")
    with open(source / "profile.avro", "rb") as f:
        profile = next(fastavro.reader(f, reader_schema=profile_schema))
    sizes = {
        "preExisting": distribution(SIZES),
        "created": distribution(SIZES),
        "createdFrom": "ASSUMED",
        "appendBytes": distribution([]),
        "blockSize": distribution([(128.0 * MIB, 1.0)]),
        "replication": distribution([(3.0, 1.0)]),
    }
    for t in profile["fileTypes"]:
        t["sizes"] = sizes
    profile["formatVersion"] = schema.field_declaration("Profile", "formatVersion")["current"]
    profile["source"] = (
        f"{profile['source']} (stand-in sizes from bench/sized_profile.py: not a model)"
    )
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "profile.avro", "wb") as f:
        fastavro.writer(f, profile_schema, [profile])
    print(
        f"{out / 'profile.avro'}: {len(profile['fileTypes'])} file types with stand-in sizes, "
        f"formatVersion {profile['formatVersion']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
