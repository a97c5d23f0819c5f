package org.mimesisbench.tardis.dataset;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.BlockListAsLongs;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.common.AutoCloseDataSetLock;
import org.apache.hadoop.hdfs.server.common.DataNodeLockManager;
import org.apache.hadoop.hdfs.server.common.HdfsServerConstants.ReplicaState;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataStorage;
import org.apache.hadoop.hdfs.server.datanode.Replica;
import org.apache.hadoop.hdfs.server.datanode.ReplicaHandler;
import org.apache.hadoop.hdfs.server.datanode.ReplicaInPipeline;
import org.apache.hadoop.hdfs.server.datanode.ReplicaNotFoundException;
import org.apache.hadoop.hdfs.server.datanode.UnexpectedReplicaStateException;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.LengthInputStream;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.ReplicaInputStreams;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.ReplicaOutputStreams;
import org.apache.hadoop.hdfs.server.datanode.metrics.DataNodeMetricHelper;
import org.apache.hadoop.hdfs.server.protocol.BlockRecoveryCommand.RecoveringBlock;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.apache.hadoop.hdfs.server.protocol.ReplicaRecoveryInfo;
import org.apache.hadoop.hdfs.server.protocol.StorageReport;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.mimesisbench.tardis.codec.AdaptiveCodec;
import org.mimesisbench.tardis.codec.ChunkCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The storage of an emulated DataNode: the real DataNode code runs on top, block data is kept
 * encoded chunk by chunk with the configured {@link ChunkCodec}, on disk under the DataNode's own
 * storage directories or in memory. An adapter: replica states follow {@code FsDatasetImpl}, the
 * data lives in {@link BlockWriter} and {@link StoredBlock}, persistence in a {@link BlockStore}. A
 * stored chunk that does not decode to data matching its checksums is reported to the NameNode as a
 * corrupt replica and fails the read, so the client reads another replica.
 *
 * <p>This class is the {@link org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi} face
 * only; the work is done by role: {@link ReplicaPools} (the replicas and their lookup, block
 * reports; its monitor is the dataset's one lock), {@link ReplicaWrites} (the write pipeline),
 * {@link ReplicaRecovery} (pipeline and lease recovery), {@link BlockPoolLifecycle}, {@link
 * TardisVolumes}, {@link BlockCoding} (codecs and chunk size), {@link CorruptionReportingStream};
 * what emulated DataNodes do not have is in {@link AbsentFeatures}.
 */
public final class TardisDataset extends AbsentFeatures {
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
  private final BlockCoding coding;
  private final TardisVolumes volumes;
  // its monitor is the dataset's lock: every collaborator below takes it, none takes another
  private final ReplicaPools replicas;
  private final ReplicaWrites writes;
  private final ReplicaRecovery recovery;
  private final BlockPoolLifecycle blockPools;

  TardisDataset(DataNode datanode, DataStorage storage, Configuration conf) throws IOException {
    this.datanode = datanode;
    this.coding = new BlockCoding(conf);
    long writerStopTimeoutMs =
        conf.getLong(
            DFSConfigKeys.DFS_DATANODE_XCEIVER_STOP_TIMEOUT_MILLIS_KEY,
            DFSConfigKeys.DFS_DATANODE_XCEIVER_STOP_TIMEOUT_MILLIS_DEFAULT);
    this.volumes = new TardisVolumes(this, datanode, storage, conf, coding);
    this.replicas = new ReplicaPools(volumes, coding);
    this.writes = new ReplicaWrites(replicas, volumes, coding, writerStopTimeoutMs);
    this.recovery = new ReplicaRecovery(replicas, writes, writerStopTimeoutMs);
    this.blockPools = new BlockPoolLifecycle(volumes, replicas);
  }

  // ---- the write pipeline (ReplicaWrites)

  @Override
  public ReplicaHandler createTemporary(
      StorageType storageType, String storageId, ExtendedBlock b, boolean isTransfer)
      throws IOException {
    return writes.createTemporary(storageId, b);
  }

  @Override
  public ReplicaHandler createRbw(
      StorageType storageType, String storageId, ExtendedBlock b, boolean allowLazyPersist)
      throws IOException {
    return createRbw(storageType, storageId, b, allowLazyPersist, 0L);
  }

  @Override
  public ReplicaHandler createRbw(
      StorageType storageType,
      String storageId,
      ExtendedBlock b,
      boolean allowLazyPersist,
      long newGS)
      throws IOException {
    return writes.createRbw(storageId, b, newGS);
  }

  @Override
  public ReplicaInPipeline convertTemporaryToRbw(ExtendedBlock temporary) throws IOException {
    return writes.convertTemporaryToRbw(temporary);
  }

  @Override
  public void finalizeBlock(ExtendedBlock b, boolean fsyncDir) throws IOException {
    writes.finalizeBlock(b);
  }

  @Override
  public void unfinalizeBlock(ExtendedBlock b) throws IOException {
    writes.unfinalizeBlock(b);
  }

  @Override
  public void adjustCrcChannelPosition(ExtendedBlock b, ReplicaOutputStreams outs, int checksumSize)
      throws IOException {
    ((BlockWriter.MetaStream) outs.getChecksumOut()).rewind(checksumSize);
  }

  @Override
  public ReplicaHandler append(ExtendedBlock b, long newGS, long expectedBlockLen)
      throws IOException {
    return writes.append(b, newGS, expectedBlockLen);
  }

  // ---- recoveries (ReplicaRecovery)

  @Override
  public ReplicaHandler recoverAppend(ExtendedBlock b, long newGS, long expectedBlockLen)
      throws IOException {
    return recovery.recoverAppend(b, newGS, expectedBlockLen);
  }

  @Override
  public Replica recoverClose(ExtendedBlock b, long newGS, long expectedBlockLen)
      throws IOException {
    return recovery.recoverClose(b, newGS, expectedBlockLen);
  }

  @Override
  public ReplicaHandler recoverRbw(
      ExtendedBlock b, long newGS, long minBytesRcvd, long maxBytesRcvd) throws IOException {
    return recovery.recoverRbw(b, newGS, minBytesRcvd, maxBytesRcvd);
  }

  @Override
  public ReplicaRecoveryInfo initReplicaRecovery(RecoveringBlock rBlock) throws IOException {
    return recovery.initReplicaRecovery(rBlock);
  }

  @Override
  public Replica updateReplicaUnderRecovery(
      ExtendedBlock oldBlock, long recoveryId, long newBlockId, long newLength) throws IOException {
    return recovery.updateReplicaUnderRecovery(oldBlock, recoveryId, newBlockId, newLength);
  }

  // ---- reads

  private InputStream reporting(InputStream in, ExtendedBlock b, TardisReplica r) {
    return new CorruptionReportingStream(in, datanode, b, r);
  }

  @Override
  public InputStream getBlockInputStream(ExtendedBlock b, long seekOffset) throws IOException {
    TardisReplica r = replicas.requireExact(b);
    return reporting(new BlockDataStream(r.content(), seekOffset), b, r);
  }

  @Override
  public LengthInputStream getMetaDataInputStream(ExtendedBlock b) throws IOException {
    TardisReplica r = replicas.requireExact(b);
    BlockMetaStream meta = new BlockMetaStream(r.content());
    return new LengthInputStream(reporting(meta, b, r), meta.length());
  }

  @Override
  public ReplicaInputStreams getTmpInputStreams(ExtendedBlock b, long blkoff, long ckoff)
      throws IOException {
    TardisReplica r = replicas.requireExact(b);
    BlockMetaStream meta = new BlockMetaStream(r.content());
    if (meta.skip(ckoff) != ckoff) {
      throw new EOFException("meta offset " + ckoff + " is past the checksums of " + r);
    }
    return new ReplicaInputStreams(
        reporting(new BlockDataStream(r.content(), blkoff), b, r),
        reporting(meta, b, r),
        r.getVolume().obtainReference(),
        r.getVolume().getFileIoProvider());
  }

  // ---- lookups (ReplicaPools)

  @Override
  public long getLength(ExtendedBlock b) throws IOException {
    return replicas.requireExact(b).getBytesOnDisk();
  }

  @Override
  public long getReplicaVisibleLength(ExtendedBlock block) throws IOException {
    TardisReplica r = replicas.requireId(block);
    if (r.getGenerationStamp() < block.getGenerationStamp()) {
      throw new IOException("replica " + r + " has an older generation stamp than block " + block);
    }
    return r.getVisibleLength();
  }

  @Override
  @Deprecated
  public Replica getReplica(String bpid, long blockId) {
    return replicas.byId(bpid, blockId);
  }

  @Override
  public String getReplicaString(String bpid, long blockId) {
    return String.valueOf(replicas.byId(bpid, blockId));
  }

  @Override
  public Block getStoredBlock(String bpid, long blkid) {
    TardisReplica r = replicas.byId(bpid, blkid);
    return r == null ? null : new Block(blkid, r.getBytesOnDisk(), r.getGenerationStamp());
  }

  @Override
  public boolean contains(ExtendedBlock block) {
    return replicas.exact(block) != null;
  }

  @Override
  public void checkBlock(ExtendedBlock b, long minLength, ReplicaState state) throws IOException {
    TardisReplica r = replicas.exact(b);
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
    TardisReplica r = replicas.exact(b);
    return r != null && r.getState() == ReplicaState.FINALIZED;
  }

  @Override
  public boolean isValidRbw(ExtendedBlock b) {
    TardisReplica r = replicas.exact(b);
    return r != null && r.getState() == ReplicaState.RBW;
  }

  @Override
  public TardisVolume getVolume(ExtendedBlock b) {
    TardisReplica r = replicas.byId(b.getBlockPoolId(), b.getBlockId());
    return r == null ? null : r.getVolume();
  }

  @Override
  public void setPinning(ExtendedBlock block) {
    replicas.pin(block.getBlockId());
  }

  @Override
  public boolean getPinning(ExtendedBlock block) {
    return replicas.pinned(block.getBlockId());
  }

  // ---- deletes

  @Override
  public void invalidate(String bpid, Block[] invalidBlks) throws IOException {
    List<String> errors = new ArrayList<>();
    for (Block b : invalidBlks) {
      TardisReplica r = replicas.removeStamped(bpid, b, errors);
      if (r != null && datanode != null) {
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

  // ---- reports

  @Override
  public Map<DatanodeStorage, BlockListAsLongs> getBlockReports(String bpid) {
    return replicas.blockReports(bpid);
  }

  @Override
  public StorageReport[] getStorageReports(String bpid) {
    return volumes.reports(bpid);
  }

  @Override
  public DatanodeStorage getStorage(String storageUuid) {
    return volumes.storage(storageUuid);
  }

  @Override
  public Set<? extends Replica> deepCopyReplica(String bpid) throws IOException {
    return replicas.copy(bpid);
  }

  @Override
  public Map<String, Object> getVolumeInfoMap() {
    Map<String, Object> info = new HashMap<>();
    for (TardisVolume v : volumes.list()) {
      Map<String, Object> one = new HashMap<>();
      one.put("usedSpace", v.used());
      one.put("freeSpace", v.getAvailable());
      one.put("reservedSpace", 0L);
      one.put("reservedSpaceForReplicas", 0L);
      one.put("numBlocks", replicas.count(v));
      one.put("storageType", StorageType.DISK);
      info.put(v.getStorageLocation().toString(), one);
    }
    return info;
  }

  // ---- volumes and block pools (BlockPoolLifecycle)

  @Override
  public FsVolumeReferences getFsVolumeReferences() {
    return new FsVolumeReferences(volumes.list());
  }

  /** Bytes the volumes' stores hold: encoded blocks, without the file system's own overhead. */
  public long storedBytes() {
    return volumes.storedBytes();
  }

  @Override
  public void addBlockPool(String bpid, Configuration conf) throws IOException {
    blockPools.add(bpid);
  }

  @Override
  public void shutdownBlockPool(String bpid) {
    blockPools.shutdown(bpid);
  }

  @Override
  public void deleteBlockPool(String bpid, boolean force) throws IOException {
    blockPools.delete(bpid, force);
  }

  @Override
  public void shutdown() {
    LOG.debug("Emulated dataset shut down; {} stored bytes", storedBytes());
  }

  @Override
  public DataNodeLockManager<? extends AutoCloseDataSetLock> acquireDatasetLockManager() {
    return datanode == null ? null : datanode.getDataSetLockManager();
  }

  // ---- FSDatasetMBean

  @Override
  public long getBlockPoolUsed(String bpid) {
    return volumes.used(bpid);
  }

  @Override
  public long getDfsUsed() {
    return volumes.used();
  }

  @Override
  public long getCapacity() {
    return volumes.capacity();
  }

  @Override
  public long getRemaining() {
    return volumes.available();
  }

  @Override
  public String getStorageInfo() {
    return "TardisDataset{volumes=" + volumes + ", codec=" + coding.codecName() + "}";
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
