package org.mimesisbench.audit.input;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds line ends and non-ASCII bytes eight bytes at a time (SWAR: one long holds eight bytes), the
 * reader's innermost loops: a byte-at-a-time scan of every decompressed byte was a third of the
 * read thread's time. Java 17 has no vector API without flags; the JIT compiles the long view of
 * the array to plain 8-byte loads.
 */
final class LineBytes {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long HIGHS = 0x8080808080808080L;
  private static final long LF = '\n' * ONES;
  private static final long CR = '\r' * ONES;

  private LineBytes() {}

  /** Index of the first LF or CR in b[from, to), or to when there is none. */
  static int lineEnd(byte[] b, int from, int to) {
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long w = (long) LONGS.get(b, i);
      long found = zeroBytes(w ^ LF) | zeroBytes(w ^ CR);
      if (found != 0) { // the lowest flag is exact (little endian: the first byte)
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
    }
    for (; i < to; i++) {
      if (b[i] == '\n' || b[i] == '\r') {
        return i;
      }
    }
    return to;
  }

  /** Whether b[from, to) is all ASCII (no byte with its high bit set). */
  static boolean isAscii(byte[] b, int from, int to) {
    long bits = 0;
    int i = from;
    for (; i + 8 <= to; i += 8) {
      bits |= (long) LONGS.get(b, i);
    }
    for (; i < to; i++) {
      bits |= b[i];
    }
    return (bits & HIGHS) == 0;
  }

  /**
   * The high bit of each zero byte of w set, maybe also of bytes above the first zero (a borrow),
   * never below it: so the lowest set bit marks the first zero byte, if any.
   */
  private static long zeroBytes(long w) {
    return (w - ONES) & ~w & HIGHS;
  }
}
