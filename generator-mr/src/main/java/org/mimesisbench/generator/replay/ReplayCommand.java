package org.mimesisbench.generator.replay;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.security.Groups;
import org.mimesisbench.cli.Command;
import org.mimesisbench.cli.CommandLines;
import org.mimesisbench.cli.ExitCodes;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.generator.BenchmarkRun;
import org.mimesisbench.generator.infra.NativeLibraries;
import org.mimesisbench.generator.options.RunOptionsParser;
import org.mimesisbench.generator.results.RunSummary;
import org.mimesisbench.run.RunOptions;

/**
 * {@code replay}: a trace's calls, as recorded, against the configured file system (or an embedded
 * HDFS): phase 1 makes the trace's namespace at its start, phase 2 issues every call at its time
 * times the time scale; the results are a run's. Exit codes as {@code run}'s.
 */
public final class ReplayCommand implements Command {
  /** The run options a replay takes; the others shape a profile's workload. */
  static final Set<String> RUN_OPTIONS =
      Set.of(
          "time-scale",
          "duration",
          "max-drift",
          "outage-limit",
          "base-dir",
          "reuse",
          "cleanup",
          "capture-audit",
          "out",
          "overwrite",
          "zero-size",
          "read-data",
          "help");

  static final int MAPPERS_DEFAULT = 4;

  @Override
  public String name() {
    return "replay";
  }

  @Override
  public String summary() {
    return "replay a trace's calls as recorded (the baseline a profile's run is judged against)";
  }

  /** The replay's options: the run options it shares, --trace, --users and --mappers. */
  public static Options options() {
    Options options = new Options();
    RunOptionsParser.options().getOptions().stream()
        .filter(o -> RUN_OPTIONS.contains(o.getLongOpt()))
        .forEach(options::addOption);
    options.addOption(
        Option.builder()
            .longOpt("trace")
            .hasArg()
            .argName("dir")
            .desc(
                "the trace to replay (a parse's output: events.avro, namespace.avro, files.avro, dirs.avro)")
            .build());
    options.addOption(
        Option.builder()
            .longOpt("users")
            .hasArg()
            .argName("recorded|one")
            .desc(
                "issue each call as its recorded user (simple authentication), so calls denied in the trace are denied"
                    + " again; or every call as the runner, the trace's denied calls left out (default recorded)")
            .build());
    options.addOption(
        Option.builder()
            .longOpt("groups")
            .hasArg()
            .argName("file")
            .desc(
                "the recorded users' groups, as Hadoop's static mapping (user=group,group; per user or line), over"
                    + " those the trace shows them in; an embedded NameNode is given them")
            .build());
    options.addOption(
        Option.builder()
            .longOpt("mappers")
            .hasArg()
            .argName("n")
            .desc(
                "phase 2's mappers, each a partition of the trace's paths (default "
                    + MAPPERS_DEFAULT
                    + ")")
            .build());
    return options;
  }

  @Override
  public int run(Configuration conf, String[] args, PrintStream out) throws Exception {
    Options options = options();
    CommandLine cl = CommandLines.parse(name(), options, args, "trace");
    if (cl.hasOption("help")) {
      help(options, out);
      return ExitCodes.OK;
    }
    Replay replay = parse(cl);
    return replay.run(conf, out).valid() ? ExitCodes.OK : ExitCodes.FAILED;
  }

