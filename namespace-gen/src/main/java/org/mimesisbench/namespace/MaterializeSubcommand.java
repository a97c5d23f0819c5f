package org.mimesisbench.namespace;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.mimesisbench.cli.CommandLines;
import org.mimesisbench.cli.ExitCodes;
import org.mimesisbench.cli.ProgressLine;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.fs.FileSystemProbe;
import org.mimesisbench.namespace.generate.GeneratedNamespace;
import org.mimesisbench.namespace.generate.GeneratedNamespaceReader;
import org.mimesisbench.namespace.generate.NamespaceGenerator;
import org.mimesisbench.namespace.materialize.BasePath;
import org.mimesisbench.namespace.materialize.MaterializeCounts;
import org.mimesisbench.namespace.materialize.MaterializePlan;
import org.mimesisbench.namespace.materialize.NamespaceConflictException;
import org.mimesisbench.namespace.materialize.NamespaceMaterializer;
import org.mimesisbench.namespace.materialize.OpenFileCloser;
import org.mimesisbench.namespace.stats.NamespaceStats;
import org.mimesisbench.namespace.stats.StatsSource;

/**
 * {@code namespace materialize (--namespace <dir> | --stats S --dirs N [--files M] [--seed s])
 * --base <path|URI> [--threads T]}: creates the namespace under the base in its file system, on a
 * thread pool, resumably. Only adapts the command line to {@link NamespaceMaterializer}.
 */
final class MaterializeSubcommand {
  static final int THREADS_DEFAULT = 16;

  /** Shares per thread: more, smaller shares even out threads that draw slow subtrees. */
  static final int SHARES_PER_THREAD = 4;

