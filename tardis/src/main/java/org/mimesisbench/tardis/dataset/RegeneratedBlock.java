package org.mimesisbench.tardis.dataset;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.util.DataChecksum;
import org.mimesisbench.tardis.format.TardisFlag;
import org.mimesisbench.tardis.format.TardisSequence;

/**
 * A finalized replica's content made again on every read, nothing stored: the first {@code length}
 * bytes of a Tardis sequence of {@code sequenceLength} bytes, which is what a client writing its
 * file as one Tardis sequence put in this block (a block starts at a multiple of 16 bytes of its
 * file, so its bytes are those of the sequence of the file's remaining bytes), and their CRCs,
 * computed as read.
 */
final class RegeneratedBlock implements BlockContent {
  private final TardisSequence sequence;
  private final long length;
  private final DataChecksum checksum;
  private final byte[] metaHeader;
  private final int chunkBytes;

  RegeneratedBlock(
      TardisFlag flag, long length, long sequenceLength, DataChecksum checksum, int chunkBytes)
      throws IOException {
    if (length < 0 || sequenceLength < length) {
      throw new IOException(
          "a held replica of " + length + " bytes in a sequence of " + sequenceLength);
    }
    this.sequence = new TardisSequence(flag, sequenceLength);
    this.length = length;
    this.checksum = checksum;
    int bpc = checksum.getBytesPerChecksum();
    this.chunkBytes = Math.max(bpc, chunkBytes / bpc * bpc);
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    BlockMetadataHeader.writeHeader(new DataOutputStream(header), checksum);
    this.metaHeader = header.toByteArray();
  }

  @Override
  public byte[] metaHeader() {
    return metaHeader.clone();
  }

  @Override
  public DataChecksum checksum() {
    return checksum;
  }

  @Override
  public long length() {
    return length;
  }

  @Override
  public int chunkBytes() {
    return chunkBytes;
  }

  @Override
  public Chunk chunk(int index) {
    long from = (long) index * chunkBytes;
    int n = (int) Math.max(0, Math.min(chunkBytes, length - from));
    byte[] data = new byte[n];
    sequence.copy(from, data, 0, n);
    return new Chunk(data, ChunkChecksums.compute(checksum, data, 0, n));
  }
}
