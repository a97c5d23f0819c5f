package org.mimesisbench.tardis.dataset;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hdfs.server.common.HdfsServerConstants.ReplicaState;
import org.apache.hadoop.hdfs.server.datanode.ChunkChecksum;
import org.apache.hadoop.hdfs.server.datanode.ReplicaBeingWritten;
import org.apache.hadoop.hdfs.server.datanode.ReplicaInPipeline;
import org.apache.hadoop.hdfs.server.datanode.ReplicaInfo;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.ReplicaOutputStreams;
import org.apache.hadoop.util.DataChecksum;

/**
 * One replica on an emulated DataNode: its state (temporary, being written, finalized, under
 * recovery), generation stamp and lengths, and its data, a {@link BlockWriter} while written, a
 * {@link StoredBlock} once finalized. State changes are made by {@link TardisDataset} under its
 * lock.
 */
final class TardisReplica implements ReplicaInPipeline {
  private final long blockId;
  private final TardisVolume volume;
  private volatile long genStamp;
  private volatile ReplicaState state;
  private volatile BlockWriter writer;
  private volatile StoredBlock stored;
  private volatile BlockContent regenerated; // a held replica's: made again on every read
  private volatile long bytesAcked;
  private volatile long bytesReceived;
  private volatile ChunkChecksum lastChecksum;
  private final AtomicReference<Thread> writerThread = new AtomicReference<>();
  private ReplicaState stateBeforeRecovery;
  private long recoveryId;

  private TardisReplica(long blockId, long genStamp, TardisVolume volume, ReplicaState state) {
    this.blockId = blockId;
    this.genStamp = genStamp;
    this.volume = volume;
    this.state = state;
  }

  /** A new replica being written (RBW or TEMPORARY) by the current thread. */
  static TardisReplica writing(
      long blockId, long genStamp, TardisVolume volume, ReplicaState state) {
    TardisReplica r = new TardisReplica(blockId, genStamp, volume, state);
    r.writerThread.set(Thread.currentThread());
    return r;
  }

  static TardisReplica finalized(
      long blockId, long genStamp, TardisVolume volume, StoredBlock stored) {
    TardisReplica r = new TardisReplica(blockId, genStamp, volume, ReplicaState.FINALIZED);
    r.stored = stored;
    return r;
  }

  /**
   * A finalized replica the DataNode held from the start as metadata ({@link HeldReplicas}): its
   * content regenerated when read, nothing stored.
   */
  static TardisReplica regenerated(
      long blockId, long genStamp, TardisVolume volume, BlockContent content) {
    TardisReplica r = new TardisReplica(blockId, genStamp, volume, ReplicaState.FINALIZED);
    r.regenerated = content;
    r.bytesReceived = content.length();
    r.bytesAcked = content.length();
    return r;
  }

  /** What readers read: the stored block, the data written so far, or the regenerated content. */
  BlockContent content() {
    StoredBlock s = stored;
    if (s != null) {
      return s;
    }
    BlockWriter w = writer;
    return w != null ? w : regenerated;
  }

  /** The regenerated content of a held replica not changed since; null for any other. */
  BlockContent regenerated() {
    return regenerated;
  }

  StoredBlock stored() {
    return stored;
  }

  BlockWriter writer() {
    return writer;
  }

  void setGenStamp(long gs) {
    genStamp = gs;
  }

  void setState(ReplicaState s) {
    state = s;
  }

  /** Now finalized: the writer's data is stored. */
  void finalizeAs(StoredBlock block) {
    stored = block;
    writer = null;
    regenerated = null;
    state = ReplicaState.FINALIZED;
    writerThread.set(null);
  }

  /** Opened for writing again (append), by the current thread. */
  void reopenAs(BlockWriter w, ReplicaState s) {
    writer = w;
    long length = w.length();
    bytesAcked = length;
    bytesReceived = length;
    lastChecksum = new ChunkChecksum(length, w.lastPartialCrc());
    stored = null;
    regenerated = null;
    state = s;
    writerThread.set(Thread.currentThread());
  }

  void startRecovery(long newRecoveryId) {
    if (state != ReplicaState.RUR) {
      stateBeforeRecovery = state;
    }
    state = ReplicaState.RUR;
    recoveryId = newRecoveryId;
  }

  ReplicaState stateBeforeRecovery() {
    return state == ReplicaState.RUR ? stateBeforeRecovery : state;
  }

  long recoveryId() {
    return recoveryId;
  }

  @Override
  public long getBlockId() {
    return blockId;
  }

  @Override
  public long getGenerationStamp() {
    return genStamp;
  }

  @Override
  public ReplicaState getState() {
    return state;
  }

  @Override
  public long getNumBytes() {
    StoredBlock s = stored;
    return s != null ? s.length() : bytesReceived;
  }

  @Override
  public void setNumBytes(long bytesReceived) {
    this.bytesReceived = bytesReceived;
  }

