package org.mimesisbench.generator.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.mimesisbench.cli.MimesisBench;

/** The help of run and sweep says defaults as a user writes them. */
class RunHelpTest {
  private static String help(String command) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    assertEquals(
        0,
        new MimesisBench(out, out).execute(new Configuration(), new String[] {command, "--help"}));
    return bytes.toString(StandardCharsets.UTF_8).replaceAll("\\s+", " ");
  }

  @Test
  void timesAreShownWithTheirUnits() {
    String run = help("run");
    assertTrue(run.contains("(default 10m)"), run); // --barrier-timeout, not 600000
    assertTrue(run.contains("(default 1m)"), run); // --outage-limit
    assertTrue(run.contains("--max-drift <time>"), run);
    assertFalse(run.contains("600000") || run.contains("60000)"), run);
  }

  @Test
  void aSweepsRequiredTimeScalesHaveNoDefault() {
    String sweep = help("sweep");
    int at = sweep.indexOf("--time-scale <c,...>");
    assertTrue(at >= 0, sweep);
    String timeScale = sweep.substring(at, sweep.indexOf(" --", at + 2));
    assertTrue(timeScale.contains("(required)"), timeScale);
    assertFalse(timeScale.contains("(default"), timeScale);
  }
}
