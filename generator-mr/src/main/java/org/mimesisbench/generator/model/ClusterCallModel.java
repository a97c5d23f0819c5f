package org.mimesisbench.generator.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.profile.ClusterCalls;
import org.mimesisbench.profile.EmpiricalCdf;

/**
 * A command without a path, a probe or delete of a path nothing makes ({@link #onMissingPath}), or
 * a call the NameNode denies ({@link #denied}), issued as a renewal process over the window: at
 * most {@code calls}, {@code interarrival} apart, the first {@code interarrival} after the start.
 */
public record ClusterCallModel(
    Op op, long calls, EmpiricalCdf interarrival, UserModel users, boolean denied) {

  /**
   * Whether each call names a path of its own that nothing makes (a profile's missingPathProbes).
   */
  public boolean onMissingPath() {
    return !denied
        && (op == Op.GET_FILE_INFO_PROBE || op == Op.LIST_STATUS_PROBE || op == Op.DELETE_MISSING);
  }

  /**
   * A profile's cluster calls with the run's scale {@code all} (f times as many, f times as often),
   * its window stretched by {@code windowStretch} (>= 1: more calls at the same rate).
   */
  static List<ClusterCallModel> of(
      String where,
      List<ClusterCalls> streams,
      double all,
      double windowStretch,
      Set<String> notIssued,
      boolean users) {
    return of(
        where + ": clusterCalls", streams, all, windowStretch, notIssued, Kind.CLUSTER, users);
  }

  /**
   * A profile's deniedCalls, scaled as its cluster calls are: each call as its user on a path the
   * NameNode denies it. Issued as the run's own user ({@code users} false: --as-one-user), whom
   * nothing denies, or without a user mix, they are not issued: named in {@code notIssued} as
   * "command (denied)".
   */
  static List<ClusterCallModel> deniedOf(
      String where,
      List<ClusterCalls> streams,
      double all,
      double windowStretch,
      Set<String> notIssued,
      boolean users) {
    List<ClusterCalls> issued = new ArrayList<>();
    for (ClusterCalls c : streams) {
      if (users && c.getUsers() != null) {
        issued.add(c);
      } else if (c.getCalls() > 0) {
        notIssued.add(c.getCommand() + " (denied)");
      }
    }
    return of(where + ": deniedCalls", issued, all, windowStretch, notIssued, Kind.DENIED, users);
  }

  /**
   * A profile's missingPathProbes (getfileinfo, listStatus, delete), scaled as its cluster calls
   * are.
   */
  static List<ClusterCallModel> probesOf(
      String where,
      List<ClusterCalls> streams,
      double all,
      double windowStretch,
      Set<String> notIssued,
      boolean users) {
    return of(
        where + ": missingPathProbes", streams, all, windowStretch, notIssued, Kind.PROBES, users);
  }

  /**
   * Which of a profile's streams: its cluster calls, its calls on missing paths, its denied calls.
   */
  private enum Kind {
    CLUSTER,
    PROBES,
    DENIED
  }

  private static List<ClusterCallModel> of(
      String where,
      List<ClusterCalls> streams,
      double all,
      double windowStretch,
      Set<String> notIssued,
      Kind kind,
      boolean users) {
    List<ClusterCallModel> models = new ArrayList<>();
    for (int k = 0; k < streams.size(); k++) {
      ClusterCalls c = streams.get(k);
      String at = where + "[" + k + "]";
      Op op = kind == Kind.PROBES ? Op.ofProbe(c.getCommand()) : Op.ofCall(c.getCommand());
      boolean fits =
          op != null
              && switch (kind) {
                case CLUSTER -> Op.CLUSTER.contains(op);
                case DENIED ->
                    !Op.CLUSTER.contains(op) && op != Op.RENAME; // a rename names its target too
                case PROBES -> true;
              };
      if (!fits) {
        notIssued.add(
            c.getCommand()); // no call for it: named in the run's notes (see CallModel.of)
        continue;
      }
      if (c.getCalls() < 0) {
        throw new BadInputException(at + ".calls " + c.getCalls() + " must be >= 0");
      }
      EmpiricalCdf interarrival = EmpiricalCdf.of(at + ".interarrival", c.getInterarrival());
      if (c.getCalls() > 0 && !interarrival.isEmpty()) {
        models.add(
            new ClusterCallModel(
                op,
                Math.round(c.getCalls() * all * windowStretch),
                interarrival.scaled(1.0 / all),
                users ? UserModel.of(at + ".users", c.getUsers()) : null,
                kind == Kind.DENIED));
      }
    }
    return List.copyOf(models);
  }
}
