package org.mimesisbench.tardis.format;

import java.io.InputStream;
import java.util.Objects;

/** Reads a {@link TardisSequence} from its start: made on demand, so any length costs no memory. */
public final class TardisInputStream extends InputStream {
  private final TardisSequence sequence;
  private long position;
  private long mark;

  public TardisInputStream(TardisSequence sequence) {
    this.sequence = Objects.requireNonNull(sequence, "sequence");
  }

  public TardisInputStream(TardisFlag flag, long length) {
    this(new TardisSequence(flag, length));
  }

  /** Bytes read or skipped so far. */
  public long position() {
    return position;
  }

  @Override
  public int read() {
    if (position == sequence.length()) {
      return -1;
    }
    long marker = sequence.markerAt(position);
    return Unit.byteAt(sequence.flag().value(), marker, (int) (position++ % Unit.BYTES)) & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) {
    Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      return 0;
    }
    if (position == sequence.length()) {
      return -1;
    }
    int n = (int) Math.min(len, sequence.length() - position);
    sequence.copy(position, b, off, n);
    position += n;
    return n;
  }

  @Override
  public long skip(long n) {
    long skipped = Math.max(0, Math.min(n, sequence.length() - position));
    position += skipped;
    return skipped;
  }

  @Override
  public int available() {
    return (int) Math.min(Integer.MAX_VALUE, sequence.length() - position);
  }

  @Override
  public boolean markSupported() {
    return true;
  }

  @Override
  public void mark(int readLimit) {
    mark = position;
  }

  @Override
  public void reset() {
    position = mark;
  }
}
