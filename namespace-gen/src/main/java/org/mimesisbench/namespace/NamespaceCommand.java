package org.mimesisbench.namespace;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.avro.file.CodecFactory;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.cli.Command;
import org.mimesisbench.cli.CommandLines;
import org.mimesisbench.cli.ExitCodes;
import org.mimesisbench.cli.ProgressLine;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.namespace.generate.GeneratedNamespace;
import org.mimesisbench.namespace.generate.GenerationRecord;
import org.mimesisbench.namespace.generate.NamespaceGenerator;
import org.mimesisbench.namespace.generate.NamespaceVisitor;
import org.mimesisbench.namespace.output.NamespaceAvroWriter;
import org.mimesisbench.namespace.output.NamespaceReport;
import org.mimesisbench.namespace.output.PathsTextWriter;
import org.mimesisbench.namespace.stats.NamespaceStats;
import org.mimesisbench.namespace.stats.StatsSource;
import org.mimesisbench.output.AtomicOutputDir;

/**
 * {@code namespace generate --stats <mimesis.properties|profile-dir> --dirs N [--files M] [--seed
 * S] --out <dir> [--text]}: a directory hierarchy with the statistics' shape, scaled to N
 * directories and M files. Only adapts the command line to {@link NamespaceGenerator} and the
 * writers. {@code namespace materialize} creates such a namespace in a file system ({@link
 * MaterializeSubcommand}).
 */
public final class NamespaceCommand implements Command {
  public static final String NAMESPACE_FILE = "namespace.avro";
  public static final String PATHS_FILE = "paths.txt";
  public static final String REPORT_FILE = "namespace-report.json";
  static final String CODEC_DEFAULT = "snappy";

  /**
   * A preserved distribution further than this from its target is worth a warning (the generator's
   * accuracy bar).
   */
  static final double WARN_KS = 0.02;

  @Override
  public String name() {
    return "namespace";
  }

  @Override
  public String summary() {
    return "namespace generate | materialize | image: a directory tree with a profile's namespace statistics, "
        + "its creation in a file system, and an fsimage holding it";
  }

