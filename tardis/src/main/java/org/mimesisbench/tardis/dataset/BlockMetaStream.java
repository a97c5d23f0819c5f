package org.mimesisbench.tardis.dataset;

import java.io.IOException;

/**
 * A replica's meta file as HDFS lays it out, the header and then one CRC per checksum chunk of
 * data, its CRCs recomputed from the stored data and checked against their stored digest.
 */
final class BlockMetaStream extends PositionedStream {
  private final BlockContent content;
  private final byte[] header;
  private byte[] crcs;
  private long crcsStart = -1;

  BlockMetaStream(BlockContent content) {
    this(content, content.metaHeader());
  }

  private BlockMetaStream(BlockContent content, byte[] header) {
    super(header.length + ChunkChecksums.crcBytes(content.checksum(), content.length()), 0);
    this.content = content;
    this.header = header;
  }

  @Override
  int readAt(long position, byte[] b, int off, int len) throws IOException {
    if (position < header.length) {
      int n = (int) Math.min(len, header.length - position);
      System.arraycopy(header, (int) position, b, off, n);
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
    int n = Math.min(len, crcs.length - at);
    if (n <= 0) {
      throw new IOException(
          "checksums end at meta offset "
              + (header.length + start + crcs.length)
              + ", before "
              + length());
    }
    System.arraycopy(crcs, at, b, off, n);
    return n;
  }
}
