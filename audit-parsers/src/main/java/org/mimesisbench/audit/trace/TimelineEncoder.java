package org.mimesisbench.audit.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;

/**
 * Encodes a life's timeline, a file's or a directory's, as the Avro record its container file
 * takes, and tallies it. Reads the lives and their accesses, changes neither.
 */
final class TimelineEncoder {
  private final AccessChunks accesses;
  private final boolean withSnapshot;
  // a timeline's accesses, gathered in time order
  private long[] callTimes = new long[64];
  private byte[] callCodes = new byte[64];
  private final FileTimeline timeline = new FileTimeline();
  private final DirectoryTimeline dirTimeline = new DirectoryTimeline();
  private final ArrayEncoder encoded = new ArrayEncoder(); // see EventWriter
  private final StringBuilder kinds = new StringBuilder();
  private final List<String> users = new ArrayList<>();
  private final List<Long> userEvents = new ArrayList<>();

  /** {@code withSnapshot}: the trace has an fsimage at its start. */
  TimelineEncoder(AccessChunks accesses, boolean withSnapshot) {
    this.accesses = accesses;
    this.withSnapshot = withSnapshot;
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
    int n = life.accesses;
    if (n > callTimes.length) {
      callTimes = new long[Math.max(n, 2 * callTimes.length)];
      callCodes = new byte[callTimes.length];
    }
    accesses.copy(life, callTimes, callCodes);
    AccessChunks.sortByTime(callTimes, callCodes, 0, life.probes);
    AccessChunks.sortByTime(callTimes, callCodes, life.probes, n);
    boolean directory = life.kind == TracedEntry.Kind.DIRECTORY;
    // accesses are moved down in place; the other calls (rare) go to arrays of their own
    LongList probeTimes = new LongList(Arrays.copyOf(callTimes, life.probes), life.probes);
    long[] otherTimes = null;
    List<Integer> otherCodes = new ArrayList<>(0);
    StringBuilder kinds = this.kinds;
    kinds.setLength(0);
    int accessCount = 0;
    for (int i = life.probes; i < n; i++) {
      char letter = AuditCommands.accessLetter(callCodes[i], directory);
      if (letter != 0) {
        callTimes[accessCount++] = callTimes[i];
        kinds.append(letter);
      } else {
        if (otherTimes == null) {
          otherTimes = new long[n - i];
        }
        otherTimes[otherCodes.size()] = callTimes[i];
        otherCodes.add((int) callCodes[i]);
      }
    }
    LongList accessTimes = new LongList(callTimes, accessCount); // a view: no Long per access
    LongList others = new LongList(otherTimes == null ? callTimes : otherTimes, otherCodes.size());
    life.users(users, userEvents);
    encoded.reset();
    if (directory) {
      directory(life, finalPath, deleteTime, subtree, probeTimes, accessTimes, others, otherCodes);
      dirTimeline.customEncode(encoded); // as the container's datum writer would
      counts.count(dirTimeline, accessCount, otherCodes.size());
    } else {
      file(life, finalPath, deleteTime, subtree, probeTimes, accessTimes, others, otherCodes);
      timeline.customEncode(encoded);
      counts.count(timeline, life.inSnapshot, accessCount, otherCodes.size());
    }
    return encoded.bytes();
  }

  private void file(
      TracedEntry life,
      String finalPath,
      long deleteTime,
      long[] subtree,
      LongList probeTimes,
      LongList accessTimes,
      LongList callTimes,
      List<Integer> calls) {
    timeline.setId(life.id);
    timeline.setPath(life.path);
    timeline.setFinalPath(finalPath);
    timeline.setDepth(TraceBuilder.depth(life.path));
    timeline.setPreExisting(life.createTime < 0);
    timeline.setCreateTime(life.createTime < 0 ? null : life.createTime);
    timeline.setDeleteTime(deleteTime < 0 ? null : deleteTime);
    timeline.setDeletedItself(deleteTime >= 0 && subtree != null);
    timeline.setRenames(life.renames);
    timeline.setRenameTimes(renameTimes(life));
    timeline.setAccessTimes(accessTimes);
    timeline.setAccessKinds(kinds.toString());
    timeline.setProbeTimes(probeTimes);
    timeline.setCallTimes(callTimes);
    timeline.setCalls(calls);
    timeline.setUsers(users);
    timeline.setUserEvents(userEvents);
  }

  /** Its rename times, ascending (the trace's events come in time order; sorted all the same). */
  private static List<Long> renameTimes(TracedEntry life) {
    if (life.renames == 0) {
      return List.of();
    }
    long[] times = Arrays.copyOf(life.renameTimes, life.renames);
    Arrays.sort(times);
    return new LongList(times, times.length);
  }

  private void directory(
      TracedEntry life,
      String finalPath,
      long deleteTime,
      long[] subtree,
      LongList probeTimes,
      LongList accessTimes,
      LongList callTimes,
      List<Integer> calls) {
    // made in the trace: by mkdirs, or (with a snapshot that lacks it) implicitly under a create or
    // mkdirs
    boolean made = life.createTime >= 0 || (withSnapshot && !life.inSnapshot);
    dirTimeline.setId(life.id);
    dirTimeline.setPath(life.path);
    dirTimeline.setFinalPath(finalPath);
    dirTimeline.setDepth(TraceBuilder.depth(life.path));
    dirTimeline.setPreExisting(!made);
    dirTimeline.setCreateTime(
        !made ? null : life.createTime >= 0 ? life.createTime : life.firstSeen);
    dirTimeline.setDeleteTime(deleteTime < 0 ? null : deleteTime);
    dirTimeline.setDeletedItself(subtree != null);
    dirTimeline.setMadeByMkdirs(life.madeByMkdirs);
    dirTimeline.setSubtreeFiles(subtree == null ? 0 : subtree[0]);
    dirTimeline.setSubtreeDirectories(subtree == null ? 0 : subtree[1]);
    dirTimeline.setRenames(life.renames);
    dirTimeline.setAccessTimes(accessTimes);
    dirTimeline.setAccessKinds(kinds.toString());
    dirTimeline.setProbeTimes(probeTimes);
    dirTimeline.setCallTimes(callTimes);
    dirTimeline.setCalls(calls);
    dirTimeline.setUsers(users);
    dirTimeline.setUserEvents(userEvents);
  }
}
