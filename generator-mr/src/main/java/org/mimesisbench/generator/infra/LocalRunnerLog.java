package org.mimesisbench.generator.infra;

import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;
import org.apache.log4j.spi.ThrowableInformation;
import org.mimesisbench.cli.Messages;

/**
 * The local job runner's log while a job runs. A failed task is logged there as a WARN with its
 * stack trace, and the job keeps no other record of why: the first failure is kept here for the
 * run's one-line message, and the log stays off the terminal unless {@code --verbose}.
 */
public final class LocalRunnerLog extends AppenderSkeleton implements AutoCloseable {
  static final String LOGGER = "org.apache.hadoop.mapred.LocalJobRunner";

  private final Logger logger = Logger.getLogger(LOGGER);
  private final boolean additive;
  private volatile Throwable first;

  /** Starts keeping the log; {@code verbose} prints it as well. */
  public LocalRunnerLog(boolean verbose) {
    setName("mimesisbench-local-runner");
    additive = logger.getAdditivity();
    logger.setAdditivity(verbose && additive);
    logger.addAppender(this);
  }

  @Override
  protected void append(LoggingEvent event) {
    ThrowableInformation t = event.getThrowableInformation();
    if (first == null && t != null && t.getThrowable() != null) {
      first = t.getThrowable();
    }
  }

  /** The first failure logged, as one line (the task's exception, not the runner's wrapper); null if none. */
  public String failure() {
    Throwable t = first;
    if (t == null) {
      return null;
    }
    // the runner wraps the task's exception in a plain java.lang.Exception
    Throwable cause = t.getClass() == Exception.class && t.getCause() != null ? t.getCause() : t;
    return cause.getClass().getSimpleName() + ": " + Messages.firstLine(cause);
  }

  @Override
  public void close() {
    logger.removeAppender(this);
    logger.setAdditivity(additive);
  }

  @Override
  public boolean requiresLayout() {
    return false;
  }
}
