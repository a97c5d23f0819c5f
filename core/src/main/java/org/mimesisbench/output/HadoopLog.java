package org.mimesisbench.output;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.log4j.Appender;
import org.apache.log4j.FileAppender;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.folders.ResultsFolder;

/**
 * Hadoop's (and the other libraries') log lines while a command runs a NameNode or jobs, written to
 * a file beside its results instead of the console: a client retrying a DataNode pipeline or a
 * killed job's tasks warn with stack traces that say nothing to a benchmark user, whose console
 * keeps the command's own lines (its failures still reach it, in one line, from the entry point).
 * WARN and above unless {@code --verbose} (INFO) or {@code -D mimesisbench.log.level} says more.
 * While several are open (runs in one JVM) each file gets every line; the console's appenders come
 * back when the last one closes.
 */
public final class HadoopLog implements AutoCloseable {
  /** Set by the entry point's --verbose: Hadoop's INFO lines are kept too. */
  public static final String VERBOSE = "mimesisbench.verbose";

  /** The log file's name in a run's results. */
  public static final String FILE = ResultsFolder.HADOOP_LOG;

  /** A log4j level for the file (e.g. INFO, DEBUG): more than the default WARN. */
  public static final String LEVEL = "mimesisbench.log.level";

  private static final String LAYOUT = "%d{ISO8601} %p %c{2}: %m%n";
  private static final Object LOCK = new Object();
  private static final List<Appender> console = new ArrayList<>(); // under LOCK, while any is open
  private static int open; // under LOCK
  private static Level rootLevel; // under LOCK: the level before the first was opened

  private final FileAppender file;
  private boolean closed;

  private HadoopLog(FileAppender file) {
    this.file = file;
  }

  /**
   * Sends the root logger's lines to {@code path} (appended to, made if absent) instead of its
   * appenders (the console) until {@link #close()}; {@code conf} says the level.
   */
  public static HadoopLog to(Path path, Configuration conf) throws IOException {
    String given = conf.get(LEVEL);
    Level level =
        given != null
            ? Level.toLevel(given.trim(), null)
            : conf.getBoolean(VERBOSE, false) ? Level.INFO : Level.WARN;
    if (level == null) {
      throw new BadInputException(
          "-D " + LEVEL + "=" + given + ": not a log level (e.g. WARN, INFO, DEBUG)");
    }
    FileAppender appender = new FileAppender(new PatternLayout(LAYOUT), path.toString(), true);
    appender.setName("mimesisbench-hadoop-log");
    Logger root = Logger.getRootLogger();
    synchronized (LOCK) {
      if (open++ == 0) {
        rootLevel = root.getLevel();
        for (Appender a : Collections.list(castAppenders(root))) {
          console.add(a);
          root.removeAppender(a); // removed, not closed: it comes back
        }
      }
      root.addAppender(appender);
      root.setLevel(level);
    }
    return new HadoopLog(appender);
  }

  @SuppressWarnings("unchecked")
  private static java.util.Enumeration<Appender> castAppenders(Logger logger) {
    return (java.util.Enumeration<Appender>) logger.getAllAppenders();
  }

  @Override
  public void close() {
    Logger root = Logger.getRootLogger();
    synchronized (LOCK) {
      if (closed) {
        return;
      }
      closed = true;
      root.removeAppender(file);
      if (--open == 0) {
        console.forEach(root::addAppender);
        console.clear();
        root.setLevel(rootLevel);
      }
    }
    file.close();
  }
}
