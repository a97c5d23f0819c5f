"""The workload model: fitting a profile from a trace, synthesizing it, scaling it, measuring it."""
