"""MimesisBench modeler: reads HDFS namespace traces, fits workload profiles from them and scores
benchmark runs (the layout: modeler-py/README.md)."""

from importlib.metadata import PackageNotFoundError, version

from mimesis_model.errors import MimesisModelError, SchemaError, TraceError
from mimesis_model.formats.trace import Trace

try:
    __version__ = version("mimesis-model")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = ["MimesisModelError", "SchemaError", "Trace", "TraceError", "__version__"]
