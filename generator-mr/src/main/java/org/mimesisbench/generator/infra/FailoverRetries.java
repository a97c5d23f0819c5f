package org.mimesisbench.generator.infra;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.mimesisbench.cli.UserSettings;

/**
 * How long an HA client retries a call through failovers: HDFS's 15 attempts, backing off to 15 s,
 * hold a call for minutes when no NameNode is active. A run bounds them by its outage limit, so a
 * call then fails as one to a single dead NameNode does, and the run, its driver's own calls after
 * phase 2 included, ends with its results (a failover that completes within the limit is waited
 * through, as before).
 */
public final class FailoverRetries {
  private FailoverRetries() {}

  /**
   * Sets {@code conf}'s failover attempts to those whose backoff adds up to {@code outageLimitMs}
   * (0: no limit, nothing set), unless the user set them; never more than HDFS's default.
   */
  public static void boundBy(Configuration conf, long outageLimitMs) {
    String key = HdfsClientConfigKeys.Failover.MAX_ATTEMPTS_KEY;
    if (outageLimitMs <= 0 || UserSettings.given(conf, key)) {
      return;
    }
    long base =
        conf.getLong(
            HdfsClientConfigKeys.Failover.SLEEPTIME_BASE_KEY,
            HdfsClientConfigKeys.Failover.SLEEPTIME_BASE_DEFAULT);
    long max =
        conf.getLong(
            HdfsClientConfigKeys.Failover.SLEEPTIME_MAX_KEY,
            HdfsClientConfigKeys.Failover.SLEEPTIME_MAX_DEFAULT);
    conf.setInt(key, attempts(outageLimitMs, base, max));
  }

  /**
   * The attempts whose sleeps (the n-th failover's: base times 2^n, at most max) first add up to
   * {@code limitMs}; at most HDFS's default.
   */
  static int attempts(long limitMs, long baseMs, long maxMs) {
    int most = HdfsClientConfigKeys.Failover.MAX_ATTEMPTS_DEFAULT;
    long slept = 0;
    int n = 1;
    while (slept < limitMs && n < most) {
      slept += Math.min(maxMs, baseMs << Math.min(n, 30));
      n++;
    }
    return n;
  }
}
