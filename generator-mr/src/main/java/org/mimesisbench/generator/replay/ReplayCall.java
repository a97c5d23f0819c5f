package org.mimesisbench.generator.replay;

import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.schedule.Event;
import org.mimesisbench.trace.AuditEvent;

/**
 * One call of a replay: the event the pipeline issues, and the audit record it comes from (user,
 * outcome, arguments).
 */
record ReplayCall(Event event, AuditEvent recorded) {
  /** The call of {@code e} (times from the trace's first event). */
  static ReplayCall of(AuditEvent e) {
    Op op = ReplayCalls.op(e);
    // a concat is on its target, which its sources join; a snapshot call on its directory
    return new ReplayCall(
        new Event(
            e.getTime(), op, ReplayCalls.path(e, op), op == Op.CONCAT ? e.getSrc() : e.getDst()),
        e);
  }
}
