"""What a benchmark ran on, printed beside its figures: these machines are shared and noisy."""
import os
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def describe() -> str:
    """The commit, the cores and CPU model, and the Java version."""
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), "?")
    java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[0]
    commit = subprocess.run(["git", "-C", str(REPO), "describe", "--always", "--dirty"],
                            capture_output=True, text=True).stdout.strip()
    return f"commit {commit}; {os.cpu_count()} cores ({cpu}), {java}"


def load() -> str:
    """The 1, 5 and 15 minute load averages."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])
