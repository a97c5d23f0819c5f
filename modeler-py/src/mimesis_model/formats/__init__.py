"""The files the modeler reads and writes: traces, profiles, their Avro schemas, parse reports."""
