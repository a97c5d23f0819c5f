package org.mimesisbench.audit.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import org.apache.avro.file.DataFileWriter;
import org.mimesisbench.audit.input.TimeOrderedAuditReader;
import org.mimesisbench.audit.line.AuditRecord;
import org.mimesisbench.trace.AuditCommand;
import org.mimesisbench.trace.ClusterEvent;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;

/**
 * Turns the time-ordered audit records into each file's life: one {@code files.avro} timeline,
 * following renames (of the file or of a directory above it), deletes (of the file or a directory
 * above it) and overwrites; and each directory's the same way, into {@code dirs.avro}. Every
 * allowed call on a path is kept on its timeline: the accesses (open, listStatus, getfileinfo; a
 * directory's contentSummary too), the probes of a path before something was made there, and every
 * other command (attribute changes, append, ...) as a call. Every event, allowed or not, is counted
 * by what its path named at that moment ({@link Target}).
 *
 * <p>Which paths are files: those the snapshot (fsimage) says are files, and those created, opened,
 * appended, truncated, concatenated or given a replication in the trace. A path that is only listed
 * or stat'ed and not in the snapshot is not taken for a file: clients stat paths that do not exist,
 * and list directories far more often than files.
 *
 * <p>A read through an HDFS snapshot ({@code /d/.snapshot/s/f}) reads the inode live at {@code
 * /d/f}, so it is that file's access while the file is there; a copy of one since deleted or
 * renamed keeps the path it was read by. Otherwise every snapshot read would be a file of its own,
 * one the namespace never held.
 *
 * <p>Pre-existing files: files in the trace but not created in it (the MimesisBench paper, section
 * 2.2); with a snapshot, also the snapshot's files under a directory the trace deletes or renames,
 * though never accessed. A timeline is written when its file dies, so memory holds only the live
 * paths and their accesses.
 */
public final class TraceBuilder implements TimeOrderedAuditReader.Sink {
  private static final byte OPEN = AuditCommands.code(AuditCommand.open);
  private static final String SNAPSHOTS = "/.snapshot/"; // HDFS's snapshot root of a directory

  private final DataFileWriter<FileTimeline> files;
  private final DataFileWriter<DirectoryTimeline> dirs;
  private final DataFileWriter<ClusterEvent> cluster;
  private final ClusterEvent clusterEvent = new ClusterEvent();
  private final SnapshotIndex snapshot; // null without an fsimage
  private final LivePaths live = new LivePaths();
  private final AccessChunks accesses = new AccessChunks();
  private final TimelineEncoder encoder;
  private final TraceCounts counts = new TraceCounts();
  private final String[] opKeys = new String[64]; // see command()
  private final AuditCommand[] opCommands = new AuditCommand[64];
  private long nextId;
  private long firstTime = Long.MAX_VALUE;
  private long lastTime = Long.MIN_VALUE;

  /** {@code cluster} receives the events without a path ({@code cluster.avro}). */
  public TraceBuilder(
      DataFileWriter<FileTimeline> files,
      DataFileWriter<DirectoryTimeline> dirs,
      DataFileWriter<ClusterEvent> cluster,
      SnapshotIndex snapshot) {
    this.files = files;
    this.dirs = dirs;
    this.cluster = cluster;
    this.snapshot = snapshot;
    this.encoder = new TimelineEncoder(accesses, snapshot != null);
  }

