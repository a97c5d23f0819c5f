package org.mimesisbench.tardis.dataset;

import java.io.IOException;
import java.io.InputStream;

/** A replica's data from an offset to the length it had when opened, decoded one chunk at a time. */
final class BlockDataStream extends InputStream {
  private final BlockContent content;
  private final long end;
  private long position;
  private byte[] chunk;
  private long chunkStart = -1;

  BlockDataStream(BlockContent content, long offset) throws IOException {
    this.content = content;
    this.end = content.length();
    if (offset < 0 || offset > end) {
      throw new IOException("offset " + offset + " is outside a replica of " + end + " bytes");
    }
    this.position = offset;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    if (position >= end) {
      return -1;
    }
    int chunkBytes = content.chunkBytes();
    long start = position / chunkBytes * chunkBytes;
    if (start != chunkStart) {
      chunk = content.chunk((int) (position / chunkBytes)).data();
      chunkStart = start;
    }
    int at = (int) (position - start);
    int n = (int) Math.min(Math.min(len, chunk.length - at), end - position);
    if (n <= 0) {
      throw new IOException("replica ends at " + (start + chunk.length) + ", before its length " + end);
    }
    System.arraycopy(chunk, at, b, off, n);
    position += n;
    return n;
  }

  @Override
  public long skip(long n) {
    long skipped = Math.max(0, Math.min(n, end - position));
    position += skipped;
    return skipped;
  }

  @Override
  public int available() {
    return (int) Math.min(Integer.MAX_VALUE, end - position);
  }
}
