package org.mimesisbench.generator.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.mimesisbench.cli.BadInputException;
import org.mimesisbench.generator.schedule.Op;
import org.mimesisbench.profile.ClusterCalls;

/**
 * A command without a path, or a probe of a path nothing makes ({@link #onMissingPath}), issued as
 * a renewal process over the window: at most {@code calls}, {@code interarrival} apart, the first
 * {@code interarrival} after the start.
 */
public record ClusterCallModel(Op op, long calls, EmpiricalCdf interarrival, UserModel users) {

  /** Whether each call names a path of its own that nothing makes (a profile's missingPathProbes). */
  public boolean onMissingPath() {
    return op == Op.GET_FILE_INFO_PROBE || op == Op.LIST_STATUS_PROBE;
  }

  /**
   * A profile's cluster calls with the run's scale {@code all} (f times as many, f times as often),
   * its window stretched by {@code windowStretch} (>= 1: more calls at the same rate).
   */
  static List<ClusterCallModel> of(String where, List<ClusterCalls> streams, double all, double windowStretch,
      Set<String> notIssued, boolean users) {
    return of(where + ": clusterCalls", streams, all, windowStretch, notIssued, false, users);
  }

  /** A profile's missingPathProbes (getfileinfo, listStatus), scaled as its cluster calls are. */
  static List<ClusterCallModel> probesOf(String where, List<ClusterCalls> streams, double all, double windowStretch,
      Set<String> notIssued, boolean users) {
    return of(where + ": missingPathProbes", streams, all, windowStretch, notIssued, true, users);
  }

  private static List<ClusterCallModel> of(String where, List<ClusterCalls> streams, double all,
      double windowStretch, Set<String> notIssued, boolean probes, boolean users) {
    List<ClusterCallModel> models = new ArrayList<>();
    for (int k = 0; k < streams.size(); k++) {
      ClusterCalls c = streams.get(k);
      String at = where + "[" + k + "]";
      Op op = probes ? Op.ofProbe(c.getCommand()) : Op.ofCall(c.getCommand());
      if (op == null || !probes && !Op.CLUSTER.contains(op)) {
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
