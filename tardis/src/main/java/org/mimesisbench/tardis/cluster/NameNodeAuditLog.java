package org.mimesisbench.tardis.cluster;

import java.io.IOException;
import java.nio.file.Path;
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

  private final FileAppender appender;
  private final Path file;

  private NameNodeAuditLog(FileAppender appender, Path file) {
    this.appender = appender;
    this.file = file;
  }

  /**
   * Starts writing the audit log of this JVM's NameNode to {@code file} (replaced if there); call
   * before the NameNode starts.
   */
  public static NameNodeAuditLog open(Path file) throws IOException {
    FileAppender appender = new FileAppender(new PatternLayout(LAYOUT), file.toString(), false);
    appender.setName("mimesisbench-audit");
    Logger logger = Logger.getLogger(LOGGER);
    logger.setLevel(Level.INFO);
    logger.setAdditivity(false); // the audit lines go to their file only, not the console
    logger.addAppender(appender);
    return new NameNodeAuditLog(appender, file);
  }

  public Path file() {
    return file;
  }

  @Override
  public void close() {
    Logger.getLogger(LOGGER).removeAppender(appender);
    appender.close();
  }
}