  @Override
  public void accept(AuditRecord r) throws IOException {
    firstTime = Math.min(firstTime, r.time);
    lastTime = Math.max(lastTime, r.time);
    AuditCommand command = command(r.op);
    TraceCounts.User by = counts.user(r.user);
    String user = by.name; // one string per user for the lives to share
    if (r.src == null) {
      counts.event(Target.CLUSTER, command, r.op, by);
      clusterEvent.setTime(r.time);
      clusterEvent.setOp(r.op);
      clusterEvent.setAllowed(r.allowed);
      clusterEvent.setUser(user);
      cluster.append(clusterEvent);
      return;
    }
    if (!r.allowed) { // a denied request changed nothing and read nothing
      counts.event(targetOf(command, existing(r.src), r.src), command, r.op, by);
      return;
    }
    TracedEntry life =
        switch (command) {
          case create, concat, mkdirs ->
              null; // they change their paths themselves; their target is known
          case delete, rename -> existing(r.src);
          default -> resolve(readThrough(r.src));
        };
    counts.event(targetOf(command, life, r.src), command, r.op, by);
    if (life != null) { // before the call: a delete writes the timeline
      life.countUser(by);
    }
    switch (command) {
      case open -> {
        live.makeFile(life);
        accesses.add(life, r.time, OPEN);
      }
      case create -> create(r.src, r.time);
      case append, truncate, setReplication -> {
        live.makeFile(life);
        accesses.add(life, r.time, AuditCommands.code(command));
      }
      case mkdirs -> mkdirs(r.src, r.time);
      case delete -> delete(r.src, life, r.time, by);
      case rename -> {
        if (r.dst != null) {
          rename(r.src, life, r.dst, r.cmd.startsWith("rename (options"), r.time);
        }
      }
      case concat -> concat(r.src, r.dst, r.time);
      default ->
          accesses.add(
              life, r.time, AuditCommands.code(command)); // listings, stats, attributes, ...
    }
    TracedEntry made = switch (command) { // the calls that make their path count on what they made
          case create, mkdirs -> live.get(r.src);
          case concat -> r.dst == null ? null : live.get(r.dst);
          default -> null;
        };
    if (made != null) {
      made.countUser(by);
    }
  }

  /**
   * The command of {@code op}, through a small cache by identity: ops are the parser's shared
   * strings, so the schema's map (a HashMap, whose code and type profile every map in the JVM
   * shares) is asked once per op string, not once per event.
   */
  private AuditCommand command(String op) {
    int i = op.hashCode() & (opKeys.length - 1);
    if (opKeys[i] == op) {
      return opCommands[i];
    }
    AuditCommand c = AuditCommands.of(op);
    opKeys[i] = op;
    opCommands[i] = c;
    return c;
  }

  /**
   * What {@code path} named when {@code command} came, {@code life} being its life then (null:
   * none).
   */
  private Target targetOf(AuditCommand command, TracedEntry life, String path) {
    switch (command) {
      case open, create, append, truncate, concat -> {
        return Target.FILE;
      }
      case mkdirs -> {
        return Target.DIRECTORY;
      }
      default -> {}
    }
    if (life != null && life.kind == TracedEntry.Kind.FILE) {
      return Target.FILE;
    }
    if (life != null && life.kind == TracedEntry.Kind.DIRECTORY || live.hasUnder(path)) {
      return Target.DIRECTORY;
    }
    return snapshot != null ? Target.MISSING : Target.UNKNOWN;
  }

  /** Ends the trace: every file and directory still alive gets its timeline, in id order. */
  public TraceCounts finish() throws IOException {
    encoder.lastUsers(counts.usersByName());
    // ids run 0, 1, ... nextId: placed by id, the live paths need no sort
    TracedEntry[] byId = new TracedEntry[Math.toIntExact(nextId)];
    String[] pathById = new String[byId.length];
    live.forEach(
        (path, life) -> {
          if (life.kind != TracedEntry.Kind.UNKNOWN) {
            byId[(int) life.id] = life;
            pathById[(int) life.id] = path;
          }
        });
    for (int id = 0; id < byId.length; id++) {
      if (byId[id] != null) {
        writeTimeline(byId[id], pathById[id], -1, null);
      }
    }
    counts.firstTime = firstTime;
    counts.lastTime = lastTime;
    return counts;
  }

  /**
   * The path a read of {@code path} reaches: through an HDFS snapshot ({@code /d/.snapshot/s/f}, or
   * its root {@code /d/.snapshot/s}), the live {@code /d/f} ({@code /d}) while something is there;
   * else {@code path} itself.
   */
  private String readThrough(String path) {
    int at = path.indexOf(SNAPSHOTS);
    if (at < 0) {
      return path;
    }
    int below = path.indexOf('/', at + SNAPSHOTS.length());
    String copied =
        below < 0 ? path.substring(0, at) : path.substring(0, at) + path.substring(below);
    copied = copied.isEmpty() ? "/" : copied;
    return existing(copied) != null || live.hasUnder(copied) ? copied : path;
  }

