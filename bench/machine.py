"""What a benchmark ran on, printed beside its figures: these machines are shared and noisy."""
import hashlib
import os
import subprocess
import time
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


def probe_seconds(megabytes: int = 1024) -> float:
    """Seconds one core takes to hash a fixed buffer: the machine's own speed just now, to set a
    run-to-run spread beside (the same work every time, so its spread is the machine's)."""
    block = bytes(range(256)) * 4096  # 1 MiB
    start = time.perf_counter()
    h = hashlib.sha256()
    for _ in range(megabytes):
        h.update(block)
    return time.perf_counter() - start
