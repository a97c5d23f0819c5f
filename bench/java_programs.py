"""The class path of the benchmark programs (Maven module bench/programs), which are not in the
product jar: its classes and its dependencies' jars, as its build writes them."""

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MODULE = REPO / "bench/programs"
BUILD = "mvn -o -q -pl bench/programs -am package -DskipTests"


def classpath() -> str:
    """The class path for `java -cp`; exits with the build command when the module is not built."""
    listed = MODULE / "target/classpath.txt"
    if not listed.is_file():
        raise SystemExit(f"bench/programs is not built: run `{BUILD}` (or bin/setup) first")
    return f"{MODULE / 'target/classes'}:{listed.read_text().strip()}"
