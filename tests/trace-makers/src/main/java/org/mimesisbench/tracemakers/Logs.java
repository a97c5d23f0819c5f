package org.mimesisbench.tracemakers;

import java.io.File;
import java.io.IOException;
import org.apache.log4j.Appender;
import org.apache.log4j.FileAppender;
import org.apache.log4j.Level;
import org.apache.log4j.LogManager;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.RollingFileAppender;

/**
 * Programmatic log4j 1.x (reload4j) set-up: Hadoop's own logging goes to a file under the work
 * directory, the NameNode audit logger gets appenders of its own that are swapped at the trace
 * boundaries.
 */
final class Logs {

  /** The NameNode's audit logger (FSNamesystem.AUDIT_LOG). */
  static final String AUDIT_LOGGER = "org.apache.hadoop.hdfs.server.namenode.FSNamesystem.audit";

  /** The stock hdfs-audit.log layout of Hadoop's log4j.properties (RFAAUDIT). */
  static final String AUDIT_LAYOUT = "%d{ISO8601} %p %c{2}: %m%n";

  private static Appender current;

  private Logs() {}

  /** Replace whatever log4j found on the class path with a file appender. */
  static void configureHadoopLogging(File logFile) throws IOException {
    LogManager.resetConfiguration();
    Logger root = Logger.getRootLogger();
    root.setLevel(Level.INFO);
    FileAppender fa =
        new FileAppender(
            new PatternLayout("%d{ISO8601} %-5p [%t] %c{2}: %m%n"), logFile.getPath(), false);
    fa.setName("hadoop-file");
    root.addAppender(fa);
    // Very chatty and useless here.
    Logger.getLogger("org.apache.hadoop.hdfs.server.datanode.DataNode.clienttrace")
        .setLevel(Level.WARN);
    Logger audit = Logger.getLogger(AUDIT_LOGGER);
    audit.setLevel(Level.INFO);
    audit.setAdditivity(false);
  }

  /** Send audit events to a single plain file (used outside the traced window). */
  static synchronized void auditToPlainFile(File f) throws IOException {
    FileAppender fa = new FileAppender(new PatternLayout(AUDIT_LAYOUT), f.getPath(), false);
    fa.setName("audit-" + f.getName());
    swap(fa);
  }

  /** Send audit events to a rolling hdfs-audit.log like a production NameNode. */
  static synchronized RollingFileAppender auditToRollingFile(
      File f, long maxBytes, int maxBackups) {
    RollingFileAppender ra = new RollingFileAppender();
    ra.setName("RFAAUDIT");
    ra.setLayout(new PatternLayout(AUDIT_LAYOUT));
    ra.setFile(f.getPath());
    ra.setAppend(false);
    ra.setMaximumFileSize(maxBytes);
    ra.setMaxBackupIndex(maxBackups);
    ra.activateOptions();
    swap(ra);
    return ra;
  }

  private static void swap(Appender next) {
    Logger audit = Logger.getLogger(AUDIT_LOGGER);
    // Add the new one first so that no event can fall between the two.
    audit.addAppender(next);
    if (current != null) {
      audit.removeAppender(current);
      current.close();
    }
    current = next;
  }

  static synchronized void closeAudit() {
    if (current != null) {
      Logger.getLogger(AUDIT_LOGGER).removeAppender(current);
      current.close();
      current = null;
    }
  }
}
