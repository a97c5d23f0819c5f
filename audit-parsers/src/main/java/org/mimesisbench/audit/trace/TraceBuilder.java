package org.mimesisbench.audit.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.file.DataFileWriter;
import org.mimesisbench.audit.input.TimeOrderedAuditReader;
import org.mimesisbench.audit.line.AuditRecord;
import org.mimesisbench.trace.FileTimeline;

/**
 * Turns the time-ordered audit records into each file's life: one {@code files.avro} timeline, following renames (of the file
 * or of a directory above it), deletes (of the file or a directory above it) and overwrites.
 *
 * <p>Which paths are files: those the snapshot (fsimage) says are files, and those created,
 * opened, appended, truncated, concatenated or given a replication in the trace. A path that
 * is only listed or stat'ed and not in the snapshot is not taken for a file: clients stat paths
 * that do not exist, and list directories far more often than files.
 *
 * <p>Pre-existing files: files in the trace but not created in it (the MimesisBench paper,
 * section 2.2); with a snapshot, also the snapshot's files under a directory the trace deletes
 * or renames, though never accessed. A timeline is written when its
 * file dies, so memory holds only the live paths and their accesses.
 */
public final class TraceBuilder implements TimeOrderedAuditReader.Sink {
  /** Access kind letters of FileTimeline.accessKinds. */
  static final byte OPEN = 'O', LIST_STATUS = 'L', GET_FILE_INFO = 'G';

  private final DataFileWriter<FileTimeline> files;
  private final SnapshotIndex snapshot; // null without an fsimage
  private final LivePaths live = new LivePaths();
  private final AccessChunks accesses = new AccessChunks();
  // a timeline's accesses, gathered in time order for writing
  private long[] accessTimes = new long[64];
  private byte[] accessKinds = new byte[64];
  private final FileTimeline timeline = new FileTimeline();
  private final ArrayEncoder encoded = new ArrayEncoder(); // see EventWriter
  private final TraceCounts counts = new TraceCounts();
  private long nextId;
  private long firstTime = Long.MAX_VALUE;
  private long lastTime = Long.MIN_VALUE;

  public TraceBuilder(DataFileWriter<FileTimeline> files, SnapshotIndex snapshot) {
    this.files = files;
    this.snapshot = snapshot;
  }

  @Override
  public void accept(AuditRecord r) throws IOException {
    firstTime = Math.min(firstTime, r.time);
    lastTime = Math.max(lastTime, r.time);
    if (!r.allowed || r.src == null) {
      return; // a denied request changed nothing and read nothing
    }
    switch (r.op) {
      case "open" -> access(r.src, r.time, OPEN, true);
      case "listStatus" -> access(r.src, r.time, LIST_STATUS, false);
      case "getfileinfo" -> access(r.src, r.time, GET_FILE_INFO, false);
      case "create" -> create(r.src, r.time);
      case "append", "truncate", "setReplication" -> resolve(r.src).kind = FileLife.Kind.FILE;
      case "mkdirs" -> resolve(r.src).kind = FileLife.Kind.DIRECTORY;
      case "delete" -> delete(r.src, r.time);
      case "rename" -> {
        if (r.dst != null) {
          rename(r.src, r.dst, r.cmd.startsWith("rename (options"), r.time);
        }
      }
      case "concat" -> concat(r.src, r.dst, r.time);
      default -> { }
    }
  }

  /** Ends the trace: every file still alive gets its timeline, in id order. */
  public TraceCounts finish() throws IOException {
    // ids run 0, 1, ... nextId: placed by id, the live files need no sort
    FileLife[] byId = new FileLife[Math.toIntExact(nextId)];
    String[] pathById = new String[byId.length];
    live.forEach((path, life) -> {
      if (life.kind == FileLife.Kind.FILE) {
        byId[(int) life.id] = life;
        pathById[(int) life.id] = path;
      }
    });
    for (int id = 0; id < byId.length; id++) {
      if (byId[id] != null) {
        writeTimeline(byId[id], pathById[id], -1);
      }
    }
    counts.firstTime = firstTime;
    counts.lastTime = lastTime;
    return counts;
  }

  private void access(String path, long time, byte kind, boolean isFile) {
    FileLife life = resolve(path);
    if (isFile && life.kind != FileLife.Kind.FILE) { // an old life stored to anew is a G1 card to refine
      life.kind = FileLife.Kind.FILE;
    }
    accesses.add(life, time, kind);
  }

  /** The live life at {@code path}, taken from the snapshot or begun now if there is none. */
  private FileLife resolve(String path) {
    FileLife life = live.get(path);
    if (life != null) {
      return life;
    }
    FileLife.Kind kind = FileLife.Kind.UNKNOWN;
    boolean inSnapshot = false;
    if (snapshot != null) {
      int found = snapshot.take(path);
      inSnapshot = found != 0;
      kind = found == 1 ? FileLife.Kind.FILE : found == 2 ? FileLife.Kind.DIRECTORY : kind;
    }
    return begin(path, kind, inSnapshot);
  }

