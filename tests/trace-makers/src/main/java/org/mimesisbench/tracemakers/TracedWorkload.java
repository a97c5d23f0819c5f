package org.mimesisbench.tracemakers;

/** A workload the maker traces: phase A builds the start namespace, phase B is the trace. */
interface TracedWorkload {

  /** The name given to {@code --workload} and written to the manifest. */
  String name();

  /** Concurrent actors of phase B (for the maker's log). */
  int actors();

  /** The namespace before the trace (in the start fsimage, not in the audit log). */
  void phaseA() throws Exception;

  /** The traced workload; returns when every actor is done or the deadline has passed. */
  void phaseB(long maxMillis) throws InterruptedException;
}