  /** The live life at {@code path}, taken from the snapshot or begun now if there is none. */
  private TracedEntry resolve(String path) {
    TracedEntry life = live.get(path);
    if (life != null) {
      return life;
    }
    TracedEntry.Kind kind = TracedEntry.Kind.UNKNOWN;
    boolean inSnapshot = false;
    if (snapshot != null) {
      int found = snapshot.take(path);
      inSnapshot = found != 0;
      kind = found == 1 ? TracedEntry.Kind.FILE : found == 2 ? TracedEntry.Kind.DIRECTORY : kind;
    }
    return begin(path, kind, inSnapshot);
  }

  /** A new life at {@code path}, live from now on. */
  private TracedEntry begin(String path, TracedEntry.Kind kind, boolean inSnapshot) {
    TracedEntry life = new TracedEntry(nextId++, path, kind);
    life.inSnapshot = inSnapshot;
    life.absent = kind == TracedEntry.Kind.UNKNOWN && snapshot != null && !inSnapshot;
    life.firstSeen = lastTime;
    live.put(path, life);
    return life;
  }

  /** The life at {@code path} if the path exists now (live or in the snapshot), else null. */
  private TracedEntry existing(String path) {
    TracedEntry life = live.get(path);
    if (life != null || snapshot == null || !snapshot.has(path)) {
      return life;
    }
    return resolve(path);
  }

  private void create(String path, long time) throws IOException {
    TracedEntry old = existing(path);
    TracedEntry probed = null;
    if (old != null) {
      live.remove(path);
      if (old.kind == TracedEntry.Kind.UNKNOWN) {
        probed = old; // only stat'ed or listed so far: probes of a path not yet made
      } else {
        end(old, path, time, null); // overwritten
      }
    }
    TracedEntry life = begin(path, TracedEntry.Kind.FILE, false);
    life.createTime = time;
    if (probed != null) {
      accesses.handOver(probed, life);
      probed.handUsersOver(life);
      life.probes = life.accesses;
    }
  }

  private void mkdirs(String path, long time) {
    TracedEntry life = existing(path);
    if (life == null) {
      life = begin(path, TracedEntry.Kind.DIRECTORY, false);
      life.createTime = time;
      life.madeByMkdirs = true;
    } else if (life.kind == TracedEntry.Kind.UNKNOWN) { // probed, now made
      life.kind = TracedEntry.Kind.DIRECTORY;
      life.createTime = time;
      life.madeByMkdirs = true;
      life.probes = life.accesses;
    } // else there already: mkdirs of an existing directory changes nothing
  }

  /** Deletes {@code path}, whose life is {@code life} (null: nothing there), and all under it. */
  private void delete(String path, TracedEntry life, long time, TraceCounts.User user)
      throws IOException {
    takeSnapshotUnder(path);
    long[] subtree = {0, 0}; // files, directories
    List<Map.Entry<String, TracedEntry>> under = live.removeUnder(path);
    if (life == null
        && under.stream().anyMatch(e -> e.getValue().kind != TracedEntry.Kind.UNKNOWN)) {
      life =
          madeImplicitly(
              path, under); // e.g. a job's _temporary: its tasks' creates made it, no call named it
      life.countUser(user); // this delete is the first call to name it
    }
    for (Map.Entry<String, TracedEntry> e : under) {
      TracedEntry.Kind kind = e.getValue().kind;
      subtree[0] += kind == TracedEntry.Kind.FILE ? 1 : 0;
      subtree[1] += kind == TracedEntry.Kind.DIRECTORY ? 1 : 0;
      end(e.getValue(), e.getKey(), time, null);
    }
    if (life != null) {
      live.remove(path);
      end(life, path, time, subtree);
    }
  }

