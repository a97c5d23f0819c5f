package org.mimesisbench.audit.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the trace builder knows of one path while the trace is read: whether it is a file or a
 * directory, when it was created, and the calls on it so far. A renamed path keeps its TracedEntry,
 * which is how a file or directory keeps one identity across renames.
 */
final class TracedEntry {
  enum Kind {
    /** Created, opened, appended...: certainly a file. */
    FILE,
    /** Made by mkdirs, or has children: certainly a directory. */
    DIRECTORY,
    /** Only listed or stat'ed so far: could be either, or not exist at all. */
    UNKNOWN
  }

  final long id;

  /** Path at trace start (pre-existing) or at creation. */
  final String path;

  Kind kind;

  /** Found in the snapshot (fsimage) of the namespace at trace start. */
  boolean inSnapshot;

  /**
   * Known to have had nothing at its path when it began (the snapshot lacks it): its first calls
   * were probes.
   */
  boolean absent;

  long createTime = -1;

  /** A mkdirs named this path and made it (a directory made implicitly has a createTime too). */
  boolean madeByMkdirs;

  /** When the trace first showed the path. */
  long firstSeen;

  int renames;
  // calls so far (accesses and others), kept in the trace builder's AccessChunks: these are where
  int accesses;

  /**
   * The first calls that were probes: made while nothing was at the path, before its create or
   * mkdirs.
   */
  int probes;

  int firstChunk = AccessChunks.NONE;
  int lastChunk = AccessChunks.NONE;
  // its events by user: most paths see one user, kept in two fields; a map only for the others
  String user;
  long userEvents;
  Map<String, long[]> otherUsers;

  TracedEntry(long id, String path, Kind kind) {
    this.id = id;
    this.path = path;
    this.kind = kind;
  }

  /**
   * Counts one event of {@code by} (a canonical string: compared by identity first) on this path.
   */
  void countUser(String by) {
    if (user == null || user.equals(by)) {
      user = by;
      userEvents++;
      return;
    }
    if (otherUsers == null) {
      otherUsers = new HashMap<>(4);
    }
    otherUsers.computeIfAbsent(by, u -> new long[1])[0]++;
  }

  /** Hands this path's user counts to {@code to} (its probes became {@code to}'s). */
  void handUsersOver(TracedEntry to) {
    to.user = user;
    to.userEvents = userEvents;
    to.otherUsers = otherUsers;
    user = null;
    userEvents = 0;
    otherUsers = null;
  }

  /** Fills {@code names} and {@code events} with its users by descending events, ties by name. */
  void users(List<String> names, List<Long> events) {
    names.clear();
    events.clear();
    if (user == null) {
      return;
    }
    if (otherUsers == null) { // most paths: one user, nothing to sort
      names.add(user);
      events.add(userEvents);
      return;
    }
    List<Map.Entry<String, Long>> all = new ArrayList<>();
    all.add(Map.entry(user, userEvents));
    if (otherUsers != null) {
      otherUsers.forEach((u, n) -> all.add(Map.entry(u, n[0])));
    }
    all.sort(
        Map.Entry.<String, Long>comparingByValue()
            .reversed()
            .thenComparing(Map.Entry.comparingByKey()));
    for (Map.Entry<String, Long> e : all) {
      names.add(e.getKey());
      events.add(e.getValue());
    }
  }
}
