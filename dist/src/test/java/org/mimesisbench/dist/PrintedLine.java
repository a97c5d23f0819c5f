package org.mimesisbench.dist;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** The first line a process started apart prints (the cluster's address), waited for a while. */
final class PrintedLine {
  private PrintedLine() {}

  /** {@code process}'s first line on its output; null if it ended first. */
  static String first(Process process, long timeout, TimeUnit unit) throws Exception {
    return CompletableFuture.supplyAsync(
            () -> {
              try {
                return new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))
                    .readLine();
              } catch (IOException e) {
                return null;
              }
            })
        .get(timeout, unit);
  }
}
