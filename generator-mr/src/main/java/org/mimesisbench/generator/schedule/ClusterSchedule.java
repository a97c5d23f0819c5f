package org.mimesisbench.generator.schedule;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.mimesisbench.generator.model.ClusterCallModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.generator.op.Op;

/**
 * The commands without a path, one stream per command: a renewal process from the window's start,
 * drawn from a seed of its own; and the same for the probes of paths nothing makes, each call on a
 * path of its own ({@link #missingPath}). A share of {@code shares} keeps every {@code shares}-th
 * call, so the calls as a whole do not depend on how many mappers share them.
 */
public final class ClusterSchedule implements Schedule {
  /** The key of the cluster's calls among the file types' indexes (tasks, statistics). */
  public static final int KEY = -1;

  private final List<Stream> streams = new ArrayList<>();
  private int next;

  public ClusterSchedule(WorkloadModel model, long seed, int share, int shares) {
    for (int k = 0; k < model.clusterCalls().size(); k++) {
      Stream s =
          new Stream(
              model.clusterCalls().get(k),
              k,
              model.windowMs(),
              TypeSchedule.fileSeed(seed, KEY, k),
              share,
              shares);
      if (!s.done()) {
        streams.add(s);
      }
    }
    streams.sort(Comparator.comparingDouble(Life::firstTime));
  }

  /** The folder under the namespace root that phase 1 makes for the run's own user only (0700). */
  public static final String DENIED = "/denied";

  /**
   * The file in {@link #DENIED} (phase 1 makes it) that every denied call names: the NameNode
   * denies the traverse before anything else, and the file is there because a stat or open of a
   * path that is not there comes back "not found", unaudited, rather than denied.
   */
  public static final String DENIED_ENTRY = DENIED + "/entry";

  /**
   * The path probe {@code call} of stream {@code stream} names: under the namespace root, made by
   * nothing.
   */
  public static String missingPath(int stream, long call) {
    return "/missing-" + stream + "-" + call;
  }

  @Override
  public Life next() {
    return next < streams.size() ? streams.get(next++) : null;
  }

  /** One command's calls. */
  private static final class Stream implements Life {
    private final ClusterCallModel model;
    private final int stream;
    private final double window;
    private final PopularityQuantiles strata; // the gaps, drawn as a type's creates' are
    private final UserQuantiles
        users; // each call's user, by its number: the times draw as they did
    private String user;
    private final int share;
    private final int shares;
    private long index = -1; // of the call at time, among all shares' calls
    private double time;
    private final double first;

    Stream(ClusterCallModel model, int stream, double window, long seed, int share, int shares) {
      this.model = model;
      this.stream = stream;
      this.window = window;
      this.strata = new PopularityQuantiles(seed, model.calls());
      this.users = new UserQuantiles(~seed);
      this.share = share;
      this.shares = shares;
      advance();
      first = time;
    }

    /** Moves to this share's next call, or to infinity. */
    private void advance() {
      do {
        index++;
        time =
            index < model.calls()
                ? time + model.interarrival().at(strata.of(index))
                : Double.POSITIVE_INFINITY;
        user =
            model.users() == null || !model.denied() && Op.SUPERUSER_ONLY.contains(model.op())
                ? null
                : model.users().at(users.of(index));
      } while (time < window && index % shares != share);
      if (time >= window) {
        time = Double.POSITIVE_INFINITY;
      }
    }

    @Override
    public double nextTime() {
      return time;
    }

    @Override
    public double firstTime() {
      return first;
    }

    @Override
    public boolean done() {
      return time == Double.POSITIVE_INFINITY;
    }

    @Override
    public boolean ordered() {
      return false; // the cluster's calls (reports, listings of pools and policies) do not depend
      // on each other
    }

    @Override
    public Event next() {
      String path =
          model.denied() ? DENIED_ENTRY : model.onMissingPath() ? missingPath(stream, index) : null;
      Event e = new Event(time, model.op(), path, null, user);
      advance();
      return e;
    }
  }
}
