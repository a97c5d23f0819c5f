package org.mimesisbench.tracemakers;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * The workload. Phase A builds the namespace that exists when the trace starts (it is in the start
 * fsimage, not in the audit log). Phase B is the traced workload: MapReduce jobs and interactive
 * sessions of several users, run concurrently, each thread with its own seeded Random so that the
 * sequence of calls is the same on every run.
 */
final class SampleWorkload implements TracedWorkload {

  static final String[] USERS = {"alice", "bob", "carol", "dave"};

  /** Static group mapping (hadoop.user.group.static.mapping.overrides). */
  static final String GROUP_MAPPING =
      "hdfs=supergroup;alice=analysts;bob=analysts;carol=etl,analysts;dave=reporting;dr.who=;";

  static final String[] REFERENCE = {
    "countries.csv",
    "currencies.csv",
    "products.csv",
    "stores.csv",
    "calendar.csv",
    "customers-dim.csv",
    "regions.csv",
    "suppliers.csv",
    "exchange-rates.csv",
    "holidays.csv",
    "tax-codes.csv",
    "units.csv"
  };
  static final String[] CONFS = {
    "core-site.xml",
    "hdfs-site.xml",
    "mapred-site.xml",
    "reporting.xml",
    "queries.xml",
    "log4j.properties"
  };

  private final Env env;
  private final Jobs jobs;

  SampleWorkload(Env env) {
    this.env = env;
    this.jobs = new Jobs(env);
  }

  private static Path p(String s) {
    return new Path(s);
  }

  private static String group(String user) {
    switch (user) {
      case "carol":
        return "etl";
      case "dave":
        return "reporting";
      default:
        return "analysts";
    }
  }

  // ------------------------------------------------------------------ phase A

  /** The namespace before the trace: directories, files and two MapReduce outputs. */
  @Override
  public void phaseA() throws Exception {
    Random r = new Random(env.seed);
    FileSystem su = env.fs(env.superUser);

    su.mkdirs(p("/user"), new FsPermission((short) 0755));
    for (String u : USERS) {
      Path home = p("/user/" + u);
      su.mkdirs(home);
      su.setOwner(home, u, group(u));
      su.setPermission(home, new FsPermission((short) (u.equals("dave") ? 0750 : 0755)));
    }
    su.mkdirs(p("/tmp"));
    su.setPermission(p("/tmp"), new FsPermission((short) 01777));

    // Application area, owned by the superuser.
    su.mkdirs(p("/apps/reporting/conf"));
    su.mkdirs(p("/apps/reporting/lib"));
    for (String c : CONFS) {
      Env.writeText(su, p("/apps/reporting/conf/" + c), r, 800 + r.nextInt(3500));
    }
    int[] jarSizes = {180_000, 620_000, 1_600_000};
    for (int i = 0; i < jarSizes.length; i++) {
      byte[] b = new byte[jarSizes[i]];
      r.nextBytes(b);
      Env.write(su, p("/apps/reporting/lib/reporting-lib-" + i + ".jar"), b, true);
    }

    // Shared data area, owned by the ETL user; reference data owned by the superuser.
    su.mkdirs(p("/data"));
    su.setOwner(p("/data"), "carol", "etl");
    su.setPermission(p("/data"), new FsPermission((short) 0775));
    su.mkdirs(p("/data/reference"));
    for (String f : REFERENCE) {
      Env.writeText(su, p("/data/reference/" + f), r, 2_000 + r.nextInt(60_000));
    }

    FileSystem carol = env.fs("carol");
    for (int day = 1; day <= 7; day++) {
      String dir = String.format("/data/logs/web/2024/01/%02d", day);
      carol.mkdirs(p(dir));
      int n = 4 + r.nextInt(5);
      for (int i = 0; i < n; i++) {
        Env.writeText(
            carol, p(String.format("%s/access-%03d.log", dir, i)), r, 5_000 + r.nextInt(25_000));
      }
    }
    for (int day = 5; day <= 7; day++) {
      String dir = String.format("/data/logs/app/2024/01/%02d", day);
      carol.mkdirs(p(dir));
      Env.writeText(carol, p(dir + "/app.log"), r, 3_000 + r.nextInt(10_000));
      Env.writeText(carol, p(dir + "/gc.log"), r, 1_000 + r.nextInt(4_000));
    }
    for (int b = 1; b <= 3; b++) {
      String dir = "/user/carol/staging/batch-" + b;
      carol.mkdirs(p(dir));
      for (int i = 0; i < 2; i++) {
        Env.writeText(
            carol, p(String.format("%s/part-%05d", dir, i)), r, 10_000 + r.nextInt(30_000));
      }
    }
    carol.mkdirs(p("/user/carol/secret"), new FsPermission((short) 0700));
    Env.writeText(carol, p("/user/carol/secret/credentials.jceks"), r, 1_500);

    FileSystem alice = env.fs("alice");
    for (int i = 0; i < 12; i++) {
      Env.writeText(
          alice,
          p(String.format("/user/alice/notebooks/nb-%02d.ipynb", i)),
          r,
          2_000 + r.nextInt(40_000));
    }
    alice.mkdirs(p("/user/alice/private"), new FsPermission((short) 0700));
    Path diary = p("/user/alice/private/diary.txt");
    Env.writeText(alice, diary, r, 4_000);
    alice.setPermission(diary, new FsPermission((short) 0600));
    alice.mkdirs(p("/user/alice/logs"));

    FileSystem bob = env.fs("bob");
    for (int i = 0; i < 20; i++) {
      Env.writeText(
          bob, p(String.format("/user/bob/notes/note-%02d.txt", i)), r, 1_000 + r.nextInt(12_000));
    }
    for (int i = 0; i < 8; i++) {
      Env.writeText(
          bob, p(String.format("/user/bob/scratch/tmp-%d.dat", i)), r, 500 + r.nextInt(5_000));
    }
    for (String f : new String[] {"a.csv", "b.csv", "c.csv"}) {
      Env.writeText(bob, p("/user/bob/projects/p1/" + f), r, 3_000 + r.nextInt(9_000));
    }
    for (int i = 0; i < 4; i++) {
      Env.writeText(
          bob,
          p(String.format("/tmp/hive-scratch/bob/query-%d/part-0", i)),
          r,
          2_000 + r.nextInt(2_000));
    }

    FileSystem dave = env.fs("dave");
    for (int i = 0; i < 5; i++) {
      Env.writeText(
          dave,
          p(String.format("/user/dave/dashboards/board-%d.json", i)),
          r,
          1_000 + r.nextInt(3_000));
    }

    // Two MapReduce outputs that already exist when the trace starts.
    jobs.teraGen("carol", 20_000, "/data/teragen/t1");
    jobs.randomTextWriter("alice", 1_500_000, 750_000, "/user/alice/rtw-input");
  }

