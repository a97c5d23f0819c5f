package org.mimesisbench.generator.infra;

import java.util.ArrayList;
import java.util.List;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;
import org.apache.log4j.spi.ThrowableInformation;
import org.mimesisbench.cli.Messages;

/**
 * The MapReduce log while a job runs in this JVM (the local job runner). A failed task is logged
 * there as WARNs with stack traces, by the task and by the runner, and the job keeps no other
 * record of why: the runner's failure (else the first one logged) is kept here for the run's
 * one-line message, and the log stays off the terminal unless {@code --verbose}.
 */
public final class LocalRunnerLog extends AppenderSkeleton implements AutoCloseable {
  static final String RUNNER = "org.apache.hadoop.mapred.LocalJobRunner";

  /** Where the runner and the tasks log (MapTask, ReduceTask, Task, the output committers). */
  private static final String[] LOGGERS = {
    "org.apache.hadoop.mapred", "org.apache.hadoop.mapreduce"
  };

  private final List<Logger> loggers = new ArrayList<>();
  private final List<Boolean> additive = new ArrayList<>();
  private volatile Throwable runner;
  private volatile Throwable first;

  /** Starts keeping the log; {@code verbose} prints it as well. */
  public LocalRunnerLog(boolean verbose) {
    setName("mimesisbench-local-runner");
    for (String name : LOGGERS) {
      Logger logger = Logger.getLogger(name);
      loggers.add(logger);
      additive.add(logger.getAdditivity());
      logger.setAdditivity(verbose && logger.getAdditivity());
      logger.addAppender(this);
    }
  }

  @Override
  protected void append(LoggingEvent event) {
    ThrowableInformation t = event.getThrowableInformation();
    if (t == null || t.getThrowable() == null) {
      return;
    }
    if (runner == null && RUNNER.equals(event.getLoggerName())) {
      runner = t.getThrowable();
    }
    if (first == null) {
      first = t.getThrowable();
    }
  }

  /**
   * The job's failure as logged, in one line (the task's exception, not the runner's wrapper); null
   * if none.
   */
  public String failure() {
    Throwable t = runner != null ? runner : first;
    if (t == null) {
      return null;
    }
    // the runner wraps the task's exception in a plain java.lang.Exception
    Throwable cause = t.getClass() == Exception.class && t.getCause() != null ? t.getCause() : t;
    return cause.getClass().getSimpleName() + ": " + Messages.firstLine(cause);
  }

  /**
   * Puts the loggers back as they were; once only (log4j closes an appender again when it is
   * collected).
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (int i = 0; i < loggers.size(); i++) {
      loggers.get(i).removeAppender(this);
      loggers.get(i).setAdditivity(additive.get(i));
    }
  }

  @Override
  public boolean requiresLayout() {
    return false;
  }
}
