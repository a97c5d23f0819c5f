package org.mimesisbench.tardis.format;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;

/**
 * Tardis data of a given length: units whose markers count the bytes left after them, down to the
 * last whole unit. When the length is not a multiple of 16, the last {@code length % 16} bytes (the
 * tail) are the start of one more unit, cut: its flag, then, past 8 bytes, its marker (the negative
 * {@code tail - 16}). A client writes a file of N Tardis bytes as one sequence of length N.
 */
public final class TardisSequence {
  private static final int BUFFER_BYTES = 64 * 1024;

  private final TardisFlag flag;
  private final long length;

  public TardisSequence(TardisFlag flag, long length) {
    if (length < 0) {
      throw new IllegalArgumentException("a Tardis sequence cannot be " + length + " bytes long");
    }
    this.flag = Objects.requireNonNull(flag, "flag");
    this.length = length;
  }

  public TardisFlag flag() {
    return flag;
  }

  public long length() {
    return length;
  }

  /**
   * The marker of the unit holding byte {@code position}: the bytes of the sequence after that
   * unit.
   */
  public long markerAt(long position) {
    return length - (position - position % Unit.BYTES) - Unit.BYTES;
  }

  /** Copies the sequence's bytes {@code [position, position + len)} into {@code dst[off]}. */
  public void copy(long position, byte[] dst, int off, int len) {
    Objects.checkFromIndexSize(off, len, dst.length);
    if (position < 0 || len > length - position) {
      throw new IndexOutOfBoundsException(
          "bytes "
              + position
              + " to "
              + (position + len)
              + " of a "
              + length
              + "-byte Tardis sequence");
    }
    Unit.write(flag.value(), markerAt(position), (int) (position % Unit.BYTES), dst, off, len);
  }

  /** The sequence as a stream: reads of any size, skip, mark and reset. */
  public InputStream open() {
    return new TardisInputStream(this);
  }

  /** Writes the whole sequence, e.g. to a file system client's output stream; does not close it. */
  public void writeTo(OutputStream out) throws IOException {
    byte[] buffer = new byte[(int) Math.min(BUFFER_BYTES, Math.max(length, 1))];
    for (long at = 0; at < length; ) {
      int n = (int) Math.min(buffer.length, length - at);
      copy(at, buffer, 0, n);
      out.write(buffer, 0, n);
      at += n;
    }
  }

  @Override
  public String toString() {
    return length + " Tardis bytes, flag " + flag;
  }
}
