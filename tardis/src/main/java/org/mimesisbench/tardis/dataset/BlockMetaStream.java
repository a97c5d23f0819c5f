package org.mimesisbench.tardis.dataset;

import java.io.IOException;
import java.io.InputStream;

/**
 * A replica's meta file as HDFS lays it out, the header and then one CRC per checksum chunk of
 * data, its CRCs recomputed from the stored data and checked against their stored digest.
 */
final class BlockMetaStream extends InputStream {
  private final BlockContent content;
  private final byte[] header;
  private final long length;
  private long position;
  private byte[] crcs;
  private long crcsStart = -1;

  BlockMetaStream(BlockContent content) {
    this.content = content;
    this.header = content.metaHeader();
    this.length = header.length + ChunkChecksums.crcBytes(content.checksum(), content.length());
  }

  /** Bytes in the meta file: header and CRCs. */
  long length() {
    return length;
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
    if (position >= length) {
      return -1;
    }
    if (position < header.length) {
      int n = (int) Math.min(len, header.length - position);
      System.arraycopy(header, (int) position, b, off, n);
      position += n;
      return n;
    }
    long crcPerChunk = ChunkChecksums.crcBytes(content.checksum(), content.chunkBytes());
    long rel = position - header.length;
    long start = rel / crcPerChunk * crcPerChunk;
    if (start != crcsStart) {
      crcs = content.chunk((int) (rel / crcPerChunk)).crcs();
      crcsStart = start;
    }
    int at = (int) (rel - start);
    int n = (int) Math.min(Math.min(len, crcs.length - at), length - position);
    if (n <= 0) {
      throw new IOException("checksums end at meta offset " + (header.length + start + crcs.length)
          + ", before " + length);
    }
    System.arraycopy(crcs, at, b, off, n);
    position += n;
    return n;
  }

  @Override
  public long skip(long n) {
    long skipped = Math.max(0, Math.min(n, length - position));
    position += skipped;
    return skipped;
  }

  @Override
  public int available() {
    return (int) Math.min(Integer.MAX_VALUE, length - position);
  }
}
