package org.mimesisbench.tardis.dataset;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.mimesisbench.tardis.codec.CorruptChunkException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A replica stream that reports the replica corrupt to the NameNode when a stored chunk fails its
 * check, so that the client reads another replica and the NameNode replaces this one.
 */
final class CorruptionReportingStream extends FilterInputStream {
  private static final Logger LOG = LoggerFactory.getLogger(CorruptionReportingStream.class);

  private final DataNode datanode; // null when the dataset runs without one (its own tests)
  private final ExtendedBlock block;
  private final TardisReplica replica;

  CorruptionReportingStream(
      InputStream in, DataNode datanode, ExtendedBlock block, TardisReplica replica) {
    super(in);
    this.datanode = datanode;
    this.block = block;
    this.replica = replica;
  }

  @Override
  public int read() throws IOException {
    try {
      return super.read();
    } catch (CorruptChunkException e) {
      throw reported(e);
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    try {
      return super.read(b, off, len);
    } catch (CorruptChunkException e) {
      throw reported(e);
    }
  }

  private CorruptChunkException reported(CorruptChunkException e) {
    LOG.warn("Corrupt replica {}: {}", replica, e.getMessage());
    if (datanode != null) {
      try {
        datanode.reportBadBlocks(
            new ExtendedBlock(
                block.getBlockPoolId(),
                replica.getBlockId(),
                replica.getNumBytes(),
                replica.getGenerationStamp()),
            replica.getVolume());
      } catch (IOException | RuntimeException report) {
        LOG.warn("Could not report corrupt replica {}: {}", replica, report.toString());
      }
    }
    return e;
  }
}
