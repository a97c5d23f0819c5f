package org.mimesisbench.audit.command;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.audit.ParseOptions;
import org.mimesisbench.audit.TraceParse;
import org.mimesisbench.audit.input.AuditLogFiles;
import org.mimesisbench.audit.mapreduce.ParseJob;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.audit.trace.AvroFiles;
import org.mimesisbench.cli.Command;
import org.mimesisbench.cli.CommandLines;
import org.mimesisbench.cli.ExitCodes;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.FileTimeline;

/**
 * {@code parse --audit <files|dirs|globs>... [--fsimage <file>] [--fsimage-end <file>] --out <dir>
 * [--tz <zone>]}: NameNode audit logs (and the fsimages at the trace's start and end) into a trace.
 * Only adapts the command line to {@link TraceParse} (local) or {@link ParseJob} (MapReduce).
 */
public final class ParseCommand implements Command {
  @Override
  public String name() {
    return "parse";
  }

  @Override
  public String summary() {
    return "NameNode audit logs (plain, .gz, .bz2) and an fsimage into a trace";
  }

  /**
   * Parsing the trace's schemas loads Avro and Jackson; the default codec's probe, snappy's native
   * library.
   */
  @Override
  public void prepare() {
    AuditEvent.getClassSchema();
    FileTimeline.getClassSchema();
    AvroFiles.codec(AvroFiles.CODEC_DEFAULT);
  }

