package org.mimesisbench.audit.trace;

import java.util.Arrays;

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
  long[] renameTimes; // null until its first rename; the first renames entries are its times
  // calls so far (accesses and others), kept in the trace builder's AccessChunks: these are where
  int accesses;

  /**
   * The first calls that were probes: made while nothing was at the path, before its create or
   * mkdirs.
   */
  int probes;

  int firstChunk = AccessChunks.NONE;
  int lastChunk = AccessChunks.NONE;
  // its events by user: most paths see one user, kept in two fields; the others in a small
  // open-addressing table by user (users compared by identity: one User per name), not a HashMap,
  // whose nodes and string compares made counting the builder's costliest step on shared paths
  TraceCounts.User user;
  long userEvents;
  TraceCounts.User[] otherUsers; // null until a second user; then a power of two, at most half full
  long[] otherEvents;
  int otherCount;

  TracedEntry(long id, String path, Kind kind) {
    this.id = id;
    this.path = path;
    this.kind = kind;
  }

  /** Counts one rename of it (itself or through a directory above it) at {@code time}. */
  void renamed(long time) {
    if (renameTimes == null) {
      renameTimes = new long[1];
    } else if (renames == renameTimes.length) {
      renameTimes = Arrays.copyOf(renameTimes, 2 * renames);
    }
    renameTimes[renames++] = time;
  }

  /** Counts one event of {@code by} on this path. */
  void countUser(TraceCounts.User by) {
    if (user == null || user == by) {
      user = by;
      userEvents++;
      return;
    }
    if (otherUsers == null) {
      otherUsers = new TraceCounts.User[4];
      otherEvents = new long[4];
    }
    int mask = otherUsers.length - 1;
    int i = slotOf(by, mask);
    while (otherUsers[i] != null && otherUsers[i] != by) {
      i = (i + 1) & mask;
    }
    if (otherUsers[i] == null) {
      if (2 * (otherCount + 1) > otherUsers.length) {
        growOthers();
        countUser(by);
        return;
      }
      otherUsers[i] = by;
      otherCount++;
    }
    otherEvents[i]++;
  }

  private static int slotOf(TraceCounts.User by, int mask) {
    int h = by.number * 0x9E3779B9; // users' numbers are dense: spread them
    return (h ^ h >>> 16) & mask;
  }

  private void growOthers() {
    TraceCounts.User[] users = otherUsers;
    long[] events = otherEvents;
    otherUsers = new TraceCounts.User[2 * users.length];
    otherEvents = new long[otherUsers.length];
    int mask = otherUsers.length - 1;
    for (int k = 0; k < users.length; k++) {
      if (users[k] != null) {
        int i = slotOf(users[k], mask);
        while (otherUsers[i] != null) {
          i = (i + 1) & mask;
        }
        otherUsers[i] = users[k];
        otherEvents[i] = events[k];
      }
    }
  }

  /** Hands this path's user counts to {@code to} (its probes became {@code to}'s). */
  void handUsersOver(TracedEntry to) {
    to.user = user;
    to.userEvents = userEvents;
    to.otherUsers = otherUsers;
    to.otherEvents = otherEvents;
    to.otherCount = otherCount;
    user = null;
    userEvents = 0;
    otherUsers = null;
    otherEvents = null;
    otherCount = 0;
  }

  /** How many users it has had: how much room {@link #users} needs. */
  int userCount() {
    return user == null ? 0 : 1 + otherCount;
  }

  /**
   * Puts its users and their events into {@code names} and {@code events}, by descending events,
   * ties by name; returns how many ({@link #userCount}). {@code byName}: every user in name order
   * ({@link TraceCounts#usersByName}), or null while more users may come.
   */
  int users(String[] names, long[] events, TraceCounts.User[] byName) {
    if (user == null) {
      return 0;
    }
    if (otherUsers == null) { // most paths: one user, nothing to sort
      names[0] = user.name;
      events[0] = userEvents;
      return 1;
    }
    if (byName != null) {
      int n = usersByRank(names, events, byName);
      if (n > 0) {
        return n;
      }
    }
    UserEvents[] all = new UserEvents[otherCount + 1];
    all[0] = new UserEvents(user.name, userEvents);
    for (int i = 0, k = 1; i < otherUsers.length; i++) {
      if (otherUsers[i] != null) {
        all[k++] = new UserEvents(otherUsers[i].name, otherEvents[i]);
      }
    }
    Arrays.sort(all);
    for (int k = 0; k < all.length; k++) {
      names[k] = all[k].name;
      events[k] = all[k].events;
    }
    return all.length;
  }

  // a user's events and name rank in one long whose ascending order is the timeline's: events
  // (at most this many) descending, then names ascending
  private static final long MOST_EVENTS_PACKED = (1L << 31) - 1;

  /**
   * As {@link #users}, sorting numbers: at the trace's end the live paths' users, compared as
   * records by name, were a quarter of the time its timelines took. 0 when a count is too large.
   */
  private int usersByRank(String[] names, long[] events, TraceCounts.User[] byName) {
    long[] keys = new long[otherCount + 1];
    keys[0] = packed(user, userEvents);
    for (int i = 0, k = 1; i < otherUsers.length; i++) {
      if (otherUsers[i] != null) {
        keys[k++] = packed(otherUsers[i], otherEvents[i]);
      }
    }
    Arrays.sort(keys);
    if (keys[0] < 0) {
      return 0;
    }
    for (int k = 0; k < keys.length; k++) {
      names[k] = byName[(int) keys[k]].name;
      events[k] = MOST_EVENTS_PACKED - (keys[k] >>> 32);
    }
    return keys.length;
  }

  /** The user's sort key; -1 when its events are too many to pack. */
  private static long packed(TraceCounts.User u, long events) {
    return events > MOST_EVENTS_PACKED ? -1 : (MOST_EVENTS_PACKED - events) << 32 | u.nameRank;
  }

  /**
   * A user's events on the path, in the timeline's order: by descending events, ties by name. Its
   * own compareTo, not a chain of comparators: the chain's boxing and calls through the shared
   * TimSort (the live paths' sort uses it too) cost C2 two compilations at the trace's end.
   */
  private record UserEvents(String name, long events) implements Comparable<UserEvents> {
    @Override
    public int compareTo(UserEvents o) {
      return events != o.events ? Long.compare(o.events, events) : name.compareTo(o.name);
    }
  }
}
