package org.mimesisbench.tracemakers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.PrivilegedExceptionAction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.ipc.CallerContext;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.log4j.Logger;

/** What every part of the workload shares: configuration, users, pacing, records. */
final class Env {

  static final Logger LOG = Logger.getLogger("org.mimesisbench.tracemakers");

  /** Small vocabulary for generated text files (word-count style jobs read them). */
  private static final String[] WORDS = {
    "namenode",
    "datanode",
    "block",
    "replica",
    "lease",
    "audit",
    "trace",
    "inode",
    "metadata",
    "namespace",
    "directory",
    "file",
    "open",
    "create",
    "delete",
    "rename",
    "listing",
    "quota",
    "snapshot",
    "edit",
    "journal",
    "checkpoint",
    "cluster",
    "rack",
    "heartbeat",
    "report",
    "balancer",
    "mover",
    "storage",
    "policy",
    "erasure",
    "coding",
    "the",
    "a",
    "of",
    "to",
    "and",
    "in",
    "is",
    "for",
    "on",
    "with",
    "as",
    "at",
    "by",
    "workload",
    "benchmark",
    "latency",
    "throughput",
    "operation",
    "observation",
    "configuration",
    "replication",
    "application",
    "information",
    "installation"
  };

  final Configuration conf;
  final String superUser;
  final double pace;
  final long seed;

  /** Soft deadline for the traced phase: loops stop issuing new actions after it. */
  volatile long stopAtMillis = Long.MAX_VALUE;

  final Map<String, UserGroupInformation> ugis = new LinkedHashMap<>();
  final Map<String, FileSystem> fss = new LinkedHashMap<>();
  final List<JobRecord> jobs = Collections.synchronizedList(new ArrayList<>());
  final AtomicInteger unexpectedErrors = new AtomicInteger();
  final AtomicInteger expectedDenials = new AtomicInteger();

  Env(Configuration conf, String superUser, double pace, long seed) {
    this.conf = conf;
    this.superUser = superUser;
    this.pace = pace;
    this.seed = seed;
  }

  /** Register a user; its FileSystem is created as that user (requests carry its ugi). */
  void addUser(String name, UserGroupInformation ugi) throws Exception {
    ugis.put(name, ugi);
    fss.put(name, ugi.doAs((PrivilegedExceptionAction<FileSystem>) () -> FileSystem.get(conf)));
  }

  FileSystem fs(String user) {
    FileSystem fs = fss.get(user);
    if (fs == null) {
      throw new IllegalArgumentException("unknown user " + user);
    }
    return fs;
  }

  <T> T as(String user, PrivilegedExceptionAction<T> action) throws Exception {
    return ugis.get(user).doAs(action);
  }

  boolean pastDeadline() {
    return System.currentTimeMillis() > stopAtMillis;
  }

