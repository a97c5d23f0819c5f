package org.mimesisbench.tardis.dataset;

import java.io.EOFException;
import java.io.File;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.BlockListAsLongs;
import org.apache.hadoop.hdfs.protocol.BlockLocalPathInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.RecoveryInProgressException;
import org.apache.hadoop.hdfs.server.common.AutoCloseDataSetLock;
import org.apache.hadoop.hdfs.server.common.DataNodeLockManager;
import org.apache.hadoop.hdfs.server.common.HdfsServerConstants.ReplicaState;
import org.apache.hadoop.hdfs.server.common.Storage.StorageDirectory;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataStorage;
import org.apache.hadoop.hdfs.server.datanode.FileIoProvider;
import org.apache.hadoop.hdfs.server.datanode.Replica;
import org.apache.hadoop.hdfs.server.datanode.ReplicaAlreadyExistsException;
import org.apache.hadoop.hdfs.server.datanode.ReplicaHandler;
import org.apache.hadoop.hdfs.server.datanode.ReplicaInPipeline;
import org.apache.hadoop.hdfs.server.datanode.ReplicaInfo;
import org.apache.hadoop.hdfs.server.datanode.ReplicaNotFoundException;
import org.apache.hadoop.hdfs.server.datanode.StorageLocation;
import org.apache.hadoop.hdfs.server.datanode.UnexpectedReplicaStateException;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi.ScanInfo;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.ReplicaInputStreams;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.ReplicaOutputStreams;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsVolumeImpl;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.MountVolumeMap;
import org.apache.hadoop.hdfs.server.datanode.metrics.DataNodeMetricHelper;
import org.apache.hadoop.hdfs.server.protocol.BlockRecoveryCommand.RecoveringBlock;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.apache.hadoop.hdfs.server.protocol.NamespaceInfo;
import org.apache.hadoop.hdfs.server.protocol.ReplicaRecoveryInfo;
import org.apache.hadoop.hdfs.server.protocol.StorageReport;
import org.apache.hadoop.hdfs.server.protocol.VolumeFailureSummary;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.util.DataChecksum;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.tardis.codec.AdaptiveCodec;
import org.mimesisbench.tardis.codec.ChunkCodec;
import org.mimesisbench.tardis.codec.ChunkCodecs;
import org.mimesisbench.tardis.codec.CorruptChunkException;
import org.mimesisbench.tardis.format.TardisFlag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The storage of an emulated DataNode: the real DataNode code runs on top, block data is kept
 * encoded chunk by chunk with the configured {@link ChunkCodec}, on disk under the DataNode's own
 * storage directories or in memory. An adapter: replica states follow {@code FsDatasetImpl}, the
 * data lives in {@link BlockWriter} and {@link StoredBlock}, persistence in a {@link BlockStore}. A
 * stored chunk that does not decode to data matching its checksums is reported to the NameNode as a
 * corrupt replica and fails the read, so the client reads another replica.
 */
public final class TardisDataset implements FsDatasetSpi<TardisVolume> {
  private static final Logger LOG = LoggerFactory.getLogger(TardisDataset.class);

  /** The codec new chunks are stored with, by name (ChunkCodecs.NAMES). */
  public static final String CODEC_KEY = "mimesisbench.tardis.codec";

  public static final String CODEC_DEFAULT = AdaptiveCodec.NAME;

  /** Keep blocks on the heap instead of under the DataNode's data directories (lost on restart). */
  public static final String IN_MEMORY_KEY = "mimesisbench.tardis.in-memory";

  public static final boolean IN_MEMORY_DEFAULT = false;

  /** Data bytes per encoded chunk (rounded down to a multiple of the bytes per checksum). */
  public static final String CHUNK_BYTES_KEY = "mimesisbench.tardis.chunk-bytes";

  public static final int CHUNK_BYTES_DEFAULT = 1 << 20;

  /** The logical capacity each volume reports to the NameNode. */
  public static final String CAPACITY_KEY = "mimesisbench.tardis.capacity-bytes";

  public static final long CAPACITY_DEFAULT = 1L << 40;

  private final DataNode datanode;
  private final Configuration conf;
  private final ChunkCodec codec;
  private final Map<String, Optional<ChunkCodec>> otherCodecs = new ConcurrentHashMap<>();
  private final int chunkBytes;
  private final long writerStopTimeoutMs;
  private final List<TardisVolume> volumes = new ArrayList<>();
  private final AtomicInteger nextVolume = new AtomicInteger();
  private final Map<String, Map<Long, TardisReplica>> pools = new ConcurrentHashMap<>();
  private final Set<Long> pinned = ConcurrentHashMap.newKeySet();
  private final List<java.nio.file.Path> roots = new ArrayList<>(); // by volume
  // replicas held as metadata, by block pool, one set per volume (null: none there)
  private final Map<String, HeldReplicas[]> held = new ConcurrentHashMap<>();
  private final TardisFlag flag;
  private final DataChecksum heldChecksum;

