"""What a benchmark ran on, printed beside its figures: these machines are shared and noisy."""

import hashlib
import os
import resource
import subprocess
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def describe() -> str:
    """The commit, the cores and CPU model, and the Java version."""
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        "?",
    )
    java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[
        0
    ]
    commit = subprocess.run(
        ["git", "-C", str(REPO), "describe", "--always", "--dirty"], capture_output=True, text=True
    ).stdout.strip()
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


def two_core_probe_seconds(megabytes: int = 1024) -> float:
    """The CPU probe on two cores at once (two processes), the slower one's seconds: on a VM whose
    two vCPUs the host may place on one physical core's two hyperthreads, one core's speed can hold
    while two cores' does not."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(2) as pool:
        return max(pool.map(probe_seconds, [megabytes, megabytes]))


def random_reads(mebibytes: int, reads: int):
    """A function that sums `reads` random 8-byte words of an array of `mebibytes` (the same words
    each call): memory-bound work. The array's fresh pages are faulted in here, not in a call."""
    import numpy as np  # the repo's venv

    words = np.arange(mebibytes << 17, dtype=np.int64)
    where = np.random.default_rng(1).integers(0, words.size, reads)
    int(words[where].sum())  # the first pass over fresh pages is slower: not timed
    return lambda: int(words[where].sum())


def memory_probe_seconds(mebibytes: int = 1024, reads: int = 1 << 24) -> float:
    """Seconds to read 16 M random 8-byte words of a 1 GiB array: the memory system's speed just
    now, which neighbours on the host share (the CPU probe's working set fits in a cache)."""
    read = random_reads(mebibytes, reads)
    start = time.perf_counter()
    read()
    return time.perf_counter() - start


def steal_ticks() -> int:
    """Ticks the hypervisor gave this machine's CPUs to others since boot (/proc/stat)."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    return int(fields[8]) if len(fields) > 8 else 0


def children_cpu_seconds() -> float:
    """User + system CPU seconds of the children waited for so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def ping_pong_nanos(round_trips: int = 2_000_000) -> float:
    """Nanoseconds for a cache line to go from one core to the other and back (the median of five
    rounds of bench/CorePingPong.java): threads handing work to each other pay this, and it
    changes with where the host puts the two vCPUs, which the one- and two-core probes miss."""
    out = subprocess.run(
        ["java", str(REPO / "bench/CorePingPong.java"), str(round_trips)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return float(out)


class SpeedSampler:
    """While a run goes: every `interval` seconds, the CPU time (not wall time, so waiting for a
    core does not count) that hashing a fixed 4 MiB takes, a core's own speed, and that 256 K
    random reads of a 256 MiB array take, the memory system's speed, which neighbours on the host
    share and the hash does not feel; at a cost of about 6 ms a second. Kept as (epoch seconds,
    hash CPU seconds, reads CPU seconds)."""

    def __init__(self, interval: float = 1.0, mebibytes: int = 4, memory_mebibytes: int = 256):
        self.interval, self.block = interval, bytes(range(256)) * (4096 * mebibytes)
        self.read = random_reads(memory_mebibytes, 1 << 18)
        self.samples: list[tuple[float, float, float]] = []
        self._next = 0.0

    def sample(self) -> None:
        if time.monotonic() < self._next:
            return
        self._next = time.monotonic() + self.interval
        start = time.thread_time()
        hashlib.sha256(self.block).digest()
        hashed = time.thread_time()
        self.read()
        self.samples.append((time.time(), hashed - start, time.thread_time() - hashed))
