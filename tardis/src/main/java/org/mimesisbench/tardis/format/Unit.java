package org.mimesisbench.tardis.format;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * One unit of Tardis data: the 8-byte flag, then an 8-byte big-endian marker counting the bytes of
 * the sequence that follow the unit. Markers are 8 bytes, not the paper prototype's 4, so one
 * sequence covers a file of any size: a 4-byte marker would stop counting at 4 GiB, and HDFS files
 * are often bigger.
 *
 * <p>Consecutive units count down by {@link #BYTES}; the units are written here for any starting
 * marker and any offset inside the first unit, which is all a reader, a writer and a decompressor
 * need.
 */
public final class Unit {
  public static final int FLAG_BYTES = 8;
  public static final int MARKER_BYTES = 8;
  public static final int BYTES = FLAG_BYTES + MARKER_BYTES;

  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private Unit() {}

  /** The 8 bytes at {@code data[at]} as a big-endian long: a flag or a marker. */
  public static long readLong(byte[] data, int at) {
    return (long) LONG.get(data, at);
  }

  /** Byte {@code offset} (0 to 15) of the unit with this flag and marker. */
  public static byte byteAt(long flag, long marker, int offset) {
    long field = offset < FLAG_BYTES ? flag : marker;
    return (byte) (field >>> (8 * (FLAG_BYTES - 1 - offset % FLAG_BYTES)));
  }

  /**
   * Whether the unit starting at {@code data[at]} (16 bytes available) is this flag with this
   * marker.
   */
  public static boolean matches(byte[] data, int at, long flag, long marker) {
    return readLong(data, at) == flag && readLong(data, at + FLAG_BYTES) == marker;
  }

  /**
   * Writes {@code len} bytes of the units that start with the one holding {@code marker}, from byte
   * {@code offset} of that unit on; each later unit's marker is 16 less (below 0 past the end of a
   * sequence, where only a tail shorter than a unit is ever written).
   */
  public static void write(long flag, long marker, int offset, byte[] dst, int off, int len) {
    int i = 0;
    long m = marker;
    if (offset != 0) {
      int n = Math.min(BYTES - offset, len);
      writePart(flag, m, offset, dst, off, n);
      i = n;
      m -= BYTES;
    }
    for (; len - i >= BYTES; i += BYTES, m -= BYTES) {
      LONG.set(dst, off + i, flag);
      LONG.set(dst, off + i + FLAG_BYTES, m);
    }
    if (i < len) {
      writePart(flag, m, 0, dst, off + i, len - i);
    }
  }

  private static void writePart(long flag, long marker, int from, byte[] dst, int off, int n) {
    for (int j = 0; j < n; j++) {
      dst[off + j] = byteAt(flag, marker, from + j);
    }
  }
}