  /** A new life at {@code path}, live from now on. */
  private FileLife begin(String path, FileLife.Kind kind, boolean inSnapshot) {
    FileLife life = new FileLife(nextId++, path, kind);
    life.inSnapshot = inSnapshot;
    live.put(path, life);
    return life;
  }

  /** The life at {@code path} if the path exists now (live or in the snapshot), else null. */
  private FileLife existing(String path) {
    FileLife life = live.get(path);
    if (life != null || snapshot == null || !snapshot.has(path)) {
      return life;
    }
    return resolve(path);
  }

  private void create(String path, long time) throws IOException {
    FileLife old = existing(path);
    if (old != null) {
      live.remove(path);
      end(old, path, time); // overwritten; an UNKNOWN there was a probe of a path not yet made
    }
    begin(path, FileLife.Kind.FILE, false).createTime = time;
  }

  private void delete(String path, long time) throws IOException {
    FileLife life = existing(path);
    takeSnapshotUnder(path);
    for (Map.Entry<String, FileLife> e : live.removeUnder(path)) {
      end(e.getValue(), e.getKey(), time);
    }
    if (life != null) {
      live.remove(path);
      end(life, path, time);
    }
  }

  /**
   * rename moves a file, or a directory and all under it. The old rename moves {@code src}
   * into {@code dst} when that is a directory; rename with options (rename2) never does.
   */
  private void rename(String src, String dst, boolean rename2, long time) throws IOException {
    String target = dst;
    if (!rename2 && isDirectory(dst)) {
      target = (dst.endsWith("/") ? dst : dst + "/") + src.substring(src.lastIndexOf('/') + 1);
    }
    if (target.equals(src)) {
      return;
    }
    FileLife moving = existing(src);
    takeSnapshotUnder(src);
    FileLife victim = existing(target);
    if (victim != null && victim != moving) {
      live.remove(target);
      end(victim, target, time); // rename with OVERWRITE replaced it
    }
    List<Map.Entry<String, FileLife>> children = live.removeUnder(src);
    if (moving != null) {
      live.remove(src);
      moving.renames++;
      live.put(target, moving);
    }
    for (Map.Entry<String, FileLife> child : children) {
      child.getValue().renames++;
      live.put(target + child.getKey().substring(src.length()), child.getValue());
    }
  }

  /** concat appends the sources ("[/a, /b]") to the target and deletes them. */
  private void concat(String sources, String target, long time) throws IOException {
    String list = sources.startsWith("[") && sources.endsWith("]")
        ? sources.substring(1, sources.length() - 1) : sources;
    for (String source : list.split(", ")) {
      if (!source.isEmpty()) {
        FileLife life = existing(source);
        if (life != null) {
          live.remove(source);
          life.kind = FileLife.Kind.FILE;
          end(life, source, time);
        }
      }
    }
    if (target != null) {
      resolve(target).kind = FileLife.Kind.FILE;
    }
  }

  private boolean isDirectory(String path) {
    FileLife life = live.get(path);
    if (life != null) {
      return life.kind == FileLife.Kind.DIRECTORY || live.hasUnder(path);
    }
    return live.hasUnder(path) || (snapshot != null && snapshot.isDirectory(path));
  }

  /** Moves the snapshot's entries under a directory into the live paths before it changes. */
  private void takeSnapshotUnder(String dir) {
    if (snapshot == null) {
      return;
    }
    snapshot.takeUnder(dir, (path, isDirectory) ->
        begin(path, isDirectory ? FileLife.Kind.DIRECTORY : FileLife.Kind.FILE, true));
  }

  /** A life ends (deleted or overwritten at {@code time}); a file's timeline is written. */
  private void end(FileLife life, String finalPath, long time) throws IOException {
    if (life.kind == FileLife.Kind.FILE) {
      writeTimeline(life, finalPath, time);
    }
    accesses.free(life);
  }

  private void writeTimeline(FileLife life, String finalPath, long deleteTime) throws IOException {
    int n = life.accesses;
    if (n > accessTimes.length) {
      accessTimes = new long[Math.max(n, 2 * accessTimes.length)];
      accessKinds = new byte[accessTimes.length];
    }
    accesses.copyInTimeOrder(life, accessTimes, accessKinds);
    timeline.setId(life.id);
    timeline.setPath(life.path);
    timeline.setFinalPath(finalPath);
    timeline.setDepth(depth(life.path));
    timeline.setPreExisting(life.createTime < 0);
    timeline.setCreateTime(life.createTime < 0 ? null : life.createTime);
    timeline.setDeleteTime(deleteTime < 0 ? null : deleteTime);
    timeline.setRenames(life.renames);
    timeline.setAccessTimes(new LongList(accessTimes, n)); // a view: no Long per access
    timeline.setAccessKinds(new String(accessKinds, 0, n, StandardCharsets.ISO_8859_1));
    encoded.reset();
    timeline.customEncode(encoded);
    files.appendEncoded(encoded.bytes());
    counts.count(timeline, life.inSnapshot, n);
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
