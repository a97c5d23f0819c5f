package org.mimesisbench.tardis.dataset;

import java.io.IOException;
import java.io.InputStream;

/** A stream of known length read at a position: the bookkeeping the replica's streams share. */
abstract class PositionedStream extends InputStream {
  private final long length;
  private long position;

  PositionedStream(long length, long position) {
    this.length = length;
    this.position = position;
  }

  /**
   * Copies up to {@code len} bytes from {@code at} (before the end) into {@code b}; returns how
   * many.
   */
  abstract int readAt(long at, byte[] b, int off, int len) throws IOException;

  /** Bytes in the stream. */
  final long length() {
    return length;
  }

  @Override
  public final int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public final int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (position >= length) {
      return -1;
    }
    int n = readAt(position, b, off, (int) Math.min(len, length - position));
    position += n;
    return n;
  }

  @Override
  public final long skip(long n) {
    long skipped = Math.max(0, Math.min(n, length - position));
    position += skipped;
    return skipped;
  }

  @Override
  public final int available() {
    return (int) Math.min(Integer.MAX_VALUE, length - position);
  }
}
