package org.mimesisbench.tardis.dataset;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.zip.CRC32C;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.util.DataChecksum;

/**
 * The CRCs of a block's meta file, recomputed from the data they cover, and the 4-byte digest of
 * them that is all the store keeps: the CRCs are 0.78 % of the data, the digest a few bytes a
 * chunk, and a chunk whose recomputed CRCs miss their digest is corrupt.
 */
final class ChunkChecksums {
  private ChunkChecksums() {}

  /** The checksum a meta file header (version, type, bytes per checksum) describes. */
  static DataChecksum fromHeader(byte[] header) throws IOException {
    return BlockMetadataHeader.readHeader(new DataInputStream(new ByteArrayInputStream(header)))
        .getChecksum();
  }

  /**
   * Bytes of CRC that cover {@code dataBytes} bytes of data (the last, partial chunk has one too).
   */
  static long crcBytes(DataChecksum checksum, long dataBytes) {
    int bpc = checksum.getBytesPerChecksum();
    return (dataBytes + bpc - 1) / bpc * checksum.getChecksumSize();
  }

  /**
   * The CRCs of {@code data[off, off + len)}, as the meta file holds them. With a summer of its
   * own: a DataChecksum without Hadoop's native code sums through one stateful object, and
   * concurrent reads of one replica, which share its checksum, got each other's CRCs.
   */
  static byte[] compute(DataChecksum checksum, byte[] data, int off, int len) {
    byte[] sums = new byte[(int) crcBytes(checksum, len)];
    if (sums.length > 0) {
      DataChecksum.newDataChecksum(checksum.getChecksumType(), checksum.getBytesPerChecksum())
          .calculateChunkedSums(data, off, len, sums, 0);
    }
    return sums;
  }

  static int digest(byte[] sums, int off, int len) {
    CRC32C crc = new CRC32C();
    crc.update(sums, off, len);
    return (int) crc.getValue();
  }
}
