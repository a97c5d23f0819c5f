"""The exit codes of every `mimesis-model` command, the same as the Java side's
org.mimesisbench.cli.ExitCodes."""

from typing import Final

OK: Final = 0
FAILED: Final = 1
BAD_INPUT: Final = 2
