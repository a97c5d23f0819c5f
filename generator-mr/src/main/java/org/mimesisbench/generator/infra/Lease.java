package org.mimesisbench.generator.infra;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.errors.BadInputException;

/**
 * One run at a time in a folder (a base directory on the file system under test, or a results
 * folder): a lease file created exclusively, naming its holder (host, pid, start, command, run id),
 * and a heartbeat the holder refreshes on a daemon thread. A lease whose heartbeat is older than a
 * bound ({@value #STALE_AFTER}, 2 minutes unless set), or whose process is gone from this host, is
 * a killed run's: the next run takes it over and says so. A lease this thread holds already (a
 * sweep's, around its runs) is taken again without a second file, and let go with the outermost
 * {@link #close()}.
 */
public final class Lease implements AutoCloseable {
  /** How old a heartbeat may be before its lease is a killed run's (a duration: 2m, 30s). */
  public static final String STALE_AFTER = "mimesisbench.lease.stale-after";

  static final Duration STALE_AFTER_DEFAULT = Duration.ofMinutes(2);
  private static final Duration BEAT_EVERY = Duration.ofSeconds(10);
  private static final DateTimeFormatter SHOWN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

  /** The leases held in this JVM, by their file's path. */
  private static final Map<String, Lease> HELD = new ConcurrentHashMap<>();

  private static String thisHost;

  private final LeaseFiles files;
  private final String name;
  private final byte[] mine;
  private final Thread owner;
  private final ScheduledExecutorService heartbeat;
  private int depth = 1;

