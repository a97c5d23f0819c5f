package org.mimesisbench.tardis.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.log4j.FileAppender;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;

/**
 * The audit log of a NameNode in this JVM, written to a file in the standard HDFS format (the
 * appender Hadoop's log4j.properties gives {@code hdfs.audit.logger}), so a run against it can be
 * parsed back with {@code parse --audit} (a run's {@code --capture-audit}) and scored.
 */
public final class NameNodeAuditLog implements AutoCloseable {
  /** The NameNode's audit logger (FSNamesystem.auditLog). */
  public static final String LOGGER = "org.apache.hadoop.hdfs.server.namenode.FSNamesystem.audit";

  private static final String LAYOUT = "%d{ISO8601} %p %c{2}: %m%n";

  /**
   * The same lines with the thread that logged each: a NameNode logs a call on the RPC handler that
   * served it, whose name ends with its port ("IPC Server handler 3 on default port 41733").
   */
  private static final String BY_HANDLER_LAYOUT = "%d{ISO8601} [%t] %m%n";

  private final List<FileAppender> appenders;
  private final Path file;
  private final Path byHandler;

  private NameNodeAuditLog(List<FileAppender> appenders, Path file, Path byHandler) {
    this.appenders = appenders;
    this.file = file;
    this.byHandler = byHandler;
  }

  /**
   * Starts writing the audit log of this JVM's NameNode to {@code file} (replaced if there); call
   * before the NameNode starts.
   */
  public static NameNodeAuditLog open(Path file) throws IOException {
    return open(file, false);
  }

  /**
   * As {@link #open(Path)}; with {@code byHandler} (several NameNodes in this JVM, whose lines the
   * audit log does not tell apart) the lines go with their RPC handler to a second file too, {@link
   * #byHandler()}: which NameNode served a call, an Observer's stale read for one.
   */
  public static NameNodeAuditLog open(Path file, boolean byHandler) throws IOException {
    List<FileAppender> appenders = new ArrayList<>();
    appenders.add(appender(LAYOUT, file, "mimesisbench-audit"));
    Path handlers = byHandler ? handlersFile(file) : null;
    if (handlers != null) {
      appenders.add(appender(BY_HANDLER_LAYOUT, handlers, "mimesisbench-audit-by-handler"));
    }
    Logger logger = Logger.getLogger(LOGGER);
    logger.setLevel(Level.INFO);
    logger.setAdditivity(false); // the audit lines go to their file only, not the console
    appenders.forEach(logger::addAppender);
    return new NameNodeAuditLog(appenders, file, handlers);
  }

  private static FileAppender appender(String layout, Path file, String name) throws IOException {
    FileAppender appender = new FileAppender(new PatternLayout(layout), file.toString(), false);
    appender.setName(name);
    return appender;
  }

  /** The by-handler file beside {@code file}: its name with "-by-handler" before its extension. */
  public static Path handlersFile(Path file) {
    String name = file.getFileName().toString();
    int dot = name.lastIndexOf('.');
    String by =
        dot > 0
            ? name.substring(0, dot) + "-by-handler" + name.substring(dot)
            : name + "-by-handler";
    return file.resolveSibling(by);
  }

  public Path file() {
    return file;
  }

  /** The lines with the handler that logged each, or null when not written. */
  public Path byHandler() {
    return byHandler;
  }

  @Override
  public void close() {
    for (FileAppender appender : appenders) {
      Logger.getLogger(LOGGER).removeAppender(appender);
      appender.close();
    }
  }
}
