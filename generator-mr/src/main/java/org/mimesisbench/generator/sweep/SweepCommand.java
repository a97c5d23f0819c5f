package org.mimesisbench.generator.sweep;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.cli.Command;
import org.mimesisbench.cli.CommandLines;
import org.mimesisbench.cli.ExitCodes;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.generator.options.RunOptionsParser;
import org.mimesisbench.generator.replay.ReplayCommand;
import org.mimesisbench.run.RunOptions;

/**
 * {@code sweep}: {@code run} at several time scales, each repeated; exit code 0 when every run was
 * valid, 1 when one was not, 2 for bad input.
 */
public final class SweepCommand implements Command {
  static final int REPEAT_DEFAULT = 3;

  @Override
  public String name() {
    return "sweep";
  }

  @Override
  public String summary() {
    return "run the benchmark at several time scales, each repeated (latency against issue rate)";
  }

  @Override
  public int run(Configuration conf, String[] args, PrintStream out) throws Exception {
    Options options = RunOptionsParser.options();
    // a sweep's time scales are a list it requires: run's default of 1.0 is not a sweep's
    options.addOption(
        Option.builder()
            .longOpt("time-scale")
            .hasArg()
            .argName("c,...")
            .desc(
                "the time scales to run at, each >= 0 (required): 0.5 issues the profile's ops twice"
                    + " as fast, 0 back to back")
            .build());
    options.addOption(
        Option.builder()
            .longOpt("repeat")
            .hasArg()
            .argName("n")
            .desc("runs at each time scale (default " + REPEAT_DEFAULT + ")")
            .build());
    options.addOption(
        Option.builder()
            .longOpt("warm-up")
            .hasArg()
            .argName("time")
            .desc(
                "before the runs, runs at time scale 0 for this wall-clock time (e.g. 4m), their"
                    + " results discarded: the JVM compiles the NameNode's and the client's hot paths"
                    + " before a run is measured (default none)")
            .build());
    options.addOption(
        Option.builder()
            .longOpt("replay")
            .hasArg()
            .argName("trace")
            .desc(
                "replay this trace at each time scale instead of running a profile (replay's --users, --groups and"
                    + " --mappers apply)")
            .build());
    options.addOption(ReplayCommand.options().getOption("users"));
    options.addOption(ReplayCommand.options().getOption("groups"));
    options.addOption(ReplayCommand.options().getOption("mappers"));
    CommandLine cl = CommandLines.parse(name(), options, args, "time-scale");
    if (!cl.hasOption("help") && cl.hasOption("profile") == cl.hasOption("replay")) {
      throw new BadInputException(
          "sweep: give --profile (runs of a profile) or --replay (replays of a trace), one");
    }
    if (cl.hasOption("help")) {
      help(options, out);
      return ExitCodes.OK;
    }
    List<Double> scales = RunOptionsParser.timeScales(cl, name());
    long repeat = CommandLines.whole(cl, name(), "repeat", REPEAT_DEFAULT);
    if (repeat < 1 || repeat > 100) {
      throw new BadInputException("sweep: --repeat " + repeat + ": must be 1 to 100");
    }
    long warmUpMs =
        cl.hasOption("warm-up") ? RunOptionsParser.positiveMillis(cl, name(), "warm-up") : 0;
    ReplayCommand.Replay replay =
        cl.hasOption("replay") ? ReplayCommand.parse(cl, true, cl.getOptionValue("replay")) : null;
    RunOptions run = replay != null ? replay.options() : RunOptionsParser.parse(cl, name(), true);
    Path outDir =
        Path.of(
            run.getOut() != null
                ? run.getOut().toString()
                : "results/sweep-"
                    + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    var sweep =
        new Sweep(conf, run, scales, (int) repeat, out, replay).warmUp(warmUpMs).execute(outDir);
    return sweep.points().stream().allMatch(SweepFile.Point::valid)
        ? ExitCodes.OK
        : ExitCodes.FAILED;
  }

  private static void help(Options options, PrintStream out) {
    PrintWriter w = new PrintWriter(out);
    new HelpFormatter()
        .printHelp(
            w,
            100,
            "mimesisbench.jar sweep (--profile <dir> | --replay <trace>) --time-scale c,... [--repeat n] [--warm-up time] [run options]",
            "Runs the benchmark at each time scale, --repeat times each; --out holds one results folder per run and"
                + " sweep.json. Every other option is run's.",
            options,
            2,
            2,
            "Example:\n"
                + "  java -jar mimesisbench.jar sweep --profile build/demo/profile --time-scale 1,0.5,0.2,0.1,0 --repeat 3 --out s/\n"
                + "  java -jar mimesisbench.jar sweep --replay trace/ --time-scale 1,0.5,0 --repeat 3 --out r/   # the trace itself\n"
                + "  java -jar mimesisbench.jar sweep --profile build/demo/profile --time-scale 0 --repeat 3 --warm-up 2m --out c/   # the ceiling, warm\n"
                + "  .venv/bin/mimesis-model sweep s/    # Figure 2 (latency against issue rate) and the saturation point");
    w.flush();
  }
}
