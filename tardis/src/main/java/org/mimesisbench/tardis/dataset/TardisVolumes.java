package org.mimesisbench.tardis.dataset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.common.Storage.StorageDirectory;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataStorage;
import org.apache.hadoop.hdfs.server.datanode.FileIoProvider;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.apache.hadoop.hdfs.server.protocol.StorageReport;

/**
 * The volumes of an emulated DataNode, one per storage directory, fixed at start (no hot swap, no
 * failures): where a new replica goes and the sums the DataNode reports. Its list never changes, so
 * it needs no lock; each volume counts its own bytes.
 */
final class TardisVolumes {
  private final List<TardisVolume> volumes = new ArrayList<>();
  private final List<Path> roots = new ArrayList<>(); // by volume
  private final AtomicInteger nextVolume = new AtomicInteger();

  TardisVolumes(
      FsDatasetSpi<TardisVolume> dataset,
      DataNode datanode,
      DataStorage storage,
      Configuration conf,
      BlockCoding coding)
      throws IOException {
    boolean inMemory =
        conf.getBoolean(TardisDataset.IN_MEMORY_KEY, TardisDataset.IN_MEMORY_DEFAULT);
    long capacity = conf.getLong(TardisDataset.CAPACITY_KEY, TardisDataset.CAPACITY_DEFAULT);
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
              : new DiskBlockStore(sd.getRoot().toPath(), coding::named);
      volumes.add(
          new TardisVolume(
              dataset, sd.getStorageUuid(), sd.getStorageLocation(), store, capacity, io, conf));
    }
  }

  List<TardisVolume> list() {
    return volumes;
  }

  int size() {
    return volumes.size();
  }

  TardisVolume get(int i) {
    return volumes.get(i);
  }

  /** The storage directory of volume {@code i}, where its held replicas' image is. */
  Path root(int i) {
    return roots.get(i);
  }

  /** The volume the DataNode asked for, else the next in turn. */
  TardisVolume choose(String storageId) {
    if (storageId != null) {
      for (TardisVolume v : volumes) {
        if (v.getStorageID().equals(storageId)) {
          return v;
        }
      }
    }
    return volumes.get(Math.floorMod(nextVolume.getAndIncrement(), volumes.size()));
  }

  DatanodeStorage storage(String storageUuid) {
    return volumes.stream()
        .filter(v -> v.getStorageID().equals(storageUuid))
        .findFirst()
        .map(TardisVolume::toDatanodeStorage)
        .orElse(null);
  }

  StorageReport[] reports(String bpid) {
    return volumes.stream().map(v -> v.report(bpid)).toArray(StorageReport[]::new);
  }

  /** Bytes the volumes' stores hold: encoded blocks, without the file system's own overhead. */
  long storedBytes() {
    return volumes.stream().mapToLong(v -> v.store().storedBytes()).sum();
  }

  long used(String bpid) {
    return volumes.stream().mapToLong(v -> v.used(bpid)).sum();
  }

  long used() {
    return volumes.stream().mapToLong(TardisVolume::used).sum();
  }

  long capacity() {
    return volumes.stream().mapToLong(TardisVolume::capacity).sum();
  }

  long available() {
    return volumes.stream().mapToLong(TardisVolume::getAvailable).sum();
  }

  @Override
  public String toString() {
    return volumes.toString();
  }
}