  TardisDataset(DataNode datanode, DataStorage storage, Configuration conf) throws IOException {
    this.datanode = datanode;
    this.conf = conf;
    this.codec = codec(conf);
    this.chunkBytes = conf.getInt(CHUNK_BYTES_KEY, CHUNK_BYTES_DEFAULT);
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
      throw new IOException(CHUNK_BYTES_KEY + " must be positive, not " + chunkBytes);
    }
    this.writerStopTimeoutMs =
        conf.getLong(
            DFSConfigKeys.DFS_DATANODE_XCEIVER_STOP_TIMEOUT_MILLIS_KEY,
            DFSConfigKeys.DFS_DATANODE_XCEIVER_STOP_TIMEOUT_MILLIS_DEFAULT);
    boolean inMemory = conf.getBoolean(IN_MEMORY_KEY, IN_MEMORY_DEFAULT);
    long capacity = conf.getLong(CAPACITY_KEY, CAPACITY_DEFAULT);
    if (storage == null || storage.getNumStorageDirs() == 0) {
      throw new IOException(
          "an emulated DataNode needs at least one storage directory (dfs.datanode.data.dir)");
    }
    FileIoProvider io =
        datanode == null ? new FileIoProvider(conf, null) : datanode.getFileIoProvider();
    for (int i = 0; i < storage.getNumStorageDirs(); i++) {
      StorageDirectory sd = storage.getStorageDir(i);
      roots.add(sd.getRoot().toPath());
      BlockStore store =
          inMemory
              ? new MemoryBlockStore()
              : new DiskBlockStore(sd.getRoot().toPath(), this::codecNamed);
      volumes.add(
          new TardisVolume(
              this, sd.getStorageUuid(), sd.getStorageLocation(), store, capacity, io, conf));
    }
  }

  private static ChunkCodec codec(Configuration conf) throws IOException {
    try {
      return ChunkCodecs.named(conf.getTrimmed(CODEC_KEY, CODEC_DEFAULT), conf);
    } catch (BadInputException e) {
      throw new IOException(CODEC_KEY + ": " + e.getMessage(), e);
    }
  }

  /** The codec that decodes chunks stored under {@code name}; null when this DataNode has none. */
  private ChunkCodec codecNamed(String name) {
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

  // ---- replica lookup

  private Map<Long, TardisReplica> pool(String bpid) throws IOException {
    Map<Long, TardisReplica> pool = pools.get(bpid);
    if (pool == null) {
      throw new IOException("block pool " + bpid + " is not served by this DataNode");
    }
    return pool;
  }

  private synchronized TardisReplica byId(String bpid, long blockId) {
    Map<Long, TardisReplica> pool = pools.get(bpid);
    if (pool == null) {
      return null;
    }
    TardisReplica r = pool.get(blockId);
    return r != null ? r : takeHeld(bpid, pool, blockId);
  }

  /**
   * A replica held as metadata made an ordinary one (its content still regenerated) once the
   * DataNode touches it, so that its changes are kept like any replica's; null when none is held.
   */
  private TardisReplica takeHeld(String bpid, Map<Long, TardisReplica> pool, long blockId) {
    HeldReplicas[] byVolume = held.get(bpid);
    if (byVolume == null) {
      return null;
    }
    for (int v = 0; v < byVolume.length; v++) {
      HeldReplicas h = byVolume[v];
      int i = h == null ? -1 : h.indexOf(blockId);
      if (i >= 0) {
        TardisReplica r;
        try {
          r =
              TardisReplica.regenerated(
                  blockId,
                  h.genStamp(i),
                  volumes.get(v),
                  new RegeneratedBlock(
                      flag, h.length(i), h.sequenceLength(i), heldChecksum, chunkBytes));
        } catch (IOException e) {
          LOG.warn("Held replica blk_{} is inconsistent: {}", blockId, e.getMessage());
          return null;
        }
        h.take(i);
        pool.put(blockId, r);
        return r;
      }
    }
    return null;
  }

  /**
   * The replica of {@code b} with its generation stamp, as FsDatasetImpl's replica map matches, or
   * null.
   */
  private TardisReplica exact(ExtendedBlock b) {
    TardisReplica r = byId(b.getBlockPoolId(), b.getBlockId());
    return r != null && r.getGenerationStamp() == b.getGenerationStamp() ? r : null;
  }

  private TardisReplica requireExact(ExtendedBlock b) throws ReplicaNotFoundException {
    TardisReplica r = exact(b);
    if (r == null) {
      throw new ReplicaNotFoundException(b);
    }
    return r;
  }

  private TardisReplica requireId(ExtendedBlock b) throws ReplicaNotFoundException {
    TardisReplica r = byId(b.getBlockPoolId(), b.getBlockId());
    if (r == null) {
      throw new ReplicaNotFoundException(ReplicaNotFoundException.NON_EXISTENT_REPLICA + b);
    }
    return r;
  }

  private TardisVolume chooseVolume(String storageId) {
    if (storageId != null) {
      for (TardisVolume v : volumes) {
        if (v.getStorageID().equals(storageId)) {
          return v;
        }
      }
    }
    return volumes.get(Math.floorMod(nextVolume.getAndIncrement(), volumes.size()));
  }

  private ReplicaHandler handler(TardisReplica r) {
    return new ReplicaHandler(r, r.getVolume().obtainReference());
  }

  // ---- the write pipeline

  @Override
  public ReplicaHandler createTemporary(
      StorageType storageType, String storageId, ExtendedBlock b, boolean isTransfer)
      throws IOException {
    TardisReplica old;
    synchronized (this) {
      old = byId(b.getBlockPoolId(), b.getBlockId());
      if (old != null
          && (old.getState() != ReplicaState.TEMPORARY
              || old.getGenerationStamp() >= b.getGenerationStamp())) {
        throw new ReplicaAlreadyExistsException(
            "block "
                + b
                + " already exists in state "
                + old.getState()
                + " and thus cannot be created");
      }
    }
    if (old != null) {
      old.stopWriter(writerStopTimeoutMs); // a stale transfer of the same block
    }
    synchronized (this) {
      if (old != null) {
        pool(b.getBlockPoolId()).remove(b.getBlockId());
      }
      return create(storageId, b, b.getGenerationStamp(), ReplicaState.TEMPORARY);
    }
  }

  @Override
  public ReplicaHandler createRbw(
      StorageType storageType, String storageId, ExtendedBlock b, boolean allowLazyPersist)
      throws IOException {
    return createRbw(storageType, storageId, b, allowLazyPersist, 0L);
  }

  @Override
  public synchronized ReplicaHandler createRbw(
      StorageType storageType,
      String storageId,
      ExtendedBlock b,
      boolean allowLazyPersist,
      long newGS)
      throws IOException {
    TardisReplica old = byId(b.getBlockPoolId(), b.getBlockId());
    if (old != null) {
      if (newGS == 0L) {
        throw new ReplicaAlreadyExistsException(
            "block "
                + b
                + " already exists in state "
                + old.getState()
                + " and thus cannot be created");
      }
      remove(b.getBlockPoolId(), old); // a retried create under a new generation stamp
    }
    return create(storageId, b, newGS != 0L ? newGS : b.getGenerationStamp(), ReplicaState.RBW);
  }

  private ReplicaHandler create(String storageId, ExtendedBlock b, long gs, ReplicaState state)
      throws IOException {
    TardisReplica r = TardisReplica.writing(b.getBlockId(), gs, chooseVolume(storageId), state);
    // the checksum is the client's, set when the DataNode opens the streams; CRC32C until then
    r.reopenAs(
        new BlockWriter(
            codec,
            chunkBytes,
            org.apache.hadoop.util.DataChecksum.newDataChecksum(
                org.apache.hadoop.util.DataChecksum.Type.CRC32C, 512)),
        state);
    pool(b.getBlockPoolId()).put(b.getBlockId(), r);
    return handler(r);
  }

  @Override
  public synchronized ReplicaInPipeline convertTemporaryToRbw(ExtendedBlock temporary)
      throws IOException {
    TardisReplica r = requireExact(temporary);
    if (r.getState() != ReplicaState.TEMPORARY) {
      throw new ReplicaAlreadyExistsException(
          "replica " + r + " is not temporary, cannot convert it to RBW");
    }
    if (r.getBytesOnDisk() != temporary.getNumBytes()) {
      throw new IOException(
          "temporary replica "
              + r
              + " has "
              + r.getBytesOnDisk()
              + " bytes, expected "
              + temporary.getNumBytes());
    }
    r.setState(ReplicaState.RBW);
    r.setNumBytes(r.getBytesOnDisk());
    r.setBytesAcked(r.getBytesOnDisk());
    return r;
  }

  @Override
  public synchronized void finalizeBlock(ExtendedBlock b, boolean fsyncDir) throws IOException {
    if (Thread.interrupted()) {
      throw new IOException("cannot finalize block " + b + " from an interrupted thread");
    }
    TardisReplica r = requireExact(b);
    if (r.getState() == ReplicaState.FINALIZED) {
      return; // legal after a recovery of a file opened for append but not written
    }
    finalizeReplica(b.getBlockPoolId(), r, b.getNumBytes());
  }

  /** Stores a replica's written data, cut to {@code length}, and marks it finalized. */
  private void finalizeReplica(String bpid, TardisReplica r, long length) throws IOException {
    BlockWriter w = r.writer();
    if (w.length() < length) {
      throw new IOException(
          "replica " + r + " has " + w.length() + " bytes, cannot finalize it at " + length);
    }
    if (w.length() > length) {
      w.truncate(length);
    }
    TardisVolume v = r.getVolume();
    StoredBlock stored = v.store().save(bpid, r.getBlockId(), r.getGenerationStamp(), w.finish());
    r.finalizeAs(stored);
    v.addUsed(bpid, stored.length());
  }

  @Override
  public synchronized void unfinalizeBlock(ExtendedBlock b) throws IOException {
    TardisReplica r = exact(b);
    if (r != null && r.getState() == ReplicaState.TEMPORARY) {
      remove(b.getBlockPoolId(), r); // a failed transfer leaves nothing behind
    }
  }

  @Override
  public void adjustCrcChannelPosition(ExtendedBlock b, ReplicaOutputStreams outs, int checksumSize)
      throws IOException {
    ((BlockWriter.MetaStream) outs.getChecksumOut()).rewind(checksumSize);
  }

  @Override
  public ReplicaHandler append(ExtendedBlock b, long newGS, long expectedBlockLen)
      throws IOException {
    synchronized (this) {
      TardisReplica r = requireExact(b);
      if (r.getState() != ReplicaState.FINALIZED) {
        throw new ReplicaNotFoundException(ReplicaNotFoundException.UNFINALIZED_REPLICA + b);
      }
      if (r.getNumBytes() != expectedBlockLen) {
        throw new IOException(
            "replica "
                + r
                + " has "
                + r.getNumBytes()
                + " bytes, the appender expects "
                + expectedBlockLen);
      }
      reopenForAppend(b.getBlockPoolId(), r, newGS);
      return handler(r);
    }
  }

  private void reopenForAppend(String bpid, TardisReplica r, long newGS) throws IOException {
    StoredBlock stored = r.stored();
    BlockContent finalized = stored != null ? stored : r.regenerated();
    BlockWriter w = BlockWriter.reopen(finalized, codec, chunkBytes);
    TardisVolume v = r.getVolume();
    if (stored != null) {
      v.store().delete(bpid, r.getBlockId(), r.getGenerationStamp(), stored);
    }
    v.addUsed(bpid, -finalized.length());
    r.reopenAs(w, ReplicaState.RBW);
    r.setGenStamp(newGS);
  }

  /** Checks done before every recovery of a pipeline: FsDatasetImpl's recoverCheck. */
  private TardisReplica recoverCheck(ExtendedBlock b, long newGS, long expectedBlockLen)
      throws IOException {
    TardisReplica r = requireId(b);
    if (r.getGenerationStamp() < b.getGenerationStamp() || r.getGenerationStamp() > newGS) {
      throw new ReplicaNotFoundException(
          ReplicaNotFoundException.UNEXPECTED_GS_REPLICA
              + r
              + ", block "
              + b
              + ", new generation stamp "
              + newGS);
    }
    if (r.getState() != ReplicaState.FINALIZED && r.getState() != ReplicaState.RBW) {
      throw new ReplicaNotFoundException(
          ReplicaNotFoundException.UNFINALIZED_AND_NONRBW_REPLICA + r);
    }
    if (r.getState() == ReplicaState.RBW) {
      r.stopWriter(writerStopTimeoutMs);
    }
    if (r.getBytesOnDisk() != expectedBlockLen) {
      throw new IOException(
          "replica " + r + " has " + r.getBytesOnDisk() + " bytes, expected " + expectedBlockLen);
    }
    return r;
  }

  @Override
  public synchronized ReplicaHandler recoverAppend(
      ExtendedBlock b, long newGS, long expectedBlockLen) throws IOException {
    TardisReplica r = recoverCheck(b, newGS, expectedBlockLen);
    if (r.getState() == ReplicaState.FINALIZED) {
      reopenForAppend(b.getBlockPoolId(), r, newGS);
    } else {
      r.setGenStamp(newGS);
      r.setWriter(Thread.currentThread());
    }
    return handler(r);
  }

  @Override
  public synchronized Replica recoverClose(ExtendedBlock b, long newGS, long expectedBlockLen)
      throws IOException {
    TardisReplica r = recoverCheck(b, newGS, expectedBlockLen);
    String bpid = b.getBlockPoolId();
    if (r.getState() == ReplicaState.FINALIZED) {
      bumpStored(bpid, r, newGS);
    } else {
      r.setGenStamp(newGS);
      finalizeReplica(bpid, r, r.getBytesOnDisk());
    }
    return r;
  }

  private void bumpStored(String bpid, TardisReplica r, long newGS) throws IOException {
    if (r.stored() == null) { // a held replica: nothing stored under the old stamp
      r.setGenStamp(newGS);
      return;
    }
    StoredBlock moved =
        r.getVolume()
            .store()
            .changeGenStamp(bpid, r.getBlockId(), r.getGenerationStamp(), newGS, r.stored());
    r.setGenStamp(newGS);
    r.finalizeAs(moved);
  }

  @Override
  public ReplicaHandler recoverRbw(
      ExtendedBlock b, long newGS, long minBytesRcvd, long maxBytesRcvd) throws IOException {
    TardisReplica r = requireId(b);
    if (r.getState() != ReplicaState.RBW) {
      throw new ReplicaNotFoundException(ReplicaNotFoundException.NON_RBW_REPLICA + r);
    }
    r.stopWriter(writerStopTimeoutMs);
    synchronized (this) {
      if (r.getGenerationStamp() < b.getGenerationStamp() || r.getGenerationStamp() > newGS) {
        throw new ReplicaNotFoundException(
            ReplicaNotFoundException.UNEXPECTED_GS_REPLICA + r + ", block " + b);
      }
      long acked = r.getBytesAcked();
      if (acked < minBytesRcvd || r.getNumBytes() > maxBytesRcvd) {
        throw new ReplicaNotFoundException(
            "replica "
                + r
                + " has "
                + acked
                + " bytes acknowledged and "
                + r.getNumBytes()
                + " received, outside ["
                + minBytesRcvd
                + ", "
                + maxBytesRcvd
                + "]");
      }
      BlockWriter w = r.writer();
      if (w.length() > acked) {
        w.truncate(acked);
      }
      r.setNumBytes(acked);
      r.setLastChecksumAndDataLen(acked, w.lastPartialCrc());
      r.setGenStamp(newGS);
      r.setWriter(Thread.currentThread());
      return handler(r);
    }
  }

  @Override
  public ReplicaRecoveryInfo initReplicaRecovery(RecoveringBlock rBlock) throws IOException {
    ExtendedBlock b = rBlock.getBlock();
    long recoveryId = rBlock.getNewGenerationStamp();
    TardisReplica r = byId(b.getBlockPoolId(), b.getBlockId());
    if (r == null) {
      return null;
    }
    if (r.getState() == ReplicaState.RBW || r.getState() == ReplicaState.TEMPORARY) {
      r.stopWriter(writerStopTimeoutMs);
    }
    synchronized (this) {
      if (r.getGenerationStamp() < b.getGenerationStamp()) {
        throw new IOException("replica " + r + " has an older generation stamp than block " + b);
      }
      if (r.getGenerationStamp() >= recoveryId) {
        throw new IOException(
            "replica " + r + " has a generation stamp >= the recovery id " + recoveryId);
      }
      if (r.getState() == ReplicaState.RUR && r.recoveryId() >= recoveryId) {
        throw new RecoveryInProgressException(
            "replica " + r + " is already under recovery " + r.recoveryId());
      }
      r.startRecovery(recoveryId);
      return new ReplicaRecoveryInfo(
          r.getBlockId(), r.getBytesOnDisk(), r.getGenerationStamp(), r.stateBeforeRecovery());
    }
  }

  @Override
  public synchronized Replica updateReplicaUnderRecovery(
      ExtendedBlock oldBlock, long recoveryId, long newBlockId, long newLength) throws IOException {
    TardisReplica r = requireId(oldBlock);
    if (r.getState() != ReplicaState.RUR || r.recoveryId() != recoveryId) {
      throw new IOException("replica " + r + " is not under recovery " + recoveryId);
    }
    if (newBlockId != oldBlock.getBlockId()) {
      throw new UnsupportedOperationException(
          "emulated DataNodes do not support copy-on-truncate recovery (new block id "
              + newBlockId
              + ")");
    }
    if (r.getGenerationStamp() != oldBlock.getGenerationStamp()) {
      throw new IOException("replica " + r + " does not have the generation stamp of " + oldBlock);
    }
    if (newLength > r.getBytesOnDisk()) {
      throw new IOException(
          "replica " + r + " has fewer bytes than the recovered length " + newLength);
    }
    String bpid = oldBlock.getBlockPoolId();
    BlockContent finalized = r.stored() != null ? r.stored() : r.regenerated();
    if (finalized != null) {
      if (newLength == finalized.length()) {
        bumpStored(bpid, r, recoveryId);
        return r;
      }
      reopenForAppend(bpid, r, r.getGenerationStamp());
    }
    r.setGenStamp(recoveryId);
    finalizeReplica(bpid, r, newLength);
    return r;
  }

  // ---- reads

  @Override
  public InputStream getBlockInputStream(ExtendedBlock b, long seekOffset) throws IOException {
    TardisReplica r = requireExact(b);
    return new ReportingStream(new BlockDataStream(r.content(), seekOffset), b, r);
  }

  @Override
  public LengthInputStream getMetaDataInputStream(ExtendedBlock b) throws IOException {
    TardisReplica r = requireExact(b);
    BlockMetaStream meta = new BlockMetaStream(r.content());
    return new LengthInputStream(new ReportingStream(meta, b, r), meta.length());
  }

  @Override
  public ReplicaInputStreams getTmpInputStreams(ExtendedBlock b, long blkoff, long ckoff)
      throws IOException {
    TardisReplica r = requireExact(b);
    BlockMetaStream meta = new BlockMetaStream(r.content());
    if (meta.skip(ckoff) != ckoff) {
      throw new EOFException("meta offset " + ckoff + " is past the checksums of " + r);
    }
    return new ReplicaInputStreams(
        new ReportingStream(new BlockDataStream(r.content(), blkoff), b, r),
        new ReportingStream(meta, b, r),
        r.getVolume().obtainReference(),
        r.getVolume().getFileIoProvider());
  }

  /**
   * A replica stream that reports the replica corrupt to the NameNode when a stored chunk fails its
   * check.
   */
  private final class ReportingStream extends FilterInputStream {
    private final ExtendedBlock block;
    private final TardisReplica replica;

    ReportingStream(InputStream in, ExtendedBlock block, TardisReplica replica) {
      super(in);
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

  @Override
  public long getLength(ExtendedBlock b) throws IOException {
    return requireExact(b).getBytesOnDisk();
  }

  @Override
  public long getReplicaVisibleLength(ExtendedBlock block) throws IOException {
    TardisReplica r = requireId(block);
    if (r.getGenerationStamp() < block.getGenerationStamp()) {
      throw new IOException("replica " + r + " has an older generation stamp than block " + block);
    }
    return r.getVisibleLength();
  }

  @Override
  @Deprecated
  public Replica getReplica(String bpid, long blockId) {
    return byId(bpid, blockId);
  }

  @Override
  public String getReplicaString(String bpid, long blockId) {
    return String.valueOf(byId(bpid, blockId));
  }

  @Override
  public Block getStoredBlock(String bpid, long blkid) {
    TardisReplica r = byId(bpid, blkid);
    return r == null ? null : new Block(blkid, r.getBytesOnDisk(), r.getGenerationStamp());
  }

  @Override
  public boolean contains(ExtendedBlock block) {
    return exact(block) != null;
  }

  @Override
  public void checkBlock(ExtendedBlock b, long minLength, ReplicaState state) throws IOException {
    TardisReplica r = exact(b);
    if (r == null) {
      throw new ReplicaNotFoundException(b);
    }
    if (r.getState() != state) {
      throw new UnexpectedReplicaStateException(b, state);
    }
    if (r.getBytesOnDisk() < minLength) {
      throw new EOFException(
          "replica " + r + " has " + r.getBytesOnDisk() + " bytes, less than " + minLength);
    }
  }

  @Override
  public boolean isValidBlock(ExtendedBlock b) {
    TardisReplica r = exact(b);
    return r != null && r.getState() == ReplicaState.FINALIZED;
  }

  @Override
  public boolean isValidRbw(ExtendedBlock b) {
    TardisReplica r = exact(b);
    return r != null && r.getState() == ReplicaState.RBW;
  }

  // ---- deletes

  @Override
  public void invalidate(String bpid, Block[] invalidBlks) throws IOException {
    List<String> errors = new ArrayList<>();
    for (Block b : invalidBlks) {
      TardisReplica r;
      synchronized (this) {
        r = byId(bpid, b.getBlockId());
        if (r == null || r.getGenerationStamp() != b.getGenerationStamp()) {
          errors.add(
              b
                  + (r == null
                      ? " is not on this DataNode"
                      : " has generation stamp " + r.getGenerationStamp()));
          continue;
        }
        remove(bpid, r);
      }
      if (datanode != null) {
        datanode.notifyNamenodeDeletedBlock(new ExtendedBlock(bpid, b), r.getStorageUuid());
      }
    }
    if (!errors.isEmpty()) {
      throw new IOException(
          "invalidate: "
              + errors.size()
              + " of "
              + invalidBlks.length
              + " blocks not deleted: "
              + errors);
    }
  }

  @Override
  public void invalidateMissingBlock(String bpid, Block block) throws IOException {
    invalidate(bpid, new Block[] {block});
  }

  private void remove(String bpid, TardisReplica r) throws IOException {
    pool(bpid).remove(r.getBlockId());
    pinned.remove(r.getBlockId());
    r.interruptThread();
    StoredBlock stored = r.stored();
    if (stored != null) {
      r.getVolume().store().delete(bpid, r.getBlockId(), r.getGenerationStamp(), stored);
      r.getVolume().addUsed(bpid, -stored.length());
    } else if (r.regenerated() != null) {
      r.getVolume().addUsed(bpid, -r.regenerated().length());
    }
  }

  @Override
  public boolean isDeletingBlock(String bpid, long blockId) {
    return false; // deletes are done before invalidate returns
  }

  // ---- reports

  @Override
  public synchronized Map<DatanodeStorage, BlockListAsLongs> getBlockReports(String bpid) {
    Map<TardisVolume, BlockListAsLongs.Builder> builders = new LinkedHashMap<>();
    for (TardisVolume v : volumes) {
      builders.put(v, BlockListAsLongs.builder());
    }
    Map<Long, TardisReplica> pool = pools.getOrDefault(bpid, Map.of());
    for (TardisReplica r : pool.values()) {
      if (r.getState() != ReplicaState.TEMPORARY) {
        builders.get(r.getVolume()).add(r);
      }
    }
    HeldReplicas[] byVolume = held.get(bpid);
    for (int v = 0; byVolume != null && v < byVolume.length; v++) {
      HeldReplicas h = byVolume[v];
      BlockListAsLongs.Builder b = builders.get(volumes.get(v));
      for (int i = h == null ? -1 : h.next(0); i >= 0; i = h.next(i + 1)) {
        b.add(
            new org.apache.hadoop.hdfs.server.datanode.FinalizedReplica(
                h.id(i), h.length(i), h.genStamp(i), volumes.get(v), null));
      }
    }
    Map<DatanodeStorage, BlockListAsLongs> reports = new HashMap<>();
    builders.forEach((v, builder) -> reports.put(v.toDatanodeStorage(), builder.build()));
    return reports;
  }

  @Override
  public StorageReport[] getStorageReports(String bpid) {
    return volumes.stream().map(v -> v.report(bpid)).toArray(StorageReport[]::new);
  }

  @Override
  public DatanodeStorage getStorage(String storageUuid) {
    return volumes.stream()
        .filter(v -> v.getStorageID().equals(storageUuid))
        .findFirst()
        .map(TardisVolume::toDatanodeStorage)
        .orElse(null);
  }

  @Override
  public List<Long> getCacheReport(String bpid) {
    return List.of();
  }

  @Override
  public void cache(String bpid, long[] blockIds) {
    // emulated DataNodes cache nothing, and report nothing cached
  }

  @Override
  public void uncache(String bpid, long[] blockIds) {
    // nothing is cached
  }

  @Override
  public boolean isCached(String bpid, long blockId) {
    return false;
  }

  // ---- volumes and block pools

  @Override
  public FsVolumeReferences getFsVolumeReferences() {
    return new FsVolumeReferences(volumes);
  }

  @Override
  public TardisVolume getVolume(ExtendedBlock b) {
    TardisReplica r = byId(b.getBlockPoolId(), b.getBlockId());
    return r == null ? null : r.getVolume();
  }

  /** Bytes the volumes' stores hold: encoded blocks, without the file system's own overhead. */
  public long storedBytes() {
    return volumes.stream().mapToLong(v -> v.store().storedBytes()).sum();
  }

  @Override
  public synchronized void addBlockPool(String bpid, Configuration conf) throws IOException {
    Map<Long, TardisReplica> pool = pools.computeIfAbsent(bpid, k -> new HashMap<>());
    for (TardisVolume v : volumes) {
      v.addBlockPool(bpid);
      for (BlockStore.Loaded l : v.store().load(bpid)) {
        TardisReplica other = pool.get(l.blockId());
        if (other != null && other.getGenerationStamp() >= l.genStamp()) {
          v.store()
              .delete(bpid, l.blockId(), l.genStamp(), l.block()); // superseded by a newer stamp
          continue;
        }
        if (other != null) {
          remove(bpid, other);
        }
        pool.put(l.blockId(), TardisReplica.finalized(l.blockId(), l.genStamp(), v, l.block()));
        v.addUsed(bpid, l.block().length());
      }
    }
    HeldReplicas[] byVolume = new HeldReplicas[volumes.size()];
    long heldCount = 0;
    for (int v = 0; v < volumes.size(); v++) {
      HeldReplicas h = HeldReplicas.read(roots.get(v), bpid);
      if (h != null) {
        for (long id : pool.keySet()) { // an appended or recovered replica supersedes its image
          int i = h.indexOf(id);
          if (i >= 0) {
            h.take(i);
          }
        }
        byVolume[v] = h;
        heldCount += h.size();
        volumes.get(v).addHeld(bpid, h.bytes());
      }
    }
    if (heldCount > 0) {
      held.put(bpid, byVolume);
    }
    LOG.info(
        "Block pool {}: {} finalized replicas read back, {} held as metadata",
        bpid,
        pool.size(),
        heldCount);
  }

  @Override
  public synchronized void shutdownBlockPool(String bpid) {
    pools.remove(bpid);
    HeldReplicas[] closed = held.remove(bpid);
    for (int v = 0; closed != null && v < closed.length; v++) {
      if (closed[v] != null) {
        closed[v].close();
      }
    }
    volumes.forEach(v -> v.removeBlockPool(bpid));
  }

  @Override
  public synchronized void deleteBlockPool(String bpid, boolean force) throws IOException {
    Map<Long, TardisReplica> pool = pools.get(bpid);
    if (!force && pool != null && !pool.isEmpty()) {
      throw new IOException("block pool " + bpid + " still has " + pool.size() + " replicas");
    }
    if (pool != null) {
      for (TardisReplica r : new ArrayList<>(pool.values())) {
        remove(bpid, r);
      }
    }
  }

  @Override
  public Set<? extends Replica> deepCopyReplica(String bpid) throws IOException {
    synchronized (this) {
      return Set.copyOf(new HashSet<>(pool(bpid).values()));
    }
  }

  @Override
  public Map<String, Object> getVolumeInfoMap() {
    Map<String, Object> info = new HashMap<>();
    for (TardisVolume v : volumes) {
      Map<String, Object> one = new HashMap<>();
      one.put("usedSpace", v.used());
      one.put("freeSpace", v.getAvailable());
      one.put("reservedSpace", 0L);
      one.put("reservedSpaceForReplicas", 0L);
      one.put(
          "numBlocks",
          pools.values().stream()
              .flatMap(p -> p.values().stream())
              .filter(r -> r.getVolume() == v)
              .count());
      one.put("storageType", StorageType.DISK);
      info.put(v.getStorageLocation().toString(), one);
    }
    return info;
  }

  @Override
  public VolumeFailureSummary getVolumeFailureSummary() {
    return new VolumeFailureSummary(new String[0], 0, 0);
  }

  @Override
  public void handleVolumeFailures(Set<FsVolumeSpi> failedVolumes) {
    if (!failedVolumes.isEmpty()) {
      throw new UnsupportedOperationException(
          "emulated volumes do not fail, yet " + failedVolumes + " did");
    }
  }

  @Override
  public void addVolume(StorageLocation location, List<NamespaceInfo> nsInfos) {
    throw new UnsupportedOperationException("emulated DataNodes do not hot-swap volumes");
  }

  @Override
  public void removeVolumes(Collection<StorageLocation> toRemove, boolean clearFailure) {
    throw new UnsupportedOperationException("emulated DataNodes do not hot-swap volumes");
  }

  @Override
  public boolean hasEnoughResource() {
    return true;
  }

  @Override
  public void shutdown() {
    LOG.debug("Emulated dataset shut down; {} stored bytes", storedBytes());
  }

  @Override
  public DataNodeLockManager<? extends AutoCloseDataSetLock> acquireDatasetLockManager() {
    return datanode == null ? null : datanode.getDataSetLockManager();
  }

  @Override
  public void setPinning(ExtendedBlock block) {
    pinned.add(block.getBlockId());
  }

  @Override
  public boolean getPinning(ExtendedBlock block) {
    return pinned.contains(block.getBlockId());
  }

  // ---- what needs block files, lazy persist, rolling upgrades or the directory scanner: refused

  @Override
  public List<ReplicaInfo> getFinalizedBlocks(String bpid) {
    throw new UnsupportedOperationException(
        "emulated DataNodes keep no block files for the directory scanner: "
            + "set dfs.datanode.directoryscan.interval to -1");
  }

  @Override
  public void checkAndUpdate(String bpid, ScanInfo info) {
    getFinalizedBlocks(bpid);
  }

  @Override
  public BlockLocalPathInfo getBlockLocalPathInfo(ExtendedBlock b) {
    throw new UnsupportedOperationException(
        "emulated DataNodes keep no block files for short-circuit reads: "
            + "leave dfs.client.read.shortcircuit off");
  }

  @Override
  public void enableTrash(String bpid) {
    throw new UnsupportedOperationException(
        "emulated DataNodes do not take part in rolling upgrades");
  }

  @Override
  public void clearTrash(String bpid) {
    // called on every heartbeat outside a rolling upgrade: there is no trash
  }

  @Override
  public boolean trashEnabled(String bpid) {
    return false;
  }

  @Override
  public void setRollingUpgradeMarker(String bpid) {
    enableTrash(bpid);
  }

  @Override
  public void clearRollingUpgradeMarker(String bpid) {
    // called on every heartbeat outside a rolling upgrade: there is no marker
  }

  @Override
  public void submitBackgroundSyncFileRangeRequest(
      ExtendedBlock block, ReplicaOutputStreams outs, long offset, long nbytes, int flags) {
    throw new UnsupportedOperationException(
        "emulated DataNodes have no files to sync: leave "
            + "dfs.datanode.sync.behind.writes.in.background off");
  }

  @Override
  public void onCompleteLazyPersist(
      String bpId, long blockId, long creationTime, File[] savedFiles, TardisVolume targetVolume) {
    throw new UnsupportedOperationException(
        "emulated DataNodes have no lazy-persist (RAM disk) storage");
  }

  @Override
  public void onFailLazyPersist(String bpId, long blockId) {
    throw new UnsupportedOperationException(
        "emulated DataNodes have no lazy-persist (RAM disk) storage");
  }

  @Override
  public ReplicaInfo moveBlockAcrossStorage(
      ExtendedBlock block, StorageType targetStorageType, String storageId) {
    throw new UnsupportedOperationException(
        "emulated DataNodes have one storage type; the Mover has nothing to do");
  }

  @Override
  public ReplicaInfo moveBlockAcrossVolumes(ExtendedBlock block, FsVolumeSpi destination) {
    throw new UnsupportedOperationException("emulated DataNodes do not run the disk balancer");
  }

  @Override
  public MountVolumeMap getMountVolumeMap() {
    throw new UnsupportedOperationException("emulated volumes have no mounts (same-disk tiering)");
  }

  @Override
  public List<FsVolumeImpl> getVolumeList() {
    throw new UnsupportedOperationException(
        "emulated volumes are not FsVolumeImpl: du settings do not apply");
  }

  // ---- FSDatasetMBean

  @Override
  public long getBlockPoolUsed(String bpid) {
    return volumes.stream().mapToLong(v -> v.used(bpid)).sum();
  }

  @Override
  public long getDfsUsed() {
    return volumes.stream().mapToLong(TardisVolume::used).sum();
  }

  @Override
  public long getCapacity() {
    return volumes.stream().mapToLong(TardisVolume::capacity).sum();
  }

  @Override
  public long getRemaining() {
    return volumes.stream().mapToLong(TardisVolume::getAvailable).sum();
  }

  @Override
  public String getStorageInfo() {
    return "TardisDataset{volumes=" + volumes + ", codec=" + codec.name() + "}";
  }

  @Override
  public int getNumFailedVolumes() {
    return 0;
  }

  @Override
  public String[] getFailedStorageLocations() {
    return new String[0];
  }

  @Override
  public long getLastVolumeFailureDate() {
    return 0;
  }

  @Override
  public long getEstimatedCapacityLostTotal() {
    return 0;
  }

  @Override
  public long getCacheUsed() {
    return 0;
  }

  @Override
  public long getCacheCapacity() {
    return 0;
  }

  @Override
  public long getNumBlocksCached() {
    return 0;
  }

  @Override
  public long getNumBlocksFailedToCache() {
    return 0;
  }

  @Override
  public long getNumBlocksFailedToUncache() {
    return 0;
  }

  @Override
  public long getLastDirScannerFinishTime() {
    return 0;
  }

  @Override
  public long getPendingAsyncDeletions() {
    return 0;
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    try {
      DataNodeMetricHelper.getMetrics(collector, this, "TardisDataset");
    } catch (IOException e) {
      LOG.debug("Dataset metrics unavailable: {}", e.toString());
    }
  }
}
