package org.mimesisbench.generator.replay;

import java.util.ArrayList;
import java.util.List;
import org.mimesisbench.generator.schedule.Op;
import org.mimesisbench.trace.AuditEvent;

/**
 * Which audited calls a replay can issue, and as which op: every command the generator issues
 * (NamespaceClient), on the path the trace names. The others are counted by command and listed in
 * the summary as not replayed, with why.
 */
final class ReplayCalls {
  /** Why a call is not replayed: no client call issues its command. */
  static final String NO_CALL = "no client call issues this command";
  /** Why a call is not replayed: it names no path and its command needs one. */
  static final String NO_PATH = "the trace gives no path";
  /** Why a call is not replayed: denied in the trace, and users are not replayed. */
  static final String DENIED_ONE_USER = "denied in the trace; with --users one every call is the runner's, who"
      + " would be allowed it";

  /** Why a call is not replayed: it reads through a snapshot, which the replay does not make (no snapshot commands). */
  static final String IN_SNAPSHOT = "a path in a snapshot (.snapshot), which the replay does not make";

  private ReplayCalls() {}

  /** Whether {@code path} names something inside a snapshot: HDFS reserves the name, nothing can create it. */
  static boolean inSnapshot(String path) {
    return path != null && (path.contains("/.snapshot/") || path.endsWith("/.snapshot"));
  }

  /** The op issuing {@code e}, or null when none does. */
  static Op op(AuditEvent e) {
    return Op.CONCAT.auditCommand().equals(e.getOp()) ? Op.CONCAT : Op.ofCall(e.getOp());
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
      return e.getDst() == null || !e.getDst().startsWith("/") || concatSources(e.getSrc()).isEmpty() ? NO_PATH : null;
    }
    if (!Op.CLUSTER.contains(op) && (e.getSrc() == null || !e.getSrc().startsWith("/"))) {
      return NO_PATH;
    }
    if (op == Op.RENAME && (e.getDst() == null || !e.getDst().startsWith("/"))) {
      return NO_PATH;
    }
    if (inSnapshot(e.getSrc()) || inSnapshot(e.getDst())) {
      return IN_SNAPSHOT;
    }
    if (!e.getAllowed() && !recordedUsers) {
      return DENIED_ONE_USER;
    }
    return null;
  }
}
