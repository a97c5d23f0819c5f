package org.mimesisbench.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * An output directory whose files appear all at once or not at all. Each file is
 * written under a hidden in-progress name; {@link #commit()} renames them into place,
 * {@link #close()} without a commit deletes them (and the directory, if it made it and it is
 * empty). A failed or killed command thus never leaves a half-written file under its real name.
 */
public final class AtomicOutputDir implements AutoCloseable {
  private final Path dir;
  private final boolean created;
  private final List<Path[]> pending = new ArrayList<>();
  private boolean committed;

  public AtomicOutputDir(Path dir) throws IOException {
    this.dir = dir;
    this.created = !Files.isDirectory(dir);
    Files.createDirectories(dir);
  }

  public Path dir() {
    return dir;
  }

  /** The path to write {@code name} to; it gets its real name on {@link #commit()}. */
  public Path file(String name) {
    Path tmp = dir.resolve("." + name + ".inprogress");
    pending.add(new Path[] {tmp, dir.resolve(name)});
    return tmp;
  }

  public void commit() throws IOException {
    for (Path[] p : pending) {
      if (Files.exists(p[0])) {
        Files.move(p[0], p[1], StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      }
    }
    committed = true;
  }

  @Override
  public void close() {
    if (committed) {
      return;
    }
    try {
      for (Path[] p : pending) {
        Files.deleteIfExists(p[0]);
      }
      if (created) {
        try (var left = Files.list(dir)) {
          if (left.findAny().isEmpty()) {
            Files.delete(dir); // a failed command leaves no trace of its own
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
