package org.mimesisbench.tardis.dataset;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.BlockListAsLongs;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.common.HdfsServerConstants.ReplicaState;
import org.apache.hadoop.hdfs.server.datanode.FinalizedReplica;
import org.apache.hadoop.hdfs.server.datanode.ReplicaNotFoundException;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The replicas of an emulated DataNode, by block pool and block id: the ones it wrote or read back,
 * and those held as metadata only (an image's blocks), made ordinary replicas when first touched.
 *
 * <p>Its monitor is the dataset's one lock: it guards the pools, the held replicas and every
 * replica's state change, and the write path, the recovery and the block-pool lifecycle take it
 * (synchronized on this object) for each step that must look and change at once.
 */
final class ReplicaPools {
  private static final Logger LOG = LoggerFactory.getLogger(ReplicaPools.class);

  private final TardisVolumes volumes;
  private final BlockCoding coding;
  private final Map<String, Map<Long, TardisReplica>> pools = new ConcurrentHashMap<>();
  // replicas held as metadata, by block pool, one set per volume (null: none there)
  private final Map<String, HeldReplicas[]> held = new ConcurrentHashMap<>();
  private final Set<Long> pinned = ConcurrentHashMap.newKeySet();

  ReplicaPools(TardisVolumes volumes, BlockCoding coding) {
    this.volumes = volumes;
    this.coding = coding;
  }

  // ---- lookup

  /** The replicas of a block pool this DataNode serves. */
  Map<Long, TardisReplica> pool(String bpid) throws IOException {
    Map<Long, TardisReplica> pool = pools.get(bpid);
    if (pool == null) {
      throw new IOException("block pool " + bpid + " is not served by this DataNode");
    }
    return pool;
  }

  synchronized TardisReplica byId(String bpid, long blockId) {
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
                  coding.regenerated(h.length(i), h.sequenceLength(i)));
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
  TardisReplica exact(ExtendedBlock b) {
    TardisReplica r = byId(b.getBlockPoolId(), b.getBlockId());
    return r != null && r.getGenerationStamp() == b.getGenerationStamp() ? r : null;
  }

  TardisReplica requireExact(ExtendedBlock b) throws ReplicaNotFoundException {
    TardisReplica r = exact(b);
    if (r == null) {
      throw new ReplicaNotFoundException(b);
    }
    return r;
  }

  TardisReplica requireId(ExtendedBlock b) throws ReplicaNotFoundException {
    TardisReplica r = byId(b.getBlockPoolId(), b.getBlockId());
    if (r == null) {
      throw new ReplicaNotFoundException(ReplicaNotFoundException.NON_EXISTENT_REPLICA + b);
    }
    return r;
  }

  // ---- changes, under this object's lock

  void put(String bpid, TardisReplica r) throws IOException {
    pool(bpid).put(r.getBlockId(), r);
  }

  /** Forgets a replica and frees what it stored. */
  void remove(String bpid, TardisReplica r) throws IOException {
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

  /**
   * Removes the replica of {@code b} if it has b's generation stamp and returns it; otherwise adds
   * why not to {@code refusals} and returns null.
   */
  synchronized TardisReplica removeStamped(String bpid, Block b, List<String> refusals)
      throws IOException {
    TardisReplica r = byId(bpid, b.getBlockId());
    if (r == null || r.getGenerationStamp() != b.getGenerationStamp()) {
      refusals.add(
          b
              + (r == null
                  ? " is not on this DataNode"
                  : " has generation stamp " + r.getGenerationStamp()));
      return null;
    }
    remove(bpid, r);
    return r;
  }

  /** The block pool's replica map, made empty when new. */
  Map<Long, TardisReplica> open(String bpid) {
    return pools.computeIfAbsent(bpid, k -> new HashMap<>());
  }

  /** The block pool's replica map, or null when it is not served. */
  Map<Long, TardisReplica> served(String bpid) {
    return pools.get(bpid);
  }

  /** Holds an image's replicas of a block pool, one set per volume. */
  void hold(String bpid, HeldReplicas[] byVolume) {
    held.put(bpid, byVolume);
  }

  /** Forgets a block pool; its held replicas' files are closed. */
  void close(String bpid) {
    pools.remove(bpid);
    HeldReplicas[] closed = held.remove(bpid);
    for (int v = 0; closed != null && v < closed.length; v++) {
      if (closed[v] != null) {
        closed[v].close();
      }
    }
  }

  // ---- what the DataNode reports

  synchronized Map<DatanodeStorage, BlockListAsLongs> blockReports(String bpid) {
    Map<TardisVolume, BlockListAsLongs.Builder> builders = new LinkedHashMap<>();
    for (TardisVolume v : volumes.list()) {
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
        b.add(new FinalizedReplica(h.id(i), h.length(i), h.genStamp(i), volumes.get(v), null));
      }
    }
    Map<DatanodeStorage, BlockListAsLongs> reports = new HashMap<>();
    builders.forEach((v, builder) -> reports.put(v.toDatanodeStorage(), builder.build()));
    return reports;
  }

  synchronized Set<TardisReplica> copy(String bpid) throws IOException {
    return Set.copyOf(new HashSet<>(pool(bpid).values()));
  }

  /** The replicas (not counting held ones) a volume has, over every block pool. */
  long count(TardisVolume v) {
    return pools.values().stream()
        .flatMap(p -> p.values().stream())
        .filter(r -> r.getVolume() == v)
        .count();
  }

  // ---- pinning (the Balancer's favored nodes), kept in memory only

  void pin(long blockId) {
    pinned.add(blockId);
  }

  boolean pinned(long blockId) {
    return pinned.contains(blockId);
  }
}
