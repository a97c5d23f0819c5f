package org.mimesisbench.generator.replay;

import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.trace.AuditEvent;

/**
 * A trace's snapshots, followed call by call: the directories that were snapshottable at its start
 * (a snapshot call on a directory before any allowSnapshot of it: phase 1 allows them), and the
 * snapshots that exist at each call, those the trace creates. A call on a snapshot the trace did
 * not create (taken before it; an fsimage holds none) is not replayed: the replay cannot make its
 * content.
 */
final class SnapshotHistory {
  /** Why a call is not replayed: its snapshot was taken before the trace. */
  static final String BEFORE_TRACE =
      "a path in a snapshot (.snapshot) taken before the trace, which the replay"
          + " does not make";

  private final Set<String> seen =
      new HashSet<>(); // directories allowed snapshots in the trace, or at its start
  private final Set<String> atStart = new TreeSet<>();
  private final Set<String> live = new HashSet<>(); // "dir/.snapshot/name"

  /** Why {@code e} (an op of {@code op}, replayable otherwise) cannot be replayed, or null. */
  String whyNot(AuditEvent e, Op op) {
    if (op == Op.CREATE_SNAPSHOT || op == Op.ALLOW_SNAPSHOT || op == Op.DISALLOW_SNAPSHOT) {
      return null;
    }
    for (String path : new String[] {e.getSrc(), op == Op.RENAME_SNAPSHOT ? null : e.getDst()}) {
      String snapshot = ReplayCalls.snapshot(path);
      if (snapshot != null && !live.contains(snapshot)) {
        return BEFORE_TRACE;
      }
    }
    return null;
  }

  /** Follows {@code e}, a call replayed (or denied in the trace). */
  void accept(AuditEvent e, Op op) {
    if (!Op.SNAPSHOTS.contains(op)) {
      return;
    }
    String dir = ReplayCalls.path(e, op);
    if (op == Op.ALLOW_SNAPSHOT) {
      seen.add(dir);
    } else if (seen.add(dir)) {
      atStart.add(
          dir); // a snapshot call before any allowSnapshot: the directory was snapshottable already
    }
    if (!e.getAllowed()) {
      return;
    }
    switch (op) {
      case CREATE_SNAPSHOT -> live.add(ReplayCalls.snapshot(e.getDst()));
      case DELETE_SNAPSHOT -> live.remove(ReplayCalls.snapshot(e.getSrc()));
      case RENAME_SNAPSHOT -> {
        live.remove(ReplayCalls.snapshot(e.getSrc()));
        live.add(ReplayCalls.snapshot(e.getDst()));
      }
      default -> {}
    }
  }

  /** The directories phase 1 makes snapshottable, sorted. */
  Set<String> snapshottableAtStart() {
    return atStart;
  }
}