  // ------------------------------------------------------------------ phase B

  /** The traced workload: eight concurrent actors; returns when all have finished. */
  @Override
  public void phaseB(long maxMillis) throws InterruptedException {
    env.stopAtMillis = System.currentTimeMillis() + maxMillis;
    List<Thread> threads = new ArrayList<>();
    threads.add(env.actor("jobs", this::jobSequence));
    threads.add(env.actor("alice", () -> aliceSession(new Random(env.seed + 1))));
    threads.add(env.actor("bob", () -> bobSession(new Random(env.seed + 2))));
    threads.add(env.actor("carol", () -> carolIngest(new Random(env.seed + 3))));
    threads.add(env.actor("carol-scan", () -> carolScanner(new Random(env.seed + 7))));
    threads.add(env.actor("dave", () -> daveDashboards(new Random(env.seed + 4))));
    threads.add(env.actor("admin", () -> adminChores(new Random(env.seed + 5))));
    threads.add(env.actor("reader", () -> adHocReaders(new Random(env.seed + 8))));
    Env.runActors(threads);
  }

  @Override
  public String name() {
    return "sample";
  }

  @Override
  public int actors() {
    return 8;
  }

  private static final double[][] BETWEEN_JOBS = {{50, 500, 3000}, {50, 3000, 8000}};

