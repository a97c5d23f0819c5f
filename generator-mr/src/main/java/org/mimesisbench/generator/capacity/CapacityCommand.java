package org.mimesisbench.generator.capacity;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
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
import org.mimesisbench.generator.sweep.Sweep;
import org.mimesisbench.run.RunOptions;

/**
 * {@code capacity}: the fastest speed-up over a profile's recorded rate at which a run stays valid
 * with its response p99 within a bound; exit code 0 when a probe held, 1 when none did, 2 for bad
 * input.
 */
public final class CapacityCommand implements Command {
  static final long P99_DEFAULT_MS = 100;
  static final double RESOLUTION_DEFAULT = 1.2;
  static final int MAX_PROBES_DEFAULT = 12;

  @Override
  public String name() {
    return "capacity";
  }

  @Override
  public String summary() {
    return "search the fastest speed-up of a profile the file system holds (response p99 bound)";
  }

  @Override
  public int run(Configuration conf, String[] args, PrintStream out) throws Exception {
    Options options = new Options();
    RunOptionsParser.options().getOptions().stream()
        .filter(o -> !o.getLongOpt().equals("time-scale")) // the search chooses them
        .forEach(options::addOption);
    options.addOption(
        option(
            "p99",
            "time",
            "the bound on the response time p99 of all a probe's calls (default "
                + P99_DEFAULT_MS
                + "ms)"));
    options.addOption(
        option(
            "resolution",
            "ratio",
            "stop when the slowest failing probe is within this ratio of the fastest passing one"
                + " (> 1; default "
                + RESOLUTION_DEFAULT
                + ")"));
    options.addOption(
        option("max-probes", "n", "runs at most (default " + MAX_PROBES_DEFAULT + ")"));
    options.addOption(
        option(
            "from", "speed-up", "the first probe's speed-up over the recorded rate (default 1)"));
    options.addOption(
        option(
            "warm-up",
            "time",
            "before the probes, runs at time scale 0 for this wall-clock time (e.g. 2m), their"
                + " results discarded, as sweep's (default none)"));
    CommandLine cl = CommandLines.parse(name(), options, args, "profile");
    if (cl.hasOption("help")) {
      help(options, out);
      return ExitCodes.OK;
    }
    long p99Micros =
        1000
            * (cl.hasOption("p99")
                ? RunOptionsParser.positiveMillis(cl, name(), "p99")
                : P99_DEFAULT_MS);
    double resolution = CommandLines.number(cl, name(), "resolution", RESOLUTION_DEFAULT);
    if (!(resolution > 1) || resolution > 16) {
      throw bad("resolution", cl.getOptionValue("resolution"), "must be above 1, at most 16");
    }
    long maxProbes = CommandLines.whole(cl, name(), "max-probes", MAX_PROBES_DEFAULT);
    if (maxProbes < 1 || maxProbes > 100) {
      throw bad("max-probes", cl.getOptionValue("max-probes"), "must be 1 to 100");
    }
    double from = CommandLines.number(cl, name(), "from", 1);
    if (!(from >= CapacitySearch.SLOWEST && from <= CapacitySearch.FASTEST)) {
      throw bad("from", cl.getOptionValue("from"), "must be 0.001 to 1000");
    }
    long warmUpMs =
        cl.hasOption("warm-up") ? RunOptionsParser.positiveMillis(cl, name(), "warm-up") : 0;
    RunOptions run = RunOptionsParser.parse(cl, name(), true);
    Path outDir =
        Path.of(
            run.getOut() != null
                ? run.getOut().toString()
                : "results/capacity-"
                    + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    CapacitySearch search = new CapacitySearch(p99Micros, resolution, (int) maxProbes, from, out);
    new Sweep(name(), conf, run, search, out).warmUp(warmUpMs).execute(outDir);
    CapacityFile found = search.result();
    out.println(found.line());
    out.println("capacity: probes and their runs in " + outDir);
    return found.speedUp() != null ? ExitCodes.OK : ExitCodes.FAILED;
  }

  private BadInputException bad(String option, String value, String why) {
    return new BadInputException(name() + ": --" + option + " " + value + ": " + why);
  }

  private static Option option(String name, String arg, String desc) {
    return Option.builder().longOpt(name).hasArg().argName(arg).desc(desc).build();
  }

  private static void help(Options options, PrintStream out) {
    PrintWriter w = new PrintWriter(out);
    new HelpFormatter()
        .printHelp(
            w,
            100,
            "mimesisbench.jar capacity --profile <dir> [--p99 time] [--resolution r] [--max-probes n] [--from s] [--warm-up time] [run options]",
            "Runs the profile at speed-ups over its recorded rate (time scale 1/speed-up), doubling"
                + " and then bisecting, for the fastest at which a run stays valid and the response"
                + " p99 of all its calls stays within --p99. --out holds each probe's run, sweep.json"
                + " and capacity.json. Every other option is run's.",
            options,
            2,
            2,
            "Example:\n"
                + "  java -jar mimesisbench.jar capacity --profile build/demo/profile --duration 60s --out c/\n"
                + "  java -jar mimesisbench.jar capacity --profile p/ --p99 50ms --from 4 --warm-up 2m -fs hdfs://nn:8020 --base-dir /bench --out c/");
    w.flush();
  }
}
