"""The what-if options parse as profiles/vectors/options/cases.json says, the cases Java's
RunOptionsParser is tested on too (RunOptionsVectorsTest): one meaning in both languages."""

import argparse
import json
from typing import Any

import pytest

from mimesis_model.cli import options
from mimesis_model.errors import SchemaError
from mimesis_model.formats import schema
from test_profile_vectors import REPOSITORY

FIELDS = ("timeScale", "spanScale", "typeScales", "types")
_TAKEN = {
    f"--{f['option']}"
    for f in schema.declaration(schema.RUN_OPTIONS)["fields"]
    if f["name"] in FIELDS
}
CASES = [  # the cases of options mimesis-model takes; the others are Java's alone
    case
    for case in json.loads((REPOSITORY / "profiles/vectors/options/cases.json").read_text())[
        "cases"
    ]
    if all(a in _TAKEN for a in case["args"] if a.startswith("--"))
    and set(case.get("options", {})) <= set(FIELDS)
]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="fidelity", exit_on_error=True)
    for field in FIELDS:
        options.add_run_option(parser, field, "fidelity")
    return parser


def _options(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "timeScale": args.time_scale,
        "spanScale": args.span_scale,
        "typeScales": dict(args.type_scale),
        "types": args.types,
    }


@pytest.mark.parametrize("case", CASES, ids=lambda case: " ".join(case["args"]) or "defaults")
def test_the_case_parses_as_in_java(
    case: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    if "refused" in case:
        with pytest.raises(SystemExit) as exited:
            _parser().parse_args(case["args"])
        assert exited.value.code == 2
        assert f"argument {case['refused']}" in capsys.readouterr().err
    else:
        parsed = _options(_parser().parse_args(case["args"]))
        for field, expected in case["options"].items():
            assert parsed[field] == expected, field


def test_each_command_takes_the_options_the_schema_gives_it() -> None:
    declared = schema.declaration(schema.RUN_OPTIONS)["fields"]
    takes = {f["name"]: set(f.get("modeler", [])) for f in declared}
    assert takes["timeScale"] == takes["spanScale"] == {"validate", "fidelity"}
    assert takes["typeScales"] == takes["types"] == {"scale", "fidelity"}
    with pytest.raises(SchemaError, match="timeScale is not an option of scale"):
        options.add_run_option(argparse.ArgumentParser(), "timeScale", "scale")


def test_bounds_are_the_schemas() -> None:
    assert schema.run_option_problem("timeScale", 0.0) is None
    assert schema.run_option_problem("timeScale", -1.0) == "must be >= 0"
    assert schema.run_option_problem("typeScales", 0.0) == "must be positive"
    assert schema.run_option_problem("spanScale", float("nan")) == "not a finite number"
