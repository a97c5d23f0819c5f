package org.mimesisbench.generator.replay;

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

  private ReplayCalls() {}

  /** The op issuing {@code e}, or null when none does. */
  static Op op(AuditEvent e) {
    Op op = Op.ofCall(e.getOp());
    return op;
  }

  /** Why {@code e} cannot be replayed, or null when it can. */
  static String whyNot(AuditEvent e, boolean recordedUsers) {
    Op op = op(e);
    if (op == null) {
      return NO_CALL;
    }
    if (!Op.CLUSTER.contains(op) && (e.getSrc() == null || !e.getSrc().startsWith("/"))) {
      return NO_PATH;
    }
    if (op == Op.RENAME && (e.getDst() == null || !e.getDst().startsWith("/"))) {
      return NO_PATH;
    }
    if (!e.getAllowed() && !recordedUsers) {
      return DENIED_ONE_USER;
    }
    return null;
  }
}
