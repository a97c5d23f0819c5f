package org.mimesisbench.tardis.dataset;

import java.io.IOException;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.RecoveryInProgressException;
import org.apache.hadoop.hdfs.server.common.HdfsServerConstants.ReplicaState;
import org.apache.hadoop.hdfs.server.datanode.Replica;
import org.apache.hadoop.hdfs.server.datanode.ReplicaHandler;
import org.apache.hadoop.hdfs.server.datanode.ReplicaNotFoundException;
import org.apache.hadoop.hdfs.server.protocol.BlockRecoveryCommand.RecoveringBlock;
import org.apache.hadoop.hdfs.server.protocol.ReplicaRecoveryInfo;

/**
 * The recoveries of a replica, as {@code FsDatasetImpl} does them: of a pipeline that failed while
 * appending, closing or writing (client-driven), and of a block under lease recovery (NameNode
 * driven: init, then update). Every step holds the replica pools' lock but while it waits for the
 * replica's writer to stop.
 */
final class ReplicaRecovery {
  private final ReplicaPools replicas;
  private final ReplicaWrites writes;
  private final long writerStopTimeoutMs;

  ReplicaRecovery(ReplicaPools replicas, ReplicaWrites writes, long writerStopTimeoutMs) {
    this.replicas = replicas;
    this.writes = writes;
    this.writerStopTimeoutMs = writerStopTimeoutMs;
  }

  /** Checks done before every recovery of a pipeline: FsDatasetImpl's recoverCheck. */
  private TardisReplica recoverCheck(ExtendedBlock b, long newGS, long expectedBlockLen)
      throws IOException {
    TardisReplica r = replicas.requireId(b);
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

  ReplicaHandler recoverAppend(ExtendedBlock b, long newGS, long expectedBlockLen)
      throws IOException {
    synchronized (replicas) {
      TardisReplica r = recoverCheck(b, newGS, expectedBlockLen);
      if (r.getState() == ReplicaState.FINALIZED) {
        writes.reopenForAppend(b.getBlockPoolId(), r, newGS);
      } else {
        r.setGenStamp(newGS);
        r.setWriter(Thread.currentThread());
      }
      return ReplicaWrites.handler(r);
    }
  }

  Replica recoverClose(ExtendedBlock b, long newGS, long expectedBlockLen) throws IOException {
    synchronized (replicas) {
      TardisReplica r = recoverCheck(b, newGS, expectedBlockLen);
      String bpid = b.getBlockPoolId();
      if (r.getState() == ReplicaState.FINALIZED) {
        writes.bumpStored(bpid, r, newGS);
      } else {
        r.setGenStamp(newGS);
        writes.finalizeReplica(bpid, r, r.getBytesOnDisk());
      }
      return r;
    }
  }

  ReplicaHandler recoverRbw(ExtendedBlock b, long newGS, long minBytesRcvd, long maxBytesRcvd)
      throws IOException {
    TardisReplica r = replicas.requireId(b);
    if (r.getState() != ReplicaState.RBW) {
      throw new ReplicaNotFoundException(ReplicaNotFoundException.NON_RBW_REPLICA + r);
    }
    r.stopWriter(writerStopTimeoutMs);
    synchronized (replicas) {
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
      return ReplicaWrites.handler(r);
    }
  }

  ReplicaRecoveryInfo initReplicaRecovery(RecoveringBlock rBlock) throws IOException {
    ExtendedBlock b = rBlock.getBlock();
    long recoveryId = rBlock.getNewGenerationStamp();
    TardisReplica r = replicas.byId(b.getBlockPoolId(), b.getBlockId());
    if (r == null) {
      return null;
    }
    if (r.getState() == ReplicaState.RBW || r.getState() == ReplicaState.TEMPORARY) {
      r.stopWriter(writerStopTimeoutMs);
    }
    synchronized (replicas) {
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

  Replica updateReplicaUnderRecovery(
      ExtendedBlock oldBlock, long recoveryId, long newBlockId, long newLength) throws IOException {
    synchronized (replicas) {
      TardisReplica r = replicas.requireId(oldBlock);
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
        throw new IOException(
            "replica " + r + " does not have the generation stamp of " + oldBlock);
      }
      if (newLength > r.getBytesOnDisk()) {
        throw new IOException(
            "replica " + r + " has fewer bytes than the recovered length " + newLength);
      }
      String bpid = oldBlock.getBlockPoolId();
      BlockContent finalized = r.stored() != null ? r.stored() : r.regenerated();
      if (finalized != null) {
        if (newLength == finalized.length()) {
          writes.bumpStored(bpid, r, recoveryId);
          return r;
        }
        writes.reopenForAppend(bpid, r, r.getGenerationStamp());
      }
      r.setGenStamp(recoveryId);
      writes.finalizeReplica(bpid, r, newLength);
      return r;
    }
  }
}
