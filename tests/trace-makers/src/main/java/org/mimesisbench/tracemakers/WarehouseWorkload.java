package org.mimesisbench.tracemakers;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsShell;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * A data warehouse on HDFS: Hive-like table loads (a job writes into a {@code .hive-staging_*}
 * tree, the move task renames new partitions into {@code table/dt=...}, drops old ones, sets their
 * permissions and gathers their sizes), DistCp backups (-update -delete -p, one from a snapshot),
 * the metastore's partition scans, a BI dashboard, analysts' queries and {@code hadoop fs}
 * browsing, and an administrator. Phase A (not traced) builds the tables and a first backup; phase
 * B is the trace. Every actor has its own seeded Random.
 */
final class WarehouseWorkload implements TracedWorkload {

  static final String[] USERS = {"hive", "etl", "alice", "bob", "backup", "bi"};

  /** Static group mapping; backup is in supergroup (DistCp -pu needs a superuser). */
  static final String GROUP_MAPPING =
      "hdfs=supergroup;hive=hive,etl;etl=etl,hive;"
          + "alice=analysts;bob=analysts;backup=supergroup;bi=reporting;dr.who=;";

  static final String WAREHOUSE = "/warehouse";
  static final String ORDERS = "/warehouse/sales.db/orders";
  static final String CUSTOMERS = "/warehouse/sales.db/customers";
  static final String CLICKS = "/warehouse/web.db/clicks";
  static final String REVENUE = "/warehouse/analytics.db/daily_revenue";
  static final String SCRATCH = "/warehouse/scratch.db";
  private static final String[] TABLES = {ORDERS, CUSTOMERS, CLICKS, REVENUE};
  private static final int HOURS = 6;
  private static final FsPermission DIR_PERM = new FsPermission((short) 0775);

  private final Env env;
  private final Jobs jobs;
  private final File local;

  /** One MapReduce job at a time: local-runner jobs share this JVM's heap and two cores. */
  private final ReentrantLock jobLock = new ReentrantLock(true);

  /** Days loaded in the trace; the backup waits for the first. */
  private final CountDownLatch firstDayLoaded = new CountDownLatch(1);

  private final CountDownLatch loadsDone = new CountDownLatch(1);

  /**
   * The loads, the backups and the analysts run their whole script whatever the machine's speed (so
   * that every run makes the same calls); the dashboard and the partition scans go on until those
   * three are done (or the --max-trace-seconds cap).
   */
  private final CountDownLatch scriptedDone = new CountDownLatch(3);

  private volatile long traceStartMillis;

  WarehouseWorkload(Env env) {
    this.env = env;
    this.jobs = new Jobs(env);
    this.local = new File(env.conf.get("hadoop.tmp.dir"), "warehouse-local");
  }

  @Override
  public String name() {
    return "warehouse";
  }

  private static Path p(String s) {
    return new Path(s);
  }

  private static String day(int d) {
    return String.format(Locale.ROOT, "2024-01-%02d", d);
  }

  private static String group(String user) {
    switch (user) {
      case "hive":
        return "hive";
      case "etl":
        return "etl";
      case "backup":
        return "supergroup";
      case "bi":
        return "reporting";
      default:
        return "analysts";
    }
  }

  // ------------------------------------------------------------------ phase A