  static Options options() {
    Options o = new Options();
    o.addOption(
        Option.builder()
            .longOpt("audit")
            .hasArgs()
            .argName("file|dir|glob")
            .desc("audit logs to read, merged in time order (required)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("fsimage")
            .hasArg()
            .argName("file")
            .desc("namespace at trace start: binary fsimage, or oiv XML or Delimited output")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("fsimage-end")
            .hasArg()
            .argName("file")
            .desc(
                "namespace at trace end, any form --fsimage takes: the sizes of the files made"
                    + " in the window (namespace-end.avro)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("out")
            .hasArg()
            .argName("dir")
            .desc("trace directory to write (required)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("tz")
            .hasArg()
            .argName("zone")
            .desc("time zone the NameNode logged in (default " + ParseOptions.ZONE_DEFAULT + ")")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("max-malformed")
            .hasArg()
            .argName("share")
            .desc(
                "stop when more than this share of lines is malformed (default "
                    + ParseOptions.MAX_MALFORMED_DEFAULT
                    + ")")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("codec")
            .hasArg()
            .argName("codec")
            .desc(
                "Avro codec: snappy, null, deflate-1..9 (default " + AvroFiles.CODEC_DEFAULT + ")")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("max-line-bytes")
            .hasArg()
            .argName("n")
            .desc(
                "longer lines are counted as malformed (default "
                    + ParseOptions.MAX_LINE_BYTES_DEFAULT
                    + ")")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("mapreduce")
            .desc("parse as a MapReduce job (for a whole cluster-day of logs)")
            .build());
    o.addOption(Option.builder().longOpt("quiet").desc("no progress or summary on stdout").build());
    o.addOption(Option.builder().longOpt("help").desc("this help").build());
    return o;
  }

  @Override
  public int run(Configuration conf, String[] args, PrintStream out) throws Exception {
    CommandLine cl;
    try {
      cl = new DefaultParser().parse(options(), args);
    } catch (ParseException e) {
      throw new BadInputException("parse: " + e.getMessage());
    }
    if (cl.hasOption("help")) {
      help(out);
      return ExitCodes.OK;
    }
    if (!cl.getArgList().isEmpty()) {
      throw new BadInputException("parse: unexpected argument " + cl.getArgList().get(0));
    }
    ParseOptions options = parseOptions(cl);
    AuditLogFiles.refuseOutputInside(
        options.audit(), options.out(), TraceParse.EVENTS, "parse: --out", conf);
    boolean quiet = cl.hasOption("quiet");
    ParseReport report =
        cl.hasOption("mapreduce")
            ? new ParseJob(options, conf, quiet ? null : out).run()
            : new TraceParse(options, conf, quiet ? null : out).run();
    if (!quiet) {
      printSummary(report, options, out);
    }
    return ExitCodes.OK;
  }

  static ParseOptions parseOptions(CommandLine cl) {
    if (!cl.hasOption("audit")) {
      throw new BadInputException("parse: --audit is required");
    }
    if (!cl.hasOption("out")) {
      throw new BadInputException("parse: --out is required");
    }
    ZoneId zone;
    try {
      zone = ZoneId.of(cl.getOptionValue("tz", ParseOptions.ZONE_DEFAULT));
    } catch (DateTimeException e) {
      throw new BadInputException("parse: --tz " + cl.getOptionValue("tz") + ": unknown time zone");
    }
    double maxMalformed =
        CommandLines.number(cl, "parse", "max-malformed", ParseOptions.MAX_MALFORMED_DEFAULT);
    if (maxMalformed < 0 || maxMalformed > 1) {
      throw new BadInputException("parse: --max-malformed must be a share between 0 and 1");
    }
    int maxLine =
        (int)
            CommandLines.number(cl, "parse", "max-line-bytes", ParseOptions.MAX_LINE_BYTES_DEFAULT);
    if (maxLine < 1024) {
      throw new BadInputException("parse: --max-line-bytes must be at least 1024");
    }
    String codec = cl.getOptionValue("codec", AvroFiles.CODEC_DEFAULT);
    try {
      AvroFiles.codec(codec);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(
          "parse: --codec " + codec + ": unknown or unavailable Avro codec");
    }
    List<String> audit = Arrays.asList(cl.getOptionValues("audit"));
    Path fsimage = cl.hasOption("fsimage") ? Path.of(cl.getOptionValue("fsimage")) : null;
    Path fsimageEnd =
        cl.hasOption("fsimage-end") ? Path.of(cl.getOptionValue("fsimage-end")) : null;
    return new ParseOptions(
        audit,
        fsimage,
        fsimageEnd,
        Path.of(cl.getOptionValue("out")),
        zone,
        maxMalformed,
        codec,
        maxLine);
  }

  private static void help(PrintStream out) {
    PrintWriter w = new PrintWriter(out);
    new HelpFormatter()
        .printHelp(
            w,
            100,
            "mimesisbench.jar parse --audit <files|dirs|globs>... [--fsimage <file>]"
                + " [--fsimage-end <file>] --out <dir>",
            "\nNameNode audit logs and fsimages into a trace: events.avro, files.avro, "
                + "namespace.avro, namespace-end.avro, parse-report.json.\n\n",
            options(),
            2,
            4,
            "\nExample: mimesisbench.jar parse --audit logs/hdfs-audit.log* --fsimage fsimage_0000123 "
                + "--fsimage-end fsimage_0004567 --out trace/ --tz America/Los_Angeles",
            true);
    w.flush();
  }

  private static void printSummary(ParseReport r, ParseOptions options, PrintStream out) {
    out.printf(
        "parsed %,d lines: %,d events, %,d malformed (%.2f %%), %,d denied%n",
        r.lines, r.events, r.malformed, 100 * r.malformedShare(), r.allowedFalse);
    if (r.firstEvent != null) {
      out.printf("time %s .. %s (%s)%n", r.firstEvent, r.lastEvent, r.timeZone);
    }
    StringBuilder files = new StringBuilder("files");
    for (Map.Entry<String, Long> e : r.files.entrySet()) {
      files.append(String.format(" %s=%,d", e.getKey(), e.getValue()));
    }
    out.println(files);
    if (r.namespace != null) {
      out.printf(
          "namespace %s: %,d directories, %,d files%n",
          r.namespace.get("fsimage"), r.namespace.get("directories"), r.namespace.get("files"));
    }
    if (r.namespaceEnd != null) {
      out.printf(
          "namespace at end %s: %,d directories, %,d files%n",
          r.namespaceEnd.get("fsimage"),
          r.namespaceEnd.get("directories"),
          r.namespaceEnd.get("files"));
    }
    StringBuilder ops = new StringBuilder("by cmd");
    r.byCmd.entrySet().stream()
        .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
        .limit(12)
        .forEach(e -> ops.append(String.format(" %s=%,d", e.getKey(), e.getValue())));
    out.println(ops);
    out.println("trace written to " + options.out());
  }
}