  static Options options() {
    Options o = new Options();
    o.addOption(
        Option.builder()
            .longOpt("stats")
            .hasArg()
            .argName("file|dir")
            .desc("statistics: a mimesis.properties file or a profile directory (required)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("dirs")
            .hasArg()
            .argName("n")
            .desc("directories to generate, not counting the root (required)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("files")
            .hasArg()
            .argName("m")
            .desc("files to generate (default: as many per directory as the statistics' namespace)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("seed")
            .hasArg()
            .argName("s")
            .desc("random seed; the same seed gives the same namespace (default 0)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("out")
            .hasArg()
            .argName("dir")
            .desc("output directory (required)")
            .build());
    o.addOption(
        Option.builder().longOpt("text").desc("also write paths.txt, one path a line").build());
    o.addOption(
        Option.builder()
            .longOpt("codec")
            .hasArg()
            .argName("codec")
            .desc(
                "Avro codec: snappy, null, deflate-1..9, zstandard (default " + CODEC_DEFAULT + ")")
            .build());
    o.addOption(Option.builder().longOpt("quiet").desc("no progress or summary on stdout").build());
    o.addOption(Option.builder().longOpt("help").desc("this help").build());
    return o;
  }

  @Override
  public int run(Configuration conf, String[] args, PrintStream out) throws Exception {
    if (args.length == 0 || args[0].equals("--help")) {
      help(out);
      return args.length == 0 ? ExitCodes.BAD_INPUT : ExitCodes.OK;
    }
    if (args[0].equals("materialize")) {
      return MaterializeSubcommand.run(
          conf, java.util.Arrays.copyOfRange(args, 1, args.length), out);
    }
    if (args[0].equals("image")) {
      return ImageSubcommand.run(conf, java.util.Arrays.copyOfRange(args, 1, args.length), out);
    }
    if (!args[0].equals("generate")) {
      throw new BadInputException(
          "namespace: unknown subcommand '" + args[0] + "' (generate, materialize, image)");
    }
    CommandLine cl =
        CommandLines.parse(
            "namespace generate",
            options(),
            java.util.Arrays.copyOfRange(args, 1, args.length),
            "stats",
            "dirs",
            "out");
    if (cl.hasOption("help")) {
      help(out);
      return ExitCodes.OK;
    }
    PrintStream progress = cl.hasOption("quiet") ? null : out;
    CodecFactory codec = codec(cl.getOptionValue("codec", CODEC_DEFAULT));
    long dirs = whole(cl, "dirs", 0);
    long seed = whole(cl, "seed", 0);
    Path outDir = Path.of(cl.getOptionValue("out"));
    NamespaceStats stats = StatsSource.read(Path.of(cl.getOptionValue("stats")));
    long files =
        cl.hasOption("files")
            ? whole(cl, "files", 0)
            : Math.round(dirs * stats.filesPerDirectory());
    if (dirs < 0 || files < 0) {
      throw new BadInputException("namespace generate: --dirs and --files must not be negative");
    }

    long start = System.nanoTime();
    GenerationRecord record = new GenerationRecord();
    GeneratedNamespace ns = NamespaceGenerator.generate(stats, dirs, files, seed, record);
    double generated = (System.nanoTime() - start) / 1e9;
    NamespaceReport report;
    long entries;
    long pathBytes;
    try (AtomicOutputDir dir = new AtomicOutputDir("namespace generate: --out", outDir)) {
      try (NamespaceAvroWriter avro =
              new NamespaceAvroWriter(Files.newOutputStream(dir.file(NAMESPACE_FILE)), codec);
          PathsTextWriter text =
              cl.hasOption("text")
                  ? new PathsTextWriter(Files.newOutputStream(dir.file(PATHS_FILE)))
                  : null) {
        ProgressLine line = new ProgressLine(progress, "namespace generate", "entries");
        ns.walk(both(avro, text, line));
        line.done(avro.entries());
        entries = avro.entries();
        pathBytes = avro.pathBytes();
      }
      report = NamespaceReport.of(stats, ns, dirs, files, seed, record);
      report.written(entries, pathBytes);
      try (OutputStream o = Files.newOutputStream(dir.file(REPORT_FILE))) {
        report.write(o);
      }
      dir.commit();
    }
    if (progress != null) {
      out.printf(
          "generated %,d directories and %,d files, depth up to %d (%.1f s, written in %.1f s)%n",
          ns.directories(),
          ns.files(),
          ns.maxDepth(),
          generated,
          (System.nanoTime() - start) / 1e9 - generated);
      out.println("KS to the statistics: " + report.ks);
      out.println("written to " + outDir);
    }
    warnings(stats, dirs, files, report).forEach(System.err::println);
    return ExitCodes.OK;
  }

  /**
   * Distributions the targets could not keep (the tree is still whole; its report says how far).
   */
  static java.util.List<String> warnings(
      NamespaceStats stats, long dirs, long files, NamespaceReport report) {
    java.util.List<String> w = new java.util.ArrayList<>();
    report.ks.forEach(
        (name, ks) -> {
          if (ks != null && ks > WARN_KS) {
            w.add(
                String.format("mimesisbench: warning: %s is %.3f from its target (KS)", name, ks));
          }
        });
    double holders = files / stats.filesPerDir().mean();
    if (holders > dirs + 1) {
      w.add(
          String.format(
              "mimesisbench: warning: %,d files at %.2f per directory (the statistics' "
                  + "files per directory) need %,.0f directories, there are %,d: give fewer --files or more --dirs",
              files, stats.filesPerDir().mean(), holders, dirs + 1));
    }
    return w;
  }

  /** Writes each entry to the Avro file and, with --text, to paths.txt. */
  private static NamespaceVisitor both(
      NamespaceAvroWriter avro, PathsTextWriter text, ProgressLine line) {
    return new NamespaceVisitor() {
      long n;

      @Override
      public void directory(byte[] path, int length, int depth) throws IOException {
        avro.directory(path, length, depth);
        if (text != null) {
          text.directory(path, length, depth);
        }
        line.tick(++n);
      }

      @Override
      public void file(byte[] path, int length, int depth, int type) throws IOException {
        avro.file(path, length, depth, type);
        if (text != null) {
          text.file(path, length, depth, type);
        }
        line.tick(++n);
      }
    };
  }

  static CodecFactory codec(String name) {
    try {
      return name.startsWith("deflate-")
          ? CodecFactory.deflateCodec(Integer.parseInt(name.substring("deflate-".length())))
          : CodecFactory.fromString(name);
    } catch (RuntimeException e) {
      throw new BadInputException("namespace generate: --codec " + name + ": unknown Avro codec");
    }
  }

  private static long whole(CommandLine cl, String option, long dflt) {
    return CommandLines.whole(cl, "namespace generate", option, dflt);
  }

  private static void help(PrintStream out) {
    PrintWriter w = new PrintWriter(out);
    new HelpFormatter()
        .printHelp(
            w,
            100,
            "mimesisbench.jar namespace generate --stats <mimesis.properties|profile-dir> --dirs N [--files M] [--seed S] --out <dir> [--text]",
            "\nA directory tree with the statistics' directories per depth, subdirectories per directory, "
                + "files per depth and files per directory: namespace.avro, namespace-report.json "
                + "(and paths.txt with --text).\n\n",
            options(),
            2,
            4,
            "\nExample: mimesisbench.jar namespace generate --stats profiles/yahoo-2011/ --dirs 100000 "
                + "--seed 1 --out ns/",
            true);
    w.flush();
    out.println();
    MaterializeSubcommand.help(out);
    out.println();
    ImageSubcommand.help(out);
  }
}
