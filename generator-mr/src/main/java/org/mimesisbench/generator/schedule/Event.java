package org.mimesisbench.generator.schedule;

import org.mimesisbench.generator.op.Op;

/**
 * One operation of the schedule: {@code op} on {@code path} (renamed to {@code target} for a
 * rename) at {@code timeMs} after the run's start, in the profile's time (before time scaling),
 * issued as {@code user} (null: the run's own user). Paths are relative to the namespace root
 * ("/d0/f3.t7"). A create or append of a file with data carries what it writes ({@code write};
 * null: an empty file, or one byte appended, as a zero-size run writes).
 */
public record Event(double timeMs, Op op, String path, String target, String user, Write write) {
  /** Marks the end of a schedule in a queue of events. */
  public static final Event END = new Event(Double.POSITIVE_INFINITY, Op.OPEN, "", null);

  /** An event that writes no data. */
  public Event(double timeMs, Op op, String path, String target, String user) {
    this(timeMs, op, path, target, user, null);
  }

  /** An event issued as the run's own user. */
  public Event(double timeMs, Op op, String path, String target) {
    this(timeMs, op, path, target, null);
  }
}
