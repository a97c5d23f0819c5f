package org.mimesisbench.generator.replay;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.trace.AuditEvent;

/**
 * Which audited calls a replay can issue, and as which op: every command the generator issues
 * (NamespaceClient), and those only a replay issues (concat, snapshots, the encryption zones'
 * listing: ReplayClient), on the path the trace names. The others are counted by command and listed
 * in the summary as not replayed, with why.
 */
final class ReplayCalls {
  /** Why a call is not replayed: no client call issues its command. */
  static final String NO_CALL = "no client call issues this command";

  /** Why a call is not replayed: it names no path and its command needs one. */
  static final String NO_PATH = "the trace gives no path";

  /** Why a call is not replayed: denied in the trace, and users are not replayed. */
  static final String DENIED_ONE_USER =
      "denied in the trace; with --users one every call is the runner's, who"
          + " would be allowed it";

  private static final String SNAPSHOTS = "/.snapshot";
  private static final Map<String, Op> REPLAYED_ONLY = new HashMap<>();

  static {
    Op.REPLAYED_ONLY.forEach(op -> REPLAYED_ONLY.put(op.auditCommand(), op));
  }

  private ReplayCalls() {}

  /**
   * Whether {@code path} names something inside a snapshot: HDFS reserves the name, nothing can
   * create it.
   */
  static boolean inSnapshot(String path) {
    return path != null && (path.contains(SNAPSHOTS + "/") || path.endsWith(SNAPSHOTS));
  }

  /**
   * The snapshot {@code path} is in ("/d/.snapshot/s" for "/d/.snapshot/s/x"), or null when in
   * none.
   */
  static String snapshot(String path) {
    int at = path == null ? -1 : path.indexOf(SNAPSHOTS + "/");
    if (at < 0 || at + SNAPSHOTS.length() + 1 == path.length()) {
      return null;
    }
    int end = path.indexOf('/', at + SNAPSHOTS.length() + 1);
    return end < 0 ? path : path.substring(0, end);
  }

  /** The directory of a snapshot ("/d" for "/d/.snapshot/s", "/" for "/.snapshot/s"). */
  static String directory(String snapshot) {
    int at = snapshot.lastIndexOf(SNAPSHOTS + "/");
    return at == 0 ? "/" : snapshot.substring(0, at);
  }

  /** The snapshot's name in a path of it ("s" for "/d/.snapshot/s/x"). */
  static String snapshotName(String path) {
    String snapshot = snapshot(path);
    return snapshot.substring(snapshot.lastIndexOf('/') + 1);
  }

  /** The op issuing {@code e}, or null when none does. */
  static Op op(AuditEvent e) {
    Op op = REPLAYED_ONLY.get(e.getOp());
    return op != null ? op : Op.ofCall(e.getOp());
  }

  /**
   * The path {@code e}'s call is on, for its order among the calls on a path: a concat's target,
   * the directory of a snapshot call; null for a call without one.
   */
  static String path(AuditEvent e, Op op) {
    if (Op.CLUSTER.contains(op) || op == Op.LIST_ENCRYPTION_ZONES) {
      return null;
    }
    if (op == Op.CONCAT) {
      return e.getDst();
    }
    if (op == Op.DELETE_SNAPSHOT || op == Op.RENAME_SNAPSHOT) {
      String snapshot = snapshot(e.getSrc());
      return snapshot == null ? null : directory(snapshot);
    }
    return e.getSrc();
  }

  /** A concat's sources, as the audit log lists them in its src: "[/a/x, /a/y]". */
  static List<String> concatSources(String src) {
    String list = src == null ? "" : src.strip();
    if (list.startsWith("[") && list.endsWith("]")) {
      list = list.substring(1, list.length() - 1);
    }
    List<String> sources = new ArrayList<>();
    for (String s : list.split(", ")) {
      if (s.startsWith("/")) {
        sources.add(s);
      }
    }
    return sources;
  }

  /** Why {@code e} cannot be replayed, or null when it can. */
  static String whyNot(AuditEvent e, boolean recordedUsers) {
    Op op = op(e);
    if (op == null) {
      return NO_CALL;
    }
    if (op == Op.CONCAT) {
      return e.getDst() == null
              || !e.getDst().startsWith("/")
              || concatSources(e.getSrc()).isEmpty()
          ? NO_PATH
          : null;
    }
    if (!Op.CLUSTER.contains(op)
        && op != Op.LIST_ENCRYPTION_ZONES
        && (e.getSrc() == null || !e.getSrc().startsWith("/"))) {
      return NO_PATH;
    }
    if (op == Op.RENAME && (e.getDst() == null || !e.getDst().startsWith("/"))) {
      return NO_PATH;
    }
    if (op == Op.CREATE_SNAPSHOT
            && (snapshot(e.getDst()) == null
                || !e.getDst().equals(snapshot(e.getDst()))
                || !directory(e.getDst()).equals(e.getSrc()))
        || (op == Op.DELETE_SNAPSHOT || op == Op.RENAME_SNAPSHOT)
            && !e.getSrc().equals(snapshot(e.getSrc()))
        || op == Op.RENAME_SNAPSHOT
            && (e.getDst() == null || !e.getDst().equals(snapshot(e.getDst())))) {
      return NO_PATH; // a snapshot call names its snapshot: "/d/.snapshot/s"
    }
    if (!e.getAllowed() && !recordedUsers) {
      return DENIED_ONE_USER;
    }
    return null;
  }
}