  /** Sleep for {@code millis} scaled by the pace factor. */
  void sleep(double millis) {
    long ms = Math.round(millis * pace);
    if (ms <= 0) {
      return;
    }
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * A think-time gap from a mixture: {weight, minMillis, maxMillis} rows, uniform within a row.
   * Mixtures let interarrivals span milliseconds to tens of seconds.
   */
  static double gap(Random r, double[][] mixture) {
    double total = 0;
    for (double[] row : mixture) {
      total += row[0];
    }
    double u = r.nextDouble() * total;
    for (double[] row : mixture) {
      if (u < row[0]) {
        return row[1] + r.nextDouble() * (row[2] - row[1]);
      }
      u -= row[0];
    }
    double[] last = mixture[mixture.length - 1];
    return last[1];
  }

  void pause(Random r, double[][] mixture) {
    sleep(gap(r, mixture));
  }

  /** Index in [0, n) with Zipf-like popularity (exponent s). */
  static int zipf(Random r, int n, double s) {
    double norm = 0;
    for (int i = 1; i <= n; i++) {
      norm += 1.0 / Math.pow(i, s);
    }
    double u = r.nextDouble() * norm;
    for (int i = 1; i <= n; i++) {
      u -= 1.0 / Math.pow(i, s);
      if (u <= 0) {
        return i - 1;
      }
    }
    return n - 1;
  }

  /** Deterministic text of about {@code bytes} bytes. */
  static byte[] text(Random r, int bytes) {
    StringBuilder sb = new StringBuilder(bytes + 64);
    int col = 0;
    while (sb.length() < bytes) {
      String w = WORDS[r.nextInt(WORDS.length)];
      sb.append(w);
      col += w.length() + 1;
      if (col > 60 + r.nextInt(40)) {
        sb.append('\n');
        col = 0;
      } else {
        sb.append(' ');
      }
    }
    sb.append('\n');
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  static void write(FileSystem fs, Path p, byte[] data, boolean overwrite) throws IOException {
    try (FSDataOutputStream out = fs.create(p, overwrite)) {
      out.write(data);
    }
  }

  static void writeText(FileSystem fs, Path p, Random r, int bytes) throws IOException {
    write(fs, p, text(r, bytes), true);
  }

  static long readFully(FileSystem fs, Path p) throws IOException {
    byte[] buf = new byte[64 * 1024];
    long n = 0;
    try (FSDataInputStream in = fs.open(p)) {
      int k;
      while ((k = in.read(buf)) > 0) {
        n += k;
      }
    }
    return n;
  }

  /** Read only the head of a file (a client peeking at a header). */
  static void readHead(FileSystem fs, Path p, int bytes) throws IOException {
    byte[] buf = new byte[bytes];
    try (FSDataInputStream in = fs.open(p)) {
      in.read(buf);
    }
  }

  /** Set (or clear, with null) the caller context of the current thread. */
  static void context(String ctx) {
    CallerContext.setCurrent(ctx == null ? null : new CallerContext.Builder(ctx).build());
  }

  /** Run one workload action; an exception is logged and counted, never fatal. */
  /** An actor of phase B: a thread that runs {@code body} as one attempt, kept alive to the end. */
  Thread actor(String name, IoAction body) {
    Thread t = new Thread(() -> attempt("actor " + name, body), "actor-" + name);
    t.setDaemon(false);
    return t;
  }

  /** Starts the actors together and returns when every one is done. */
  static void runActors(List<Thread> actors) throws InterruptedException {
    for (Thread t : actors) {
      t.start();
    }
    for (Thread t : actors) {
      t.join();
    }
  }

  void attempt(String what, IoAction action) {
    try {
      action.run();
    } catch (Exception e) {
      unexpectedErrors.incrementAndGet();
      LOG.warn("action failed (" + what + ")", e);
    }
  }

  /** Run a call whose path may legitimately have vanished; null then (or on failure). */
  <T> T tolerant(java.util.concurrent.Callable<T> call) {
    try {
      return call.call();
    } catch (java.io.FileNotFoundException e) {
      return null;
    } catch (Exception e) {
      unexpectedErrors.incrementAndGet();
      LOG.warn("call failed", e);
      return null;
    }
  }

  /** Run an action that the NameNode must refuse (it leaves an allowed=false line). */
  void expectDenied(String what, IoAction action) {
    try {
      action.run();
      unexpectedErrors.incrementAndGet();
      LOG.warn("expected a permission denial but the call succeeded: " + what);
    } catch (org.apache.hadoop.security.AccessControlException e) {
      expectedDenials.incrementAndGet();
      LOG.info("denied as intended (" + what + "): " + firstLine(e.getMessage()));
    } catch (Exception e) {
      unexpectedErrors.incrementAndGet();
      LOG.warn("action failed (" + what + ")", e);
    }
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int i = s.indexOf('\n');
    return i < 0 ? s : s.substring(0, i);
  }

  @FunctionalInterface
  interface IoAction {
    void run() throws Exception;
  }

  /** One MapReduce job that was run, for the manifest. */
  static final class JobRecord {
    final String name;
    final String user;
    final List<String> args;
    final Instant start;
    Instant end;
    boolean success;
    String error;

    JobRecord(String name, String user, List<String> args) {
      this.name = name;
      this.user = user;
      this.args = args;
      this.start = Instant.now();
    }
  }
}
