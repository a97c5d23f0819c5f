package org.mimesisbench.generator.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.profile.CallShare;
import org.mimesisbench.profile.EmpiricalCdf;

/**
 * One of a type's other calls (setPermission, setReplication, ...): each file (directory) of the
 * type issues {@code perFile} of them on average, each {@code offset} after its origin.
 */
public record CallModel(Op op, double perFile, EmpiricalCdf offset) {

  /**
   * A type's calls, read from {@code at} ("fileTypes[2]."). A command the generator has no call for
   * (the profile models the trace, and names such commands in unmodeledCommands) is not issued: it
   * goes to {@code notIssued}, for the run's notes, never silently.
   */
  static List<CallModel> of(String at, List<CallShare> calls, Set<String> notIssued) {
    List<CallModel> models = new ArrayList<>();
    for (int k = 0; k < calls.size(); k++) {
      CallShare c = calls.get(k);
      String where = at + "calls[" + k + "]";
      Op op = Op.ofCall(c.getCommand());
      if (op == null || Op.CLUSTER.contains(op) || Op.BASE.contains(op)) {
        notIssued.add(c.getCommand());
        continue;
      }
      if (!(c.getPerFile() >= 0) || Double.isInfinite(c.getPerFile())) {
        throw new BadInputException(
            where + ".perFile " + c.getPerFile() + " must be a number >= 0");
      }
      models.add(
          new CallModel(op, c.getPerFile(), EmpiricalCdf.of(where + ".offset", c.getOffset())));
    }
    return List.copyOf(models);
  }
}
