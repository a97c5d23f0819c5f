package org.mimesisbench.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.Test;

class RunJobsTest {
  @Test
  void tasksReportTheirCountersEveryTwoSecondsUnlessTheUserSaidHowOften() {
    Configuration c = new Configuration();
    RunJobs.reportsPromptly(c);
    assertEquals(2_000, c.getLong(MRJobConfig.TASK_PROGRESS_REPORT_INTERVAL, -1));
    Configuration given = new Configuration();
    given.setLong(MRJobConfig.TASK_PROGRESS_REPORT_INTERVAL, 10_000);
    RunJobs.reportsPromptly(given);
    assertEquals(10_000, given.getLong(MRJobConfig.TASK_PROGRESS_REPORT_INTERVAL, -1));
  }
}
