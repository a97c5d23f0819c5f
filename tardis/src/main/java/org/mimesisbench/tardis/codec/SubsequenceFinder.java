package org.mimesisbench.tardis.codec;

import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.Unit;

/**
 * FindSubsequence of Exalt's Figure 2: from the first flag with a plausible marker, the longest run
 * of units whose markers count down by 16, then the bytes on either side that continue it (the
 * parts of units cut by the chunk's edges or by inserted metadata).
 */
final class SubsequenceFinder {
  private final long flag;
  private final FlagScanner scanner;
  private final MarkerCheck check;

  SubsequenceFinder(TardisFlag flag, MarkerCheck check) {
    this.flag = flag.value();
    this.scanner = new FlagScanner(flag);
    this.check = check;
  }

  /** The first Tardis subsequence in {@code data[from, to)}, or null if there is none. */
  Subsequence find(byte[] data, int from, int to) {
    for (int p = from; (p = scanner.indexOf(data, p, to - Unit.BYTES)) >= 0; p++) {
      long marker = Unit.readLong(data, p + Unit.FLAG_BYTES);
      if (marker >= 0) {
        // the sequence's last unit, or the chunk's, whichever comes first
        int last = (int) Math.min(marker / Unit.BYTES, (to - p - Unit.BYTES) / Unit.BYTES);
        int units = 1 + lastConsistentUnit(data, p, marker, last);
        return withEdges(data, from, to, p, marker, units);
      }
    }
    return null;
  }

  /**
   * The index of the last unit, counted from the one at {@code p}, that belongs to its sequence.
   */
  private int lastConsistentUnit(byte[] data, int p, long marker, int last) {
    if (check == MarkerCheck.EVERY_UNIT) {
      int k = 0;
      while (k < last && consistent(data, p, marker, k + 1)) {
        k++;
      }
      return k;
    }
    if (consistent(data, p, marker, last)) {
      return last;
    }
    // markers only count down, so past an insertion no unit is consistent again: bisect
    int good = 0;
    int bad = last;
    while (bad - good > 1) {
      int mid = (good + bad) >>> 1;
      if (consistent(data, p, marker, mid)) {
        good = mid;
      } else {
        bad = mid;
      }
    }
    return good;
  }

  private boolean consistent(byte[] data, int p, long marker, int k) {
    return Unit.matches(data, p + k * Unit.BYTES, flag, marker - (long) k * Unit.BYTES);
  }

  /**
   * The units at {@code p}, with up to 15 matching bytes before them (from {@code from}) and after.
   */
  private Subsequence withEdges(byte[] data, int from, int to, int p, long marker, int units) {
    int before = 0;
    if (marker <= Long.MAX_VALUE - Unit.BYTES) {
      long previous = marker + Unit.BYTES;
      while (before < Unit.BYTES - 1
          && p - before > from
          && data[p - before - 1] == Unit.byteAt(flag, previous, Unit.BYTES - 1 - before)) {
        before++;
      }
    }
    int end = p + units * Unit.BYTES;
    long next = marker - (long) units * Unit.BYTES;
    int after = 0;
    while (after < Unit.BYTES - 1
        && end + after < to
        && data[end + after] == Unit.byteAt(flag, next, after)) {
      after++;
    }
    int length = before + units * Unit.BYTES + after;
    return before == 0
        ? new Subsequence(p, length, marker, 0)
        : new Subsequence(p - before, length, marker + Unit.BYTES, Unit.BYTES - before);
  }
}
