package org.mimesisbench.tardis.format;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Objects;

/**
 * Checks bytes against Tardis data: a known sequence (a file read back), or any sequence with a
 * flag.
 */
public final class TardisValidator {
  /** What {@code firstMismatch} returns when every byte is right. */
  public static final long NONE = -1;

  private static final int BUFFER_BYTES = 64 * 1024;

  private TardisValidator() {}

  /**
   * The position in {@code expected} of the first of {@code data[off, off + len)} that differs from
   * the sequence's bytes from {@code position} on (bytes past its end all differ), or {@link
   * #NONE}.
   */
  public static long firstMismatch(
      TardisSequence expected, long position, byte[] data, int off, int len) {
    Objects.checkFromIndexSize(off, len, data.length);
    long inside = Math.max(0, Math.min(len, expected.length() - position));
    byte[] want = new byte[(int) Math.min(BUFFER_BYTES, Math.max(inside, 1))];
    for (int done = 0; done < inside; ) {
      int n = (int) Math.min(want.length, inside - done);
      expected.copy(position + done, want, 0, n);
      int i = Arrays.mismatch(want, 0, n, data, off + done, off + done + n);
      if (i >= 0) {
        return position + done + i;
      }
      done += n;
    }
    return inside < len ? position + inside : NONE;
  }

  /**
   * The position of the first byte of {@code in} that differs from {@code expected}, or where the
   * shorter of the two ends if one is a prefix of the other, or {@link #NONE}. Reads {@code in} to
   * its end or to the first difference; does not close it.
   */
  public static long firstMismatch(TardisSequence expected, InputStream in) throws IOException {
    byte[] got = new byte[BUFFER_BYTES];
    long position = 0;
    for (int n; (n = in.readNBytes(got, 0, got.length)) > 0; position += n) {
      long at = firstMismatch(expected, position, got, 0, n);
      if (at != NONE) {
        return at;
      }
    }
    return position < expected.length() ? position : NONE;
  }

  /**
   * Whether {@code data[off, off + len)} is a piece of some Tardis sequence with this flag: every
   * whole unit in it has the flag and a marker 16 less than the one before, the bytes around them
   * continue those units, and the piece ends within the sequence. A piece too short to hold a whole
   * unit shows no marker and is judged by its flag bytes alone.
   */
  public static boolean isWellFormed(TardisFlag flag, byte[] data, int off, int len) {
    Objects.checkFromIndexSize(off, len, data.length);
    for (int offset = 0; offset < Unit.BYTES; offset++) {
      if (isPieceAt(flag.value(), offset, data, off, len)) {
        return true;
      }
    }
    return len == 0;
  }

  /** Whether the piece fits a sequence in which its first byte is byte {@code offset} of a unit. */
  private static boolean isPieceAt(long flag, int offset, byte[] data, int off, int len) {
    int unit = off + (Unit.BYTES - offset) % Unit.BYTES;
    int end = off + len;
    if (unit + Unit.BYTES > end) {
      for (int i = off; i < end; i++) {
        int inUnit = (offset + i - off) % Unit.BYTES;
        if (inUnit < Unit.FLAG_BYTES && data[i] != Unit.byteAt(flag, 0, inUnit)) {
          return false;
        }
      }
      return true;
    }
    long marker = Unit.readLong(data, unit + Unit.FLAG_BYTES);
    if (Unit.readLong(data, unit) != flag
        || marker < 0
        || end - unit - Unit.BYTES > marker
        || (offset != 0 && marker > Long.MAX_VALUE - Unit.BYTES)) {
      return false;
    }
    byte[] want = new byte[len];
    Unit.write(flag, offset == 0 ? marker : marker + Unit.BYTES, offset, want, 0, len);
    return Arrays.equals(want, 0, len, data, off, end);
  }
}
