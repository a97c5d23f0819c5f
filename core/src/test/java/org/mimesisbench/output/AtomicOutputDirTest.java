package org.mimesisbench.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
}