  @Override
  public long getBytesOnDisk() {
    BlockContent c = content();
    return c == null ? 0 : c.length();
  }

  @Override
  public long getVisibleLength() {
    switch (state) {
      case FINALIZED:
        return getNumBytes();
      case RBW:
        return bytesAcked;
      default:
        return -1; // temporary and recovering replicas are not readable, as in HDFS
    }
  }

  @Override
  public long getBytesAcked() {
    return bytesAcked;
  }

  @Override
  public void setBytesAcked(long bytesAcked) {
    this.bytesAcked = bytesAcked;
  }

  @Override
  public String getStorageUuid() {
    return volume.getStorageID();
  }

  @Override
  public boolean isOnTransientStorage() {
    return false;
  }

  @Override
  public TardisVolume getVolume() {
    return volume;
  }

  @Override
  public void releaseAllBytesReserved() {
    // nothing is reserved: the emulated volume's space is logical
  }

  @Override
  public void releaseReplicaInfoBytesReserved() {
    // nothing is reserved
  }

  @Override
  public void setLastChecksumAndDataLen(long dataLength, byte[] checksum) {
    lastChecksum = new ChunkChecksum(dataLength, checksum);
  }

  @Override
  public ChunkChecksum getLastChecksumAndDataLen() {
    ChunkChecksum c = lastChecksum;
    return c != null ? c : new ChunkChecksum(getBytesOnDisk(), null);
  }

  @Override
  public ReplicaOutputStreams createStreams(boolean isCreate, DataChecksum requestedChecksum)
      throws IOException {
    BlockWriter w = writer;
    if (w == null) {
      throw new IOException("replica " + blockId + " is " + state + ", not open for writing");
    }
    DataChecksum checksum = requestedChecksum;
    if (!isCreate) {
      checksum = w.checksum(); // an append or recovery keeps the replica's checksum
      if (checksum.getBytesPerChecksum() != requestedChecksum.getBytesPerChecksum()) {
        throw new IOException(
            "client requested checksum "
                + requestedChecksum
                + " when appending to a replica with checksum "
                + checksum);
      }
      w.positionMetaAtEnd();
    }
    return new ReplicaOutputStreams(
        w.dataStream(), w.metaStream(), checksum, volume, volume.getFileIoProvider());
  }

  @Override
  public OutputStream createRestartMetaStream() {
    throw new UnsupportedOperationException(
        "emulated DataNodes do not keep replicas being written across a restart, so no restart meta file");
  }

  /**
   * HDFS asks a replica in the pipeline for its ReplicaInfo only to release reserved space; an
   * emulated volume reserves none, and this view reports none.
   */
  @Override
  public ReplicaInfo getReplicaInfo() {
    return new ReplicaBeingWritten(blockId, getNumBytes(), genStamp, volume, null, null, 0L);
  }

  @Override
  public void setWriter(Thread writer) {
    writerThread.set(writer);
  }

  @Override
  public void interruptThread() {
    Thread t = writerThread.get();
    if (t != null && t != Thread.currentThread() && t.isAlive()) {
      t.interrupt();
    }
  }

  @Override
  public boolean attemptToSetWriter(Thread prevWriter, Thread newWriter) {
    return writerThread.compareAndSet(prevWriter, newWriter);
  }

  @Override
  public void stopWriter(long xceiverStopTimeout) throws IOException {
    while (true) {
      Thread t = writerThread.get();
      if (t == null || t == Thread.currentThread() || !t.isAlive()) {
        if (writerThread.compareAndSet(t, null)) {
          return;
        }
        continue;
      }
      t.interrupt();
      try {
        t.join(xceiverStopTimeout);
        if (t.isAlive()) {
          throw new IOException(
              "join on writer thread " + t + " timed out after " + xceiverStopTimeout + " ms");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException(
            "interrupted waiting for the writer of replica " + blockId + " to stop");
      }
    }
  }

  @Override
  public void waitForMinLength(long minLength, long time, TimeUnit unit) throws IOException {
    long deadline = System.nanoTime() + unit.toNanos(time);
    while (getBytesOnDisk() < minLength) {
      if (System.nanoTime() > deadline) {
        throw new IOException(
            "replica "
                + blockId
                + " has "
                + getBytesOnDisk()
                + " bytes, not "
                + minLength
                + ", after "
                + time
                + " "
                + unit);
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException(
            "interrupted waiting for replica " + blockId + " to reach " + minLength + " bytes");
      }
    }
  }

  @Override
  public String toString() {
    return "TardisReplica{blk_"
        + blockId
        + "_"
        + genStamp
        + ", "
        + state
        + ", bytesOnDisk="
        + getBytesOnDisk()
        + ", acked="
        + bytesAcked
        + ", volume="
        + volume.getStorageID()
        + "}";
  }
}
