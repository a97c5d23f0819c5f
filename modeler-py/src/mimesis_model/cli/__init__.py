"""The `mimesis-model` command line: `main` and a module per command."""

from mimesis_model.cli.exit_codes import BAD_INPUT, FAILED, OK
from mimesis_model.cli.main import PROG, main

__all__ = ["BAD_INPUT", "FAILED", "OK", "PROG", "main"]
