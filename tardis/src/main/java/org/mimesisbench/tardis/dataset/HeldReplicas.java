package org.mimesisbench.tardis.dataset;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.BitSet;

/**
 * Finalized replicas a DataNode holds from the start as metadata only (an fsimage's blocks placed
 * on it): per replica its block id, generation stamp, length and the length of the Tardis sequence
 * it starts (its file's bytes from the block on), 32 bytes, no object. Their content is regenerated
 * when read ({@link RegeneratedBlock}). Kept in a file in the DataNode's storage directory, beside
 * {@code current/}, which the dataset reads when it joins the block pool; a replica the DataNode
 * then changes (append, delete, recovery) becomes an ordinary one and leaves this set, its id
 * appended to {@value #TAKEN} beside it, so that a restarted DataNode does not hold it again (a
 * deleted replica would come back).
 */
public final class HeldReplicas {
  /** The file in a storage directory's root. */
  public static final String FILE = "tardis-held-replicas";

  /** The ids of the replicas taken out of the set since it was written, 8 bytes each. */
  public static final String TAKEN = FILE + ".taken";

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(HeldReplicas.class);

  private static final int MAGIC = 0x54485231; // "THR1"

  private final String bpid;
  private final long[] ids; // ascending
  private final long[] genStamps;
  private final long[] lengths;
  private final long[] sequenceLengths;
  private final BitSet taken;
  private int left;
  private Path takenFile; // where taken ids are recorded (null: nowhere)
  private DataOutputStream takenOut; // opened at the first take

  private HeldReplicas(
      String bpid, long[] ids, long[] genStamps, long[] lengths, long[] sequenceLengths) {
    this.bpid = bpid;
    this.ids = ids;
    this.genStamps = genStamps;
    this.lengths = lengths;
    this.sequenceLengths = sequenceLengths;
    this.taken = new BitSet(ids.length);
    this.left = ids.length;
  }

  /**
   * Writes the replicas a DataNode holds into its storage directory {@code root} (made if absent),
   * under a temporary name and renamed: the arrays are in any order, {@code count} long.
   */
  public static void write(
      Path root,
      String bpid,
      int count,
      long[] ids,
      long[] genStamps,
      long[] lengths,
      long[] sequenceLengths)
      throws IOException {
    Files.createDirectories(root);
    Path tmp = root.resolve(FILE + ".tmp");
    try (DataOutputStream out =
        new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 20))) {
      out.writeInt(MAGIC);
      out.writeUTF(bpid);
      out.writeInt(count);
      for (int i = 0; i < count; i++) {
        out.writeLong(ids[i]);
        out.writeLong(genStamps[i]);
        out.writeLong(lengths[i]);
        out.writeLong(sequenceLengths[i]);
      }
    }
    Files.deleteIfExists(root.resolve(TAKEN)); // another set's
    Files.move(tmp, root.resolve(FILE), StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * The replicas of block pool {@code bpid} held in storage directory {@code root}; null when it
   * holds none for that pool.
   */
  static HeldReplicas read(Path root, String bpid) throws IOException {
    Path file = root.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try (DataInputStream in =
        new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 20))) {
      if (in.readInt() != MAGIC) {
        throw new IOException(file + ": not a held replicas file (bad magic)");
      }
      if (!in.readUTF().equals(bpid)) {
        return null; // another block pool's (another NameNode's image)
      }
      int n = in.readInt();
      long[] ids = new long[n];
      long[] gs = new long[n];
      long[] len = new long[n];
      long[] seq = new long[n];
      for (int i = 0; i < n; i++) {
        ids[i] = in.readLong();
        gs[i] = in.readLong();
        len[i] = in.readLong();
        seq[i] = in.readLong();
      }
      HeldReplicas held = sorted(bpid, ids, gs, len, seq);
      held.takenFile = root.resolve(TAKEN);
      held.readTaken();
      return held;
    } catch (EOFException e) {
      throw new IOException(file + ": truncated", e);
    }
  }

  /** Marks the replicas taken before a restart; a last id cut short by a crash was never taken. */
  private void readTaken() throws IOException {
    if (!Files.isRegularFile(takenFile)) {
      return;
    }
    byte[] bytes = Files.readAllBytes(takenFile);
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes);
    while (b.remaining() >= Long.BYTES) {
      int i = Arrays.binarySearch(ids, b.getLong());
      if (i >= 0 && !taken.get(i)) {
        taken.set(i);
        left--;
      }
    }
  }

  /** The same replicas ordered by block id, for a binary search. */
  private static HeldReplicas sorted(String bpid, long[] ids, long[] gs, long[] len, long[] seq) {
    boolean ascending = true;
    for (int i = 1; i < ids.length && ascending; i++) {
      ascending = ids[i - 1] < ids[i];
    }
    if (ascending) {
      return new HeldReplicas(bpid, ids, gs, len, seq);
    }
    long[] sortedIds = ids.clone();
    Arrays.sort(sortedIds);
    long[] g = new long[ids.length];
    long[] l = new long[ids.length];
    long[] s = new long[ids.length];
    for (int i = 0; i < ids.length; i++) {
      int at = Arrays.binarySearch(sortedIds, ids[i]);
      g[at] = gs[i];
      l[at] = len[i];
      s[at] = seq[i];
    }
    return new HeldReplicas(bpid, sortedIds, g, l, s);
  }

  String bpid() {
    return bpid;
  }

  /** The index of block {@code blockId} still held here, or -1. */
  int indexOf(long blockId) {
    int i = Arrays.binarySearch(ids, blockId);
    return i >= 0 && !taken.get(i) ? i : -1;
  }

  /** Replica {@code i} is no longer held as metadata (the dataset keeps it as a replica now). */
  void take(int i) {
    if (!taken.get(i)) {
      taken.set(i);
      left--;
      record(ids[i]);
    }
  }

  /** Appends a taken id to {@value #TAKEN}, flushed: a DataNode killed after keeps it. */
  private void record(long id) {
    if (takenFile == null) {
      return;
    }
    try {
      if (takenOut == null) {
        takenOut =
            new DataOutputStream(
                Files.newOutputStream(
                    takenFile,
                    java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND));
      }
      takenOut.writeLong(id);
      takenOut.flush();
    } catch (IOException e) {
      LOG.warn("{}: blk_{} not recorded as taken ({}): a restart holds it again", takenFile, id, e);
    }
  }

  /** Closes the record of taken ids (the block pool is shut down). */
  void close() {
    if (takenOut != null) {
      try {
        takenOut.close();
      } catch (IOException e) {
        LOG.warn("{}: {}", takenFile, e.getMessage());
      }
      takenOut = null;
    }
  }

  /** Replicas still held as metadata. */
  int size() {
    return left;
  }

  /** Indexes of replicas still held, in id order; -1 past the last. */
  int next(int from) {
    int i = taken.nextClearBit(from);
    return i < ids.length ? i : -1;
  }

  long id(int i) {
    return ids[i];
  }

  long genStamp(int i) {
    return genStamps[i];
  }

  long length(int i) {
    return lengths[i];
  }

  long sequenceLength(int i) {
    return sequenceLengths[i];
  }

  /** Logical bytes of the replicas still held. */
  long bytes() {
    long sum = 0;
    for (int i = next(0); i >= 0; i = next(i + 1)) {
      sum += lengths[i];
    }
    return sum;
  }
}
