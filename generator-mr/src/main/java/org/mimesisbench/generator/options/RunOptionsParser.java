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
import org.mimesisbench.cli.BadInputException;
import org.mimesisbench.cli.CommandLines;
import org.mimesisbench.run.RunOptions;

/**
 * The {@code run} command's options, made from the RunOptions schema (profiles/schema), the one
 * definition of their names, help and defaults; values are checked here, each mistake a one-line
 * error naming the option.
 */
public final class RunOptionsParser {
  static final String COMMAND = "run";
  /** Threads a mapper may issue on: each call in flight holds one. */
  static final int MAX_IN_FLIGHT = 1024;
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
    boolean shown = dflt != null && !(dflt instanceof Boolean) && !(dflt instanceof Map<?, ?> m && m.isEmpty())
        && !(dflt instanceof List<?> l && l.isEmpty()) && dflt != org.apache.avro.JsonProperties.NULL_VALUE;
    return f.doc() + (shown ? " (default " + dflt + ")" : "");
  }

  /** The options of {@code cl}, checked; the defaults are the schema's. */
  public static RunOptions parse(CommandLine cl) {
    return parse(cl, false);
  }

  /** The time scales of a sweep's {@code --time-scale c,...} (each checked as run checks one), in the order given. */
  public static List<Double> timeScales(CommandLine cl) {
    List<Double> scales = new ArrayList<>();
    for (String v : values(cl, "time-scale")) {
      double d = number("time-scale", v, v);
      if (!(d >= 0)) {
        throw bad("time-scale", v, "must be >= 0");
      }
      scales.add(d);
    }
    return scales;
  }

  /** As {@link #parse(CommandLine)}; a sweep reads {@code --time-scale} itself ({@code sweepsTimeScale}). */
  public static RunOptions parse(CommandLine cl, boolean sweepsTimeScale) {
    RunOptions.Builder b = RunOptions.newBuilder();
    b.setProfile(java.util.Objects.requireNonNullElse(cl.getOptionValue("profile"), "")); // a replay names a trace
    if (cl.hasOption("time-scale") && !sweepsTimeScale) {
      b.setTimeScale(nonNegative(cl, "time-scale"));
    }
    if (cl.hasOption("span-scale")) {
      b.setSpanScale(nonNegative(cl, "span-scale"));
    }
    Map<String, Double> scales = new LinkedHashMap<>();
    for (String v : values(cl, "type-scale")) {
      String[] kv = v.split("=", 2);
      if (kv.length != 2 || kv[0].isBlank()) {
        throw bad("type-scale", v, "expected j=f, e.g. 3=2 or all=0.01");
      }
      double f = number("type-scale", kv[1], v);
      if (!(f > 0)) {
        throw bad("type-scale", v, "the factor must be positive");
      }
      scales.put(kv[0].trim().toLowerCase(Locale.ROOT), f);
    }
    b.setTypeScales(scales);
    List<Integer> types = new ArrayList<>();
    for (String v : values(cl, "types")) {
      try {
        types.add(Integer.parseInt(v));
      } catch (NumberFormatException e) {
        throw bad("types", v, "not a type index");
      }
    }
    b.setTypes(types);
    if (cl.hasOption("duration")) {
      long ms = millis("duration", cl.getOptionValue("duration"), false);
      if (ms <= 0) {
        throw bad("duration", cl.getOptionValue("duration"), "must be positive");
      }
      b.setDurationMs(ms);
    }
    if (cl.hasOption("mappers-per-type")) {
      long n = CommandLines.whole(cl, COMMAND, "mappers-per-type", 1);
      if (n < 1 || n > 10_000) {
        throw bad("mappers-per-type", cl.getOptionValue("mappers-per-type"), "must be 1 to 10000");
      }
      b.setMappersPerType((int) n);
    }
    if (cl.hasOption("mappers")) {
      long n = CommandLines.whole(cl, COMMAND, "mappers", 1);
      if (n < 1 || n > 10_000) {
        throw bad("mappers", cl.getOptionValue("mappers"), "must be 1 to 10000");
      }
      b.setMappers((int) n);
    }
    if (cl.hasOption("barrier-timeout")) {
      long ms = millis("barrier-timeout", cl.getOptionValue("barrier-timeout"), false);
      if (ms <= 0) {
        throw bad("barrier-timeout", cl.getOptionValue("barrier-timeout"), "must be positive");
      }
      b.setBarrierTimeoutMs(ms);
    }
    if (cl.hasOption("seed")) {
      b.setSeed(CommandLines.whole(cl, COMMAND, "seed", 0));
    }
    if (cl.hasOption("max-drift")) {
      b.setMaxDriftMs(millis("max-drift", cl.getOptionValue("max-drift"), true));
    }
    if (cl.hasOption("outage-limit")) {
      long ms = millis("outage-limit", cl.getOptionValue("outage-limit"), false);
      if (ms <= 0) {
        throw bad("outage-limit", cl.getOptionValue("outage-limit"), "must be positive");
      }
      b.setOutageLimitMs(ms);
    }
    if (cl.hasOption("in-flight")) {
      long n = CommandLines.whole(cl, COMMAND, "in-flight", 1);
      if (n < 1 || n > MAX_IN_FLIGHT) {
        throw bad("in-flight", cl.getOptionValue("in-flight"), "must be 1 to " + MAX_IN_FLIGHT);
      }
      b.setInFlight((int) n);
    }
    if (cl.hasOption("namenode-http")) {
      String url = cl.getOptionValue("namenode-http");
      try {
        java.net.URI u = new java.net.URI(url);
        if (!("http".equals(u.getScheme()) || "https".equals(u.getScheme())) || u.getHost() == null) {
          throw bad("namenode-http", url, "not an http(s) address (e.g. http://nn:9870)");
        }
      } catch (java.net.URISyntaxException e) {
        throw bad("namenode-http", url, "not an http(s) address (e.g. http://nn:9870)");
      }
      b.setNamenodeHttp(url);
    }
    if (cl.hasOption("base-dir")) {
      b.setBaseDir(cl.getOptionValue("base-dir"));
    }
    if (cl.hasOption("dirs")) {
      long n = CommandLines.whole(cl, COMMAND, "dirs", 1);
      if (n < 1) {
        throw bad("dirs", cl.getOptionValue("dirs"), "must be at least 1");
      }
      b.setDirectories(n);
    }
    b.setFlat(cl.hasOption("flat"));
    b.setAsOneUser(cl.hasOption("as-one-user"));
    b.setReuse(cl.hasOption("reuse"));
    if (cl.hasOption("name-dir")) {
      b.setNameDir(cl.getOptionValue("name-dir"));
    }
    b.setCleanup(cl.hasOption("cleanup"));
    b.setCaptureAudit(values(cl, "capture-audit"));
    if (cl.hasOption("out")) {
      b.setOut(cl.getOptionValue("out"));
    }
    b.setOverwrite(cl.hasOption("overwrite"));
    return b.build();
  }

  /**
   * Values of a repeatable option, each also split at commas; an option given with nothing in it
   * ({@code --types ""}) is refused, since leaving it out means something else (e.g. every type).
   */
  private static List<String> values(CommandLine cl, String option) {
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
        throw bad(option, "'" + String.join(",", given) + "'", "empty (leave the option out for its default)");
      }
    }
    return out;
  }

  private static double nonNegative(CommandLine cl, String option) {
    String v = cl.getOptionValue(option);
    double d = number(option, v, v);
    if (!(d >= 0)) {
      throw bad(option, v, "must be >= 0");
    }
    return d;
  }

  private static double number(String option, String text, String whole) {
    try {
      double d = Double.parseDouble(text.trim());
      if (Double.isFinite(d)) {
        return d;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw bad(option, whole, "not a number");
  }

  /** A time such as 500ms, 90s, 10m, 1h; a bare number is milliseconds only when {@code bareIsMillis}. */
  static long millis(String option, String text, boolean bareIsMillis) {
    Matcher m = TIME.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw bad(option, text, "not a time (e.g. 500ms, 90s, 10m, 1h)");
    }
    String unit = m.group(2);
    if (unit == null && !bareIsMillis) {
      throw bad(option, text, "give a unit: ms, s, m or h (e.g. 90s)");
    }
    double v = Double.parseDouble(m.group(1));
    double factor = switch (unit == null ? "ms" : unit) {
      case "ms" -> 1;
      case "s" -> 1_000;
      case "m", "min" -> 60_000;
      default -> 3_600_000;
    };
    return Math.round(v * factor);
  }

  private static BadInputException bad(String option, String value, String why) {
    return new BadInputException(COMMAND + ": --" + option + " " + value + ": " + why);
  }
}
