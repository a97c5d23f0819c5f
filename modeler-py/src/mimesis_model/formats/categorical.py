"""A column of repeated strings (ops, users) stored as integer codes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt


@dataclass(frozen=True, eq=False)
class Categorical:
    """Value i of the column is names[codes[i]]; names are sorted."""

    codes: npt.NDArray[np.int32]
    names: tuple[str, ...]

    @classmethod
    def from_first_seen(cls, codes: npt.ArrayLike, first_seen: Mapping[str, int]) -> Categorical:
        """Re-code CODES, numbered in order of first appearance, to sorted names.

        Readers number names as they stream (one dict look-up per record);
        sorting afterwards makes the codes independent of record order.
        """
        names = sorted(first_seen)
        recode = np.empty(len(names), dtype=np.int32)
        recode[[first_seen[name] for name in names]] = np.arange(len(names), dtype=np.int32)
        recoded = recode[np.asarray(codes, dtype=np.intp)] if names else np.zeros(0, np.int32)
        recoded.flags.writeable = False
        return cls(recoded, tuple(names))

    def __len__(self) -> int:
        return len(self.codes)

    def code(self, name: str) -> int:
        """The code of NAME; ValueError if the column never holds it."""
        return self.names.index(name)

    def counts(self) -> dict[str, int]:
        """How often each name occurs, by name."""
        tally = np.bincount(self.codes, minlength=len(self.names))
        return {name: int(n) for name, n in zip(self.names, tally, strict=True)}

    def values(self) -> list[str]:
        """The column as strings (one Python object per row: for small columns and tests)."""
        return [self.names[code] for code in self.codes.tolist()]
