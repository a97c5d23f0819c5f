package org.mimesisbench.cli;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.mimesisbench.errors.BadInputException;

/** Parsing a command's own options, every mistake turned into a one-line BadInputException. */
public final class CommandLines {
  private CommandLines() {}

  /**
   * {@code args} parsed by {@code options} for {@code command} (e.g. "namespace generate"),
   * refusing unknown options, stray arguments and missing {@code required} options.
   */
  public static CommandLine parse(
      String command, Options options, String[] args, String... required) {
    CommandLine cl;
    try {
      cl = new DefaultParser().parse(options, args);
    } catch (ParseException e) {
      throw new BadInputException(command + ": " + e.getMessage());
    }
    if (cl.hasOption("help")) {
      return cl; // help needs no other option
    }
    if (!cl.getArgList().isEmpty()) {
      throw new BadInputException(command + ": unexpected argument " + cl.getArgList().get(0));
    }
    for (String option : required) {
      if (!cl.hasOption(option)) {
        throw new BadInputException(command + ": --" + option + " is required");
      }
    }
    return cl;
  }

  /**
   * The value of {@code --option} as a whole number ("1_000" and "1,000" read as 1000), or the
   * default.
   */
  public static long whole(CommandLine cl, String command, String option, long dflt) {
    String v = cl.getOptionValue(option);
    if (v == null) {
      return dflt;
    }
    try {
      return Long.parseLong(v.replace("_", "").replace(",", ""));
    } catch (NumberFormatException e) {
      throw new BadInputException(command + ": --" + option + " " + v + ": not a whole number");
    }
  }

  /** The value of {@code --option} as a number, or the default. */
  public static double number(CommandLine cl, String command, String option, double dflt) {
    String v = cl.getOptionValue(option);
    if (v == null) {
      return dflt;
    }
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new BadInputException(command + ": --" + option + " " + v + ": not a number");
    }
  }
}
