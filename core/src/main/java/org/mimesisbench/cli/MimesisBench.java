package org.mimesisbench.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.GenericOptionsParser;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.output.AtomicOutputDir;
import org.mimesisbench.output.Durations;
import org.mimesisbench.output.HadoopLog;
import org.mimesisbench.output.OutputProblems;

/**
 * The entry point of {@code mimesisbench.jar}: {@code java -jar mimesisbench.jar <command> ...} or
 * {@code hadoop jar mimesisbench.jar <command> ...}. A Hadoop {@link Tool} run by {@link
 * ToolRunner}, so generic options before the command work as everywhere in Hadoop; those after it
 * ({@code parse ... -D k=v}) are applied too. Finds the command and turns failures into exit codes:
 * bad input is one line on stderr and exit 2, the stack trace only under {@code --verbose}.
 */
public final class MimesisBench extends Configured implements Tool {
  /**
   * Set in the configuration a command gets when {@code --verbose} is given: commands that quiet a
   * log keep it.
   */
  public static final String VERBOSE = HadoopLog.VERBOSE;

  private final PrintStream out;
  private final PrintStream err;

  public MimesisBench(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  public static void main(String[] args) {
    consoleThatWritesMicros();
    prepareAhead(args);
    int code;
    try {
      code = ToolRunner.run(new Configuration(), new MimesisBench(System.out, System.err), args);
    } catch (Exception e) { // ToolRunner's own option parsing, e.g. -conf of a missing file
      System.err.println("mimesisbench: bad generic option: " + e.getMessage());
      code = ExitCodes.BAD_INPUT;
    }
    System.exit(code);
  }

  /**
   * Makes stdout and stderr UTF-8 when the locale's charset cannot write "µs" (a C or POSIX locale:
   * ASCII, where it would print "?s"), as Python does in such a locale; else leaves them.
   */
  static void consoleThatWritesMicros() {
    if (Charset.defaultCharset().newEncoder().canEncode(Durations.MICROS)) {
      return;
    }
    System.setOut(utf8(FileDescriptor.out));
    System.setErr(utf8(FileDescriptor.err));
  }

  private static PrintStream utf8(FileDescriptor fd) {
    // as the JVM makes System.out, but UTF-8
    return new PrintStream(
        new BufferedOutputStream(new FileOutputStream(fd), 128), true, StandardCharsets.UTF_8);
  }

  @Override
  public int run(String[] args) {
    return execute(getConf() == null ? new Configuration() : getConf(), args);
  }

  /** Runs one command line and returns its exit code; never calls System.exit. */
  public int execute(Configuration conf, String[] argv) {
    boolean verbose = false;
    AtomicOutputDir.abandoned(); // an earlier command's, on this thread (tests run many)
    try {
      GenericOptions split = new GenericOptions(argv);
      verbose = split.rest.remove("--verbose");
      if (split.rest.isEmpty()
          || split.rest.get(0).equals("--help")
          || split.rest.get(0).equals("help")) {
        usage(out);
        return split.rest.isEmpty() ? ExitCodes.BAD_INPUT : ExitCodes.OK;
      }
      if (split.rest.get(0).equals("--version")) {
        out.println("mimesisbench " + version());
        return ExitCodes.OK;
      }
      Command command = commands().get(split.rest.get(0));
      if (command == null) {
        err.println("mimesisbench: unknown command '" + split.rest.get(0) + "' (see --help)");
        return ExitCodes.BAD_INPUT;
      }
      if (!split.generic.isEmpty()) {
        GenericOptionsParser parser =
            new GenericOptionsParser(conf, split.generic.toArray(new String[0]));
        if (parser.getRemainingArgs().length > 0) {
          throw new BadInputException("cannot read generic options " + split.generic);
        }
      }
      if (verbose) {
        conf.setBoolean(VERBOSE, true);
      }
      String[] rest = split.rest.subList(1, split.rest.size()).toArray(new String[0]);
      return command.run(conf, rest, out);
    } catch (BadInputException e) {
      if (shuttingDown()) {
        return ExitCodes.FAILED; // SIGTERM or Ctrl-C: the command's hook says so, in one line
      }
      err.println("mimesisbench: " + e.getMessage());
      if (verbose) {
        e.printStackTrace(err);
      }
      return ExitCodes.BAD_INPUT;
    } catch (Exception | Error e) {
      if (shuttingDown()) {
        return ExitCodes.FAILED; // what stopped under the command was the interrupt itself
      }
      String storage = OutputProblems.storageReason(e);
      if (storage
          != null) { // a full or read-only disk: the user picks another --out, as for bad input
        String where = AtomicOutputDir.abandoned();
        err.println(
            "mimesisbench: " + (where == null ? "" : where + ": ") + "cannot write: " + storage);
        if (verbose) {
          e.printStackTrace(err);
        }
        return ExitCodes.BAD_INPUT;
      }
      err.println("mimesisbench: failed: " + e);
      if (verbose) {
        e.printStackTrace(err);
      } else {
        err.println("(run again with --verbose for the stack trace)");
      }
      return ExitCodes.FAILED;
    }
  }

  /**
   * Whether the JVM is shutting down (SIGTERM, Ctrl-C): a command's failure then is the interrupt's
   * doing, which the command's shutdown hook reports in one line.
   */
  static boolean shuttingDown() {
    Thread probe = new Thread(() -> {});
    try {
      Runtime.getRuntime().addShutdownHook(probe);
      Runtime.getRuntime().removeShutdownHook(probe);
      return false;
    } catch (IllegalStateException e) {
      return true;
    }
  }

  /**
   * Starts the named command's {@link Command#prepare} on a daemon thread; run waits for nothing.
   */
  private static void prepareAhead(String[] args) {
    Thread t =
        new Thread(
            () -> {
              try {
                List<String> rest = new GenericOptions(args).rest;
                Command command = rest.isEmpty() ? null : commands().get(rest.get(0));
                if (command != null) {
                  command.prepare();
                }
              } catch (RuntimeException | LinkageError e) {
                // run meets the same failure on the main thread and reports it there
              }
            },
            "prepare");
    t.setDaemon(true);
    t.start();
  }

  static Map<String, Command> commands() {
    Map<String, Command> byName = new TreeMap<>();
    for (Command c : ServiceLoader.load(Command.class)) {
      byName.put(c.name(), c);
    }
    return byName;
  }

  private void usage(PrintStream to) {
    to.println(
        "usage: mimesisbench.jar <command> [options] [-D key=value] [-conf file] [-fs uri] [--verbose]");
    to.println("commands:");
    for (Command c : commands().values()) {
      to.printf("  %-12s %s%n", c.name(), c.summary());
    }
    to.println("Each command takes --help.");
  }

  private static String version() {
    String v = MimesisBench.class.getPackage().getImplementationVersion();
    return v == null ? "(development build)" : v;
  }
}
