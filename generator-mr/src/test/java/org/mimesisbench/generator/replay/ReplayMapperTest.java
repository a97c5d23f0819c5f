package org.mimesisbench.generator.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.junit.jupiter.api.Test;
import org.mimesisbench.generator.issue.DataTransfer;

/** A replay's client writes as a run's phase 2 does, and keeps what the user set. */
class ReplayMapperTest {
  private static final String DELAY =
      HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_INITIAL_DELAY_MS_KEY;
  private static final String BEST_EFFORT =
      HdfsClientConfigKeys.BlockWrite.ReplaceDatanodeOnFailure.BEST_EFFORT_KEY;

  @Test
  void aReplayClosesItsFilesAsPromptlyAsARunAndAppendsOnFewDataNodes() {
    Configuration run = new Configuration();
    DataTransfer.closesPromptly(run);
    Configuration replay = ReplayMapper.writing(new Configuration());
    assertEquals(run.getInt(DELAY, -1), replay.getInt(DELAY, -2), "not HDFS's 400 ms");
    assertTrue(replay.getBoolean(BEST_EFFORT, false));
  }

  @Test
  void theUsersOwnSettingsWin() {
    Configuration given = new Configuration();
    given.setInt(DELAY, 250);
    given.setBoolean(BEST_EFFORT, false);
    Configuration replay = ReplayMapper.writing(given);
    assertEquals(250, replay.getInt(DELAY, 0));
    assertEquals(false, replay.getBoolean(BEST_EFFORT, true));
  }
}