  @Override
  public void phaseA() throws Exception {
    Random r = new Random(env.seed);
    FileSystem su = env.fs(env.superUser);
    if (!local.isDirectory() && !local.mkdirs()) {
      throw new IOException("cannot create " + local);
    }
    su.mkdirs(p("/user"), new FsPermission((short) 0755));
    for (String u : USERS) {
      Path home = p("/user/" + u);
      su.mkdirs(home);
      su.setOwner(home, u, group(u));
    }
    su.mkdirs(p("/tmp"));
    su.setPermission(p("/tmp"), new FsPermission((short) 01777));
    su.mkdirs(p("/tmp/hive"));
    su.setOwner(p("/tmp/hive"), "hive", "hive");
    su.setPermission(p("/tmp/hive"), new FsPermission((short) 01777));
    su.mkdirs(p(WAREHOUSE));
    su.setOwner(p(WAREHOUSE), "hive", "hive");
    su.setPermission(p(WAREHOUSE), DIR_PERM);
    su.mkdirs(p("/landing"));
    su.setOwner(p("/landing"), "etl", "etl");
    su.mkdirs(p("/backup"));
    su.setOwner(p("/backup"), "backup", "supergroup");
    su.setPermission(p("/backup"), new FsPermission((short) 0750));

    FileSystem hive = env.fs("hive");
    for (String db : new String[] {"sales.db", "web.db", "analytics.db"}) {
      hive.mkdirs(p(WAREHOUSE + "/" + db), DIR_PERM);
    }
    for (String t : TABLES) {
      hive.mkdirs(p(t), DIR_PERM);
      hive.setPermission(p(t), DIR_PERM);
    }
    hive.mkdirs(p(SCRATCH));
    hive.setPermission(p(SCRATCH), new FsPermission((short) 01777));
    for (int i = 0; i < 3; i++) {
      Env.writeText(
          hive,
          p(String.format(Locale.ROOT, "%s/%06d_0", CUSTOMERS, i)),
          r,
          20_000 + r.nextInt(40_000));
    }
    // Old sessions that ended without cleaning up (the administrator removes them).
    for (String u : new String[] {"etl", "alice", "bob"}) {
      FileSystem fs = env.fs(u);
      fs.mkdirs(p("/tmp/hive/" + u), new FsPermission((short) 0700));
      for (int s = 0; s < 2; s++) {
        Path dead = p("/tmp/hive/" + u + "/" + uuid(r));
        fs.mkdirs(new Path(dead, "_tmp_space.db"));
        Env.write(fs, new Path(dead, "inuse.lck"), new byte[0], true);
      }
    }

    // A week of orders (days 1-7) and three days of hourly clicks (days 5-7), loaded by the
    // same job and move task as in the trace.
    FileSystem etl = env.fs("etl");
    List<String> orderRows = new ArrayList<>();
    for (int d = 1; d <= 7; d++) {
      orderRows.addAll(orders(r, "dt=" + day(d), 300 + r.nextInt(300)));
    }
    putRows("etl", r, "/landing/history/orders", orderRows, 2);
    List<String> clickRows = new ArrayList<>();
    for (int d = 5; d <= 7; d++) {
      for (int h = 0; h < HOURS; h++) {
        clickRows.addAll(
            clicks(r, String.format(Locale.ROOT, "dt=%s/hr=%02d", day(d), h), 80 + r.nextInt(80)));
      }
    }
    putRows("etl", r, "/landing/history/clicks", clickRows, 2);
    hiveInsert("etl", "hive_etl_history_orders", r, ORDERS, "/landing/history/orders", 1, null);
    hiveInsert("etl", "hive_etl_history_clicks", r, CLICKS, "/landing/history/clicks", 2, null);
    for (int d = 1; d <= 7; d++) {
      Env.write(
          hive,
          p(REVENUE + "/dt=" + day(d) + "/000000_0"),
          ("dt=" + day(d) + "\t" + (100_000 + r.nextInt(900_000)) + "\n")
              .getBytes(StandardCharsets.UTF_8),
          true);
    }
    etl.delete(p("/landing/history"), true);
    // The first full backup.
    distCp(
        "backup_initial",
        "-update",
        "-pugpt",
        "-m",
        "2",
        "/warehouse/sales.db",
        "/backup/warehouse/sales.db");
  }

  // ------------------------------------------------------------------ data

  private static String uuid(Random r) {
    return new UUID(r.nextLong(), r.nextLong()).toString();
  }

