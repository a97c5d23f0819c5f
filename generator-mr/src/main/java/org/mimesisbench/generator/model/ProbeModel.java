package org.mimesisbench.generator.model;

import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.profile.EmpiricalCdf;
import org.mimesisbench.profile.Probes;

/**
 * A type's probes: before a file (directory) is made, {@code perCreate} stats or listings of its
 * path on average ("does it exist?"), each {@code lead} before the creation.
 */
public record ProbeModel(double perCreate, double listStatusShare, EmpiricalCdf lead) {

  /** The probes read from {@code at} ("fileTypes[2].probes"); null when the type has none. */
  static ProbeModel of(String at, Probes p) {
    if (p == null) {
      return null;
    }
    if (!(p.getPerCreate() >= 0) || Double.isInfinite(p.getPerCreate())) {
      throw new BadInputException(at + ".perCreate " + p.getPerCreate() + " must be a number >= 0");
    }
    if (!(p.getListStatusShare() >= 0 && p.getListStatusShare() <= 1)) {
      throw new BadInputException(
          at + ".listStatusShare " + p.getListStatusShare() + ": a share must be within [0, 1]");
    }
    EmpiricalCdf lead = EmpiricalCdf.of(at + ".lead", p.getLead());
    return lead.isEmpty() || p.getPerCreate() == 0
        ? null
        : new ProbeModel(p.getPerCreate(), p.getListStatusShare(), lead);
  }

  /** The longest lead: how far before its creation a file's first event can come. */
  public double maxLead() {
    return lead.at(1.0);
  }
}
