package org.mimesisbench.generator.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A run's working files under {@code <out>/.work}: the embedded HDFS's storage, the local job
 * runner's staging and scratch space, its statistics and the web servers' temporary folders. They
 * go when the run ends, also on SIGTERM or Ctrl-C (a shutdown hook that first stops what writes
 * there), so --out keeps only results; a run killed harder (SIGKILL) leaves the folder, which the
 * next run with the same --out names ({@link org.mimesisbench.generator.results.OutFolder}).
 */
public final class WorkFolder implements AutoCloseable {
  public static final String NAME = ".work";

  private final Path dir;
  private final List<Runnable> stops = new ArrayList<>(); // run on an interrupt, newest first
  private final Consumer<String> afterInterrupt;
  private final Thread hook;
  private boolean closed;

  /**
   * Creates {@code dir}; on SIGTERM or Ctrl-C its content is deleted, then {@code afterInterrupt}
   * is given null (the unfinished results are dropped, and the run says it stopped in one line), or
   * what could not be deleted.
   */
  public WorkFolder(Path dir, Consumer<String> afterInterrupt) throws IOException {
    this.dir = Files.createDirectories(dir).toAbsolutePath();
    this.afterInterrupt = afterInterrupt;
    this.hook = new Thread(this::interrupted, "mimesisbench-work-cleanup");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /** {@code name} inside the folder (not created). */
  public Path path(String name) {
    return dir.resolve(name);
  }

  /**
   * Runs {@code stop} on an interrupt before the files go (e.g. the embedded cluster, which writes
   * there).
   */
  public synchronized void onInterrupt(Runnable stop) {
    stops.add(0, stop);
  }

  private void interrupted() {
    List<Runnable> toStop;
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      toStop = List.copyOf(stops);
    }
    for (Runnable stop : toStop) {
      try {
        stop.run();
      } catch (RuntimeException e) {
        // shutting down: what could not stop is deleted under it
      }
    }
    String left = null;
    try {
      delete();
    } catch (RuntimeException e) { // the JVM is going: what is left, the next run names
      left = "could not remove all of its files: " + e.getMessage();
    }
    afterInterrupt.accept(left);
  }

  /** Deletes the folder and what it holds; the hook is no longer needed. */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the JVM is shutting down: the hook runs, or has run
    }
    delete();
  }

  private void delete() {
    IOException last = null;
    for (int attempt = 1; attempt <= 6; attempt++) {
      try {
        deleteTree(dir);
        // a task thread of a killed job may still write there as it stops: gone must stay gone
        pause(300);
        if (!Files.exists(dir)) {
          return;
        }
      } catch (IOException e) { // a server thread still writing there as it stops: a moment more
        last = e;
        pause(500);
      }
    }
    throw new UncheckedIOException(
        "cannot delete the run's working files under " + dir,
        last != null ? last : new IOException(dir + " was made again as it was deleted"));
  }

  private static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Deletes {@code dir} and everything under it; nothing when it does not exist. */
  public static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        try {
          Files.deleteIfExists(p);
        } catch (NoSuchFileException e) {
          // gone meanwhile
        }
      }
    }
  }

  /** Bytes of the files under {@code dir}. */
  public static long size(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      return paths.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
    }
  }
}
