package org.mimesisbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dispatcher with a test command ({@link ConfEchoCommand}) that prints what it was given. */
class MimesisBenchTest {
  @TempDir Path dir;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final MimesisBench bench =
      new MimesisBench(new PrintStream(out, true), new PrintStream(err, true));

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void genericOptionsWorkBeforeAndAfterTheCommand() throws Exception {
    Path site = dir.resolve("site.xml");
    Files.writeString(
        site,
        "<configuration><property><name>from.conf</name><value>c</value></property></configuration>");
    int code =
        ToolRunner.run(
            new Configuration(),
            bench,
            new String[] {
              "-D",
              "before=b",
              "echo-conf",
              "--keys",
              "before,after,from.conf,fs.defaultFS",
              "-Dafter=a",
              "-conf",
              site.toString(),
              "-fs",
              "file:///"
            });
    assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
    assertEquals(
        "before=b after=a from.conf=c fs.defaultFS=file:/// args=[--keys, before,after,from.conf,fs.defaultFS]\n",
        out());
  }

  @Test
  void usageVersionAndUnknownCommands() {
    assertEquals(0, bench.execute(new Configuration(), new String[] {"--help"}));
    assertTrue(out().contains("echo-conf") && out().contains("prints configuration keys"), out());
    assertEquals(0, bench.execute(new Configuration(), new String[] {"--version"}));
    assertEquals(2, bench.execute(new Configuration(), new String[] {}));
    assertEquals(2, bench.execute(new Configuration(), new String[] {"nope"}));
    assertEquals(
        "mimesisbench: unknown command 'nope' (see --help)\n",
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void failuresAreOneLineUnlessVerbose() {
    assertEquals(2, bench.execute(new Configuration(), new String[] {"echo-conf", "--bad"}));
    assertEquals(
        "mimesisbench: echo-conf: bad input --bad\n", err.toString(StandardCharsets.UTF_8));
    err.reset();
    assertEquals(1, bench.execute(new Configuration(), new String[] {"echo-conf", "--crash"}));
    assertFalse(err.toString(StandardCharsets.UTF_8).contains("\tat "), "no stack trace");
    err.reset();
    assertEquals(
        1, bench.execute(new Configuration(), new String[] {"echo-conf", "--crash", "--verbose"}));
    assertTrue(
        err.toString(StandardCharsets.UTF_8).contains("\tat "), "stack trace with --verbose");
  }

  @Test
  void aDiskFullWhileWritingIsBadInputNamingTheOutput() {
    Path target = dir.resolve("new/out");
    assertEquals(
        2,
        bench.execute(
            new Configuration(), new String[] {"echo-conf", "--full", target.toString()}));
    assertEquals(
        "mimesisbench: echo-conf: --full " + target + ": cannot write: No space left on device\n",
        err.toString(StandardCharsets.UTF_8));
    assertFalse(Files.exists(dir.resolve("new")), "the directories it made are gone");
  }
}
