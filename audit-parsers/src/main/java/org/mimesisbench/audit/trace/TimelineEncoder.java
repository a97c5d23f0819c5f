package org.mimesisbench.audit.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.io.Encoder;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;

/**
 * Encodes a life's timeline, a file's or a directory's, as the Avro record its container file
 * takes, and tallies it. Reads the lives and their accesses, changes neither.
 *
 * <p>The fields are written one by one in schema order, from primitive arrays, as the generated
 * records' {@code customEncode} writes them (as {@link AuditEvents#encode} writes an event): the
 * records' encoders, over boxed lists, took a third of C2's time in a cold parse, and the trace's
 * end (the live paths' timelines: not deleted, often pre-existing or shared by many users) took
 * branches the deleted ones never had, so C2 compiled them all again while the end waited.
 * TimelineEncoderProperties checks the bytes against the records', so a change to FileTimeline.avsc
 * or DirectoryTimeline.avsc cannot go unseen.
 */
final class TimelineEncoder {
  private final AccessChunks accesses;
  private final boolean withSnapshot;
  private final boolean viaRecords; // a test's reference: through the generated records
  private final ArrayEncoder encoded = new ArrayEncoder(); // see EventWriter
  // the timeline being encoded: its calls in time order, the accesses then moved down in place
  private long[] callTimes = new long[64];
  private byte[] callCodes = new byte[64];
  private int accessCount;
  private byte[] kinds = new byte[64]; // the accesses' letters (ASCII)
  private long[] probeTimes = new long[16];
  private int probeCount;
  private long[] otherTimes = new long[16]; // the other calls (rare): neither accesses nor probes
  private int[] otherCodes = new int[16];
  private int otherCount;
  private long[] renameTimes = new long[16];
  private String[] users = new String[16]; // by descending events, ties by name
  private long[] userEvents = new long[16];
  private int userCount;
  private TraceCounts.User[] usersByName; // from the trace's end on: see TracedEntry.users

  /** {@code withSnapshot}: the trace has an fsimage at its start. */
  TimelineEncoder(AccessChunks accesses, boolean withSnapshot) {
    this(accesses, withSnapshot, false);
  }

  /** {@code viaRecords}: encode through the generated records, for a test to compare against. */
  TimelineEncoder(AccessChunks accesses, boolean withSnapshot, boolean viaRecords) {
    this.accesses = accesses;
    this.withSnapshot = withSnapshot;
    this.viaRecords = viaRecords;
  }

  /** No user comes any more: {@code byName} are all of them, in name order. */
  void lastUsers(TraceCounts.User[] byName) {
    usersByName = byName;
  }

  /**
   * The timeline of {@code life}, ended at {@code deleteTime} (-1: alive at the trace's end) under
   * {@code finalPath}, {@code subtree} (files, directories) when a delete named the path itself;
   * tallied into {@code counts}. The bytes are valid until the next call; a directory's go to
   * dirs.avro, a file's to files.avro.
   */
  ByteBuffer encode(
      TracedEntry life, String finalPath, long deleteTime, long[] subtree, TraceCounts counts)
      throws IOException {
    boolean directory = life.kind == TracedEntry.Kind.DIRECTORY;
    gatherCalls(life, directory);
    gatherUsers(life);
    encoded.reset();
    if (directory) {
      // made in the trace: by mkdirs, or (with a snapshot that lacks it) implicitly under a create
      // or mkdirs
      boolean made = life.createTime >= 0 || (withSnapshot && !life.inSnapshot);
      long createTime = life.createTime >= 0 ? life.createTime : life.firstSeen; // when made
      if (viaRecords) {
        directoryRecord(life, finalPath, deleteTime, subtree, made, createTime)
            .customEncode(encoded);
      } else {
        writeDirectory(life, finalPath, deleteTime, subtree, made, createTime);
      }
      counts.countDirectory(!made, subtree != null, accessCount, otherCount);
    } else {
      gatherRenames(life);
      if (viaRecords) {
        fileRecord(life, finalPath, deleteTime, subtree).customEncode(encoded);
      } else {
        writeFile(life, finalPath, deleteTime, subtree);
      }
      counts.countFile(
          life.createTime < 0,
          life.inSnapshot,
          deleteTime >= 0,
          life.renames > 0,
          accessCount,
          otherCount);
    }
    return encoded.bytes();
  }

