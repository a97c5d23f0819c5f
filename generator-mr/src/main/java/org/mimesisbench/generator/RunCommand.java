package org.mimesisbench.generator;

import java.io.PrintStream;
import java.io.PrintWriter;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.cli.Command;
import org.mimesisbench.cli.CommandLines;
import org.mimesisbench.cli.ExitCodes;
import org.mimesisbench.generator.options.RunOptionsParser;

/**
 * {@code run}: the benchmark. Replays a profile's workload against the configured file system, or
 * an embedded HDFS when none is configured. Exit code 0 when the run is valid, 1 when it is not
 * (the summary says why), 2 for bad input (nothing is created then).
 */
public final class RunCommand implements Command {
  @Override
  public String name() {
    return "run";
  }

  @Override
  public String summary() {
    return "run the benchmark: replay a profile's workload against a NameNode (embedded by default)";
  }

  @Override
  public int run(Configuration conf, String[] args, PrintStream out) throws Exception {
    Options options = RunOptionsParser.options();
    CommandLine cl = CommandLines.parse("run", options, args, "profile");
    if (cl.hasOption("help")) {
      help(options, out);
      return ExitCodes.OK;
    }
    return new BenchmarkRun(conf, RunOptionsParser.parse(cl), out).execute().valid()
        ? ExitCodes.OK
        : ExitCodes.FAILED;
  }

  private static void help(Options options, PrintStream out) {
    PrintWriter w = new PrintWriter(out);
    new HelpFormatter()
        .printHelp(
            w,
            100,
            "mimesisbench.jar run --profile <dir> [options] [-fs uri] [-D k=v]",
            "Replays a profile's workload: phase 1 creates the namespace, phase 2 issues the ops.",
            options,
            2,
            2,
            "Examples:\n"
                + "  java -jar mimesisbench.jar run --profile profiles/yahoo-2011-demo --time-scale 0.05\n"
                + "  hadoop jar mimesisbench.jar run --profile p/ --type-scale all=0.01 --span-scale 2 -fs hdfs://nn:8020\n"
                + "Results go to results/<run-id>/ (summary.json, latency.hlog, timeline.csv, counters.json).");
    w.flush();
  }
}
