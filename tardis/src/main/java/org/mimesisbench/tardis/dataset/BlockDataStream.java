package org.mimesisbench.tardis.dataset;

import java.io.IOException;

/**
 * A replica's data from an offset to the length it had when opened, decoded one chunk at a time.
 */
final class BlockDataStream extends PositionedStream {
  private final BlockContent content;
  private byte[] chunk;
  private long chunkStart = -1;

  BlockDataStream(BlockContent content, long offset) throws IOException {
    super(content.length(), offset);
    this.content = content;
    if (offset < 0 || offset > content.length()) {
      throw new IOException(
          "offset " + offset + " is outside a replica of " + content.length() + " bytes");
    }
  }

  @Override
  int readAt(long position, byte[] b, int off, int len) throws IOException {
    long chunkBytes = content.chunkBytes();
    long start = position / chunkBytes * chunkBytes;
    if (start != chunkStart) {
      chunk = content.chunk((int) (position / chunkBytes)).data();
      chunkStart = start;
    }
    int at = (int) (position - start);
    int n = Math.min(len, chunk.length - at);
    if (n <= 0) {
      throw new IOException(
          "replica ends at " + (start + chunk.length) + ", before its length " + length());
    }
    System.arraycopy(chunk, at, b, off, n);
    return n;
  }
}
