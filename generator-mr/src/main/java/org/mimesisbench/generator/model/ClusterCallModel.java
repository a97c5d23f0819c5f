package org.mimesisbench.generator.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.mimesisbench.cli.BadInputException;
import org.mimesisbench.generator.schedule.Op;
import org.mimesisbench.profile.ClusterCalls;

/**
 * A command without a path, issued as a renewal process over the window: at most {@code calls},
 * {@code interarrival} apart, the first {@code interarrival} after the start.
 */
public record ClusterCallModel(Op op, long calls, EmpiricalCdf interarrival, UserModel users) {

  /**
   * A profile's cluster calls with the run's scale {@code all} (f times as many, f times as often),
   * its window stretched by {@code windowStretch} (>= 1: more calls at the same rate).
   */
  static List<ClusterCallModel> of(String where, List<ClusterCalls> streams, double all, double windowStretch,
      Set<String> notIssued, boolean users) {
    List<ClusterCallModel> models = new ArrayList<>();
    for (int k = 0; k < streams.size(); k++) {
      ClusterCalls c = streams.get(k);
      String at = where + ": clusterCalls[" + k + "]";
      Op op = Op.ofCall(c.getCommand());
      if (op == null || !Op.CLUSTER.contains(op)) {
        notIssued.add(c.getCommand()); // no call for it: named in the run's notes (see CallModel.of)
        continue;
      }
      if (c.getCalls() < 0) {
        throw new BadInputException(at + ".calls " + c.getCalls() + " must be >= 0");
      }
      EmpiricalCdf interarrival = EmpiricalCdf.of(at + ".interarrival", c.getInterarrival());
      if (c.getCalls() > 0 && !interarrival.isEmpty()) {
        models.add(new ClusterCallModel(op, Math.round(c.getCalls() * all * windowStretch),
            interarrival.scaled(1.0 / all), users ? UserModel.of(at + ".users", c.getUsers()) : null));
      }
    }
    return List.copyOf(models);
  }
}