  /** MapReduce jobs of several users, one after another, with think time between. */
  private void jobSequence() throws Exception {
    Random r = new Random(env.seed + 6);
    env.sleep(2000);
    List<Runnable> steps =
        List.of(
            () -> jobs.wordCount("alice", "/user/alice/rtw-input", "/user/alice/wc-rtw"),
            () -> jobs.teraSort("carol", "/data/teragen/t1", "/data/terasort/t1"),
            () -> jobs.grep("bob", "/user/alice/rtw-input", "/user/bob/grep-ation", "[a-z]+ation"),
            () -> jobs.teraValidate("carol", "/data/terasort/t1", "/data/teravalidate/t1"),
            () -> jobs.pi("alice", 2, 2000),
            () -> jobs.multiFileWordCount("bob", "/data/reference", "/user/bob/reference-wc"),
            () -> jobs.teraGen("carol", 10_000, "/data/teragen/t2"),
            () -> jobs.randomWriter("carol", 1_000_000, 500_000, "/user/carol/rw"),
            () -> jobs.sort("carol", "/user/carol/rw", "/user/carol/rw-sorted"),
            () -> jobs.wordMean("alice", "/user/alice/rtw-input", "/user/alice/rtw-wordmean"),
            // Second round: jobs over data that arrived during the trace.
            () -> jobs.wordCount("bob", "/data/logs/web/2024/01/08", "/user/bob/wc-weblogs-08"),
            () -> jobs.teraSort("carol", "/data/teragen/t2", "/data/terasort/t2"),
            () ->
                jobs.grep(
                    "alice", "/data/warehouse/sales/dt=*", "/user/alice/grep-sales", "[a-z]+ing"),
            () -> jobs.pi("bob", 2, 5000));
    for (Runnable step : steps) {
      if (env.pastDeadline()) {
        Env.LOG.warn("deadline reached: remaining jobs skipped");
        break;
      }
      step.run();
      env.pause(r, BETWEEN_JOBS);
    }
    // Follow-up work on job outputs: consumers read them, owners tidy up.
    FileSystem alice = env.fs("alice");
    FileSystem carol = env.fs("carol");
    FileSystem bob = env.fs("bob");
    Path wc = p("/user/alice/wc-rtw/part-r-00000");
    for (int i = 0; i < 3; i++) {
      env.attempt("read wordcount output", () -> Env.readFully(alice, wc));
      env.sleep(300 + r.nextInt(2000));
    }
    env.attempt(
        "archive wordcount output",
        () -> {
          alice.mkdirs(p("/user/alice/results"));
          alice.rename(p("/user/alice/wc-rtw"), p("/user/alice/results/wc-rtw-2024-01-08"));
        });
    env.attempt("drop old teragen", () -> carol.delete(p("/data/teragen/t1"), true));
    env.attempt("drop teravalidate", () -> carol.delete(p("/data/teravalidate/t1"), true));
    env.attempt("drop randomwriter input", () -> carol.delete(p("/user/carol/rw"), true));
    env.attempt("drop grep output", () -> bob.delete(p("/user/bob/grep-ation"), true));
  }

  private static final double[][] SESSION_GAPS = {
    {55, 5, 100}, {33, 200, 2000}, {10, 2000, 6000}, {2, 10000, 25000}
  };

