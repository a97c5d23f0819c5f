package org.mimesisbench.generator.options;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.Schema;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.mimesisbench.cli.CommandLines;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.output.Durations;
import org.mimesisbench.run.RunOptions;

/**
 * The {@code run} command's options, made from the RunOptions schema (profiles/schema), the one
 * definition of their names, help and defaults; values are checked here, each mistake a one-line
 * error naming the option and the command given it ({@code sweep} and {@code replay} take run's
 * options too).
 */
public final class RunOptionsParser {
  static final String COMMAND = "run";

  /** Threads a mapper may issue on: each call in flight holds one. */
  static final int MAX_IN_FLIGHT = 1024;

  /**
   * The longest time an option gives (durations, windows, a sweep's warm-up, timeouts): 30 days is
   * longer than any benchmark run, and far below where a time in nanoseconds overflows a long (292
   * years), which made a longer --duration's run stop before its first op.
   */
  public static final long MAX_TIME_MS = 30L * 86_400_000L;

  private static final Pattern TIME = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|min|h)?");

  private RunOptionsParser() {}

  /** Commons CLI options, one per schema field, plus --help. */
  public static Options options() {
    Options options = new Options();
    for (Schema.Field f : RunOptions.getClassSchema().getFields()) {
      String name = f.getProp("option");
      Option.Builder b = Option.builder().longOpt(name).desc(help(f));
      if (f.getProp("arg") != null) {
        b.hasArg().argName(f.getProp("arg"));
      }
      options.addOption(b.build());
    }
    options.addOption(Option.builder().longOpt("help").desc("this help").build());
    return options;
  }

  private static String help(Schema.Field f) {
    Object dflt = f.hasDefaultValue() ? f.defaultVal() : null;
    boolean shown =
        dflt != null
            && !(dflt instanceof Boolean)
            && !(dflt instanceof Map<?, ?> m && m.isEmpty())
            && !(dflt instanceof List<?> l && l.isEmpty())
            && dflt != org.apache.avro.JsonProperties.NULL_VALUE;
    // a time's default as a user writes one (10m, not 600000)
    String value =
        shown && "time".equals(f.getProp("arg")) && dflt instanceof Number n
            ? Durations.millis(n.longValue())
            : String.valueOf(dflt);
    return f.doc() + (shown ? " (default " + value + ")" : "");
  }

  /** The options of {@code cl}, checked; the defaults are the schema's. */
  public static RunOptions parse(CommandLine cl) {
    return parse(cl, COMMAND, false);
  }

  /**
   * The time scales of a sweep's {@code --time-scale c,...} (each checked as run checks one), in
   * the order given.
   */
  public static List<Double> timeScales(CommandLine cl, String command) {
    String[] given = cl.getOptionValues("time-scale");
    for (String g : given == null ? new String[0] : given) {
      // "1,,0" is a typo, not a list of two: a sweep runs exactly the scales given (a list of
      // nothing but commas is empty, as values says)
      List<String> items = List.of(g.split(",", -1));
      if (items.stream().anyMatch(String::isBlank) && !items.stream().allMatch(String::isBlank)) {
        throw bad(command, "time-scale", g, "an empty item in the list (e.g. 1,0.5,0)");
      }
    }
    List<Double> scales = new ArrayList<>();
    for (String v : values(command, cl, "time-scale")) {
      scales.add(bounded(command, "time-scale", v));
    }
    return scales;
  }

  /**
   * As {@link #parse(CommandLine)}, for {@code command} (which its errors name); a sweep reads
   * {@code --time-scale} itself ({@code sweepsTimeScale}).
   */
  public static RunOptions parse(CommandLine cl, String command, boolean sweepsTimeScale) {
    RunOptions.Builder b = RunOptions.newBuilder();
    b.setProfile(
        java.util.Objects.requireNonNullElse(
            cl.getOptionValue("profile"), "")); // a replay names a trace
    if (cl.hasOption("time-scale") && !sweepsTimeScale) {
      b.setTimeScale(bounded(command, "time-scale", cl.getOptionValue("time-scale")));
    }
    if (cl.hasOption("span-scale")) {
      b.setSpanScale(bounded(command, "span-scale", cl.getOptionValue("span-scale")));
    }
    Map<String, Double> scales = new LinkedHashMap<>();
    Pattern keys = Pattern.compile(field("type-scale").getProp("keys"));
    for (String v : values(command, cl, "type-scale")) {
      String[] kv = v.split("=", 2);
      String key = kv[0].trim().toLowerCase(Locale.ROOT);
      if (kv.length != 2 || !keys.matcher(key).matches()) {
        throw bad(
            command, "type-scale", v, "expected j=f, dj=f or all=f, e.g. 3=2, d1=2 or all=0.01");
      }
      // one spelling per type, as mimesis-model's: 03 is 3
      String type =
          key.equals("all")
              ? key
              : key.startsWith("d")
                  ? "d" + index(command, "type-scale", key.substring(1), v)
                  : Integer.toString(index(command, "type-scale", key, v));
      scales.put(type, bounded(command, "type-scale", kv[1], v, "the factor "));
    }
    b.setTypeScales(scales);
    List<Integer> types = new ArrayList<>();
    for (String v : values(command, cl, "types")) {
      types.add(index(command, "types", v, v));
    }
    b.setTypes(types);
    if (cl.hasOption("duration")) {
      b.setDurationMs(positiveMillis(cl, command, "duration"));
    }
    if (cl.hasOption("window")) {
      b.setWindowMs(positiveMillis(cl, command, "window"));
    }
    if (cl.hasOption("mappers-per-type")) {
      long n = CommandLines.whole(cl, command, "mappers-per-type", 1);
      if (n < 1 || n > 10_000) {
        throw bad(
            command,
            "mappers-per-type",
            cl.getOptionValue("mappers-per-type"),
            "must be 1 to 10000");
      }
      b.setMappersPerType((int) n);
    }
    if (cl.hasOption("mappers")) {
      long n = CommandLines.whole(cl, command, "mappers", 1);
      if (n < 1 || n > 10_000) {
        throw bad(command, "mappers", cl.getOptionValue("mappers"), "must be 1 to 10000");
      }
      b.setMappers((int) n);
    }
    if (cl.hasOption("barrier-timeout")) {
      b.setBarrierTimeoutMs(positiveMillis(cl, command, "barrier-timeout"));
    }
    if (cl.hasOption("seed")) {
      b.setSeed(CommandLines.whole(cl, command, "seed", 0));
    }
    if (cl.hasOption("max-drift")) {
      b.setMaxDriftMs(millis(command, "max-drift", cl.getOptionValue("max-drift"), true));
    }
    if (cl.hasOption("outage-limit")) {
      b.setOutageLimitMs(positiveMillis(cl, command, "outage-limit"));
    }
    if (cl.hasOption("in-flight")) {
      long n = CommandLines.whole(cl, command, "in-flight", 1);
      if (n < 1 || n > MAX_IN_FLIGHT) {
        throw bad(
            command, "in-flight", cl.getOptionValue("in-flight"), "must be 1 to " + MAX_IN_FLIGHT);
      }
      b.setInFlight((int) n);
    }
    if (cl.hasOption("namenode-http")) {
      String url = cl.getOptionValue("namenode-http");
      try {
        java.net.URI u = new java.net.URI(url);
        if (!("http".equals(u.getScheme()) || "https".equals(u.getScheme()))
            || u.getHost() == null) {
          throw bad(command, "namenode-http", url, "not an http(s) address (e.g. http://nn:9870)");
        }
      } catch (java.net.URISyntaxException e) {
        throw bad(command, "namenode-http", url, "not an http(s) address (e.g. http://nn:9870)");
      }
      b.setNamenodeHttp(url);
    }
    if (cl.hasOption("base-dir")) {
      b.setBaseDir(cl.getOptionValue("base-dir"));
    }
    if (cl.hasOption("dirs")) {
      long n = CommandLines.whole(cl, command, "dirs", 1);
      if (n < 1) {
        throw bad(command, "dirs", cl.getOptionValue("dirs"), "must be at least 1");
      }
      b.setDirectories(n);
    }
    b.setFlat(cl.hasOption("flat"));
    b.setAsOneUser(cl.hasOption("as-one-user"));
    b.setZeroSize(cl.hasOption("zero-size"));
    b.setReadData(cl.hasOption("read-data"));
    b.setReuse(cl.hasOption("reuse"));
    if (cl.hasOption("name-dir")) {
      b.setNameDir(cl.getOptionValue("name-dir"));
    }
    b.setCleanup(cl.hasOption("cleanup"));
    b.setCaptureAudit(values(command, cl, "capture-audit"));
    if (cl.hasOption("out")) {
      b.setOut(cl.getOptionValue("out"));
    }
    b.setOverwrite(cl.hasOption("overwrite"));
    RunOptions options = b.build();
    if (sweepsTimeScale && options.getWindowMs() != null && options.getDurationMs() != null) {
      checkWindowFits(command, cl, options);
    }
    // both would set the schedule's length; a sweep's --duration caps its time scale 0 runs
    if (options.getWindowMs() != null
        && options.getDurationMs() != null
        && !sweepsTimeScale
        && options.getTimeScale() > 0) {
      throw bad(
          command,
          "window",
          cl.getOptionValue("window"),
          "give --window or --duration, not both, at time scale "
              + options.getTimeScale()
              + " (--duration caps the wall clock only at time scale 0)");
    }
    return options;
  }

  /**
   * A sweep's --duration caps every run's wall clock: a run at a time scale c > 0 takes --window
   * times c, which must end before that cap, or the sweep's runs are not the length asked for.
   */
  private static void checkWindowFits(String command, CommandLine cl, RunOptions options) {
    for (double scale : timeScales(cl, command)) {
      if (scale > 0 && options.getWindowMs() * scale >= options.getDurationMs()) {
        String c = java.math.BigDecimal.valueOf(scale).stripTrailingZeros().toPlainString();
        throw bad(
            command,
            "window",
            cl.getOptionValue("window"),
            "at time scale "
                + c
                + " a run takes --window times "
                + c
                + " of wall clock, not less than --duration "
                + cl.getOptionValue("duration")
                + " (which caps every run); give a shorter --window or a longer --duration");
      }
    }
  }

  /**
   * Values of a repeatable option, each also split at commas; an option given with nothing in it
   * ({@code --types ""}) is refused, since leaving it out means something else (e.g. every type).
   */
  private static List<String> values(String command, CommandLine cl, String option) {
    List<String> out = new ArrayList<>();
    String[] given = cl.getOptionValues(option);
    if (given != null) {
      for (String g : given) {
        for (String part : g.split(",")) {
          if (!part.isBlank()) {
            out.add(part.trim());
          }
        }
      }
      if (out.isEmpty()) {
        throw bad(
            command,
            option,
            "'" + String.join(",", given) + "'",
            "empty (leave the option out for its default)");
      }
    }
    return out;
  }

  /**
   * Refuses options made in code (a sweep's points) that the command line would have refused: the
   * scales out of the bounds RunOptions.avsc gives them.
   */
  public static void check(RunOptions options) {
    bounded(COMMAND, "time-scale", Double.toString(options.getTimeScale()));
    for (Long ms : new Long[] {options.getDurationMs(), options.getWindowMs()}) {
      if (ms != null && (ms <= 0 || ms > MAX_TIME_MS)) {
        throw new BadInputException(
            COMMAND + ": a duration or window of " + ms + " ms: must be positive, at most 30 days");
      }
    }
    bounded(COMMAND, "span-scale", Double.toString(options.getSpanScale()));
    options
        .getTypeScales()
        .forEach(
            (j, f) -> bounded(COMMAND, "type-scale", f.toString(), j + "=" + f, "the factor "));
  }

  /** The schema field of {@code option}. */
  private static Schema.Field field(String option) {
    for (Schema.Field f : RunOptions.getClassSchema().getFields()) {
      if (option.equals(f.getProp("option"))) {
        return f;
      }
    }
    throw new IllegalArgumentException("RunOptions.avsc has no option " + option);
  }

  private static double bounded(String command, String option, String text) {
    return bounded(command, option, text, text, "");
  }

  /**
   * {@code text} as a number within the bounds RunOptions.avsc gives {@code option} (its {@code
   * minimum} or {@code exclusiveMinimum}), the one definition mimesis-model checks too.
   */
  static double bounded(String command, String option, String text, String whole, String what) {
    double d = number(command, option, text, whole);
    Schema.Field f = field(option);
    Object min = f.getObjectProp("minimum");
    Object above = f.getObjectProp("exclusiveMinimum");
    if (min != null && !(d >= ((Number) min).doubleValue())) {
      throw bad(command, option, whole, what + "must be >= " + min);
    }
    if (above != null && !(d > ((Number) above).doubleValue())) {
      throw bad(
          command,
          option,
          whole,
          what + (((Number) above).doubleValue() == 0 ? "must be positive" : "must be > " + above));
    }
    return d;
  }

  /** {@code text} as a type's number (at least the schema's {@code minimum}, 0). */
  private static int index(String command, String option, String text, String whole) {
    try {
      int j = Integer.parseInt(text.trim());
      Object min = field(option).getObjectProp("minimum");
      if (min == null || j >= ((Number) min).intValue()) {
        return j;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw bad(command, option, whole, "not a type number (0, 1, ...)");
  }

  private static double number(String command, String option, String text, String whole) {
    try {
      double d = Double.parseDouble(text.trim());
      if (Double.isFinite(d)) {
        return d;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw bad(command, option, whole, "not a number");
  }

  /** {@code option}'s time (a unit required) in milliseconds; bad input unless positive. */
  public static long positiveMillis(CommandLine cl, String command, String option) {
    long ms = millis(command, option, cl.getOptionValue(option), false);
    if (ms <= 0) {
      throw bad(command, option, cl.getOptionValue(option), "must be positive");
    }
    return ms;
  }

  /**
   * A time such as 500ms, 90s, 10m, 1h; a bare number is milliseconds only when {@code
   * bareIsMillis}.
   */
  static long millis(String command, String option, String text, boolean bareIsMillis) {
    Matcher m = TIME.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw bad(command, option, text, "not a time (e.g. 500ms, 90s, 10m, 1h)");
    }
    String unit = m.group(2);
    if (unit == null && !bareIsMillis) {
      throw bad(command, option, text, "give a unit: ms, s, m or h (e.g. 90s)");
    }
    double v = Double.parseDouble(m.group(1));
    double factor =
        switch (unit == null ? "ms" : unit) {
          case "ms" -> 1;
          case "s" -> 1_000;
          case "m", "min" -> 60_000;
          default -> 3_600_000;
        };
    if (v * factor > MAX_TIME_MS) {
      throw bad(command, option, text, "longer than 30 days, the most a time option takes");
    }
    return Math.round(v * factor);
  }

  private static BadInputException bad(String command, String option, String value, String why) {
    return new BadInputException(command + ": --" + option + " " + value + ": " + why);
  }
}
