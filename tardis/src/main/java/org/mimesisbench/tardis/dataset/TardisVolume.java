package org.mimesisbench.tardis.dataset;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.DF;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.server.datanode.DirectoryScanner.ReportCompiler;
import org.apache.hadoop.hdfs.server.datanode.FileIoProvider;
import org.apache.hadoop.hdfs.server.datanode.StorageLocation;
import org.apache.hadoop.hdfs.server.datanode.checker.VolumeCheckResult;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.DataNodeVolumeMetrics;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeReference;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.apache.hadoop.hdfs.server.protocol.StorageReport;

/**
 * One storage directory of an emulated DataNode: its storage ID (from the DataNode's own storage
 * directory, so it survives restarts), a logical capacity, the logical bytes of its finalized
 * replicas per block pool, and the store that keeps their encoded form.
 */
final class TardisVolume implements FsVolumeSpi {
  private final FsDatasetSpi<TardisVolume> dataset;
  private final String storageId;
  private final StorageLocation location;
  private final BlockStore store;
  private final long capacity;
  // bytes of held replicas, counted on top of the capacity: an image's blocks never fill a volume
  private final AtomicLong held = new AtomicLong();
  private final FileIoProvider fileIoProvider;
  private final DataNodeVolumeMetrics metrics;
  private final Map<String, AtomicLong> usedByPool = new ConcurrentHashMap<>();

  TardisVolume(
      FsDatasetSpi<TardisVolume> dataset,
      String storageId,
      StorageLocation location,
      BlockStore store,
      long capacity,
      FileIoProvider fileIoProvider,
      Configuration conf) {
    this.dataset = dataset;
    this.storageId = storageId;
    this.location = location;
    this.store = store;
    this.capacity = capacity;
    this.fileIoProvider = fileIoProvider;
    this.metrics = DataNodeVolumeMetrics.create(conf, storageId);
  }

  BlockStore store() {
    return store;
  }

  void addBlockPool(String bpid) {
    usedByPool.putIfAbsent(bpid, new AtomicLong());
  }

  void removeBlockPool(String bpid) {
    usedByPool.remove(bpid);
  }

  /** Counts {@code bytes} more (or fewer) logical bytes of finalized replicas in a block pool. */
  void addUsed(String bpid, long bytes) {
    usedByPool.computeIfAbsent(bpid, k -> new AtomicLong()).addAndGet(bytes);
  }

  long used() {
    return usedByPool.values().stream().mapToLong(AtomicLong::get).sum();
  }

  long used(String bpid) {
    AtomicLong u = usedByPool.get(bpid);
    return u == null ? 0 : u.get();
  }

  /** Adds the bytes of replicas held from the start to the capacity as well as to the used. */
  void addHeld(String bpid, long bytes) {
    held.addAndGet(bytes);
    addUsed(bpid, bytes);
  }

  long capacity() {
    return capacity + held.get();
  }

  DatanodeStorage toDatanodeStorage() {
    return new DatanodeStorage(storageId, DatanodeStorage.State.NORMAL, StorageType.DISK);
  }

  StorageReport report(String bpid) {
    return new StorageReport(
        toDatanodeStorage(), false, capacity(), used(), getAvailable(), used(bpid), 0L);
  }

  @Override
  public FsVolumeReference obtainReference() {
    return new FsVolumeReference() {
      @Override
      public void close() {
        // an emulated volume is never removed while the DataNode runs, so nothing is counted
      }

      @Override
      public FsVolumeSpi getVolume() {
        return TardisVolume.this;
      }
    };
  }

  @Override
  public String getStorageID() {
    return storageId;
  }

  @Override
  public String[] getBlockPoolList() {
    return usedByPool.keySet().toArray(new String[0]);
  }

  @Override
  public long getAvailable() {
    return Math.max(0, capacity() - used());
  }

  @Override
  public URI getBaseURI() {
    return location.getUri();
  }

  @Override
  public DF getUsageStats(Configuration conf) {
    throw new UnsupportedOperationException(
        "an emulated volume's usage is logical, not a file system's (DF)");
  }

  @Override
  public StorageLocation getStorageLocation() {
    return location;
  }

  @Override
  public StorageType getStorageType() {
    return StorageType.DISK;
  }

  @Override
  public boolean isTransientStorage() {
    return false;
  }

  @Override
  public boolean isRAMStorage() {
    return false;
  }

  @Override
  public void reserveSpaceForReplica(long bytesToReserve) {
    // space is logical: nothing to reserve
  }

  @Override
  public void releaseReservedSpace(long bytesToRelease) {
    // space is logical: nothing reserved
  }

  @Override
  public void releaseLockedMemory(long bytesToRelease) {
    // no lazy-persist memory
  }

  @Override
  public BlockIterator newBlockIterator(String bpid, String name) {
    throw new UnsupportedOperationException(
        "emulated volumes have no block scanner iterator: set "
            + "dfs.block.scanner.volume.bytes.per.second to 0 (EmulatedDataNodes.configure does)");
  }

  @Override
  public BlockIterator loadBlockIterator(String bpid, String name) {
    return newBlockIterator(bpid, name);
  }

  @Override
  public FsDatasetSpi getDataset() {
    return dataset;
  }

  @Override
  public byte[] loadLastPartialChunkChecksum(File blockFile, File metaFile) {
    throw new UnsupportedOperationException("emulated volumes keep no block or meta files");
  }

  @Override
  public void compileReport(String bpid, Collection<ScanInfo> report, ReportCompiler reportCompiler)
      throws IOException {
    throw new UnsupportedOperationException(
        "emulated volumes keep no block or meta files for the directory "
            + "scanner: set dfs.datanode.directoryscan.interval to -1 (EmulatedDataNodes.configure does)");
  }

  @Override
  public FileIoProvider getFileIoProvider() {
    return fileIoProvider;
  }

  @Override
  public DataNodeVolumeMetrics getMetrics() {
    return metrics;
  }

  @Override
  public VolumeCheckResult check(VolumeCheckContext context) {
    return VolumeCheckResult.HEALTHY;
  }

  @Override
  public String toString() {
    return "TardisVolume{" + storageId + " at " + location + "}";
  }
}
