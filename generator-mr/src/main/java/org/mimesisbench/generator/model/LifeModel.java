package org.mimesisbench.generator.model;

import java.util.List;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.profile.EmpiricalCdf;

/**
 * What a life draws its events from: a file type's distributions, or a directory type's, which have
 * the same shape (paper Table 1: activation, accesses over an active span, delete delay).
 */
public interface LifeModel {
  double unaccessedShare();

  /** Cumulative shares of {@link #accessOps()}. */
  double[] accessKinds();

  /** The ops one access may be, in the order of {@link #accessKinds()}. */
  Op[] accessOps();

  double deleteShare();

  EmpiricalCdf activationDelay();

  /**
   * When positive, a pre-existing entry's first access falls uniformly in [0, this) (the profile's
   * window, its preExistingActivation UNIFORM) instead of an activation delay after the window's
   * start.
   */
  double preExistingUniformMs();

  EmpiricalCdf accessInterarrival();

  EmpiricalCdf activeSpan();

  /** Accesses of one accessed file (directory). */
  EmpiricalCdf accessesPerFile();

  EmpiricalCdf deleteDelay();

  List<CallModel> calls();

  /** Null when the type's creations are never probed. */
  ProbeModel probes();

  /** Who issues the calls of its files (directories); null: the run's own user. */
  UserModel users();

  /** Whether any file (directory) of this type is ever accessed. */
  default boolean accessed() {
    return unaccessedShare() < 1
        && !activationDelay().isEmpty()
        && !activeSpan().isEmpty()
        && !accessesPerFile().isEmpty();
  }
}
