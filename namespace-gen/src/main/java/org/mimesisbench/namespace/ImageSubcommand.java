package org.mimesisbench.namespace;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.function.IntFunction;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.security.UserGroupInformation;
import org.mimesisbench.cli.CommandLines;
import org.mimesisbench.cli.ExitCodes;
import org.mimesisbench.cli.ProgressLine;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.namespace.generate.GeneratedNamespace;
import org.mimesisbench.namespace.image.FileBlocks;
import org.mimesisbench.namespace.image.FsImageWriter;
import org.mimesisbench.namespace.image.NameDirectoryWriter;
import org.mimesisbench.namespace.image.ProfileSizes;
import org.mimesisbench.namespace.materialize.BasePath;
import org.mimesisbench.profile.FileSizeModel;

/**
 * {@code namespace image (--namespace <dir> | --stats S --dirs N [--files M] [--seed s]) --out
 * <name dir> [--base /mimesis]}: a NameNode name directory whose fsimage holds the namespace under
 * the base, to start a NameNode on in seconds instead of creating the entries through RPC. Only
 * adapts the command line to {@link NameDirectoryWriter} and {@link FsImageWriter}.
 */
final class ImageSubcommand {
  static final String COMMAND = "namespace image";
  static final String BASE_DEFAULT = "/mimesis";
  static final long HISTORY_DAYS_DEFAULT = 365;
  private static final long DAY_MILLIS = 86_400_000L;

  private ImageSubcommand() {}

