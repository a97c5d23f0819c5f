package org.mimesisbench.cli;

import java.io.PrintStream;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.errors.BadInputException;

/**
 * One subcommand of {@code mimesisbench.jar}. Implementations are found with {@link
 * java.util.ServiceLoader}, so each module registers its own commands in {@code
 * META-INF/services/org.mimesisbench.cli.Command} and the dispatcher depends on none of them.
 *
 * <p>Lifecycle: a no-argument constructor, then one {@link #run} call.
 */
public interface Command {

  /** The word that selects this command, e.g. {@code parse}. */
  String name();

  /** One line for the command list. */
  String summary();

  /**
   * Runs the command.
   *
   * @param conf the Hadoop configuration, with {@code -D}, {@code -conf} and {@code -fs} applied
   * @param args the command's own arguments, generic options removed
   * @param out where results, progress and help go (stdout, or a test's buffer)
   * @return the exit code: 0 success, 1 the work failed, 2 bad input
   * @throws BadInputException for input or options the user must fix (exit code 2)
   */
  int run(Configuration conf, String[] args, PrintStream out) throws Exception;

  /**
   * Loads what {@link #run} needs first and costs time to load (schemas, native codecs). Called on
   * a thread of its own at start-up, while the main thread sets up Hadoop's configuration and
   * logging, so the two overlap on a machine's cores. Must be safe to skip and to race with run.
   */
  default void prepare() {}
}