  private Lease(LeaseFiles files, String name, byte[] mine, Duration beatEvery) {
    this.files = files;
    this.name = name;
    this.mine = mine;
    this.owner = Thread.currentThread();
    this.heartbeat =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "mimesisbench-lease-heartbeat");
              t.setDaemon(true);
              return t;
            });
    heartbeat.scheduleWithFixedDelay(
        this::beat, beatEvery.toMillis(), beatEvery.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Who holds a lease: written once in its file, shown to whoever finds it taken. */
  public record Holder(String host, long pid, Instant since, String command, String runId) {
    /** This process, now, running {@code command} as run {@code runId}. */
    public static Holder now(String command, String runId) {
      return new Holder(
          thisHost(),
          ProcessHandle.current().pid(),
          Instant.now(),
          oneLine(command),
          oneLine(runId));
    }

    byte[] render() {
      return ("host="
              + host
              + "\npid="
              + pid
              + "\nsince="
              + since
              + "\nrun="
              + runId
              + "\ncommand="
              + command
              + "\n")
          .getBytes(StandardCharsets.UTF_8);
    }

    /** The holder a lease file names; null when it cannot be read (being written, or damaged). */
    static Holder parse(byte[] content) {
      Map<String, String> fields = new LinkedHashMap<>();
      for (String line : new String(content, StandardCharsets.UTF_8).split("\n")) {
        int eq = line.indexOf('=');
        if (eq > 0) {
          fields.put(line.substring(0, eq), line.substring(eq + 1));
        }
      }
      try {
        return new Holder(
            fields.get("host"),
            Long.parseLong(fields.get("pid")),
            Instant.parse(fields.get("since")),
            fields.getOrDefault("command", "?"),
            fields.getOrDefault("run", "?"));
      } catch (RuntimeException e) {
        return null;
      }
    }

    String describe() {
      return "run "
          + runId
          + " (host "
          + host
          + ", pid "
          + pid
          + ", since "
          + SHOWN.format(since)
          + "): "
          + command;
    }

    private static String oneLine(String s) {
      return s == null ? "?" : s.replaceAll("[\\r\\n]+", " ");
    }
  }

  /** A lease found in place: its content, holder (null: unreadable) and heartbeat's age. */
  private record Found(byte[] content, Holder holder, long ageMillis, boolean gone) {
    static Found read(LeaseFiles files, String name) throws IOException {
      byte[] content = files.read(name);
      if (content == null) {
        return null;
      }
      Long beat = files.modified(heartbeat(name));
      Long made = files.modified(name);
      if (made == null) {
        return null;
      }
      long last = beat == null ? made : Math.max(beat, made);
      Holder holder = Holder.parse(content);
      // a process of this host that is gone holds nothing, whatever its last heartbeat
      boolean gone =
          holder != null
              && holder.host().equals(thisHost())
              && ProcessHandle.of(holder.pid()).map(p -> !p.isAlive()).orElse(true);
      return new Found(content, holder, System.currentTimeMillis() - last, gone);
    }

    boolean stale(Duration bound) {
      return gone || ageMillis > bound.toMillis();
    }

    String describe(String where) {
      return holder != null
          ? holder.describe()
          : "a run whose lease (" + where + ") cannot be read yet";
    }
  }

  /**
   * Takes the lease {@code name} in {@code files} for {@code me}; {@code what} names the folder for
   * messages (e.g. "run: --base-dir hdfs://nn/bench"). A live holder's lease is refused (bad input,
   * one line naming it); a killed run's is taken over, said on {@code note}.
   */
  public static Lease take(
      String what,
      LeaseFiles files,
      String name,
      Holder me,
      Configuration conf,
      Consumer<String> note)
      throws IOException {
    Lease held = HELD.get(files.where(name));
    if (held != null && held.reenter()) {
      if (files != held.files) {
        files.released(); // the holder's own client stays in use
      }
      return held;
    }
    try {
      return takeFree(what, files, name, me, conf, note);
    } catch (IOException | RuntimeException e) {
      files.released();
      throw e;
    }
  }

  private static Lease takeFree(
      String what,
      LeaseFiles files,
      String name,
      Holder me,
      Configuration conf,
      Consumer<String> note)
      throws IOException {
    Duration bound = staleAfter(conf);
    byte[] mine = me.render();
    String tookOver = null;
    for (int attempt = 0; attempt < 5; attempt++) {
      if (files.createNew(name, mine)) {
        files.replace(heartbeat(name), beatContent());
        Lease lease = new Lease(files, name, mine, beatEvery(bound));
        HELD.put(files.where(name), lease);
        if (tookOver != null) {
          note.accept(tookOver);
        }
        return lease;
      }
      Found found = Found.read(files, name);
      if (found == null) {
        continue; // let go meanwhile
      }
      if (!found.stale(bound)) {
        throw new BadInputException(refusal(what, found, files.where(name), bound));
      }
      // a killed run's: removed only if it is still the one judged stale (another run may be
      // taking it over too; a lease made between this read and the delete is a narrow race)
      byte[] now = files.read(name);
      if (now != null && Arrays.equals(now, found.content())) {
        files.delete(name);
        tookOver =
            "took over the lease of "
                + what
                + " from "
                + found.describe(files.where(name))
                + ", "
                + (found.gone()
                    ? "whose process is gone from this host"
                    : "whose last heartbeat was " + found.ageMillis() / 1000 + " s ago")
                + ": a killed run's";
      }
    }
    throw new BadInputException(
        what + ": cannot take its lease " + files.where(name) + ": other runs keep taking it");
  }

  /**
   * Refuses (bad input, one line) when a live run other than this thread's holds the lease {@code
   * name} in {@code files}: a check before a command deletes or makes anything, ahead of {@link
   * #take}, which decides.
   */
  public static void refuseIfLive(String what, LeaseFiles files, String name, Configuration conf)
      throws IOException {
    Lease held = HELD.get(files.where(name));
    if (held != null && held.owner == Thread.currentThread()) {
      return;
    }
    Found found = Found.read(files, name);
    Duration bound = staleAfter(conf);
    if (found != null && !found.stale(bound)) {
      throw new BadInputException(refusal(what, found, files.where(name), bound));
    }
  }

  private static String refusal(String what, Found found, String where, Duration bound) {
    return what
        + " is in use by a live "
        + found.describe(where)
        + "; wait until it ends (a killed run's lease is taken over "
        + bound.toSeconds()
        + " s after its last heartbeat)";
  }

  private synchronized boolean reenter() {
    if (owner != Thread.currentThread() || depth == 0) {
      return false;
    }
    depth++;
    return true;
  }

  /** The heartbeat: its file rewritten, so its modification time is the holder's last sign. */
  private void beat() {
    try {
      // a lease another run took over (this one was judged killed) is no longer refreshed
      if (!Arrays.equals(files.read(name), mine)) {
        heartbeat.shutdown();
        return;
      }
      files.replace(heartbeat(name), beatContent());
    } catch (IOException | RuntimeException e) {
      // the next beat tries again; a file system gone for longer than the bound loses the lease
    }
  }

  /** Lets go of the lease: on its outermost close, its files are deleted. */
  @Override
  public void close() throws IOException {
    closeThrough(files);
  }

  /**
   * As {@link #close()}, through {@code other} (a fresh client while the JVM shuts down and closes
   * the file systems it cached).
   */
  public void closeThrough(LeaseFiles other) throws IOException {
    synchronized (this) {
      if (depth == 0 || --depth > 0) {
        return;
      }
    }
    stopHeartbeat();
    HELD.remove(files.where(name), this);
    try {
      other.delete(heartbeat(name));
      if (Arrays.equals(other.read(name), mine)) { // not a lease another run took over
        other.delete(name);
      }
    } finally {
      other.released();
      if (other != files) {
        files.released();
      }
    }
  }

  /** Stops the heartbeat (before what holds the lease file is deleted under it). */
  public void stopHeartbeat() {
    heartbeat.shutdownNow();
    try {
      heartbeat.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Whether this lease is held (not closed yet). */
  public synchronized boolean held() {
    return depth > 0;
  }

  /** The file {@code name}'s heartbeat is in. */
  static String heartbeat(String name) {
    return name + ".heartbeat";
  }

  /**
   * The heartbeat is a file rewritten whole, not setTimes on the lease: FileSystem.setTimes is
   * optional (a no-op by default and on object stores), creating a file works on every Hadoop file
   * system, and its modification time is set by the file system as it is written.
   */
  private static byte[] beatContent() {
    return (Instant.now() + "\n").getBytes(StandardCharsets.UTF_8);
  }

  static Duration staleAfter(Configuration conf) {
    long ms =
        conf.getTimeDuration(STALE_AFTER, STALE_AFTER_DEFAULT.toMillis(), TimeUnit.MILLISECONDS);
    if (ms <= 0) {
      throw new BadInputException(
          "-D " + STALE_AFTER + "=" + conf.get(STALE_AFTER) + ": must be positive");
    }
    return Duration.ofMillis(ms);
  }

  /** Several beats within the bound: one delayed by a loaded machine does not lose the lease. */
  private static Duration beatEvery(Duration bound) {
    Duration quarter = bound.dividedBy(4);
    return quarter.compareTo(BEAT_EVERY) < 0 ? quarter : BEAT_EVERY;
  }

  private static synchronized String thisHost() {
    if (thisHost == null) {
      try {
        thisHost = InetAddress.getLocalHost().getHostName();
      } catch (IOException e) {
        thisHost = "unknown";
      }
    }
    return thisHost;
  }
}
