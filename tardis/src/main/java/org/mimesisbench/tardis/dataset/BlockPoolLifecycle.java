package org.mimesisbench.tardis.dataset;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A block pool's life on an emulated DataNode: its replicas read back from the volumes' stores and
 * its image's replicas held as metadata when the DataNode joins the pool, forgotten when it leaves,
 * deleted when the pool is. Each step holds the replica pools' lock throughout.
 */
final class BlockPoolLifecycle {
  private static final Logger LOG = LoggerFactory.getLogger(BlockPoolLifecycle.class);

  private final TardisVolumes volumes;
  private final ReplicaPools replicas;

  BlockPoolLifecycle(TardisVolumes volumes, ReplicaPools replicas) {
    this.volumes = volumes;
    this.replicas = replicas;
  }

  void add(String bpid) throws IOException {
    synchronized (replicas) {
      Map<Long, TardisReplica> pool = replicas.open(bpid);
      for (TardisVolume v : volumes.list()) {
        v.addBlockPool(bpid);
        for (BlockStore.Loaded l : v.store().load(bpid)) {
          TardisReplica other = pool.get(l.blockId());
          if (other != null && other.getGenerationStamp() >= l.genStamp()) {
            v.store()
                .delete(bpid, l.blockId(), l.genStamp(), l.block()); // superseded by a newer stamp
            continue;
          }
          if (other != null) {
            replicas.remove(bpid, other);
          }
          pool.put(l.blockId(), TardisReplica.finalized(l.blockId(), l.genStamp(), v, l.block()));
          v.addUsed(bpid, l.block().length());
        }
      }
      HeldReplicas[] byVolume = new HeldReplicas[volumes.size()];
      long heldCount = 0;
      for (int v = 0; v < volumes.size(); v++) {
        HeldReplicas h = HeldReplicas.read(volumes.root(v), bpid);
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
        replicas.hold(bpid, byVolume);
      }
      LOG.info(
          "Block pool {}: {} finalized replicas read back, {} held as metadata",
          bpid,
          pool.size(),
          heldCount);
    }
  }

  void shutdown(String bpid) {
    synchronized (replicas) {
      replicas.close(bpid);
      volumes.list().forEach(v -> v.removeBlockPool(bpid));
    }
  }

  void delete(String bpid, boolean force) throws IOException {
    synchronized (replicas) {
      Map<Long, TardisReplica> pool = replicas.served(bpid);
      if (!force && pool != null && !pool.isEmpty()) {
        throw new IOException("block pool " + bpid + " still has " + pool.size() + " replicas");
      }
      if (pool != null) {
        for (TardisReplica r : new ArrayList<>(pool.values())) {
          replicas.remove(bpid, r);
        }
      }
    }
  }
}
