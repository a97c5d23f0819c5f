package org.mimesisbench.tracemakers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The commit trace (tests/commit-trace/data) is complete, agrees with its manifest, and holds the
 * commit patterns it was made for: both committer algorithms, a retried and a speculative attempt.
 */
class CommitTraceDataTest extends TraceDataChecks {

  /** A task attempt's directory named in an audit line: job, task type, partition, attempt. */
  private static final Pattern ATTEMPT = Pattern.compile("attempt_\\d+_(\\d+)_r_(\\d+)_(\\d+)");

  CommitTraceDataTest() {
    super(new File("../commit-trace/data"));
  }

  private List<String> lines() throws IOException {
    List<String> all = new ArrayList<>();
    for (File f : Manifest.auditFilesOldestFirst(new File(data, "audit"), "hdfs-audit.log")) {
      all.addAll(Files.readAllLines(f.toPath(), StandardCharsets.UTF_8));
    }
    return all;
  }

  @Test
  void isTheCommitWorkloadWithEveryJobDone() {
    assertTrue(manifest.contains("\"workload\": \"commit\""), "not the commit workload");
    assertEquals(0, number("unexpected_errors"), "some actions failed while it was made");
    assertTrue(!manifest.contains("\"success\": false"), "a job failed");
    assertTrue(manifest.contains("\"algorithm=1\""), "no job with committer algorithm 1");
    assertTrue(manifest.contains("\"algorithm=2\""), "no job with committer algorithm 2");
    assertTrue(block("lines_per_ugi").size() >= 2, "too few users: " + block("lines_per_ugi"));
  }

  @Test
  void holdsSecondAttemptsAndBothCommitRenames() throws IOException {
    boolean secondAttempt = false;
    boolean taskCommitIntoTaskDir = false;
    boolean taskCommitIntoOutput = false;
    for (String line : lines()) {
      Matcher m = ATTEMPT.matcher(line);
      if (m.find() && Integer.parseInt(m.group(3)) > 0 && line.contains("cmd=create")) {
        secondAttempt = true;
      }
      if (line.contains("cmd=rename") && line.contains("/_temporary/1/_temporary/attempt_")) {
        // algorithm 1 moves the attempt into _temporary/1/task_*, algorithm 2 into the output
        taskCommitIntoTaskDir |= line.contains("/_temporary/1/task_");
        taskCommitIntoOutput |= !line.split("dst=")[1].contains("/_temporary/");
      }
    }
    assertTrue(secondAttempt, "no retried or speculative attempt wrote a file");
    assertTrue(taskCommitIntoTaskDir, "no task commit of algorithm 1");
    assertTrue(taskCommitIntoOutput, "no task commit of algorithm 2");
  }
}