  /** Splits the life's calls, in time order, into probes, accesses (with kinds) and others. */
  private void gatherCalls(TracedEntry life, boolean directory) {
    int n = life.accesses;
    if (n > callTimes.length) {
      callTimes = new long[Math.max(n, 2 * callTimes.length)];
      callCodes = new byte[callTimes.length];
      kinds = new byte[callTimes.length];
    }
    accesses.copy(life, callTimes, callCodes);
    probeCount = life.probes;
    AccessChunks.sortByTime(callTimes, callCodes, 0, probeCount);
    AccessChunks.sortByTime(callTimes, callCodes, probeCount, n);
    if (probeCount > probeTimes.length) {
      probeTimes = new long[Math.max(probeCount, 2 * probeTimes.length)];
    }
    System.arraycopy(callTimes, 0, probeTimes, 0, probeCount);
    if (n - probeCount > otherTimes.length) {
      otherTimes = new long[Math.max(n - probeCount, 2 * otherTimes.length)];
      otherCodes = new int[otherTimes.length];
    }
    accessCount = 0;
    otherCount = 0;
    for (int i = probeCount; i < n; i++) {
      char letter = AuditCommands.accessLetter(callCodes[i], directory);
      if (letter != 0) {
        kinds[accessCount] = (byte) letter;
        callTimes[accessCount++] = callTimes[i];
      } else {
        otherTimes[otherCount] = callTimes[i];
        otherCodes[otherCount++] = callCodes[i];
      }
    }
  }

  /** A file's rename times, ascending (the events come in time order; sorted all the same). */
  private void gatherRenames(TracedEntry life) {
    int renames = life.renames;
    if (renames > renameTimes.length) {
      renameTimes = new long[Math.max(renames, 2 * renameTimes.length)];
    }
    if (renames > 0) {
      System.arraycopy(life.renameTimes, 0, renameTimes, 0, renames);
      Arrays.sort(renameTimes, 0, renames);
    }
  }

  private void gatherUsers(TracedEntry life) {
    int n = life.userCount();
    if (n > users.length) {
      users = new String[Math.max(n, 2 * users.length)];
      userEvents = new long[users.length];
    }
    userCount = life.users(users, userEvents, usersByName);
  }

  private void writeFile(TracedEntry life, String finalPath, long deleteTime, long[] subtree)
      throws IOException {
    Encoder out = encoded;
    out.writeLong(life.id);
    out.writeString(life.path);
    out.writeString(finalPath);
    out.writeInt(TraceBuilder.depth(life.path));
    out.writeBoolean(life.createTime < 0);
    optional(life.createTime < 0, life.createTime);
    optional(deleteTime < 0, deleteTime);
    out.writeBoolean(deleteTime >= 0 && subtree != null);
    out.writeInt(life.renames);
    longs(renameTimes, life.renames);
    writeCalls();
  }

  private void writeDirectory(
      TracedEntry life,
      String finalPath,
      long deleteTime,
      long[] subtree,
      boolean made,
      long createTime)
      throws IOException {
    Encoder out = encoded;
    out.writeLong(life.id);
    out.writeString(life.path);
    out.writeString(finalPath);
    out.writeInt(TraceBuilder.depth(life.path));
    out.writeBoolean(!made);
    optional(!made, createTime);
    optional(deleteTime < 0, deleteTime);
    out.writeBoolean(subtree != null);
    out.writeIndex(1); // madeByMkdirs, ["null", "boolean"]: always known to a parse
    out.writeBoolean(life.madeByMkdirs);
    out.writeLong(subtree == null ? 0 : subtree[0]);
    out.writeLong(subtree == null ? 0 : subtree[1]);
    out.writeInt(life.renames);
    writeCalls();
  }

