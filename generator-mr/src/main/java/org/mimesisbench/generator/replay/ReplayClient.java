package org.mimesisbench.generator.replay;

import java.io.Closeable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;
import org.mimesisbench.fs.TracePaths;
import org.mimesisbench.generator.issue.DataTransfer;
import org.mimesisbench.generator.issue.IssuingPipeline;
import org.mimesisbench.generator.issue.NamespaceClient;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * Issues a partition's calls as the trace recorded them: as the recorded user (a file system client
 * of that user's own: simple authentication, {@link UserGroupInformation#createRemoteUser}), or all
 * as the runner; with the trace's arguments where it has them (setOwner's owner and group,
 * setPermission's mode, a rename's options, a snapshot's name), a create that replaces (the trace's
 * create succeeded) and a delete that removes a directory's subtree; a stat or listing of a path
 * where nothing is is the NameNode's answer, as in the trace, not an error, and so is a delete or
 * rename returning false where the trace's did. Snapshot calls and the encryption zones' listing
 * are HDFS's own; every other call is NamespaceClient's. Counts how the permission checks came out
 * against the trace's.
 */
final class ReplayClient implements IssuingPipeline.EventSink, Closeable {
  static final String GROUP = "MimesisBench replay";

  /** Denied in the trace and denied here. */
  static final String DENIED_AS_RECORDED = "deniedAsRecorded";

  /** Denied in the trace, allowed here. */
  static final String ALLOWED_DENIED_IN_TRACE = "allowedButDeniedInTrace";

  /** Allowed in the trace, denied here. */
  static final String DENIED_ALLOWED_IN_TRACE = "deniedButAllowedInTrace";

  /**
   * A delete or rename that returned false, which HDFS audits as allowed=false, here as in the
   * trace: no error.
   */
  static final String FALSE_AS_RECORDED = "falseAsRecorded";

  static final List<String> OUTCOMES =
      List.of(
          DENIED_AS_RECORDED, ALLOWED_DENIED_IN_TRACE, DENIED_ALLOWED_IN_TRACE, FALSE_AS_RECORDED);

  private final List<ReplayCall> calls;
  private final FileSystem runner;
  private final Configuration clientConf;
  private final TracePaths paths; // the trace's paths under the replay's root
  private final boolean recordedUsers;
  private final Map<String, Client> clients = new HashMap<>();
  private final Map<String, Long> outcomes = new TreeMap<>();
  private final Set<String> issuedAs = new java.util.TreeSet<>();
  private final String ownUser;
  private final Set<String> concatSources =
      new HashSet<>(); // paths (under the root) a concat joins
  private final DataTransfer data;
  private final Map<Created, NamespaceEntry> sizes; // what each create writes; none: empty
  private int cursor;

  /** A create of the trace: its path and time from the trace's first event, its size's key. */
  record Created(String path, long timeMs) {
    static Created of(Event e) {
      return new Created(e.path(), (long) e.timeMs());
    }
  }

  /** A file system client and the generator's calls on it, as one user. */
  private record Client(FileSystem fs, NamespaceClient calls) {}

  ReplayClient(
      List<ReplayCall> calls,
      FileSystem runner,
      Configuration clientConf,
      Path root,
      ReplayPlan.Users users,
      DataTransfer data,
      Map<Created, NamespaceEntry> sizes)
      throws IOException {
    this.calls = calls;
    this.data = data;
    this.sizes = sizes;
    this.runner = runner;
    this.clientConf = clientConf;
    this.paths = TracePaths.under(root);
    this.recordedUsers = users == ReplayPlan.Users.RECORDED;
    // the runner's own client, on this client configuration (the issuing one's lacks the append
    // setting)
    FileSystem own = FileSystem.newInstance(runner.getUri(), clientConf);
    clients.put(null, new Client(own, new NamespaceClient(own, root).withData(data)));
    for (ReplayCall c : calls) {
      if (c.event().op() == Op.CONCAT) {
        ReplayCalls.concatSources(c.event().target())
            .forEach(s -> concatSources.add(path(s).toUri().getPath()));
      }
    }
    OUTCOMES.forEach(o -> outcomes.put(o, 0L));
    this.ownUser = UserGroupInformation.getCurrentUser().getShortUserName();
  }

