package org.mimesisbench.fs;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.net.ConnectTimeoutException;
import org.apache.hadoop.security.AccessControlException;
import org.mimesisbench.cli.Messages;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.output.Durations;

/**
 * Checks, before a command makes anything, that the file system of a path it was given answers:
 * within seconds, not Hadoop's minutes of retries and pings, and in one line. A NameNode that
 * refuses connections and one that accepts them but never replies (a hung process, a port that
 * belongs to something else) are told apart.
 */
public final class FileSystemProbe {
  /** How long the NameNode gets to answer the probe's call: a live one answers in milliseconds. */
  public static final String ANSWER_TIMEOUT_KEY = "mimesisbench.probe.answer.timeout.ms";

  public static final int ANSWER_TIMEOUT_DEFAULT = 10_000;

  private FileSystemProbe() {}

  /**
   * Looks {@code path} up in its file system with short timeouts and few retries.
   *
   * @param what the command and option that gave the path, for messages, e.g. {@code "run:
   *     --base-dir"}
   * @throws BadInputException when the file system cannot be reached, does not answer, or refuses
   *     access
   */
  public static void check(String what, Path path, Configuration conf) {
    int answerMillis = conf.getInt(ANSWER_TIMEOUT_KEY, ANSWER_TIMEOUT_DEFAULT);
    Configuration quick = quick(conf);
    URI uri = path.toUri().getScheme() != null ? path.toUri() : FileSystem.getDefaultUri(conf);
    String command = what.contains(":") ? what.substring(0, what.indexOf(':')) : what;
    try (FileSystem probe = FileSystem.newInstance(uri, quick)) {
      probe.exists(probe.makeQualified(path));
    } catch (AccessControlException e) {
      throw new BadInputException(
          what + " " + path + ": permission denied (" + Messages.firstLine(e) + ")", e);
    } catch (IOException | RuntimeException e) {
      if (causedBy(e, SocketTimeoutException.class)
          && !causedBy(e, ConnectTimeoutException.class)) {
        throw new BadInputException(
            command
                + ": the NameNode at "
                + authority(uri)
                + " does not answer (no reply within "
                + Durations.micros(answerMillis * 1000L)
                + "; is it hung, or is that port another service's?)",
            e);
      }
      String why =
          causedBy(e, ConnectException.class)
              ? "connection refused: is the NameNode running, and is that its RPC port?"
              : Messages.firstLine(e);
      throw new BadInputException(
          command + ": cannot reach the file system " + authority(uri) + " (" + why + ")", e);
    }
  }

  /**
   * {@code conf} for a client that gives up within seconds (short timeouts, few retries), not after
   * Hadoop's minutes.
   */
  public static Configuration quick(Configuration conf) {
    Configuration quick = new Configuration(conf);
    quick.setInt("ipc.client.connect.max.retries", 2);
    quick.setInt("ipc.client.connect.max.retries.on.timeouts", 2);
    quick.setInt("ipc.client.connect.timeout", 5_000);
    quick.setInt( // a peer that accepts and never replies
        "ipc.client.rpc-timeout.ms", conf.getInt(ANSWER_TIMEOUT_KEY, ANSWER_TIMEOUT_DEFAULT));
    quick.setInt("dfs.client.retry.max.attempts", 1);
    quick.setBoolean("dfs.client.retry.policy.enabled", false);
    return quick;
  }

  private static String authority(URI uri) {
    return uri.getScheme() + "://" + (uri.getAuthority() == null ? "" : uri.getAuthority());
  }

  private static boolean causedBy(Throwable t, Class<? extends Throwable> kind) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (kind.isInstance(c)) {
        return true;
      }
    }
    return false;
  }
}
