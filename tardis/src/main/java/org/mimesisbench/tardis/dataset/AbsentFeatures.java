package org.mimesisbench.tardis.dataset;

import java.io.File;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.BlockLocalPathInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.ReplicaInfo;
import org.apache.hadoop.hdfs.server.datanode.StorageLocation;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi.ScanInfo;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.ReplicaOutputStreams;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsVolumeImpl;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.MountVolumeMap;
import org.apache.hadoop.hdfs.server.protocol.NamespaceInfo;
import org.apache.hadoop.hdfs.server.protocol.VolumeFailureSummary;

/**
 * The members of {@link FsDatasetSpi} for what an emulated DataNode does not have: a cache, volume
 * failures and hot swap, block files (directory scanner, short-circuit reads, sync-file-range),
 * rolling-upgrade trash, lazy persist, the Mover and the disk balancer. Those the DataNode calls
 * anyway report nothing; the others are refused with the setting that avoids them. {@link
 * TardisDataset} extends it, so that its own members are only what it does.
 */
abstract class AbsentFeatures implements FsDatasetSpi<TardisVolume> {

  // ---- caching: nothing is cached

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

  // ---- volumes: fixed at start, never failing, never full

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
  public boolean isDeletingBlock(String bpid, long blockId) {
    return false; // deletes are done before invalidate returns
  }

  @Override
  public long getPendingAsyncDeletions() {
    return 0;
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
  public long getLastDirScannerFinishTime() {
    return 0;
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
}
