package org.mimesisbench.tardis.dataset;

import java.io.IOException;
import org.apache.hadoop.util.DataChecksum;

/** A replica's data and checksums as readers see them, one stored chunk at a time. */
interface BlockContent {

  /** The meta file header: version, checksum type, bytes per checksum. */
  byte[] metaHeader();

  DataChecksum checksum();

  /** Data bytes readable now. */
  long length();

  /** Data bytes per stored chunk; a multiple of the bytes per checksum. */
  int chunkBytes();

  /**
   * The data of chunk {@code index} (shorter for the last) and its CRCs, checked against what was
   * stored.
   */
  Chunk chunk(int index) throws IOException;

  /** One chunk's data and the CRCs the meta file holds for it. */
  record Chunk(byte[] data, byte[] crcs) {}
}