  /** An analyst working with notebooks in her home directory. */
  private void aliceSession(Random r) throws Exception {
    FileSystem fs = env.fs("alice");
    List<String> notebooks = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      notebooks.add(String.format("/user/alice/notebooks/nb-%02d.ipynb", i));
    }
    int nextNb = 12;
    int nextProject = 1;
    boolean sessionLog = false;
    boolean archive = false;
    double[] weights = {28, 10, 8, 9, 5, 5, 4, 8, 3, 3, 8, 2, 3, 12};
    for (int step = 0; step < 90 && !env.pastDeadline(); step++) {
      int kind = pick(r, weights);
      // Most recent notebooks are the most popular: zipf over the list from the end.
      String nb = notebooks.get(notebooks.size() - 1 - Env.zipf(r, notebooks.size(), 1.0));
      switch (kind) {
        case 0:
          env.attempt("read notebook", () -> Env.readFully(fs, p(nb)));
          break;
        case 1:
          env.attempt("list notebooks", () -> fs.listStatus(p("/user/alice/notebooks")));
          break;
        case 2:
          env.attempt("stat notebook", () -> fs.getFileStatus(p(nb)));
          break;
        case 3:
          {
            String created = String.format("/user/alice/notebooks/nb-%02d.ipynb", nextNb++);
            int size = 2_000 + r.nextInt(40_000);
            boolean reread = r.nextInt(10) < 3;
            env.attempt(
                "create notebook",
                () -> {
                  Env.writeText(fs, p(created), r, size);
                  if (reread) {
                    Env.readFully(fs, p(created));
                  }
                });
            notebooks.add(created);
            break;
          }
        case 4:
          {
            if (notebooks.size() < 5) {
              break;
            }
            String victim = notebooks.remove(0);
            boolean mk = !archive;
            archive = true;
            env.attempt(
                "archive notebook",
                () -> {
                  if (mk) {
                    fs.mkdirs(p("/user/alice/archive"));
                  }
                  fs.rename(p(victim), p("/user/alice/archive/" + p(victim).getName()));
                });
            break;
          }
        case 5:
          {
            if (notebooks.size() < 5) {
              break;
            }
            String victim = notebooks.remove(r.nextInt(notebooks.size() / 2));
            env.attempt("delete notebook", () -> fs.delete(p(victim), false));
            break;
          }
        case 6:
          {
            String dir = "/user/alice/projects/p" + (nextProject++);
            int files = 1 + r.nextInt(3);
            env.attempt(
                "new project",
                () -> {
                  fs.mkdirs(p(dir));
                  for (int i = 0; i < files; i++) {
                    Env.writeText(fs, p(dir + "/analysis-" + i + ".py"), r, 500 + r.nextInt(4000));
                  }
                });
            break;
          }
        case 7:
          {
            boolean first = !sessionLog;
            sessionLog = true;
            byte[] line = Env.text(r, 80 + r.nextInt(400));
            env.attempt(
                "session log",
                () -> {
                  Path log = p("/user/alice/logs/session.log");
                  if (first) {
                    Env.write(fs, log, line, true);
                  } else {
                    try (org.apache.hadoop.fs.FSDataOutputStream out = fs.append(log)) {
                      out.write(line);
                    }
                  }
                });
            break;
          }
        case 8:
          env.attempt(
              "chmod notebook", () -> fs.setPermission(p(nb), new FsPermission((short) 0640)));
          break;
        case 9:
          env.attempt("du home", () -> fs.getContentSummary(p("/user/alice")));
          break;
        case 10:
          {
            int ref = Env.zipf(r, REFERENCE.length, 1.2);
            boolean lsFile = r.nextInt(3) == 0;
            env.attempt(
                "browse reference",
                () -> {
                  fs.listStatus(p("/data/reference"));
                  if (lsFile) {
                    fs.listStatus(p("/data/reference/" + REFERENCE[ref]));
                  }
                  Env.readFully(fs, p("/data/reference/" + REFERENCE[ref]));
                });
            break;
          }
        case 11:
          {
            long t = 1704067200000L + r.nextInt(86_400_000);
            env.attempt("touch notebook", () -> fs.setTimes(p(nb), t, -1));
            break;
          }
        case 12:
          {
            String missing = nb + ".bak";
            env.attempt("exists check", () -> fs.exists(p(missing)));
            break;
          }
        default:
          // `hadoop fs -ls <file>`: a listStatus on the file path itself.
          env.attempt("ls notebook", () -> fs.listStatus(p(nb)));
          break;
      }
      env.pause(r, SESSION_GAPS);
    }
  }

  /** Another analyst: notes, scratch space, a finished project and some denied calls. */
  private void bobSession(Random r) throws Exception {
    FileSystem fs = env.fs("bob");
    List<String> notes = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      notes.add(String.format("/user/bob/notes/note-%02d.txt", i));
    }
    List<String> scratch = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      scratch.add(String.format("/user/bob/scratch/tmp-%d.dat", i));
    }
    boolean scratchGone = false;
    int nextNote = 20;
    int renamed = 0;
    double[] weights = {30, 10, 8, 10, 8, 8, 5, 3, 5, 4, 2, 2, 13};
    for (int step = 0; step < 90 && !env.pastDeadline(); step++) {
      switch (step) {
        case 3:
        case 70:
          env.expectDenied(
              "read alice's diary", () -> Env.readFully(fs, p("/user/alice/private/diary.txt")));
          break;
        case 20:
          env.expectDenied(
              "list alice's private dir", () -> fs.listStatus(p("/user/alice/private")));
          break;
        case 12:
          env.attempt(
              "truncate project file",
              () -> {
                Path f = p("/user/bob/projects/p1/c.csv");
                fs.truncate(f, 1024);
              });
          break;
        case 50:
          env.attempt(
              "finish project",
              () -> fs.rename(p("/user/bob/projects/p1"), p("/user/bob/projects/p1-done")));
          break;
        case 58:
          scratchGone = true;
          env.attempt("clear scratch", () -> fs.delete(p("/user/bob/scratch"), true));
          break;
        case 64:
          env.expectDenied("give a note away", () -> fs.setOwner(p(notes.get(0)), "alice", null));
          break;
        default:
          break;
      }
      int kind = pick(r, weights);
      String note = notes.get(Env.zipf(r, notes.size(), 0.9));
      switch (kind) {
        case 0:
          env.attempt("read note", () -> Env.readFully(fs, p(note)));
          break;
        case 1:
          {
            String created = String.format("/user/bob/notes/note-%02d.txt", nextNote++);
            int size = 500 + r.nextInt(8_000);
            env.attempt("write note", () -> Env.writeText(fs, p(created), r, size));
            notes.add(created);
            break;
          }
        case 2:
          {
            byte[] more = Env.text(r, 100 + r.nextInt(1000));
            env.attempt(
                "append note",
                () -> {
                  try (org.apache.hadoop.fs.FSDataOutputStream out = fs.append(p(note))) {
                    out.write(more);
                  }
                });
            break;
          }
        case 3:
          env.attempt("list notes", () -> fs.listStatus(p("/user/bob/notes")));
          break;
        case 4:
          env.attempt("stat note", () -> fs.getFileStatus(p(note)));
          break;
        case 5:
          {
            if (scratchGone || scratch.isEmpty()) {
              env.attempt("list home", () -> fs.listStatus(p("/user/bob")));
              break;
            }
            String victim = scratch.remove(r.nextInt(scratch.size()));
            env.attempt("delete scratch file", () -> fs.delete(p(victim), false));
            break;
          }
        case 6:
          {
            int part = r.nextInt(2);
            env.attempt(
                "peek at alice's data",
                () ->
                    Env.readHead(
                        fs, p(String.format("/user/alice/rtw-input/part-m-%05d", part)), 4096));
            break;
          }
        case 7:
          env.attempt("list alice's home", () -> fs.listStatus(p("/user/alice")));
          break;
        case 8:
          {
            if (notes.size() < 6) {
              break;
            }
            int idx = notes.size() - 1 - r.nextInt(5);
            String from = notes.get(idx);
            String to = String.format("/user/bob/notes/renamed-%02d.txt", renamed++);
            notes.set(idx, to);
            env.attempt("rename note", () -> fs.rename(p(from), p(to)));
            break;
          }
        case 9:
          env.attempt("lower replication", () -> fs.setReplication(p(note), (short) 2));
          break;
        case 10:
          env.attempt("du notes", () -> fs.getContentSummary(p("/user/bob/notes")));
          break;
        case 11:
          env.attempt("mkdir", () -> fs.mkdirs(p("/user/bob/projects/p" + (2 + r.nextInt(3)))));
          break;
        default:
          // `hadoop fs -ls <file>`: a listStatus on the file path itself.
          env.attempt("ls note", () -> fs.listStatus(p(note)));
          break;
      }
      env.pause(r, SESSION_GAPS);
    }
  }

  private static final double[][] INGEST_GAPS = {{65, 30, 300}, {30, 300, 1200}, {5, 2000, 5000}};

  /** ETL: new web-log files arrive (write to _tmp, rename), retention, compaction. */
  private void carolIngest(Random r) throws Exception {
    FileSystem fs = env.fs("carol");
    String lastDay = null;
    for (int i = 0; i < 200 && !env.pastDeadline(); i++) {
      String day = String.format("/data/logs/web/2024/01/%02d", 8 + i / 50);
      Env.context("ingest_weblogs");
      if (!day.equals(lastDay)) {
        String d = day;
        env.attempt("new day", () -> fs.mkdirs(p(d)));
        lastDay = day;
      }
      String name = String.format("access-%03d.log", i % 50);
      int size = 3_000 + r.nextInt(22_000);
      String d = day;
      env.attempt(
          "ingest file",
          () -> {
            Path tmp = p(d + "/_tmp." + name);
            Env.writeText(fs, tmp, r, size);
            fs.rename(tmp, p(d + "/" + name));
          });
      if (i % 10 == 9) {
        env.attempt("list day", () -> fs.listStatus(p(d)));
      }
      if (i % 25 == 24) {
        env.attempt("du logs", () -> fs.getContentSummary(p("/data/logs/web")));
      }
      Env.context("etl_maintenance");
      switch (i) {
        case 50:
          env.attempt(
              "retention",
              () -> {
                fs.delete(p("/data/logs/web/2024/01/01"), true);
                fs.delete(p("/data/logs/web/2024/01/02"), true);
              });
          break;
        case 80:
          env.attempt(
              "compact day 03",
              () -> {
                String dir = "/data/logs/web/2024/01/03";
                FileStatus[] parts = fs.listStatus(p(dir));
                List<Path> srcs = new ArrayList<>();
                for (int k = 1; k < parts.length; k++) {
                  srcs.add(parts[k].getPath());
                }
                fs.concat(parts[0].getPath(), srcs.toArray(new Path[0]));
                fs.rename(parts[0].getPath(), p(dir + "/access-merged.log"));
              });
          break;
        case 100:
          env.attempt(
              "publish staging",
              () -> {
                fs.mkdirs(p("/data/warehouse/sales"));
                for (int b = 1; b <= 3; b++) {
                  fs.rename(
                      p("/user/carol/staging/batch-" + b),
                      p("/data/warehouse/sales/dt=2024-01-0" + b));
                }
                fs.delete(p("/user/carol/staging"), false);
                Env.write(fs, p("/data/warehouse/sales/_SUCCESS"), new byte[0], true);
              });
          break;
        case 120:
          env.attempt(
              "cool down day 04",
              () -> {
                for (FileStatus st : fs.listStatus(p("/data/logs/web/2024/01/04"))) {
                  fs.setReplication(st.getPath(), (short) 2);
                }
              });
          break;
        case 140:
        case 150:
        case 160:
          {
            byte[] more = Env.text(r, 500 + r.nextInt(2000));
            env.attempt(
                "append app log",
                () -> {
                  try (org.apache.hadoop.fs.FSDataOutputStream out =
                      fs.append(p("/data/logs/app/2024/01/07/app.log"))) {
                    out.write(more);
                  }
                });
            break;
          }
        case 170:
          env.attempt(
              "restrict day 03",
              () ->
                  fs.setPermission(p("/data/logs/web/2024/01/03"), new FsPermission((short) 0750)));
          break;
        case 185:
          env.attempt("retention app logs", () -> fs.delete(p("/data/logs/app/2024/01/05"), true));
          env.expectDenied(
              "delete reference data", () -> fs.delete(p("/data/reference/units.csv"), false));
          break;
        default:
          break;
      }
      Env.context(null);
      env.pause(r, INGEST_GAPS);
    }
  }

  private static final double[][] SCAN_GAPS = {{100, 5000, 12000}};

  /**
   * ETL planning scans: list every log partition and stat a share of the files, as compaction
   * planners and table-statistics jobs do. Paths vanishing under the scan (retention, compaction,
   * _tmp renames) are skipped. Which files are stat'ed depends on the path only, so the scan is
   * reproducible whatever the interleaving.
   */
  private void carolScanner(Random r) throws Exception {
    FileSystem fs = env.fs("carol");
    env.sleep(3000);
    for (int scan = 0; scan < 12 && !env.pastDeadline(); scan++) {
      Env.context("compaction_planner_" + scan);
      final int salt = scan * 7919;
      for (String root : new String[] {"/data/logs/web/2024/01", "/data/logs/app/2024/01"}) {
        FileStatus[] days = env.tolerant(() -> fs.listStatus(p(root)));
        for (FileStatus day : days == null ? new FileStatus[0] : days) {
          FileStatus[] files = env.tolerant(() -> fs.listStatus(day.getPath()));
          for (FileStatus f : files == null ? new FileStatus[0] : files) {
            if (Math.floorMod(f.getPath().toUri().getPath().hashCode() + salt, 100) < 50) {
              env.tolerant(() -> fs.getFileStatus(f.getPath()));
            }
          }
        }
      }
      env.tolerant(() -> fs.exists(p("/data/warehouse/sales/_SUCCESS")));
      Env.context(null);
      env.pause(r, SCAN_GAPS);
    }
  }

  private static final double[][] REFRESH_GAPS = {
    {50, 300, 1200}, {40, 1200, 3000}, {10, 5000, 10000}
  };
  private static final double[][] BURST_GAPS = {{80, 1, 15}, {20, 20, 200}};

  /** A reporting service: dashboard refreshes read hot reference files in bursts. */
  private void daveDashboards(Random r) throws Exception {
    FileSystem fs = env.fs("dave");
    boolean t2Seen = false;
    for (int refresh = 0; refresh < 40 && !env.pastDeadline(); refresh++) {
      Env.context("dashboard_refresh_" + refresh);
      int board = r.nextInt(5);
      env.attempt(
          "read board",
          () -> Env.readFully(fs, p("/user/dave/dashboards/board-" + board + ".json")));
      if (r.nextInt(4) == 0) {
        env.attempt("list reference", () -> fs.listStatus(p("/data/reference")));
      }
      int k = 12 + r.nextInt(44);
      for (int j = 0; j < k; j++) {
        String f = "/data/reference/" + REFERENCE[Env.zipf(r, REFERENCE.length, 1.1)];
        boolean stat = r.nextInt(10) < 3;
        env.attempt(
            "read reference",
            () -> {
              if (stat) {
                fs.getFileStatus(p(f));
              }
              Env.readFully(fs, p(f));
            });
        env.pause(r, BURST_GAPS);
      }
      // Poll for the output of a job that runs during the trace.
      if (!t2Seen) {
        boolean[] seen = {false};
        env.attempt("poll teragen t2", () -> seen[0] = fs.exists(p("/data/teragen/t2/_SUCCESS")));
        if (seen[0]) {
          t2Seen = true;
          env.attempt(
              "sample teragen t2",
              () -> {
                for (FileStatus st : fs.listStatus(p("/data/teragen/t2"))) {
                  if (st.getPath().getName().startsWith("part-")) {
                    Env.readHead(fs, st.getPath(), 8192);
                  }
                }
              });
        }
      }
      if (r.nextInt(5) == 0) {
        env.attempt(
            "latest web logs",
            () -> {
              Path latest = null;
              for (FileStatus st : fs.listStatus(p("/data/logs/web/2024/01"))) {
                latest = st.getPath();
              }
              int reads = 0;
              for (FileStatus st : fs.listStatus(latest)) {
                if (!st.getPath().getName().startsWith("_") && reads++ < 3) {
                  Env.readFully(fs, st.getPath());
                }
              }
            });
      }
      Env.context(null);
      env.pause(r, REFRESH_GAPS);
    }
  }

  /** How many accesses the ad-hoc readers make (fewer if the trace deadline comes first). */
  private static final int READER_ACCESSES = 2200;

  /** Rounds of pool discovery (directory listings) among the reader's accesses. */
  private static final int READER_DISCOVERY_EVERY = 150;

  /** Directories whose files (two levels deep, no _ or . names) form the reader's pool. */
  private static final String[] READER_ROOTS = {
    "/data/reference",
    "/apps/reporting/conf",
    "/user/alice/notebooks",
    "/user/bob/notes",
    "/data/logs/web/2024/01",
    "/data/logs/app/2024/01",
    "/user/alice/rtw-input",
    "/data/teragen",
    "/data/terasort",
    "/data/warehouse/sales",
    "/user/carol/rw-sorted",
    "/user/bob/projects",
    "/user/alice/projects",
    "/user/alice/results"
  };

  private static final double[] OPEN_SHARES = {0.95, 0.8, 0.6, 0.35};
  private static final double[] OPEN_SHARE_WEIGHTS = {35, 30, 20, 15};

  /** One file of the ad-hoc readers' pool, with its popularity and open share. */
  private static final class PoolFile {
    final String path;
    final double weight;
    final double openShare;

    PoolFile(String path, long seed) {
      this.path = path;
      // Per-path randomness: the same file gets the same popularity on every run,
      // whenever it is discovered. A weight 1/U (Pareto, exponent 1.1) makes the k-th
      // most popular of n files about (n/k)^0.9 times as popular as the least: Zipf-like.
      Random fr = new Random(seed * 1_000_003L + path.hashCode());
      double u = 1.0 - fr.nextDouble();
      this.weight = Math.min(Math.pow(u, -1.0 / 1.1), 400);
      this.openShare = OPEN_SHARES[pick(fr, OPEN_SHARE_WEIGHTS)];
    }
  }

  /**
   * Ad-hoc readers (the analysts, carol and dave outside their own sessions, as {@code hadoop fs
   * -cat / -ls} and notebook kernels do): a pool of pre-existing files and of files created during
   * the trace (web logs ingested, job outputs, new notebooks and notes), found by listing a few
   * directories every so often. Each access picks a file with skewed popularity (a few hot files
   * read dozens of times, most once or twice) and is an open with the file's open share, else a
   * listStatus of the file path; some opens are preceded by a stat. Gaps are Pareto (about 2 ms to
   * 15 s, median about 5 ms). Files that vanish (deleted, renamed) leave the pool. A file's reader
   * is its owner for files under /user/NAME and the ETL user for logs, any user otherwise.
   */
  private void adHocReaders(Random r) throws Exception {
    env.sleep(1000);
    java.util.LinkedHashMap<String, PoolFile> pool = new java.util.LinkedHashMap<>();
    FileSystem carolFs = env.fs("carol");
    String[] anyone = {"alice", "bob", "carol", "dave"};
    String user = "bob";
    for (int a = 0; a < READER_ACCESSES && !env.pastDeadline(); a++) {
      if (a % READER_DISCOVERY_EVERY == 0) {
        Env.context("adhoc_discovery");
        for (String root : READER_ROOTS) {
          discover(carolFs, p(root), 2, pool);
        }
        Env.context(null);
      }
      if (pool.isEmpty()) {
        env.sleep(500);
        continue;
      }
      if (r.nextInt(10) == 0) {
        user = anyone[r.nextInt(anyone.length)];
      }
      PoolFile f = weightedPick(r, pool);
      String path = f.path;
      String who =
          path.startsWith("/user/")
              ? path.split("/")[2]
              : path.startsWith("/data/logs/") ? "carol" : user;
      FileSystem fs = env.fs(who);
      boolean open = r.nextDouble() < f.openShare;
      boolean statFirst = open && r.nextInt(100) < 15;
      boolean head = path.contains("/part-");
      Object ok =
          env.tolerant(
              () -> {
                if (statFirst) {
                  fs.getFileStatus(p(path));
                }
                if (!open) {
                  fs.listStatus(p(path));
                } else if (head) {
                  Env.readHead(fs, p(path), 16 * 1024);
                } else {
                  Env.readFully(fs, p(path));
                }
                return Boolean.TRUE;
              });
      if (ok == null) {
        pool.remove(path);
      }
      env.sleep(Math.min(2.0 * Math.pow(1.0 - r.nextDouble(), -1.0 / 0.7), 15_000));
    }
  }

  /** Add the files under {@code dir} (to {@code depth} levels) to the pool; tolerant. */
  private void discover(FileSystem fs, Path dir, int depth, java.util.Map<String, PoolFile> pool) {
    FileStatus[] entries = env.tolerant(() -> fs.listStatus(dir));
    if (entries == null) {
      return;
    }
    for (FileStatus st : entries) {
      String name = st.getPath().getName();
      if (name.startsWith("_") || name.startsWith(".")) {
        continue;
      }
      String path = st.getPath().toUri().getPath();
      if (st.isDirectory()) {
        if (depth > 0) {
          discover(fs, st.getPath(), depth - 1, pool);
        }
      } else if (!pool.containsKey(path)) {
        pool.put(path, new PoolFile(path, env.seed));
      }
    }
  }

  private static PoolFile weightedPick(Random r, java.util.Map<String, PoolFile> pool) {
    double total = 0;
    for (PoolFile f : pool.values()) {
      total += f.weight;
    }
    double u = r.nextDouble() * total;
    PoolFile last = null;
    for (PoolFile f : pool.values()) {
      last = f;
      u -= f.weight;
      if (u < 0) {
        return f;
      }
    }
    return last;
  }

  /** The superuser's occasional chores. */
  private void adminChores(Random r) throws Exception {
    DistributedFileSystem fs = (DistributedFileSystem) env.fs(env.superUser);
    double[][] gaps = {{100, 4000, 15000}};
    env.pause(r, gaps);
    env.attempt("list /user", () -> fs.listStatus(p("/user")));
    env.pause(r, gaps);
    env.attempt("du /user", () -> fs.getContentSummary(p("/user")));
    env.pause(r, gaps);
    env.attempt(
        "shared dir for bob",
        () -> {
          fs.mkdirs(p("/user/bob/shared"));
          fs.setOwner(p("/user/bob/shared"), "bob", "analysts");
        });
    env.pause(r, gaps);
    env.attempt("quota for bob", () -> fs.setQuota(p("/user/bob"), 10_000, 1L << 30));
    env.pause(r, gaps);
    env.attempt(
        "libs to 2 replicas",
        () -> {
          for (int i = 0; i < 3; i++) {
            fs.setReplication(p("/apps/reporting/lib/reporting-lib-" + i + ".jar"), (short) 2);
          }
        });
    env.pause(r, gaps);
    env.attempt(
        "new config",
        () -> {
          // Overwriting an existing file replaces its inode.
          Env.writeText(fs, p("/apps/reporting/conf/reporting.xml"), r, 2_000 + r.nextInt(2_000));
          Env.writeText(fs, p("/apps/reporting/conf/alerts.xml"), r, 1_000 + r.nextInt(2_000));
        });
    env.pause(r, gaps);
    env.attempt("clean hive scratch", () -> fs.delete(p("/tmp/hive-scratch"), true));
    env.pause(r, gaps);
    env.attempt("du /data", () -> fs.getContentSummary(p("/data")));
    env.pause(r, gaps);
    env.attempt(
        "open warehouse to analysts",
        () -> {
          if (fs.exists(p("/data/warehouse/sales"))) {
            fs.setOwner(p("/data/warehouse/sales"), null, "analysts");
          }
        });
    env.pause(r, gaps);
    env.attempt("list /data", () -> fs.listStatus(p("/data")));
  }

  private static int pick(Random r, double[] weights) {
    double total = 0;
    for (double w : weights) {
      total += w;
    }
    double u = r.nextDouble() * total;
    for (int i = 0; i < weights.length; i++) {
      if (u < weights[i]) {
        return i;
      }
      u -= weights[i];
    }
    return weights.length - 1;
  }
}
