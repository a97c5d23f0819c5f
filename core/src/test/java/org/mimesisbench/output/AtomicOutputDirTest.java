package org.mimesisbench.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.errors.BadInputException;

class AtomicOutputDirTest {
  @TempDir Path dir;

  private static List<String> names(Path d) throws Exception {
    try (Stream<Path> s = Files.list(d)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void filesAppearUnderTheirNamesOnlyOnCommit() throws Exception {
    Path out = dir.resolve("out");
    try (AtomicOutputDir o = new AtomicOutputDir(out)) {
      Files.writeString(o.file("a.txt"), "a");
      Files.writeString(o.file("b.txt"), "b");
      assertEquals(List.of(".a.txt.inprogress", ".b.txt.inprogress"), names(out));
      o.commit();
    }
    assertEquals(List.of("a.txt", "b.txt"), names(out));
  }

  @Test
  void withoutACommitNothingIsLeftAndAnExistingDirectoryIsKept() throws Exception {
    Path out = dir.resolve("new");
    try (AtomicOutputDir o = new AtomicOutputDir(out)) {
      Files.writeString(o.file("a.txt"), "half");
    }
    assertFalse(Files.exists(out), "the directory it made is gone");
    Path mine = Files.createDirectory(dir.resolve("mine"));
    Files.writeString(mine.resolve("keep.txt"), "user's");
    try (AtomicOutputDir o = new AtomicOutputDir(mine)) {
      Files.writeString(o.file("a.txt"), "half");
    }
    assertEquals(List.of("keep.txt"), names(mine));
    assertTrue(Files.isDirectory(mine));
  }

  @Test
  void theParentsItMadeAreGoneTooAfterAFailure() throws Exception {
    Path out = dir.resolve("a/b/c");
    try (AtomicOutputDir o = new AtomicOutputDir("--out", out)) {
      Files.writeString(o.file("x.txt"), "half");
    }
    assertEquals(List.of(), names(dir));
  }

  private static String refused(Path out) {
    BadInputException e =
        assertThrows(BadInputException.class, () -> new AtomicOutputDir("parse: --out", out));
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    assertTrue(e.getMessage().startsWith("parse: --out " + out + ": "), e.getMessage());
    assertFalse(e.getMessage().contains("Exception"), e.getMessage());
    return e.getMessage();
  }

  // Unwritable places that are unwritable for root too (tests run as root in CI, where a chmod'ed
  // directory stays writable): a path under a regular file, and a new entry in /proc.
  @Test
  void unusablePathsAreBadInputNamingTheOptionThePathAndTheProblem() throws Exception {
    Path file = Files.writeString(dir.resolve("file"), "user's");
    assertTrue(refused(file).endsWith(": exists and is not a directory"));
    assertTrue(refused(file.resolve("x")).endsWith(": cannot create it: Not a directory"));
    assertTrue(refused(file.resolve("x/y")).contains(": cannot create it: Not a directory"));
    assertTrue(refused(Path.of("/proc/mimesisbench-test")).contains(": cannot create it: "));
    assertEquals("user's", Files.readString(file));
    assertEquals(List.of("file"), names(dir));
  }

  @Test
  void aDirectoryInTheWayOfAFileIsNamedOnCommit() throws Exception {
    Path out = dir.resolve("out");
    Files.createDirectories(out.resolve("a.txt/inside"));
    try (AtomicOutputDir o = new AtomicOutputDir("--out", out)) {
      Files.writeString(o.file("a.txt"), "a");
      BadInputException e = assertThrows(BadInputException.class, o::commit);
      assertTrue(
          e.getMessage().startsWith("--out " + out.resolve("a.txt") + ": cannot write: "),
          e.getMessage());
    }
    assertEquals(List.of("a.txt"), names(out));
  }

  @Test
  void storageReasonsAreFoundAtAnyDepth() {
    Exception deep =
        new RuntimeException(
            "job failed",
            new java.io.UncheckedIOException(
                new IOException("write failed: No space left on device")));
    assertEquals("No space left on device", OutputProblems.storageReason(deep));
    assertEquals(
        "Read-only file system",
        OutputProblems.storageReason(
            new java.nio.file.FileSystemException("/x", null, "Read-only file system")));
    assertNull(OutputProblems.storageReason(new IOException("Connection refused")));
    assertNull(OutputProblems.storageReason(new IllegalStateException("No space left on device")));
  }
}
