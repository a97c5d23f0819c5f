package org.mimesisbench.tardis.dataset;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.util.DataChecksum;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.tardis.codec.ChunkCodec;
import org.mimesisbench.tardis.codec.ChunkCodecs;
import org.mimesisbench.tardis.format.TardisFlag;

/**
 * How an emulated DataNode's block content is coded: new and reopened blocks with the configured
 * codec and chunk size, stored chunks with the codec they name, held replicas regenerated from the
 * Tardis sequence. Immutable but for the cache of other codecs, which is concurrent.
 */
final class BlockCoding {
  private final Configuration conf;
  private final ChunkCodec codec;
  private final Map<String, Optional<ChunkCodec>> otherCodecs = new ConcurrentHashMap<>();
  private final int chunkBytes;
  private final TardisFlag flag;
  private final DataChecksum heldChecksum;

  BlockCoding(Configuration conf) throws IOException {
    this.conf = conf;
    this.codec = codec(conf);
    this.chunkBytes = conf.getInt(TardisDataset.CHUNK_BYTES_KEY, TardisDataset.CHUNK_BYTES_DEFAULT);
    this.flag = TardisFlag.from(conf);
    // what a client writes with by default: the checksum a held replica's meta file shows
    this.heldChecksum =
        DataChecksum.newDataChecksum(
            DataChecksum.Type.valueOf(
                conf.getTrimmed(
                    DFSConfigKeys.DFS_CHECKSUM_TYPE_KEY, DFSConfigKeys.DFS_CHECKSUM_TYPE_DEFAULT)),
            conf.getInt(
                DFSConfigKeys.DFS_BYTES_PER_CHECKSUM_KEY,
                DFSConfigKeys.DFS_BYTES_PER_CHECKSUM_DEFAULT));
    if (chunkBytes <= 0) {
      throw new IOException(TardisDataset.CHUNK_BYTES_KEY + " must be positive, not " + chunkBytes);
    }
  }

  private static ChunkCodec codec(Configuration conf) throws IOException {
    try {
      return ChunkCodecs.named(
          conf.getTrimmed(TardisDataset.CODEC_KEY, TardisDataset.CODEC_DEFAULT), conf);
    } catch (BadInputException e) {
      throw new IOException(TardisDataset.CODEC_KEY + ": " + e.getMessage(), e);
    }
  }

  /** The name of the codec new chunks are stored with. */
  String codecName() {
    return codec.name();
  }

  /** The codec that decodes chunks stored under {@code name}; null when this DataNode has none. */
  ChunkCodec named(String name) {
    if (name.equals(codec.name())) {
      return codec;
    }
    // blocks stored with another codec (the setting changed between restarts): one instance per
    // name
    return otherCodecs
        .computeIfAbsent(
            name,
            n -> {
              try {
                return Optional.of(ChunkCodecs.named(n, conf));
              } catch (BadInputException e) {
                return Optional.empty();
              }
            })
        .orElse(null);
  }

  /** The writer of a new replica. */
  BlockWriter newWriter() throws IOException {
    // the checksum is the client's, set when the DataNode opens the streams; CRC32C until then
    return new BlockWriter(
        codec, chunkBytes, DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512));
  }

  /** A writer that goes on from a finalized replica's content (an append or a recovery). */
  BlockWriter reopen(BlockContent finalized) throws IOException {
    return BlockWriter.reopen(finalized, codec, chunkBytes);
  }

  /** The content of a replica held as metadata: the sequence's first {@code length} bytes. */
  RegeneratedBlock regenerated(long length, long sequenceLength) throws IOException {
    return new RegeneratedBlock(flag, length, sequenceLength, heldChecksum, chunkBytes);
  }
}