  private MaterializeSubcommand() {}

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
                "instead of --namespace: generate from these statistics, as namespace generate would")
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
            .desc("with --stats: seed (default 0)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("base")
            .hasArg()
            .argName("path|URI")
            .desc(
                "where the namespace's / goes, e.g. hdfs://nn:8020/mimesis (required; never a root)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("threads")
            .hasArg()
            .argName("t")
            .desc("client threads (default " + THREADS_DEFAULT + ")")
            .build());
    o.addOption(Option.builder().longOpt("quiet").desc("no progress or summary on stdout").build());
    o.addOption(Option.builder().longOpt("help").desc("this help").build());
    return o;
  }

  static int run(Configuration conf, String[] args, PrintStream out) throws Exception {
    CommandLine cl = CommandLines.parse("namespace materialize", options(), args, "base");
    if (cl.hasOption("help")) {
      help(out);
      return ExitCodes.OK;
    }
    if (cl.hasOption("namespace") == cl.hasOption("stats")) {
      throw new BadInputException(
          "namespace materialize: give one of --namespace <dir> and --stats");
    }
    int threads = (int) whole(cl, "threads", THREADS_DEFAULT);
    if (threads < 1) {
      throw new BadInputException("namespace materialize: --threads must be at least 1");
    }
    PrintStream progress = cl.hasOption("quiet") ? null : out;
    String given = cl.getOptionValue("base");
    if (given.isBlank()) {
      throw new BadInputException("namespace materialize: --base is empty");
    }
    Path raw = new Path(given);
    GeneratedNamespace ns = namespace(cl, "namespace materialize");
    FileSystem fs = raw.getFileSystem(conf);
    if (fs instanceof ChecksumFileSystem checksummed) {
      fs =
          checksummed
              .getRawFileSystem(); // no .crc side files: only the namespace's entries under the
      // base
    }
    BasePath base = BasePath.of(given, fs.makeQualified(raw));
    FileSystemProbe.check(
        "namespace materialize: --base", raw, conf); // seconds, not Hadoop's minutes

    long start = System.nanoTime();
    boolean resume = fs.exists(base.path());
    MaterializeCounts counts = materialize(fs, base, ns, resume, threads, progress);
    double seconds = (System.nanoTime() - start) / 1e9;
    long closed = resume ? OpenFileCloser.closeUnder(fs, base.path()) : 0;
    if (progress != null) {
      long entries = counts.created() + counts.present();
      out.printf(
          "materialized %,d entries under %s in %.1f s (%,.0f entries/s, %d threads)%n",
          entries, base, seconds, entries / seconds, threads);
      out.println(counts);
      if (closed > 0) {
        out.printf("closed %,d files a previous run left open%n", closed);
      } else if (closed < 0) {
        out.println(
            "files a previous run left open, if any, are closed by the NameNode's lease recovery");
      }
    }
    return ExitCodes.OK;
  }

  /** Runs the top, then the shares on {@code threads} threads; the first failure stops the rest. */
  static MaterializeCounts materialize(
      FileSystem fs,
      BasePath base,
      GeneratedNamespace ns,
      boolean resume,
      int threads,
      PrintStream progress)
      throws IOException, InterruptedException {
    MaterializePlan plan = MaterializePlan.of(ns, threads * SHARES_PER_THREAD);
    NamespaceMaterializer m = new NamespaceMaterializer(fs, base, ns, resume);
    ProgressLine line = new ProgressLine(progress, "namespace materialize", "entries");
    AtomicLong done = new AtomicLong();
    Runnable tick = () -> line.tick(done.incrementAndGet());
    MaterializeCounts total = new MaterializeCounts();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      total.add(m.top(plan.top(), tick));
      List<Future<MaterializeCounts>> shares = new ArrayList<>();
      for (int i = 0; i < plan.shareCount(); i++) {
        List<MaterializePlan.Unit> units = plan.share(i);
        shares.add(pool.submit(() -> m.share(units, tick)));
      }
      for (Future<MaterializeCounts> f : shares) {
        total.add(f.get());
      }
    } catch (ExecutionException e) {
      pool.shutdownNow();
      Throwable cause = e.getCause();
      if (cause instanceof NamespaceConflictException c) {
        throw new BadInputException("namespace materialize: " + c.getMessage(), c);
      }
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      throw new IOException(cause);
    } catch (NamespaceConflictException c) {
      throw new BadInputException("namespace materialize: " + c.getMessage(), c);
    } finally {
      pool.shutdownNow();
    }
    line.done(done.get());
    return total;
  }

  /**
   * The namespace of --namespace (namespace generate's output) or of --stats, --dirs, --files,
   * --seed.
   */
  static GeneratedNamespace namespace(CommandLine cl, String command) throws IOException {
    if (cl.hasOption("namespace")) {
      java.nio.file.Path avro =
          java.nio.file.Path.of(cl.getOptionValue("namespace"), NamespaceCommand.NAMESPACE_FILE);
      if (!Files.isRegularFile(avro)) {
        throw new BadInputException(
            command + ": " + avro + ": no such file (give namespace generate's --out)");
      }
      return GeneratedNamespaceReader.read(avro);
    }
    if (!cl.hasOption("dirs")) {
      throw new BadInputException(command + ": --dirs is required with --stats");
    }
    NamespaceStats stats = StatsSource.read(java.nio.file.Path.of(cl.getOptionValue("stats")));
    long dirs = CommandLines.whole(cl, command, "dirs", 0);
    long files =
        cl.hasOption("files")
            ? CommandLines.whole(cl, command, "files", 0)
            : Math.round(dirs * stats.filesPerDirectory());
    if (dirs < 0 || files < 0) {
      throw new BadInputException(command + ": --dirs and --files must not be negative");
    }
    return NamespaceGenerator.generate(
        stats, dirs, files, CommandLines.whole(cl, command, "seed", 0));
  }

  private static long whole(CommandLine cl, String option, long dflt) {
    return CommandLines.whole(cl, "namespace materialize", option, dflt);
  }

  static void help(PrintStream out) {
    PrintWriter w = new PrintWriter(out);
    new HelpFormatter()
        .printHelp(
            w,
            100,
            "mimesisbench.jar namespace materialize (--namespace <dir> | --stats S --dirs N [--files M] [--seed s]) --base <path|URI> [--threads T]",
            "\nCreates the namespace under --base (its / is the base): directories with mkdirs, files "
                + "zero-length, parents first, in parallel. Rerun after a crash to finish: entries "
                + "already there count as done.\n\n",
            options(),
            2,
            4,
            "\nExample: mimesisbench.jar namespace materialize --namespace ns/ --base hdfs://nn:8020/mimesis --threads 16",
            true);
    w.flush();
  }
}
