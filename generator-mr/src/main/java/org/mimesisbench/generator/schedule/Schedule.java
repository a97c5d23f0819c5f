package org.mimesisbench.generator.schedule;

/** The lives one mapper introduces, in order of their first event. */
public interface Schedule {
  /** The next life to introduce, or null when there is none left in the window. */
  Life next();
}
