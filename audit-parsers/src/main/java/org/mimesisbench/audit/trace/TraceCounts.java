package org.mimesisbench.audit.trace;

import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.mimesisbench.trace.AuditCommand;

/** Totals over the timelines a trace holds and its events by target, for the parse report. */
public final class TraceCounts {
  // events by target and command: an array by the schema's commands, a map for those it lacks
  private final long[][] byTarget = new long[Target.values().length][AuditCommand.values().length];
  private final Map<String, long[]> otherByTarget = new HashMap<>();
  // by user name, one lookup an event finds the user's shared name and all its counts: open
  // addressing on the names' cached hashes, not a HashMap, whose code every map in the JVM shares
  // (its type profile, polluted by other keys, kept deoptimizing the trace builder that inlines it)
  private User[] users = new User[64];
  private int userCount;
  long directories;
  long directoriesPreExisting;
  long directoriesCreated;
  long directoriesDeletedItself;
  long directoryAccesses;
  long directoryCalls;
  long fileCalls;
  long files;
  long preExisting;
  long preExistingNotInSnapshot;
  long created;
  long deleted;
  long renamed;
  long accesses;
  long firstTime;
  long lastTime;

  /** One file's timeline: what it was, and its accesses and other calls. */
  void countFile(
      boolean preExisting,
      boolean inSnapshot,
      boolean deleted,
      boolean renamed,
      int accessCount,
      int callCount) {
    files++;
    fileCalls += callCount;
    if (preExisting) {
      this.preExisting++;
      if (!inSnapshot) {
        preExistingNotInSnapshot++;
      }
    } else {
      created++;
    }
    if (deleted) {
      this.deleted++;
    }
    if (renamed) {
      this.renamed++;
    }
    accesses += accessCount;
  }

  /** One directory's timeline, as {@link #countFile} a file's. */
  void countDirectory(boolean preExisting, boolean deletedItself, int accessCount, int callCount) {
    directories++;
    if (preExisting) {
      directoriesPreExisting++;
    } else {
      directoriesCreated++;
    }
    if (deletedItself) {
      directoriesDeletedItself++;
    }
    directoryAccesses += accessCount;
    directoryCalls += callCount;
  }

  /** A user's events, and those on paths that named nothing known, by op. */
  static final class User {
    /** The one String of this user's name, for the lives to share. */
    final String name;

    /** Users in order of their first event: 0, 1, ... */
    final int number;

    /** Its place in the users' name order, from {@link #usersByName} on; -1 before. */
    int nameRank = -1;

    private long events;
    // by command, null until one; the commands the schema lacks by op (as the log names them)
    private long[] missing;
    private Map<String, long[]> missingOther;

    private final int hash;

    private User(String name, int number) {
      this.name = name;
      this.number = number;
      this.hash = name.hashCode();
    }
  }

  /**
   * One event of {@code user} on {@code target} by command {@code c} (named {@code op} when the
   * schema lacks it).
   */
  void event(Target target, AuditCommand c, String op, User user) {
    if (target == Target.MISSING || target == Target.UNKNOWN) {
      if (user.missing == null) {
        user.missing = new long[AuditCommand.values().length];
      }
      if (c == AuditCommand.other) {
        if (user.missingOther == null) {
          user.missingOther = new HashMap<>();
        }
        user.missingOther.computeIfAbsent(op, k -> new long[1])[0]++;
      } else {
        user.missing[c.ordinal()]++; // the schema's commands are their op's name
      }
    }
    if (c == AuditCommand.other) {
      otherByTarget.computeIfAbsent(op, k -> new long[Target.values().length])[target.ordinal()]++;
    } else {
      byTarget[target.ordinal()][c.ordinal()]++;
    }
  }

  /**
   * Every user so far in name order, each told its place ({@link User#nameRank}): at the trace's
   * end, when no more users come, a path's users are sorted by numbers rather than names.
   */
  User[] usersByName() {
    User[] byName = new User[userCount];
    int k = 0;
    for (User u : users) {
      if (u != null) {
        byName[k++] = u;
      }
    }
    Arrays.sort(byName, Comparator.comparing((User u) -> u.name));
    for (int i = 0; i < byName.length; i++) {
      byName[i].nameRank = i;
    }
    return byName;
  }