  static Options options() {
    Options o = new Options();
    o.addOption(
        Option.builder()
            .longOpt("namespace")
            .hasArg()
            .argName("dir")
            .desc("a directory holding namespace.avro from namespace generate")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("stats")
            .hasArg()
            .argName("file|dir")
            .desc(
                "instead of --namespace: generate from these statistics (a mimesis.properties or a profile "
                    + "directory), as namespace generate would")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("dirs")
            .hasArg()
            .argName("n")
            .desc("with --stats: directories")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("files")
            .hasArg()
            .argName("m")
            .desc("with --stats: files")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("seed")
            .hasArg()
            .argName("s")
            .desc("seed of the namespace (with --stats) and of the files' sizes (default 0)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("out")
            .hasArg()
            .argName("dir")
            .desc("the name directory to write; absent or empty (required)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("base")
            .hasArg()
            .argName("path")
            .desc(
                "where the namespace's / goes in the image (default "
                    + BASE_DEFAULT
                    + "; never the root)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("owner")
            .hasArg()
            .argName("user")
            .desc(
                "owner of every entry (default: the current user, who is the embedded NameNode's superuser)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("group")
            .hasArg()
            .argName("group")
            .desc("group of every entry (default: dfs.permissions.superusergroup, supergroup)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("time")
            .hasArg()
            .argName("instant")
            .desc("when the last entry was made, ISO-8601 (default: now)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("history-days")
            .hasArg()
            .argName("d")
            .desc(
                "the entries were made one after another over this many days (default "
                    + HISTORY_DAYS_DEFAULT
                    + ")")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("sizes")
            .hasArg()
            .argName("profile dir")
            .desc(
                "give each file its size, block size and replication from this profile's file types "
                    + "(default: the --stats profile); files are empty when it has no sizes")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("zero-size")
            .desc("every file empty (no blocks), even when the profile has sizes")
            .build());
    o.addOption(Option.builder().longOpt("quiet").desc("no progress or summary on stdout").build());
    o.addOption(Option.builder().longOpt("help").desc("this help").build());
    return o;
  }

  static int run(Configuration conf, String[] args, PrintStream out) throws Exception {
    CommandLine cl = CommandLines.parse(COMMAND, options(), args, "out");
    if (cl.hasOption("help")) {
      help(out);
      return ExitCodes.OK;
    }
    if (cl.hasOption("namespace") == cl.hasOption("stats")) {
      throw new BadInputException(COMMAND + ": give one of --namespace <dir> and --stats");
    }
    Path outDir = Path.of(cl.getOptionValue("out"));
    NameDirectoryWriter.checkOut(COMMAND + ": --out", outDir); // before generating for minutes
    String base = cl.getOptionValue("base", BASE_DEFAULT);
    BasePath.of(base, new org.apache.hadoop.fs.Path(base)); // refuses the root, '.' and '..'
    if (!base.startsWith("/") || base.contains(":")) {
      throw new BadInputException(
          COMMAND + ": --base " + base + ": an absolute path in the image, e.g. /mimesis");
    }
    String owner =
        cl.getOptionValue("owner", UserGroupInformation.getCurrentUser().getShortUserName());
    String group =
        cl.getOptionValue(
            "group",
            conf.get(
                DFSConfigKeys.DFS_PERMISSIONS_SUPERUSERGROUP_KEY,
                DFSConfigKeys.DFS_PERMISSIONS_SUPERUSERGROUP_DEFAULT));
    long end;
    try {
      end =
          cl.hasOption("time")
              ? Instant.parse(cl.getOptionValue("time")).toEpochMilli()
              : System.currentTimeMillis();
    } catch (DateTimeParseException e) {
      throw new BadInputException(
          COMMAND
              + ": --time "
              + cl.getOptionValue("time")
              + ": not an ISO-8601 instant (e.g. 2011-06-01T00:00:00Z)");
    }
    long days = CommandLines.whole(cl, COMMAND, "history-days", HISTORY_DAYS_DEFAULT);
    if (days < 0 || days > 36_500) {
      throw new BadInputException(COMMAND + ": --history-days " + days + ": between 0 and 36500");
    }
    PrintStream progress = cl.hasOption("quiet") ? null : out;
    if (cl.hasOption("sizes") && cl.hasOption("zero-size")) {
      throw new BadInputException(COMMAND + ": give one of --sizes and --zero-size");
    }
    IntFunction<FileSizeModel> sizes = sizes(cl);

    long start = System.nanoTime();
    GeneratedNamespace ns = MaterializeSubcommand.namespace(cl, COMMAND);
    double generated = (System.nanoTime() - start) / 1e9;
    ProgressLine line = new ProgressLine(progress, COMMAND, "inodes");
    long[] written = {0};
    int replication =
        conf.getInt(DFSConfigKeys.DFS_REPLICATION_KEY, DFSConfigKeys.DFS_REPLICATION_DEFAULT);
    FsImageWriter writer =
        new FsImageWriter(
            ns,
            base,
            owner,
            group,
            end,
            days * DAY_MILLIS,
            replication,
            () -> line.tick(++written[0]));
    if (sizes
        != null) { // the namespace's seed draws the sizes too: the same options, the same image
      writer.withBlocks(
          new FileBlocks(sizes, CommandLines.whole(cl, COMMAND, "seed", 0), (short) replication));
    }
    NameDirectoryWriter.write(conf, writer, COMMAND + ": --out", outDir);
    line.done(written[0]);
    if (progress != null) {
      out.printf(
          "wrote an fsimage of %,d directories and %,d files under %s, %,d inodes in all "
              + "(namespace %.1f s, image %.1f s)%n",
          ns.directories() + 1L,
          ns.files(),
          base,
          writer.inodes(),
          generated,
          (System.nanoTime() - start) / 1e9 - generated);
      if (sizes != null) {
        out.printf(
            "files hold %,d bytes in %,d blocks (sizes from the profile's file types)%n",
            writer.bytes(), writer.blocks());
      }
      out.println(
          "name directory: "
              + outDir
              + " (start a NameNode on it: cluster --name-dir "
              + outDir
              + ")");
    }
    return ExitCodes.OK;
  }

  /** The sizes files get: --sizes, else the --stats profile's; null for empty files. */
  private static IntFunction<FileSizeModel> sizes(CommandLine cl) throws java.io.IOException {
    if (cl.hasOption("zero-size")) {
      return null;
    }
    if (cl.hasOption("sizes")) {
      Path dir = Path.of(cl.getOptionValue("sizes"));
      if (!java.nio.file.Files.isDirectory(dir)) {
        throw new BadInputException(
            COMMAND + ": --sizes " + dir + ": not a profile directory (profile.avro's folder)");
      }
      IntFunction<FileSizeModel> s = ProfileSizes.read(dir);
      if (s == null) {
        throw new BadInputException(
            COMMAND + ": --sizes " + dir + ": the profile's file types have no sizes");
      }
      return s;
    }
    if (cl.hasOption("stats")
        && java.nio.file.Files.isDirectory(Path.of(cl.getOptionValue("stats")))) {
      return ProfileSizes.read(Path.of(cl.getOptionValue("stats")));
    }
    return null;
  }

  static void help(PrintStream out) {
    PrintWriter w = new PrintWriter(out);
    new HelpFormatter()
        .printHelp(
            w,
            100,
            "mimesisbench.jar namespace image (--namespace <dir> | --stats S --dirs N [--files M] [--seed s]) "
                + "--out <name dir> [--base /mimesis]",
            "\nWrites a NameNode name directory (current/VERSION, seen_txid, fsimage_0 and its .md5) whose "
                + "image holds the namespace under --base: what materialize would create, loaded by a NameNode "
                + "in minutes instead of hours. When the profile (--stats, or --sizes) has file sizes, each file "
                + "gets its blocks (ids, generation stamps, lengths, replication), drawn with --seed; "
                + "else files are empty. cluster --name-dir starts DataNodes that hold them.\n\n",
            options(),
            2,
            4,
            "\nExample: mimesisbench.jar namespace image --stats profiles/yahoo-2011/ --dirs 100000 --seed 1 "
                + "--out nn-image/\n"
                + "         mimesisbench.jar namespace image --namespace ns/ --sizes profiles/yahoo-2011/ "
                + "--seed 1 --out nn-image/",
            true);
    w.flush();
  }
}
