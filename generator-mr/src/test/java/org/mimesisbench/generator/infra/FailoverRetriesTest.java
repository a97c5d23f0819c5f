package org.mimesisbench.generator.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.junit.jupiter.api.Test;

/** A run's failover retries add up to its outage limit, unless the user set them. */
class FailoverRetriesTest {
  private static final String KEY = HdfsClientConfigKeys.Failover.MAX_ATTEMPTS_KEY;

  @Test
  void theAttemptsBackOffForAboutTheOutageLimitAndNeverMoreThanHdfsDoes() {
    // HDFS's sleeps: 1, 2, 4, 8, 15, 15, ... s after the first failover
    assertEquals(3, FailoverRetries.attempts(3_000, 500, 15_000)); // 1 + 2 s
    assertEquals(8, FailoverRetries.attempts(60_000, 500, 15_000)); // 1 + 2 + 4 + 8 + 15 * 3 s
    assertEquals(15, FailoverRetries.attempts(3_600_000, 500, 15_000));
  }

  @Test
  void theUsersOwnAttemptsAreKeptAndNoLimitSetsNothing() {
    Configuration given = new HdfsConfiguration();
    given.setInt(KEY, 40);
    FailoverRetries.boundBy(given, 3_000);
    assertEquals(40, given.getInt(KEY, 0));

    Configuration none = new HdfsConfiguration();
    FailoverRetries.boundBy(none, 0);
    assertEquals(HdfsClientConfigKeys.Failover.MAX_ATTEMPTS_DEFAULT, none.getInt(KEY, 15));

    Configuration bounded = new HdfsConfiguration();
    FailoverRetries.boundBy(bounded, 60_000);
    assertEquals(8, bounded.getInt(KEY, 0));
  }
}
