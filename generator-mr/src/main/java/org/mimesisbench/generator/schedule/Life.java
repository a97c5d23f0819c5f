package org.mimesisbench.generator.schedule;

/**
 * Something whose events a mapper issues in time order: a file's life, a directory's, or a stream
 * of cluster calls. The sequencer keeps lives by the time of their next event.
 */
public interface Life {
  /** Time of the next event, in profile milliseconds from the run's start; infinite when done. */
  double nextTime();

  /** Time of its first event: lives are introduced in this order. */
  double firstTime();

  boolean done();

  /** The next event; the life moves on to the one after it. */
  Event next();

  /**
   * Whether each event must wait for the one before it to end (a file's: an open never before its
   * create), when a mapper has several calls in flight; false for independent calls.
   */
  default boolean ordered() {
    return true;
  }

  /**
   * Whether its reads ({@link org.mimesisbench.generator.op.Op#READS}) may overlap one another, as
   * one file's clients' do; false keeps every event after the one before it (a replay's partition,
   * issued as recorded).
   */
  default boolean readsOverlap() {
    return false;
  }

  /**
   * Whether {@code e} (one of its events) names nothing of this life's own entry, so that it
   * neither waits for its other events nor holds them up: a file's mkdirs alongside its create make
   * directories of their own, which its create does not need.
   */
  default boolean independent(Event e) {
    return false;
  }
}