  private static List<String> orders(Random r, String spec, int n) {
    List<String> rows = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      rows.add(
          spec
              + "\t"
              + (1_000_000 + r.nextInt(9_000_000))
              + ",c"
              + r.nextInt(5_000)
              + ","
              + (1 + r.nextInt(50_000)));
    }
    return rows;
  }

  private static List<String> clicks(Random r, String spec, int n) {
    List<String> rows = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      rows.add(
          spec
              + "\t"
              + r.nextInt(100_000)
              + ",/p/"
              + r.nextInt(400)
              + ","
              + (10 + r.nextInt(5_000)));
    }
    return rows;
  }

  /** Write the rows into {@code files} local files and {@code hadoop fs -put} them to dir. */
  private void putRows(String user, Random r, String dir, List<String> rows, int files)
      throws Exception {
    List<String> args = new ArrayList<>(List.of("-put", "-f"));
    for (int f = 0; f < files; f++) {
      StringBuilder sb = new StringBuilder();
      for (int i = f; i < rows.size(); i += files) {
        sb.append(rows.get(i)).append('\n');
      }
      File file =
          new File(
              local, p(dir).getName() + "-" + Integer.toHexString(r.nextInt()) + "-" + f + ".tsv");
      Files.writeString(file.toPath(), sb.toString(), StandardCharsets.UTF_8);
      args.add(file.toURI().toString());
    }
    args.add(dir);
    shell(user, "-mkdir", "-p", dir);
    shell(user, args.toArray(new String[0]));
  }

  // ------------------------------------------------------------------ tools

  /** {@code hadoop fs ARGS} as the user (callerContext CLI, trash on as on most clusters). */
  private int shellRc(String user, String... args) throws Exception {
    Configuration c = new Configuration(env.conf);
    c.setLong("fs.trash.interval", 1440);
    Env.context(null);
    return env.as(user, () -> ToolRunner.run(c, new FsShell(), args));
  }

  /** As {@link #shellRc}, failing unless the command succeeds. */
  private void shell(String user, String... args) throws Exception {
    int rc = shellRc(user, args);
    if (rc != 0) {
      throw new IOException("hadoop fs " + String.join(" ", args) + " as " + user + ": exit " + rc);
    }
  }

  /** A MapReduce job, alone on the local runner. */
  private void job(String name, String user, String ctx, Tool tool, String... args)
      throws IOException {
    jobLock.lock();
    try {
      if (!jobs.tool(name, user, ctx, tool, args)) {
        throw new IOException(name + " as " + user + " failed (see logs/hadoop.log)");
      }
    } finally {
      jobLock.unlock();
    }
  }

  private void distCp(String ctx, String... args) throws IOException {
    job("distcp", "backup", ctx, new WarehouseJobs.DistCpTool(), args);
  }

  // ------------------------------------------------------------------ Hive-like statements

  /** A Hive session's scratch directory with its lock file. */
  private Path openSession(String user, Random r) throws IOException {
    FileSystem fs = env.fs(user);
    Path s = p("/tmp/hive/" + user + "/" + uuid(r));
    fs.mkdirs(new Path(s, "_tmp_space.db"));
    Env.write(fs, new Path(s, "inuse.lck"), new byte[0], true);
    return s;
  }

  private void closeSession(String user, Path session) throws IOException {
    env.fs(user).delete(session, true);
  }

  private static String stagingName(Random r) {
    return String.format(
        Locale.ROOT,
        ".hive-staging_hive_2024-01-08_%02d-%02d-%02d_%03d_%d-%d",
        r.nextInt(24),
        r.nextInt(60),
        r.nextInt(60),
        r.nextInt(1000),
        100_000_000 + r.nextInt(900_000_000),
        1 + r.nextInt(9));
  }

  /**
   * INSERT OVERWRITE TABLE t PARTITION (...) SELECT ...: the job writes into {@code
   * t/.hive-staging_*}/-ext-10002, which the job close renames to -ext-10000; the move task then
   * walks it to the partitions ({@code depth} levels, or the whole output as the static partition
   * {@code staticPart}), replaces each table partition by its new directory (probe, recursive
   * delete of the old one, mkdirs of the parent, rename), gives it the table's permission and
   * group, and takes its content summary for the table statistics.
   */
  private void hiveInsert(
      String user, String ctx, Random r, String table, String input, int depth, String staticPart)
      throws Exception {
    FileSystem fs = env.fs(user);
    Path tbl = p(table);
    Env.context(ctx);
    FileStatus tableStatus = fs.getFileStatus(tbl);
    Path staging = new Path(tbl, stagingName(r));
    fs.mkdirs(staging);
    Path ext2 = new Path(staging, "-ext-10002");
    Path ext0 = new Path(staging, "-ext-10000");
    if (staticPart == null) {
      job("load", user, ctx, new WarehouseJobs.PartitionedLoad(), input, ext2.toString());
    } else {
      job("aggregate", user, ctx, new WarehouseJobs.DailyAggregate(), input, ext2.toString());
    }
    Env.context(ctx);
    fs.rename(ext2, ext0);
    List<Path> leaves = new ArrayList<>();
    if (staticPart == null) {
      partitions(fs, ext0, depth, leaves);
    } else {
      leaves.add(ext0);
    }
    for (Path leaf : leaves) {
      String rel =
          staticPart != null
              ? staticPart
              : leaf.toUri().getPath().substring(ext0.toUri().getPath().length() + 1);
      Path target = new Path(tbl, rel);
      fs.listStatus(leaf);
      if (fs.exists(target)) {
        fs.delete(target, true);
      }
      fs.mkdirs(target.getParent());
      fs.rename(leaf, target);
      fs.setPermission(target, tableStatus.getPermission());
      fs.setOwner(target, null, tableStatus.getGroup());
      fs.getContentSummary(target);
    }
    fs.delete(staging, true);
    Env.context(null);
  }

  /** Leaf partition directories under dir, {@code depth} levels down; hidden names skipped. */
  private static void partitions(FileSystem fs, Path dir, int depth, List<Path> out)
      throws IOException {
    for (FileStatus st : fs.listStatus(dir)) {
      String n = st.getPath().getName();
      if (!st.isDirectory() || n.startsWith("_") || n.startsWith(".")) {
        continue;
      }
      if (depth <= 1) {
        out.add(st.getPath());
      } else {
        partitions(fs, st.getPath(), depth - 1, out);
      }
    }
  }

  /** CREATE TABLE t AS SELECT: staging beside the table, then the output becomes the table. */
  private void hiveCtas(String user, String ctx, Random r, String table, String input)
      throws Exception {
    FileSystem fs = env.fs(user);
    Path tbl = p(table);
    Env.context(ctx);
    if (fs.exists(tbl)) {
      throw new IOException("table exists: " + tbl);
    }
    Path staging = new Path(tbl.getParent(), stagingName(r));
    fs.mkdirs(staging);
    Path ext2 = new Path(staging, "-ext-10002");
    Path ext0 = new Path(staging, "-ext-10000");
    job("aggregate", user, ctx, new WarehouseJobs.DailyAggregate(), input, ext2.toString());
    Env.context(ctx);
    fs.rename(ext2, ext0);
    fs.listStatus(ext0);
    fs.rename(ext0, tbl);
    fs.setPermission(tbl, DIR_PERM);
    fs.getContentSummary(tbl);
    fs.delete(staging, true);
    Env.context(null);
  }

  // ------------------------------------------------------------------ phase B

  @Override
  public void phaseB(long maxMillis) throws InterruptedException {
    traceStartMillis = System.currentTimeMillis();
    env.stopAtMillis = traceStartMillis + maxMillis;
    List<Thread> threads = new ArrayList<>();
    threads.add(scripted("etl", () -> etlLoads(new Random(env.seed + 1))));
    threads.add(scripted("backup", () -> backups(new Random(env.seed + 2))));
    threads.add(scripted("analysts", () -> analysts(new Random(env.seed + 3))));
    threads.add(env.actor("metastore", () -> partitionScans(new Random(env.seed + 4))));
    threads.add(env.actor("bi", () -> dashboards(new Random(env.seed + 5))));
    threads.add(env.actor("admin", () -> adminChores(new Random(env.seed + 6))));
    Env.runActors(threads);
  }

  @Override
  public int actors() {
    return 6;
  }

  private Thread scripted(String name, Env.IoAction body) {
    return env.actor(
        name,
        () -> {
          try {
            body.run();
          } finally {
            scriptedDone.countDown();
          }
        });
  }

  /** True once the scripted actors are done, or at the cap: the others then stop. */
  private boolean winding() {
    return scriptedDone.getCount() == 0 || env.pastDeadline();
  }

  private static final double[][] BETWEEN_LOADS = {{60, 2000, 6000}, {40, 6000, 12000}};

  /**
   * The nightly loads of days 8-10: land the files ({@code hadoop fs -put}), load orders (with late
   * rows of the day before, which overwrite that partition) and clicks (dt/hr partitions),
   * aggregate the day's revenue, drop partitions past retention (orders purged, clicks to the
   * trash), remove the landing files; at the end, a trash checkpoint.
   */
  private void etlLoads(Random r) throws Exception {
    env.sleep(1500);
    for (int d = 8; d <= 10 && !env.pastDeadline(); d++) {
      String dt = day(d);
      int dd = d;
      env.attempt(
          "load day " + dt,
          () -> {
            FileSystem fs = env.fs("etl");
            List<String> rows = orders(r, "dt=" + dt, 300 + r.nextInt(300));
            rows.addAll(orders(r, "dt=" + day(dd - 1), 20 + r.nextInt(40)));
            putRows("etl", r, "/landing/orders/" + dt, rows, 2);
            List<String> clickRows = new ArrayList<>();
            for (int h = 0; h < HOURS; h++) {
              clickRows.addAll(
                  clicks(
                      r, String.format(Locale.ROOT, "dt=%s/hr=%02d", dt, h), 60 + r.nextInt(80)));
            }
            putRows("etl", r, "/landing/clicks/" + dt, clickRows, 1);
            Path session = openSession("etl", r);
            String ctx = "hive_etl_" + dt.replace("-", "") + "_";
            hiveInsert("etl", ctx + "orders", r, ORDERS, "/landing/orders/" + dt, 1, null);
            hiveInsert("etl", ctx + "clicks", r, CLICKS, "/landing/clicks/" + dt, 2, null);
            hiveInsert("etl", ctx + "revenue", r, REVENUE, ORDERS + "/dt=" + dt, 1, "dt=" + dt);
            Env.context(ctx + "retention");
            Path oldOrders = p(ORDERS + "/dt=" + day(dd - 7));
            if (fs.exists(oldOrders)) {
              fs.delete(oldOrders, true);
            }
            Path oldClicks = p(CLICKS + "/dt=" + day(dd - 3));
            if (fs.exists(oldClicks)) {
              shell("etl", "-rm", "-r", oldClicks.toString());
            }
            closeSession("etl", session);
            shell(
                "etl", "-rm", "-r", "-skipTrash", "/landing/orders/" + dt, "/landing/clicks/" + dt);
          });
      if (d == 8) {
        firstDayLoaded.countDown();
      }
      env.pause(r, BETWEEN_LOADS);
    }
    firstDayLoaded.countDown();
    env.attempt("trash checkpoint", () -> shell("etl", "-expunge"));
    loadsDone.countDown();
  }

  /**
   * Backups: sales.db from a snapshot (allowSnapshot, createSnapshot, DistCp -update -delete -pugpt
   * from .snapshot/NAME, deleteSnapshot), analytics.db straight; twice.
   */
  private void backups(Random r) throws Exception {
    DistributedFileSystem fs = (DistributedFileSystem) env.fs("backup");
    firstDayLoaded.await();
    for (int round = 1; round <= 2; round++) {
      if (round == 2) {
        loadsDone.await(
            Math.max(1, env.stopAtMillis - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
      }
      String snap = "backup-" + round;
      Path sales = p("/warehouse/sales.db");
      int n = round;
      env.attempt(
          "backup sales.db",
          () -> {
            Env.context("backup_" + n);
            if (n == 1) {
              fs.allowSnapshot(sales);
            }
            fs.createSnapshot(sales, snap);
            distCp(
                "distcp_sales_" + n,
                "-update",
                "-delete",
                "-pugpt",
                "-m",
                "2",
                "/warehouse/sales.db/.snapshot/" + snap,
                "/backup/warehouse/sales.db");
            Env.context("backup_" + n);
            fs.deleteSnapshot(sales, snap);
            if (n == 2) {
              fs.disallowSnapshot(sales);
            }
            Env.context(null);
          });
      env.sleep(1000 + r.nextInt(3000));
      env.attempt(
          "backup analytics.db",
          () ->
              distCp(
                  "distcp_analytics_" + n,
                  "-update",
                  "-pugpt",
                  "-m",
                  "2",
                  "/warehouse/analytics.db",
                  "/backup/warehouse/analytics.db"));
      env.sleep(2000 + r.nextInt(4000));
    }
  }

  private static final double[][] ANALYST_GAPS = {
    {50, 500, 3000}, {40, 3000, 9000}, {10, 9000, 15000}
  };

  /** Two analysts: Hive queries (a job, results read back), a CTAS and its drop, and browsing. */
  private void analysts(Random r) throws Exception {
    env.sleep(4000);
    String[] who = {"alice", "bob"};
    List<String> ctasTables = new ArrayList<>();
    int queries = 0;
    int ctasMade = 0;
    for (int step = 0; step < 24 && !env.pastDeadline(); step++) {
      String user = who[(step / 3) % 2];
      FileSystem fs = env.fs(user);
      int kind = step % 8;
      switch (kind) {
        case 0:
        case 4:
          {
            if (queries >= 3) {
              break;
            }
            int q = ++queries;
            env.attempt(
                "query",
                () -> {
                  Path session = openSession(user, r);
                  String ctx = "hive_" + user + "_query_" + q;
                  Env.context(ctx);
                  fs.getFileStatus(p(ORDERS));
                  Path out = new Path(session, "-mr-10000");
                  job(
                      "wordcount",
                      user,
                      ctx,
                      new Jobs.WordCountTool(),
                      ORDERS + "/dt=2024-01-0[4-6]",
                      out.toString());
                  Env.context(ctx);
                  for (FileStatus st : fs.listStatus(out)) {
                    if (st.getPath().getName().startsWith("part-")) {
                      Env.readHead(fs, st.getPath(), 16 * 1024);
                    }
                  }
                  Env.context(null);
                  closeSession(user, session);
                });
            break;
          }
        case 1:
          env.attempt("ls orders", () -> shell(user, "-ls", ORDERS));
          break;
        case 2:
          env.attempt("du dbs", () -> shell(user, "-du", "-s", "-h", WAREHOUSE + "/*.db"));
          break;
        case 3:
          {
            if (ctasMade >= 2) {
              break;
            }
            int n = ++ctasMade;
            String t = SCRATCH + "/" + user + "_revenue_" + n;
            ctasTables.add(t);
            env.attempt(
                "ctas",
                () -> {
                  Path session = openSession(user, r);
                  hiveCtas(
                      user, "hive_" + user + "_ctas_" + n, r, t, ORDERS + "/dt=2024-01-0[4-6]");
                  closeSession(user, session);
                });
            break;
          }
        case 5:
          env.attempt("ls -R clicks", () -> shell(user, "-ls", "-R", CLICKS));
          break;
        case 6:
          env.attempt(
              "count + cat",
              () -> {
                shell(user, "-count", CLICKS, REVENUE);
                // "is tomorrow's partition there yet?": exit code 1, as expected
                shellRc(user, "-test", "-e", REVENUE + "/dt=2024-01-11");
              });
          break;
        default:
          if (!ctasTables.isEmpty() && step > 12) {
            String t = ctasTables.get(0);
            String name = t.substring(SCRATCH.length() + 1);
            String owner = name.substring(0, name.indexOf('_'));
            // DROP TABLE: the table directory goes to its owner's trash (no PURGE).
            env.attempt("drop table", () -> shell(owner, "-rm", "-r", t));
            ctasTables.remove(0);
          } else {
            env.attempt("cat revenue", () -> shell(user, "-cat", REVENUE + "/dt=2024-01-07/*"));
          }
          break;
      }
      env.pause(r, ANALYST_GAPS);
    }
  }

  private static final double[][] SCAN_GAPS = {{100, 6000, 14000}};

  /**
   * The metastore's partition discovery and the statistics updater (as hive): every few seconds it
   * stats and lists each table, lists every partition (two levels for clicks) and takes the content
   * summary of one table. Paths vanishing under it are skipped.
   */
  private void partitionScans(Random r) throws Exception {
    FileSystem fs = env.fs("hive");
    env.sleep(2500);
    for (int scan = 0; !winding(); scan++) {
      Env.context("metastore_partition_discovery");
      for (String t : TABLES) {
        env.tolerant(() -> fs.getFileStatus(p(t)));
        FileStatus[] parts = env.tolerant(() -> fs.listStatus(p(t)));
        for (FileStatus part : parts == null ? new FileStatus[0] : parts) {
          String n = part.getPath().getName();
          if (!part.isDirectory() || n.startsWith(".")) {
            continue;
          }
          FileStatus[] sub = env.tolerant(() -> fs.listStatus(part.getPath()));
          for (FileStatus s : sub == null ? new FileStatus[0] : sub) {
            if (s.isDirectory()) {
              env.tolerant(() -> fs.listStatus(s.getPath()));
            }
          }
        }
      }
      String table = TABLES[scan % TABLES.length];
      Env.context("metastore_stats_updater");
      env.tolerant(() -> fs.getContentSummary(p(table)));
      Env.context(null);
      env.pause(r, SCAN_GAPS);
    }
  }

  private static final double[][] REFRESH_GAPS = {
    {60, 300, 1500}, {35, 1500, 4000}, {5, 4000, 9000}
  };

  /**
   * A BI dashboard (as bi): each refresh lists the revenue table, reads its newest partitions, and
   * reads customer files with skewed popularity, some after a stat.
   */
  private void dashboards(Random r) throws Exception {
    FileSystem fs = env.fs("bi");
    env.sleep(1000);
    for (int refresh = 0; !winding(); refresh++) {
      Env.context("bi_dashboard_" + (refresh % 4));
      FileStatus[] parts = env.tolerant(() -> fs.listStatus(p(REVENUE)));
      List<Path> dts = new ArrayList<>();
      for (FileStatus st : parts == null ? new FileStatus[0] : parts) {
        if (st.getPath().getName().startsWith("dt=")) {
          dts.add(st.getPath());
        }
      }
      dts.sort(null);
      int take = Math.min(dts.size(), 1 + Env.zipf(r, 3, 1.5));
      for (int i = 0; i < take; i++) {
        Path dir = dts.get(dts.size() - 1 - i);
        FileStatus[] files = env.tolerant(() -> fs.listStatus(dir));
        for (FileStatus f : files == null ? new FileStatus[0] : files) {
          env.tolerant(() -> Env.readFully(fs, f.getPath()));
        }
      }
      if (refresh % 5 == 4) {
        // the "orders of the day" export: the newest orders partition, read whole
        FileStatus[] days = env.tolerant(() -> fs.listStatus(p(ORDERS)));
        Path newest = null;
        for (FileStatus st : days == null ? new FileStatus[0] : days) {
          if (st.getPath().getName().startsWith("dt=")) {
            newest = newest == null || st.getPath().compareTo(newest) > 0 ? st.getPath() : newest;
          }
        }
        Path dir = newest;
        FileStatus[] files = dir == null ? null : env.tolerant(() -> fs.listStatus(dir));
        for (FileStatus f : files == null ? new FileStatus[0] : files) {
          env.tolerant(() -> Env.readFully(fs, f.getPath()));
        }
      }
      int reads = r.nextInt(4);
      for (int i = 0; i < reads; i++) {
        Path c = p(String.format(Locale.ROOT, "%s/%06d_0", CUSTOMERS, Env.zipf(r, 3, 1.2)));
        boolean stat = r.nextInt(4) == 0;
        env.tolerant(
            () -> {
              if (stat) {
                fs.getFileStatus(c);
              }
              return Env.readFully(fs, c);
            });
      }
      Env.context(null);
      env.pause(r, REFRESH_GAPS);
    }
  }

  /**
   * The administrator (the superuser): warehouse usage, a quota on the scratch database, removal of
   * dead Hive sessions, group and permission fixes, a quota report.
   */
  private void adminChores(Random r) throws Exception {
    DistributedFileSystem fs = (DistributedFileSystem) env.fs(env.superUser);
    double[][] gaps = {{100, 6000, 16000}};
    env.pause(r, gaps);
    env.attempt(
        "du warehouse",
        () -> {
          fs.listStatus(p(WAREHOUSE));
          fs.getContentSummary(p(WAREHOUSE));
        });
    env.pause(r, gaps);
    env.attempt("quota scratch", () -> fs.setQuota(p(SCRATCH), 5_000, 4L << 30));
    env.pause(r, gaps);
    env.attempt(
        "clear dangling scratch dirs",
        () -> {
          // Dead sessions: those whose lock file is older than the trace (made in phase A).
          long cutoff = traceStartMillis;
          for (FileStatus u : fs.listStatus(p("/tmp/hive"))) {
            for (FileStatus s : fs.listStatus(u.getPath())) {
              Path lock = new Path(s.getPath(), "inuse.lck");
              FileStatus st = env.tolerant(() -> fs.getFileStatus(lock));
              if (st != null && st.getModificationTime() < cutoff) {
                fs.delete(s.getPath(), true);
              }
            }
          }
        });
    env.pause(r, gaps);
    env.attempt(
        "scratch to analysts",
        () -> {
          for (FileStatus t : fs.listStatus(p(SCRATCH))) {
            if (t.isDirectory() && !t.getPath().getName().startsWith(".")) {
              fs.setOwner(t.getPath(), null, "analysts");
            }
          }
        });
    env.pause(r, gaps);
    env.attempt("quota report", () -> shell(env.superUser, "-count", "-q", WAREHOUSE + "/*"));
    env.pause(r, gaps);
    env.attempt(
        "lock down backup",
        () -> {
          for (FileStatus st : fs.listStatus(p("/backup/warehouse"))) {
            fs.setPermission(st.getPath(), new FsPermission((short) 0750));
          }
        });
    env.pause(r, gaps);
    env.attempt("du warehouse again", () -> fs.getContentSummary(p(WAREHOUSE)));
  }
}
