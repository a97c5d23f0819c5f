"""The `mimesis-model` command line."""

from mimesis_model.cli.main import BAD_INPUT, FAILED, OK, PROG, main

__all__ = ["BAD_INPUT", "FAILED", "OK", "PROG", "main"]