  /**
   * A life for {@code path}, a directory that had no life though files or directories lived {@code
   * under} it: made implicitly (by a create or mkdirs below it) and named by no call until now. It
   * was first seen when the first of them was.
   */
  private TracedEntry madeImplicitly(String path, List<Map.Entry<String, TracedEntry>> under) {
    TracedEntry life = begin(path, TracedEntry.Kind.DIRECTORY, false);
    for (Map.Entry<String, TracedEntry> e : under) {
      life.firstSeen = Math.min(life.firstSeen, e.getValue().firstSeen);
    }
    return life;
  }

  /**
   * rename moves a file, or a directory and all under it. The old rename moves {@code src} into
   * {@code dst} when that is a directory; rename with options (rename2) never does.
   */
  private void rename(String src, TracedEntry moving, String dst, boolean rename2, long time)
      throws IOException {
    String target = dst;
    if (!rename2 && isDirectory(dst)) {
      target = (dst.endsWith("/") ? dst : dst + "/") + src.substring(src.lastIndexOf('/') + 1);
    }
    if (target.equals(src)) {
      return;
    }
    takeSnapshotUnder(src);
    TracedEntry victim = existing(target);
    if (victim != null && victim != moving) {
      live.remove(target);
      end(victim, target, time, null); // rename with OVERWRITE replaced it
    }
    List<Map.Entry<String, TracedEntry>> children = live.removeUnder(src);
    if (moving != null) {
      live.remove(src);
      moving.renamed(time);
      live.put(target, moving);
    }
    for (Map.Entry<String, TracedEntry> child : children) {
      child.getValue().renamed(time);
      live.put(target + child.getKey().substring(src.length()), child.getValue());
    }
  }

  /** concat appends the sources ("[/a, /b]") to the target and deletes them. */
  private void concat(String sources, String target, long time) throws IOException {
    String list =
        sources.startsWith("[") && sources.endsWith("]")
            ? sources.substring(1, sources.length() - 1)
            : sources;
    for (String source : list.split(", ")) {
      if (!source.isEmpty()) {
        TracedEntry life = existing(source);
        if (life != null) {
          live.remove(source);
          life.kind = TracedEntry.Kind.FILE;
          end(life, source, time, null);
        }
      }
    }
    if (target != null) {
      TracedEntry life = resolve(target);
      live.makeFile(life);
      accesses.add(life, time, AuditCommands.code(AuditCommand.concat));
    }
  }

  private boolean isDirectory(String path) {
    TracedEntry life = live.get(path);
    if (life != null) {
      return life.kind == TracedEntry.Kind.DIRECTORY || live.hasUnder(path);
    }
    return live.hasUnder(path) || (snapshot != null && snapshot.isDirectory(path));
  }

  /** Moves the snapshot's entries under a directory into the live paths before it changes. */
  private void takeSnapshotUnder(String dir) {
    if (snapshot == null) {
      return;
    }
    snapshot.takeUnder(
        dir,
        (path, isDirectory) ->
            begin(path, isDirectory ? TracedEntry.Kind.DIRECTORY : TracedEntry.Kind.FILE, true));
  }

  /**
   * A life ends (deleted or overwritten at {@code time}); a file's or directory's timeline is
   * written. {@code subtree} (files, directories) when a delete named this path itself.
   */
  private void end(TracedEntry life, String finalPath, long time, long[] subtree)
      throws IOException {
    if (life.kind != TracedEntry.Kind.UNKNOWN) {
      writeTimeline(life, finalPath, time, subtree);
    }
    accesses.free(life);
  }

  private void writeTimeline(TracedEntry life, String finalPath, long deleteTime, long[] subtree)
      throws IOException {
    ByteBuffer timeline = encoder.encode(life, finalPath, deleteTime, subtree, counts);
    if (life.kind == TracedEntry.Kind.DIRECTORY) {
      dirs.appendEncoded(timeline);
    } else {
      files.appendEncoded(timeline);
    }
  }

  /** Components in a path: "/" is 0, "/a" is 1, "/a/b" is 2. */
  public static int depth(String path) {
    int depth = 0;
    for (int i = 0; i < path.length(); i++) {
      if (path.charAt(i) == '/' && i + 1 < path.length()) {
        depth++;
      }
    }
    return depth;
  }
}
