package org.mimesisbench.generator.testing;

import java.net.InetAddress;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.server.namenode.AuditLogger;

/**
 * A NameNode slowed on purpose: as an audit logger ({@code dfs.namenode.audit.loggers}) it sleeps
 * {@link #delayMs} in the handler thread of every audited call, after the call let go of the
 * namesystem lock. With one handler the NameNode then serves at most 1000 / delay calls a second.
 */
public final class SlowAuditLogger implements AuditLogger {
  /** Milliseconds each audited call sleeps; 0 (the start) while a test sets its namespace up. */
  public static volatile long delayMs;

  @Override
  public void initialize(Configuration conf) {}

  @Override
  public void logAuditEvent(
      boolean succeeded,
      String userName,
      InetAddress addr,
      String cmd,
      String src,
      String dst,
      FileStatus stat) {
    long ms = delayMs;
    if (ms > 0) {
      try {
        TimeUnit.MILLISECONDS.sleep(ms);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