  @Override
  public void issue(Event e) throws IOException {
    ReplayCall call = calls.get(cursor++);
    if (call.event() != e) { // one life per partition: the pipeline issues the calls in their order
      throw new IllegalStateException("replay: call " + cursor + " issued out of order");
    }
    AuditEvent recorded = call.recorded();
    String user = recordedUsers ? recorded.getUser() : null;
    issuedAs.add(user != null ? user : ownUser);
    boolean returnedFalse;
    try {
      returnedFalse = issue(e, recorded, client(user));
    } catch (IOException | RuntimeException ex) {
      if (denied(ex) && !recorded.getAllowed()) {
        // the NameNode answered as it did in the trace: an outcome, not an error
        outcomes.merge(DENIED_AS_RECORDED, 1L, Long::sum);
        return;
      }
      if (denied(ex)) {
        outcomes.merge(DENIED_ALLOWED_IN_TRACE, 1L, Long::sum);
      }
      throw ex;
    }
    if (!recorded.getAllowed()) {
      outcomes.merge(returnedFalse ? FALSE_AS_RECORDED : ALLOWED_DENIED_IN_TRACE, 1L, Long::sum);
    }
  }

  /**
   * Issues the call; true when it returned false as the trace's did (a delete or rename it logged
   * allowed=false).
   */
  private boolean issue(Event e, AuditEvent recorded, Client c) throws IOException {
    FileSystem fs = c.fs();
    Path p = e.path() == null ? null : path(e.path());
    String perm = recorded.getPerm();
    switch (e.op()) {
      case CREATE -> create(fs, p, sizes.get(Created.of(e)));
      case CONCAT -> concat(fs, p, e);
      case DELETE -> {
        return falseAsRecorded(fs.delete(p, true), recorded, e);
      }
      case RENAME -> {
        return rename(fs, p, path(e.target()), recorded, e);
      }
      case GET_FILE_INFO -> answer(() -> fs.getFileStatus(p));
      case LIST_STATUS -> answer(() -> fs.listStatus(p));
      case SET_OWNER -> {
        String[] f = perm == null ? null : perm.split(":", 3);
        if (f == null && !recorded.getAllowed()) {
          // a denied call logs no owner: giving the entry away is what a user other than the
          // superuser is denied
          fs.setOwner(p, NOBODY, null);
        } else if (f == null || f.length < 2) {
          c.calls().issue(e);
        } else {
          fs.setOwner(p, f[0], f[1]);
        }
      }
      // the bare calls: DistributedFileSystem's also list the directory's .Trash, a call the trace
      // has on its own
      case ALLOW_SNAPSHOT -> hdfs(fs, e).getClient().allowSnapshot(p.toUri().getPath());
      case DISALLOW_SNAPSHOT -> hdfs(fs, e).getClient().disallowSnapshot(p.toUri().getPath());
      case CREATE_SNAPSHOT -> fs.createSnapshot(p, ReplayCalls.snapshotName(recorded.getDst()));
      case DELETE_SNAPSHOT -> fs.deleteSnapshot(p, ReplayCalls.snapshotName(recorded.getSrc()));
      case RENAME_SNAPSHOT ->
          fs.renameSnapshot(
              p,
              ReplayCalls.snapshotName(recorded.getSrc()),
              ReplayCalls.snapshotName(recorded.getDst()));
      case LIST_ENCRYPTION_ZONES ->
          hdfs(fs, e).listEncryptionZones().hasNext(); // the first batch is the call
      case SET_PERMISSION -> {
        String[] f = perm == null ? null : perm.split(":", 3);
        if (f == null || f.length < 3) {
          c.calls().issue(e);
        } else {
          fs.setPermission(p, permission(f[2], false));
        }
      }
      default -> c.calls().issue(e);
    }
    return false;
  }

  /**
   * A create that replaces, as the trace's succeeded, writing the file's {@code size} (null:
   * empty); a concat's source gets at least a byte (a concat refuses empty files).
   */
  private void create(FileSystem fs, Path p, NamespaceEntry size) throws IOException {
    boolean source = concatSources.contains(p.toUri().getPath());
    if (size != null && size.getSize() > 0) {
      data.overwrite(fs, p, ReplayNamespaceMapper.write(fs, p, size));
      return;
    }
    try (OutputStream out = fs.create(p, true)) {
      if (source) {
        out.write(1);
      }
    }
  }