  /** The fields both timelines end with: accesses, probes, other calls, users. */
  private void writeCalls() throws IOException {
    Encoder out = encoded;
    longs(callTimes, accessCount);
    out.writeBytes(kinds, 0, accessCount); // as a string: its length, then its (ASCII) bytes
    longs(probeTimes, probeCount);
    longs(otherTimes, otherCount);
    out.writeArrayStart();
    out.setItemCount(otherCount);
    for (int i = 0; i < otherCount; i++) {
      out.startItem();
      out.writeInt(otherCodes[i]);
    }
    out.writeArrayEnd();
    out.writeArrayStart();
    out.setItemCount(userCount);
    for (int i = 0; i < userCount; i++) {
      out.startItem();
      out.writeString(users[i]);
    }
    out.writeArrayEnd();
    longs(userEvents, userCount);
  }

  /**
   * A ["null", "long"] union. One method for every such field: a file that dies in the trace was
   * nearly always made in it and every death has a time, while at the trace's end the live paths
   * have no deleteTime and many no createTime; directories' createTime has both all along, so this
   * branch is profiled both ways before the end comes.
   */
  private void optional(boolean isNull, long value) throws IOException {
    if (isNull) {
      encoded.writeIndex(0);
      encoded.writeNull();
    } else {
      encoded.writeIndex(1);
      encoded.writeLong(value);
    }
  }

  /** An array of longs: the first {@code n} of {@code values}. */
  private void longs(long[] values, int n) throws IOException {
    encoded.writeArrayStart();
    encoded.setItemCount(n);
    for (int i = 0; i < n; i++) {
      encoded.startItem();
      encoded.writeLong(values[i]);
    }
    encoded.writeArrayEnd();
  }

  private FileTimeline fileRecord(
      TracedEntry life, String finalPath, long deleteTime, long[] subtree) {
    FileTimeline t = new FileTimeline();
    t.setId(life.id);
    t.setPath(life.path);
    t.setFinalPath(finalPath);
    t.setDepth(TraceBuilder.depth(life.path));
    t.setPreExisting(life.createTime < 0);
    t.setCreateTime(life.createTime < 0 ? null : life.createTime);
    t.setDeleteTime(deleteTime < 0 ? null : deleteTime);
    t.setDeletedItself(deleteTime >= 0 && subtree != null);
    t.setRenames(life.renames);
    t.setRenameTimes(boxed(renameTimes, life.renames));
    t.setAccessTimes(boxed(callTimes, accessCount));
    t.setAccessKinds(accessKinds());
    t.setProbeTimes(boxed(probeTimes, probeCount));
    t.setCallTimes(boxed(otherTimes, otherCount));
    t.setCalls(calls());
    t.setUsers(List.of(Arrays.copyOf(users, userCount)));
    t.setUserEvents(boxed(userEvents, userCount));
    return t;
  }

  private DirectoryTimeline directoryRecord(
      TracedEntry life,
      String finalPath,
      long deleteTime,
      long[] subtree,
      boolean made,
      long createTime) {
    DirectoryTimeline t = new DirectoryTimeline();
    t.setId(life.id);
    t.setPath(life.path);
    t.setFinalPath(finalPath);
    t.setDepth(TraceBuilder.depth(life.path));
    t.setPreExisting(!made);
    t.setCreateTime(!made ? null : createTime);
    t.setDeleteTime(deleteTime < 0 ? null : deleteTime);
    t.setDeletedItself(subtree != null);
    t.setMadeByMkdirs(life.madeByMkdirs);
    t.setSubtreeFiles(subtree == null ? 0 : subtree[0]);
    t.setSubtreeDirectories(subtree == null ? 0 : subtree[1]);
    t.setRenames(life.renames);
    t.setAccessTimes(boxed(callTimes, accessCount));
    t.setAccessKinds(accessKinds());
    t.setProbeTimes(boxed(probeTimes, probeCount));
    t.setCallTimes(boxed(otherTimes, otherCount));
    t.setCalls(calls());
    t.setUsers(List.of(Arrays.copyOf(users, userCount)));
    t.setUserEvents(boxed(userEvents, userCount));
    return t;
  }

  private static List<Long> boxed(long[] values, int n) {
    List<Long> list = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      list.add(values[i]);
    }
    return list;
  }

  private String accessKinds() {
    return new String(kinds, 0, accessCount, StandardCharsets.US_ASCII);
  }

  private List<Integer> calls() {
    List<Integer> list = new ArrayList<>(otherCount);
    for (int i = 0; i < otherCount; i++) {
      list.add(otherCodes[i]);
    }
    return list;
  }
}
