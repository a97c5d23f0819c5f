package org.mimesisbench.hbasetrace;

import java.io.File;
import java.io.IOException;
import org.apache.log4j.Appender;
import org.apache.log4j.FileAppender;
import org.apache.log4j.Level;
import org.apache.log4j.LogManager;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;

/**
 * Programmatic log4j 1.x (reload4j, Hadoop 3.3's binding) set-up: Hadoop's and HBase's own logs go
 * to one file, the NameNode's audit logger to a file of its own that is swapped at the trace's
 * boundaries (the same layout as tests/trace-makers' Logs).
 */
final class AuditLog {

  /** The NameNode's audit logger (FSNamesystem.AUDIT_LOG). */
  static final String AUDIT_LOGGER = "org.apache.hadoop.hdfs.server.namenode.FSNamesystem.audit";

  /** The stock hdfs-audit.log layout of Hadoop's log4j.properties (RFAAUDIT). */
  static final String AUDIT_LAYOUT = "%d{ISO8601} %p %c{2}: %m%n";

  private static Appender current;

  private AuditLog() {}

  /** Replace whatever log4j found on the class path with a file appender. */
  static void configure(File logFile) throws IOException {
    LogManager.resetConfiguration();
    Logger root = Logger.getRootLogger();
    root.setLevel(Level.INFO);
    FileAppender fa =
        new FileAppender(
            new PatternLayout("%d{ISO8601} %-5p [%t] %c{2}: %m%n"), logFile.getPath(), false);
    root.addAppender(fa);
    // Per-block lines of every DataNode: most of the log, none of the interest.
    Logger.getLogger("org.apache.hadoop.hdfs.server.datanode.DataNode.clienttrace")
        .setLevel(Level.WARN);
    Logger.getLogger("org.apache.zookeeper").setLevel(Level.WARN);
    Logger audit = Logger.getLogger(AUDIT_LOGGER);
    audit.setLevel(Level.INFO);
    audit.setAdditivity(false);
  }

  /** Send the NameNode's audit events to {@code f} from now on (a new file). */
  static synchronized void to(File f) throws IOException {
    FileAppender fa = new FileAppender(new PatternLayout(AUDIT_LAYOUT), f.getPath(), false);
    Logger audit = Logger.getLogger(AUDIT_LOGGER);
    // The new one first, so that no event falls between the two.
    audit.addAppender(fa);
    if (current != null) {
      audit.removeAppender(current);
      current.close();
    }
    current = fa;
  }

  static synchronized void close() {
    if (current != null) {
      Logger.getLogger(AUDIT_LOGGER).removeAppender(current);
      current.close();
      current = null;
    }
  }
}
