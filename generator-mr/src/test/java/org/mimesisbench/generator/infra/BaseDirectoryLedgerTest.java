package org.mimesisbench.generator.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.errors.BadInputException;

/**
 * --cleanup deletes what the ledger names: a line that is not one entry of the base ('..', '.', a
 * path, an empty line, the benchmark's own folder) refuses the cleanup, naming the ledger and line,
 * and nothing is deleted, not even the entries named before it.
 */
class BaseDirectoryLedgerTest {
  @TempDir Path tmp;

  @Test
  void aLedgerLineThatIsNotAnEntryOfTheBaseRefusesTheCleanupDeletingNothing() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    for (String bad : List.of("..", ".", "", "../precious", "a/b", ".mimesisbench", "c:d")) {
      Path parent = Files.createDirectories(tmp.resolve("case" + bad.hashCode()));
      Path precious = Files.writeString(parent.resolve("precious.txt"), "the user's\n");
      Path base = parent.resolve("mb");
      BaseDirectory b = BaseDirectory.claim(fs, "file://" + base, false);
      Path made = Files.createDirectories(base.resolve("made-root"));
      Files.writeString(made.resolve("f"), "x");
      Path ledger = base.resolve(".mimesisbench/made");
      Files.writeString(ledger, "made-root\n" + bad + "\nlater\n");

      BadInputException e = assertThrows(BadInputException.class, b::cleanUp, bad);
      assertTrue(
          e.getMessage().startsWith("file:" + ledger + ": line 2: '" + bad + "' is not an entry"),
          e.getMessage());
      assertTrue(e.getMessage().endsWith("deleting nothing"), e.getMessage());
      assertEquals(1, e.getMessage().lines().count());
      assertEquals("the user's\n", Files.readString(precious), bad);
      assertEquals("x", Files.readString(made.resolve("f")), "nothing deleted, not even line 1");
      assertTrue(Files.exists(ledger) && Files.exists(base.resolve(".mimesisbench/marker")));
    }
  }

  @Test
  void aLedgerOfNamesIsCleanedUpAsBefore() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Path base = tmp.resolve("mb");
    BaseDirectory b = BaseDirectory.claim(fs, "file://" + base, false);
    for (String name : List.of("made-root", "replay-abc123")) {
      b.recordMade(new org.apache.hadoop.fs.Path(b.path(), name));
      Files.createDirectories(base.resolve(name));
    }
    Files.writeString(base.resolve("users-file"), "kept");
    BaseDirectory.CleanUp c = b.cleanUp();
    assertEquals(List.of("made-root", "replay-abc123"), c.deleted());
    assertEquals(List.of("users-file"), c.left());
  }
}
