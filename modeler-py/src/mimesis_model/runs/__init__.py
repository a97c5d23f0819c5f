"""A benchmark run's results: reading them, scoring their fidelity, comparing and reporting runs."""