  /** One event of the user named {@code name}: its counts, kept from its first event on. */
  User user(String name) {
    int h = name.hashCode();
    int mask = users.length - 1;
    int i = (h ^ h >>> 16) & mask;
    for (User u = users[i]; u != null; u = users[i]) {
      // another hash gives null, which equals rejects at once: the branch on equals sees both
      // outcomes from the start, where a rare full hash collision would deoptimize the caller
      if (name.equals(u.hash == h ? u.name : null)) {
        u.events++;
        return u;
      }
      i = (i + 1) & mask;
    }
    User user = new User(name, userCount++);
    users[i] = user;
    if (2 * userCount > users.length) { // at most half full
      User[] old = users;
      users = new User[2 * old.length];
      for (User u : old) {
        if (u != null) {
          int j = (u.hash ^ u.hash >>> 16) & (users.length - 1);
          while (users[j] != null) {
            j = (j + 1) & (users.length - 1);
          }
          users[j] = u;
        }
      }
    }
    user.events++;
    return user;
  }

  /**
   * Events by target ("file", "directory", ...) and command, as the log names it; only those seen.
   */
  public Map<String, Map<String, Long>> byTarget() {
    Map<String, Map<String, Long>> m = new LinkedHashMap<>();
    for (Target t : Target.values()) {
      Map<String, Long> byCommand = new TreeMap<>();
      for (AuditCommand c : AuditCommand.values()) {
        if (byTarget[t.ordinal()][c.ordinal()] > 0) {
          byCommand.put(c.name(), byTarget[t.ordinal()][c.ordinal()]);
        }
      }
      otherByTarget.forEach(
          (op, n) -> {
            if (n[t.ordinal()] > 0) {
              byCommand.put(op, n[t.ordinal()]);
            }
          });
      if (!byCommand.isEmpty()) {
        m.put(t.key(), byCommand);
      }
    }
    return m;
  }

  public Map<String, Long> directoriesAsMap() {
    Map<String, Long> m = new LinkedHashMap<>();
    m.put("directories", directories);
    m.put("pre_existing", directoriesPreExisting);
    m.put("created", directoriesCreated);
    m.put("deleted_with_subtree", directoriesDeletedItself);
    m.put("accesses", directoryAccesses);
    m.put("calls", directoryCalls);
    return m;
  }

  public long firstTime() {
    return firstTime;
  }

  public long lastTime() {
    return lastTime;
  }

  /** Fills the report's files, directories, by-target counts and event times. */
  public void report(org.mimesisbench.audit.report.ParseReport report, boolean withSnapshot) {
    report.files.putAll(asMap(withSnapshot));
    report.directories.putAll(directoriesAsMap());
    report.byTarget.putAll(byTarget());
    for (User user : users) {
      if (user == null) {
        continue;
      }
      report.byUser.put(user.name, user.events);
      if (user.missing != null) {
        for (AuditCommand c : AuditCommand.values()) {
          if (user.missing[c.ordinal()] > 0) {
            report
                .missingByUser
                .computeIfAbsent(c.name(), k -> new TreeMap<>())
                .put(user.name, user.missing[c.ordinal()]);
          }
        }
      }
      if (user.missingOther != null) {
        user.missingOther.forEach(
            (op, n) ->
                report
                    .missingByUser
                    .computeIfAbsent(op, k -> new TreeMap<>())
                    .put(user.name, n[0]));
      }
    }
    if (report.events > 0) {
      report.eventTimes(firstTime, lastTime);
    }
  }

  public Map<String, Long> asMap(boolean withSnapshot) {
    Map<String, Long> m = new LinkedHashMap<>();
    m.put("files", files);
    m.put("pre_existing", preExisting);
    if (withSnapshot) {
      m.put("pre_existing_not_in_fsimage", preExistingNotInSnapshot);
    }
    m.put("created", created);
    m.put("deleted", deleted);
    m.put("renamed", renamed);
    m.put("accesses", accesses);
    m.put("calls", fileCalls);
    return m;
  }
}
