package org.mimesisbench.tardis.dataset;

import java.io.IOException;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.common.HdfsServerConstants.ReplicaState;
import org.apache.hadoop.hdfs.server.datanode.ReplicaAlreadyExistsException;
import org.apache.hadoop.hdfs.server.datanode.ReplicaHandler;
import org.apache.hadoop.hdfs.server.datanode.ReplicaInPipeline;
import org.apache.hadoop.hdfs.server.datanode.ReplicaNotFoundException;

/**
 * The write pipeline's replica states, as {@code FsDatasetImpl} moves them: a replica created
 * temporary (a transfer) or being written (RBW), converted, finalized into its volume's store,
 * reopened for an append. Every step holds the replica pools' lock but while it waits for a stale
 * writer to stop; the helpers below are for callers that hold it.
 */
final class ReplicaWrites {
  private final ReplicaPools replicas;
  private final TardisVolumes volumes;
  private final BlockCoding coding;
  private final long writerStopTimeoutMs;

  ReplicaWrites(
      ReplicaPools replicas, TardisVolumes volumes, BlockCoding coding, long writerStopTimeoutMs) {
    this.replicas = replicas;
    this.volumes = volumes;
    this.coding = coding;
    this.writerStopTimeoutMs = writerStopTimeoutMs;
  }

  static ReplicaHandler handler(TardisReplica r) {
    return new ReplicaHandler(r, r.getVolume().obtainReference());
  }

  ReplicaHandler createTemporary(String storageId, ExtendedBlock b) throws IOException {
    TardisReplica old;
    synchronized (replicas) {
      old = replicas.byId(b.getBlockPoolId(), b.getBlockId());
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
    synchronized (replicas) {
      if (old != null) {
        replicas.pool(b.getBlockPoolId()).remove(b.getBlockId());
      }
      return create(storageId, b, b.getGenerationStamp(), ReplicaState.TEMPORARY);
    }
  }

  ReplicaHandler createRbw(String storageId, ExtendedBlock b, long newGS) throws IOException {
    synchronized (replicas) {
      TardisReplica old = replicas.byId(b.getBlockPoolId(), b.getBlockId());
      if (old != null) {
        if (newGS == 0L) {
          throw new ReplicaAlreadyExistsException(
              "block "
                  + b
                  + " already exists in state "
                  + old.getState()
                  + " and thus cannot be created");
        }
        replicas.remove(b.getBlockPoolId(), old); // a retried create under a new generation stamp
      }
      return create(storageId, b, newGS != 0L ? newGS : b.getGenerationStamp(), ReplicaState.RBW);
    }
  }

  private ReplicaHandler create(String storageId, ExtendedBlock b, long gs, ReplicaState state)
      throws IOException {
    TardisReplica r = TardisReplica.writing(b.getBlockId(), gs, volumes.choose(storageId), state);
    r.reopenAs(coding.newWriter(), state);
    replicas.put(b.getBlockPoolId(), r);
    return handler(r);
  }

  ReplicaInPipeline convertTemporaryToRbw(ExtendedBlock temporary) throws IOException {
    synchronized (replicas) {
      TardisReplica r = replicas.requireExact(temporary);
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
  }

  void finalizeBlock(ExtendedBlock b) throws IOException {
    synchronized (replicas) {
      if (Thread.interrupted()) {
        throw new IOException("cannot finalize block " + b + " from an interrupted thread");
      }
      TardisReplica r = replicas.requireExact(b);
      if (r.getState() == ReplicaState.FINALIZED) {
        return; // legal after a recovery of a file opened for append but not written
      }
      finalizeReplica(b.getBlockPoolId(), r, b.getNumBytes());
    }
  }

  void unfinalizeBlock(ExtendedBlock b) throws IOException {
    synchronized (replicas) {
      TardisReplica r = replicas.exact(b);
      if (r != null && r.getState() == ReplicaState.TEMPORARY) {
        replicas.remove(b.getBlockPoolId(), r); // a failed transfer leaves nothing behind
      }
    }
  }

  ReplicaHandler append(ExtendedBlock b, long newGS, long expectedBlockLen) throws IOException {
    synchronized (replicas) {
      TardisReplica r = replicas.requireExact(b);
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

  /**
   * Stores a replica's written data, cut to {@code length}, and marks it finalized. The caller
   * holds the replica pools' lock.
   */
  void finalizeReplica(String bpid, TardisReplica r, long length) throws IOException {
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

  /**
   * Makes a finalized replica one being written again, its content kept, under {@code newGS}. The
   * caller holds the replica pools' lock.
   */
  void reopenForAppend(String bpid, TardisReplica r, long newGS) throws IOException {
    StoredBlock stored = r.stored();
    BlockContent finalized = stored != null ? stored : r.regenerated();
    BlockWriter w = coding.reopen(finalized);
    TardisVolume v = r.getVolume();
    if (stored != null) {
      v.store().delete(bpid, r.getBlockId(), r.getGenerationStamp(), stored);
    }
    v.addUsed(bpid, -finalized.length());
    r.reopenAs(w, ReplicaState.RBW);
    r.setGenStamp(newGS);
  }

  /**
   * Gives a finalized replica a new generation stamp, its stored data moved under it. The caller
   * holds the replica pools' lock.
   */
  void bumpStored(String bpid, TardisReplica r, long newGS) throws IOException {
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
}