  /**
   * A replay's settings: the run options, how users are replayed, the mappers, the users' groups
   * given, and the command and option that named the trace (its errors say them).
   */
  public record Replay(
      RunOptions options,
      ReplayPlan.Users users,
      int mappers,
      Map<String, List<String>> groups,
      String traceOption) {
    /** The same replay with other run options (a sweep's time scale and --out). */
    public Replay with(RunOptions other) {
      return new Replay(other, users, mappers, groups, traceOption);
    }

    /**
     * Reads the whole trace and drops it: bad input (a path that climbs out) refused before a sweep
     * claims anything, as a replay's own read refuses it before its run does.
     */
    public void check() throws IOException {
      readTrace();
    }

    /** The trace, read whole and checked. */
    private ReplayTrace readTrace() throws IOException {
      NativeLibraries
          .load(); // before the first Avro file: nothing of theirs is left in java.io.tmpdir
      return ReplayTrace.read(
          traceOption,
          Path.of(options.getProfile().toString()),
          users == ReplayPlan.Users.RECORDED,
          options.getTimeScale(),
          options.getDurationMs(),
          mappers);
    }

    /** Reads the trace, then runs as {@code run} does; returns the summary. */
    public RunSummary run(Configuration given, PrintStream out) throws Exception {
      ReplayTrace trace = readTrace();
      Configuration conf = new Configuration(given);
      BenchmarkRun.Planner planner =
          (runId, base) -> new ReplayPlan(runId, options, users, trace, base);
      BenchmarkRun run = new BenchmarkRun(conf, options, out, planner);
      if (users == ReplayPlan.Users.RECORDED) {
        String mapping =
            GroupMapping.render(
                trace.groupMapping(
                    conf.get(
                        DFSConfigKeys.DFS_PERMISSIONS_SUPERUSERGROUP_KEY,
                        DFSConfigKeys.DFS_PERMISSIONS_SUPERUSERGROUP_DEFAULT),
                    groups));
        trace
            .groups
            .why()
            .forEach(
                (user, why) ->
                    out.println("replay: " + user + " is a superuser, as the trace shows: " + why));
        if (run.fileSystemConfigured()) {
          // a cluster's NameNode maps users to groups itself: say what it needs, for its
          // administrator
          out.println(
              "replay: the trace's users need these groups on the NameNode ("
                  + GroupMapping.KEY
                  + "): "
                  + mapping);
        } else {
          // the embedded NameNode knows no user of the trace: the trace's groups, then --groups,
          // then any -D
          // (in Hadoop's static mapping the last entry of a user wins)
          conf.set(GroupMapping.KEY, mapping + conf.get(GroupMapping.KEY, ""));
          Groups.getUserToGroupsMappingServiceWithLoadedConfiguration(
              conf); // the NameNode runs in this JVM
          out.println(
              "replay: the embedded NameNode's groups, from the trace"
                  + (groups.isEmpty() ? "" : " and --groups")
                  + ": "
                  + mapping);
          run =
              new BenchmarkRun(
                  conf, options, out, planner); // the mapping is among the run's recorded settings
        }
      }
      return run.execute();
    }
  }

  /** The replay {@code cl} asks for, checked. */
  public static Replay parse(CommandLine cl) {
    return parse(cl, false, cl.getOptionValue("trace"));
  }

  /**
   * As {@link #parse(CommandLine)}; a sweep reads {@code --time-scale} itself, names the trace with
   * --replay and is the command the errors name.
   */
  public static Replay parse(CommandLine cl, boolean sweepsTimeScale, String trace) {
    String command = sweepsTimeScale ? "sweep" : "replay";
    RunOptions parsed = RunOptionsParser.parse(cl, command, sweepsTimeScale);
    RunOptions options = RunOptions.newBuilder(parsed).setProfile(trace).build();
    if (options.getTimeScale() < 0 || !Double.isFinite(options.getTimeScale())) {
      throw new BadInputException(
          command + ": --time-scale " + options.getTimeScale() + ": must be >= 0");
    }
    String users = cl.getOptionValue("users", "recorded").trim().toLowerCase(Locale.ROOT);
    ReplayPlan.Users mode =
        switch (users) {
          case "recorded" -> ReplayPlan.Users.RECORDED;
          case "one" -> ReplayPlan.Users.ONE;
          default ->
              throw new BadInputException(
                  command
                      + ": --users "
                      + cl.getOptionValue("users")
                      + ": expected recorded or one");
        };
    long mappers = CommandLines.whole(cl, command, "mappers", MAPPERS_DEFAULT);
    if (mappers < 1 || mappers > 1_000) {
      throw new BadInputException(command + ": --mappers " + mappers + ": must be 1 to 1000");
    }
    Map<String, List<String>> groups =
        cl.hasOption("groups")
            ? GroupMapping.read(command, Path.of(cl.getOptionValue("groups")))
            : Map.of();
    String traceOption = command + (sweepsTimeScale ? ": --replay" : ": --trace");
    ReplayTrace.check(traceOption, Path.of(trace)); // before a sweep's warm-up or any output
    return new Replay(options, mode, (int) mappers, groups, traceOption);
  }

  private static void help(Options options, PrintStream out) {
    PrintWriter w = new PrintWriter(out);
    new HelpFormatter()
        .printHelp(
            w,
            100,
            "mimesisbench.jar replay --trace <dir> [options] [-fs uri] [-D k=v]",
            "Replays a trace's calls as recorded: phase 1 makes its namespace at its start, phase 2 issues every call"
                + " at its time times the time scale, calls on one path in their order.",
            options,
            2,
            2,
            "Examples:\n"
                + "  java -jar mimesisbench.jar replay --trace tests/sample-trace/trace --time-scale 0.5\n"
                + "  hadoop jar mimesisbench.jar replay --trace trace/ --users one -fs hdfs://nn:8020\n"
                + "Results go to results/<run-id>/ (summary.json, latency.hlog, timeline.csv, counters.json, trace/).");
    w.flush();
  }
}
