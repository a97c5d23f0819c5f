"""CPU seconds of a running process's threads, by what they do, read from /proc while it runs:
to tell where a slow run's extra CPU went (compilers, collector, NameNode handlers, mappers)."""

import os
import time
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")

# Linux keeps the first 15 characters of a Java thread's name; first match wins
GROUPS = [
    ("C2 compiler", ("C2 CompilerThre",)),
    ("C1 compiler", ("C1 CompilerThre",)),
    ("collector", ("GC Thread", "G1 ", "VM Thread")),
    ("NameNode handlers", ("IPC Server hand",)),
    ("NameNode IPC", ("IPC Server Resp", "IPC Server list", "Socket Reader", "IPC Server idle")),
    ("RPC clients", ("IPC Client (", "IPC Parameter S")),
    ("issuers", ("LocalJobRunner ",)),
    ("sequencers", ("sequencer",)),
    ("introducers", ("introducer",)),
    ("audit log and other", ("",)),
]


def group(name: str) -> str:
    return next(g for g, prefixes in GROUPS if name.startswith(prefixes))


class ThreadCpu:
    """Samples a process's threads; a thread's last sample stands for its total (threads that end
    between two samples lose at most one interval)."""

    def __init__(self, pid: int, interval: float = 2.0):
        self.pid, self.interval = pid, interval
        self.seconds: dict[tuple[int, str], float] = {}  # (tid, name) -> CPU seconds at last sample
        self.slices: dict[
            int, int
        ] = {}  # tid -> times it was put on a CPU (schedstat), at last sample
        self.switches: list[tuple[float, int]] = []  # (epoch seconds, all threads' slices so far)
        self._next = 0.0

    def sample(self) -> None:
        """Reads every thread's CPU now, if an interval has passed since the last reading."""
        now = time.monotonic()
        if now < self._next:
            return
        self._next = now + self.interval
        for task in Path(f"/proc/{self.pid}/task").glob("*"):
            try:
                stat = (task / "stat").read_text()
                schedstat = (task / "schedstat").read_text()
            except OSError:
                continue  # ended meanwhile
            name = stat[stat.index("(") + 1 : stat.rindex(")")]
            fields = stat[stat.rindex(")") + 2 :].split()
            self.seconds[(int(task.name), name)] = (int(fields[11]) + int(fields[12])) / TICKS
            self.slices[int(task.name)] = int(schedstat.split()[2])
        # a thread going to sleep and being woken is a slice more: threads handing work to each
        # other
        self.switches.append((time.time(), sum(self.slices.values())))

    def by_group(self) -> dict[str, float]:
        totals = {g: 0.0 for g, _ in GROUPS}
        for (_, name), s in self.seconds.items():
            totals[group(name)] += s
        return totals
