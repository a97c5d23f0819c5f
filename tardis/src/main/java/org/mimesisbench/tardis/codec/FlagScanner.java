package org.mimesisbench.tardis.codec;

import java.util.Arrays;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.Unit;

/**
 * Finds the flag in a chunk (ScanForFlag of Exalt's Figure 2) with Horspool's skips: in foreign
 * bytes most probes land on a byte the flag lacks and move on 8 bytes at once.
 */
final class FlagScanner {
  private final long flag;
  private final int[] shift = new int[256];

  FlagScanner(TardisFlag flag) {
    this.flag = flag.value();
    Arrays.fill(shift, Unit.FLAG_BYTES);
    for (int i = 0; i < Unit.FLAG_BYTES - 1; i++) {
      shift[Unit.byteAt(this.flag, 0, i) & 0xff] = Unit.FLAG_BYTES - 1 - i;
    }
  }

  /** The first position in {@code [from, lastStart]} where the flag starts, or -1. */
  int indexOf(byte[] data, int from, int lastStart) {
    for (int p = from; p <= lastStart; p += shift[data[p + Unit.FLAG_BYTES - 1] & 0xff]) {
      if (Unit.readLong(data, p) == flag) {
        return p;
      }
    }
    return -1;
  }
}
