"""Errors caused by bad input, which the command line reports in one line."""


class MimesisModelError(Exception):
    """Bad input or a missing file: the user can fix it, so no traceback is due."""


class SchemaError(MimesisModelError):
    """The Avro schemas of profiles/schema/ cannot be found or parsed."""


class TraceError(MimesisModelError):
    """A trace folder or one of its Avro files cannot be read as a trace."""


class ProfileError(MimesisModelError):
    """A profile folder cannot be read, or a profile cannot be made or written."""
