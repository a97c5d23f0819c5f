package org.mimesisbench.hbasetrace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the applications and the operator do to HBase: writers putting rows at a steady rate with
 * bursts, readers getting and scanning, and the operator's actions on a timetable (snapshots, a
 * region split, major compactions, a truncate, a new table, a drop). HBase itself does the rest:
 * memstore flushes, WAL rolls, minor compactions, the cleaners and the catalog janitor.
 */
final class HBaseWorkload implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(HBaseWorkload.class);
  private static final byte[] CF = bytes("cf");
  private static final byte[] D = bytes("d");
  private static final byte[] M = bytes("m");
  private static final TableName USERS = TableName.valueOf("usertable");
  private static final TableName EVENTS = TableName.valueOf("events");
  private static final TableName SESSIONS = TableName.valueOf("sessions");
  private static final TableName SCRATCH = TableName.valueOf("scratch");
  private static final TableName DAILY = TableName.valueOf("events_daily");

  /** Rows per second of each writer outside bursts, and the bursts' factor. */
  private static final int USER_ROWS_PER_S = 120;

  private static final int EVENT_ROWS_PER_S = 150;
  private static final int SESSION_ROWS_PER_S = 40;
  private static final int BURST_FACTOR = 4;
  private static final long BURST_MS = 20_000;

  private final Configuration conf;
  private final long seed;
  private final Consumer<String> say;
  private Connection conn;
  private Admin admin;
  private volatile long deadline;
  private volatile long startMs;
  private final AtomicLong puts = new AtomicLong();
  private final AtomicLong gets = new AtomicLong();
  private final AtomicLong scans = new AtomicLong();
  private final AtomicLong errors = new AtomicLong();
  private final List<String> actions = new ArrayList<>();
  private long setupRows;
  private boolean windowOver;

  HBaseWorkload(Configuration conf, long seed, Consumer<String> say) {
    this.conf = conf;
    this.seed = seed;
    this.say = say;
  }

  /** Tables and their first data (not traced): the cluster is warm when the trace starts. */
  void setUp() throws IOException {
    conn = ConnectionFactory.createConnection(conf);
    admin = conn.getAdmin();
    create(USERS, new byte[][] {bytes("4"), bytes("8"), bytes("c")}, CF);
    create(EVENTS, new byte[][] {bytes("1")}, D, M);
    create(SESSIONS, null, CF);
    create(SCRATCH, new byte[][] {bytes("8")}, CF);
    Random r = new Random(seed);
    for (TableName t : new TableName[] {USERS, EVENTS, SESSIONS, SCRATCH}) {
      try (Table table = conn.getTable(t)) {
        for (int batch = 0; batch < 20; batch++) {
          table.put(rows(t, r, 100));
          setupRows += 100;
        }
      }
      admin.flush(t);
    }
  }

  String setupSummary() {
    return "tables usertable (4 regions), events (2, families d and m), sessions (1), scratch (2); "
        + setupRows
        + " rows written and flushed";
  }

  private void create(TableName name, byte[][] splits, byte[]... families) throws IOException {
    TableDescriptorBuilder b = TableDescriptorBuilder.newBuilder(name);
    for (byte[] f : families) {
      b.setColumnFamily(ColumnFamilyDescriptorBuilder.of(f));
    }
    if (splits == null) {
      admin.createTable(b.build());
    } else {
      admin.createTable(b.build(), splits);
    }
  }

  /** Runs the traced window: writers, readers and the operator's timetable, for {@code ms}. */
  void run(long ms) throws InterruptedException {
    startMs = System.currentTimeMillis();
    deadline = startMs + ms;
    List<Thread> threads = new ArrayList<>();
    threads.add(writer(USERS, USER_ROWS_PER_S, 1));
    threads.add(writer(EVENTS, EVENT_ROWS_PER_S, 2));
    threads.add(writer(SESSIONS, SESSION_ROWS_PER_S, 3));
    threads.add(reader(USERS, 4));
    threads.add(reader(EVENTS, 5));
    for (Thread t : threads) {
      t.start();
    }
    // The operator's calls can outlast the window on a busy machine (an admin flush was seen to
    // hang for minutes): the window ends at its deadline whatever the operator is doing.
    Thread op =
        new Thread(
            () -> {
              try {
                operator(ms);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            },
            "operator");
    op.setDaemon(true);
    op.start();
    for (Thread t : threads) {
      t.join();
    }
    sleepUntil(deadline);
    if (op.isAlive()) {
      say.accept("operator: still busy at the window's end; later actions not done");
    }
    synchronized (actions) {
      windowOver = true;
    }
  }

  /** Within a burst (at 20 %, 50 % and 80 % of the window) writers put BURST_FACTOR times more. */
  private boolean inBurst(long now, long ms) {
    for (double at : new double[] {0.2, 0.5, 0.8}) {
      long s = startMs + (long) (at * ms);
      if (now >= s && now < s + BURST_MS) {
        return true;
      }
    }
    return false;
  }

  private Thread writer(TableName t, int rowsPerSecond, int stream) {
    long ms = deadline - startMs;
    return new Thread(
        () -> {
          Random r = new Random(seed + stream);
          try (Table table = conn.getTable(t)) {
            long tick = 100;
            long next = System.currentTimeMillis();
            while (System.currentTimeMillis() < deadline) {
              int n = rowsPerSecond / 10 * (inBurst(next, ms) ? BURST_FACTOR : 1);
              try {
                table.put(rows(t, r, n));
                puts.addAndGet(n);
              } catch (IOException e) {
                error("put " + t, e);
              }
              next += tick;
              sleepUntil(next);
            }
          } catch (IOException | InterruptedException e) {
            error("writer " + t, e);
          }
        },
        "writer-" + t);
  }

  private Thread reader(TableName t, int stream) {
    return new Thread(
        () -> {
          Random r = new Random(seed + stream);
          try (Table table = conn.getTable(t)) {
            int i = 0;
            while (System.currentTimeMillis() < deadline) {
              try {
                if (i++ % 20 == 19) {
                  // A short range scan now and then, the rest point gets.
                  Scan s = new Scan().withStartRow(key(t, r)).setLimit(200).setCaching(100);
                  try (ResultScanner rs = table.getScanner(s)) {
                    for (Result ignored : rs) {
                      // drained
                    }
                  }
                  scans.incrementAndGet();
                } else {
                  table.get(new Get(key(t, r)));
                  gets.incrementAndGet();
                }
              } catch (IOException e) {
                error("read " + t, e);
              }
              Thread.sleep(25);
            }
          } catch (IOException | InterruptedException e) {
            error("reader " + t, e);
          }
        },
        "reader-" + t);
  }

  /** The operator's timetable, as fractions of the window. */
  private void operator(long ms) throws InterruptedException {
    at(
        0.10,
        ms,
        "snapshot usertable as usertable-snap-1",
        () -> admin.snapshot("usertable-snap-1", USERS));
    at(0.25, ms, "split usertable at 2", () -> admin.split(USERS, bytes("2")));
    at(0.35, ms, "major compaction of events", () -> admin.majorCompact(EVENTS));
    at(
        0.45,
        ms,
        "truncate scratch (splits kept)",
        () -> {
          admin.disableTable(SCRATCH);
          admin.truncateTable(SCRATCH, true);
        });
    at(0.55, ms, "major compaction of usertable", () -> admin.majorCompact(USERS));
    at(
        0.60,
        ms,
        "delete snapshot usertable-snap-1",
        () -> admin.deleteSnapshot("usertable-snap-1"));
    at(
        0.65,
        ms,
        "create events_daily and put 2,000 rows into it",
        () -> {
          create(DAILY, new byte[][] {bytes("1")}, D, M);
          try (Table d = conn.getTable(DAILY)) {
            Random r = new Random(seed + 9);
            for (int i = 0; i < 20; i++) {
              d.put(rows(EVENTS, r, 100));
            }
          }
        });
    at(
        0.75,
        ms,
        "drop scratch",
        () -> {
          admin.disableTable(SCRATCH);
          admin.deleteTable(SCRATCH);
        });
    at(0.85, ms, "snapshot events as events-snap-1", () -> admin.snapshot("events-snap-1", EVENTS));
    at(0.90, ms, "minor compaction of sessions", () -> admin.compact(SESSIONS));
  }

  private interface Action {
    void run() throws IOException;
  }

  private void at(double share, long ms, String what, Action a) throws InterruptedException {
    sleepUntil(startMs + (long) (share * ms));
    long t = System.currentTimeMillis();
    if (t >= deadline) {
      return;
    }
    try {
      a.run();
      String done =
          String.format(
              Locale.ROOT,
              "%s at %.1f s (%s), %d ms",
              what,
              (t - startMs) / 1000.0,
              Instant.ofEpochMilli(t),
              System.currentTimeMillis() - t);
      synchronized (actions) {
        if (windowOver) {
          return;
        }
        actions.add(done);
      }
      say.accept("operator: " + done);
    } catch (IOException e) {
      error(what, e);
    }
  }

  private List<Put> rows(TableName t, Random r, int n) {
    List<Put> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      Put p = new Put(key(t, r));
      if (t.equals(EVENTS)) {
        p.addColumn(D, bytes("body"), value(r, 600));
        p.addColumn(M, bytes("src"), value(r, 60));
      } else {
        p.addColumn(CF, bytes("v"), value(r, t.equals(SESSIONS) ? 300 : 1000));
      }
      out.add(p);
    }
    return out;
  }

  /** usertable: uniform hashed keys; events: a salt byte then time (hot tails); sessions: ids. */
  private byte[] key(TableName t, Random r) {
    if (t.equals(EVENTS)) {
      return bytes(
          String.format(
              Locale.ROOT,
              "%d-%013d-%04d",
              r.nextInt(2),
              System.currentTimeMillis(),
              r.nextInt(10_000)));
    }
    if (t.equals(SESSIONS)) {
      return bytes(String.format(Locale.ROOT, "s%08d", r.nextInt(50_000)));
    }
    return bytes(String.format(Locale.ROOT, "%016x", r.nextLong()));
  }

  private static byte[] value(Random r, int n) {
    byte[] b = new byte[n];
    r.nextBytes(b);
    return b;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static void sleepUntil(long when) throws InterruptedException {
    long d = when - System.currentTimeMillis();
    if (d > 0) {
      Thread.sleep(d);
    }
  }

  private void error(String what, Exception e) {
    errors.incrementAndGet();
    LOG.warn("workload: {} failed", what, e);
    say.accept("workload: " + what + " failed: " + e);
  }

  long unexpectedErrors() {
    return errors.get();
  }

  String summary() {
    return puts.get()
        + " rows put, "
        + gets.get()
        + " gets, "
        + scans.get()
        + " scans, "
        + actions.size()
        + " operator actions, "
        + errors.get()
        + " errors";
  }

  String json() {
    StringBuilder j = new StringBuilder("{\n");
    j.append(
        "    \"tables\": \"usertable (4 regions, then split), events (2 regions, families d, m),"
            + " sessions (1), scratch (2: truncated, dropped), events_daily (created)\",\n");
    j.append("    \"setup_rows\": ").append(setupRows).append(",\n");
    j.append("    \"rows_per_second\": {\"usertable\": ")
        .append(USER_ROWS_PER_S)
        .append(", \"events\": ")
        .append(EVENT_ROWS_PER_S)
        .append(", \"sessions\": ")
        .append(SESSION_ROWS_PER_S)
        .append("},\n");
    j.append("    \"bursts\": \"x")
        .append(BURST_FACTOR)
        .append(" for ")
        .append(BURST_MS / 1000)
        .append(" s at 20 %, 50 %, 80 % of the window\",\n");
    j.append("    \"rows_put\": ").append(puts.get()).append(",\n");
    j.append("    \"gets\": ").append(gets.get()).append(",\n");
    j.append("    \"scans\": ").append(scans.get()).append(",\n");
    j.append("    \"operator_actions\": [");
    String sep = "\n";
    synchronized (actions) {
      for (String a : actions) {
        j.append(sep).append("      \"").append(a).append('"');
        sep = ",\n";
      }
    }
    return j.append("\n    ]\n  }").toString();
  }

  @Override
  public void close() throws IOException {
    if (admin != null) {
      admin.close();
    }
    if (conn != null) {
      conn.close();
    }
  }
}