  private void concat(FileSystem fs, Path target, Event e) throws IOException {
    List<String> sources = ReplayCalls.concatSources(e.target());
    Path[] paths = new Path[sources.size()];
    for (int i = 0; i < paths.length; i++) {
      paths[i] = path(sources.get(i));
    }
    fs.concat(target, paths);
  }

  /**
   * A rename as logged: {@code rename (options=[OVERWRITE])} replaces, never moving into a
   * directory.
   */
  private static boolean rename(FileSystem fs, Path from, Path to, AuditEvent recorded, Event e)
      throws IOException {
    String cmd = recorded.getCmd();
    if (cmd != null && cmd.contains("options=") && fs instanceof DistributedFileSystem dfs) {
      dfs.rename(
          from, to, cmd.contains("OVERWRITE") ? Options.Rename.OVERWRITE : Options.Rename.NONE);
      return false;
    }
    return falseAsRecorded(fs.rename(from, to), recorded, e);
  }

  /**
   * A call's boolean answer: false is an error unless the trace's call returned false too (logged
   * allowed=false).
   */
  private static boolean falseAsRecorded(boolean ok, AuditEvent recorded, Event e)
      throws IOException {
    if (!ok && recorded.getAllowed()) {
      throw new IOException(e.op().label() + " " + e.path() + " returned false");
    }
    return !ok;
  }

  /** The HDFS client of {@code fs}: snapshots' and encryption zones' calls are HDFS's own. */
  private static DistributedFileSystem hdfs(FileSystem fs, Event e) throws IOException {
    if (fs instanceof DistributedFileSystem dfs) {
      return dfs;
    }
    throw new IOException(e.op().label() + " needs HDFS, not " + fs.getUri());
  }

  /**
   * An owner no trace names, for a setOwner the trace saw denied (its audit line keeps no owner).
   */
  private static final String NOBODY = "mimesisbench-nobody";

  private Path path(String tracePath) {
    return paths.resolve(tracePath);
  }

  /** The client of {@code user} (null: the runner), made on first use. */
  private Client client(String user) throws IOException {
    Client c = clients.get(user);
    if (c == null) {
      UserGroupInformation ugi = UserGroupInformation.createRemoteUser(user);
      try {
        c =
            ugi.doAs(
                (PrivilegedExceptionAction<Client>)
                    () -> {
                      FileSystem fs = FileSystem.newInstance(runner.getUri(), clientConf);
                      return new Client(fs, new NamespaceClient(fs, paths.root()).withData(data));
                    });
      } catch (InterruptedException ex) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted making the client of " + user, ex);
      }
      clients.put(user, c);
    }
    return c;
  }

  @Override
  public Set<String> users() {
    return issuedAs;
  }

  /** The run's own client and, when the trace's users are issued as, {@code users}'. */
  @Override
  public List<FileSystem> clients(Set<String> users) throws IOException {
    List<FileSystem> made = new ArrayList<>();
    made.add(client(null).fs());
    for (String user : recordedUsers ? users : Set.<String>of()) {
      if (user != null) {
        made.add(client(user).fs());
      }
    }
    return made;
  }

  /** How the permission checks came out against the trace's. */
  Map<String, Long> outcomes() {
    return outcomes;
  }

  @Override
  public void close() throws IOException {
    for (Client c : clients.values()) {
      c.fs().close();
    }
  }

  /**
   * A mode as an fsimage or audit log writes it ("rwxr-x---", "rwxrwxrwt", with or without the type
   * letter).
   */
  static FsPermission permission(String mode, boolean dir) {
    String m = mode.trim();
    if (m.endsWith("+")) { // an ACL's mark
      m = m.substring(0, m.length() - 1);
    }
    if (m.length() == 9) {
      m = (dir ? "d" : "-") + m;
    }
    return FsPermission.valueOf(m);
  }

  private static boolean denied(Throwable ex) {
    return ex instanceof AccessControlException
        || ex instanceof RemoteException r && r.getClassName().endsWith("AccessControlException");
  }

  @FunctionalInterface
  private interface Call {
    void run() throws IOException;
  }

  /** A stat or listing: "nothing there" is the NameNode's answer, audited as in the trace. */
  private static void answer(Call call) throws IOException {
    try {
      call.run();
    } catch (FileNotFoundException nothing) {
      // the trace's call found nothing there either (the namespace is the trace's)
    }
  }
}
