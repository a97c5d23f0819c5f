package org.mimesisbench.tracemakers;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.SafeModeAction;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.tools.offlineImageViewer.OfflineImageViewerPB;
import org.apache.hadoop.security.Groups;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.util.VersionInfo;

/**
 * Makes the bundled traces (tests/sample-trace, tests/warehouse-trace, tests/commit-trace): an
 * in-process HDFS (MiniDFSCluster, one NameNode and three DataNodes) runs a small multi-user
 * workload of real MapReduce example jobs (local job runner) and interactive FileSystem calls.
 * Output:
 *
 * <pre>
 *   audit/hdfs-audit.log[.N]   NameNode audit log of the traced window (rotated files)
 *   fsimage/fsimage_TXID(.md5) fsimage saved at trace start
 *   fsimage/fsimage-start.xml  the same image, Offline Image Viewer -p XML
 *   fsimage/fsimage-start.tsv  the same image, Offline Image Viewer -p Delimited
 *   fsimage-end/fsimage_TXID   fsimage saved at trace end
 *   manifest.json              counts and times
 * </pre>
 *
 * <p>The JVM runs in UTC, so audit timestamps (log4j ISO8601, local time without an offset) are
 * UTC: parse them with {@code --tz UTC}.
 *
 * <p>Usage: {@code TraceMaker [--workload sample|warehouse|commit] [--out DIR] [--work DIR] [--seed
 * N] [--pace F] [--max-trace-seconds S] [--audit-max-kb K]}. The {@code sample} workload ({@link
 * SampleWorkload}) makes tests/sample-trace; {@code warehouse} ({@link WarehouseWorkload}) makes
 * tests/warehouse-trace; {@code commit} ({@link CommitWorkload}, MapReduce on an in-process YARN)
 * makes tests/commit-trace.
 */
public final class TraceMaker {

  private static final String AUDIT_BASE = "hdfs-audit.log";
  private static final int AUDIT_MAX_BACKUPS = 99;
  private static final Pattern FSIMAGE = Pattern.compile("fsimage_(\\d+)");

  private String workload = "sample";
  private File out;
  private File work;
  private long seed = 20240108L;
  private double pace = 1.0;
  private long maxTraceSeconds = 240;
  private long auditMaxKb = 256;

  private PrintStream console;
  private final long t0 = System.nanoTime();

  private TraceMaker() {}

  public static void main(String[] args) {
    // Everything below (audit timestamps, OIV Delimited dates) is rendered in UTC.
    TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
    System.setProperty("user.timezone", "UTC");
    Locale.setDefault(Locale.ROOT);
    // The process user becomes the HDFS superuser; call it "hdfs" as on a real cluster.
    if (System.getenv("HADOOP_USER_NAME") == null) {
      System.setProperty("HADOOP_USER_NAME", "hdfs");
    }
    TraceMaker m = new TraceMaker();
    m.console = System.out;
    int rc;
    try {
      m.parse(args);
      m.run();
      rc = 0;
    } catch (IllegalArgumentException e) {
      m.console.println("trace-maker: " + e.getMessage());
      rc = 2;
    } catch (Throwable t) {
      m.console.println("trace-maker: FAILED: " + t);
      t.printStackTrace(m.console);
      m.console.println(
          "trace-maker: Hadoop's log is in "
              + new File(m.work, "logs/hadoop.log").getAbsolutePath());
      rc = 1;
    }
    m.console.flush();
    // Hadoop leaves non-daemon threads behind.
    Runtime.getRuntime().halt(rc);
  }

  private void parse(String[] args) {
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("-h") || a.equals("--help")) {
        throw new IllegalArgumentException(
            "usage: TraceMaker [--workload sample|warehouse|commit]"
                + " [--out DIR] [--work DIR] [--seed N] [--pace F] [--max-trace-seconds S]"
                + " [--audit-max-kb K]");
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("missing value for " + a);
      }
      String v = args[++i];
      switch (a) {
        case "--workload":
          if (!v.equals("sample") && !v.equals("warehouse") && !v.equals("commit")) {
            throw new IllegalArgumentException(
                "unknown workload " + v + " (sample, warehouse or commit)");
          }
          workload = v;
          break;
        case "--out":
          out = new File(v);
          break;
        case "--work":
          work = new File(v);
          break;
        case "--seed":
          seed = Long.parseLong(v);
          break;
        case "--pace":
          pace = Double.parseDouble(v);
          break;
        case "--max-trace-seconds":
          maxTraceSeconds = Long.parseLong(v);
          break;
        case "--audit-max-kb":
          auditMaxKb = Long.parseLong(v);
          break;
        default:
          throw new IllegalArgumentException("unknown option " + a);
      }
    }
    if (out == null) {
      out = new File("tests/" + workload + "-trace/data");
    }
    if (work == null) {
      work = new File("tests/trace-makers/target/" + workload + "-trace-work");
    }
  }

  private boolean warehouse() {
    return workload.equals("warehouse");
  }

  private boolean commit() {
    return workload.equals("commit");
  }

  private String groupMapping() {
    return warehouse()
        ? WarehouseWorkload.GROUP_MAPPING
        : commit() ? CommitWorkload.GROUP_MAPPING : SampleWorkload.GROUP_MAPPING;
  }

  private void say(String msg) {
    console.printf(Locale.ROOT, "[trace-maker %5.1fs] %s%n", (System.nanoTime() - t0) / 1e9, msg);
    console.flush();
  }

  private void run() throws Exception {
    out = out.getAbsoluteFile();
    work = work.getAbsoluteFile();
    deleteTree(work);
    File logs = new File(work, "logs");
    mkdirs(logs);
    File staged = new File(work, "out");
    mkdirs(new File(staged, "audit"));
    mkdirs(new File(staged, "fsimage"));
    mkdirs(new File(staged, "fsimage-end"));

    Logs.configureHadoopLogging(new File(logs, "hadoop.log"));
    PrintStream quiet =
        new PrintStream(
            new FileOutputStream(new File(logs, "stdout.log")), true, StandardCharsets.UTF_8);
    System.setOut(quiet);
    System.setErr(quiet);
    say("work dir " + work + " (Hadoop logs: logs/hadoop.log)");

    // Audit lines before the trace starts go to a file that is not part of the output.
    Logs.auditToPlainFile(new File(logs, "audit-setup.log"));

    Configuration conf = new HdfsConfiguration();
    conf.setBoolean("hadoop.caller.context.enabled", true);
    conf.set("hadoop.tmp.dir", new File(work, "hadoop-tmp").getPath());
    conf.set("hadoop.user.group.static.mapping.overrides", groupMapping());
    conf.setLong("dfs.blocksize", 1L << 20);
    conf.set("mapreduce.framework.name", "local");
    conf.setInt("mapreduce.local.map.tasks.maximum", 2);
    conf.setBoolean(MultiMapLocalProvider.KEY, true);
    conf.set("mapreduce.cluster.local.dir", new File(work, "mapred-local").getPath());
    Groups.getUserToGroupsMappingService(conf);
    UserGroupInformation.setConfiguration(conf);

    MiniDFSCluster cluster =
        new MiniDFSCluster.Builder(conf, new File(work, "dfs")).numDataNodes(3).build();
    try {
      cluster.waitActive();
      conf.set("fs.defaultFS", cluster.getURI().toString());
      String superUser = UserGroupInformation.getLoginUser().getShortUserName();
      Env env = new Env(conf, superUser, pace, seed);
      env.addUser(superUser, UserGroupInformation.getLoginUser());
      for (String u : users()) {
        env.addUser(u, UserGroupInformation.createRemoteUser(u));
      }
      DistributedFileSystem admin = (DistributedFileSystem) env.fs(superUser);
      say(
          "mini cluster up at "
              + cluster.getURI()
              + ": 1 NameNode, 3 DataNodes, superuser "
              + superUser
              + ", Hadoop "
              + VersionInfo.getVersion());

      TracedWorkload traced =
          warehouse()
              ? new WarehouseWorkload(env)
              : commit() ? new CommitWorkload(env, work) : new SampleWorkload(env);
      traced.phaseA();
      int setupJobs = env.jobs.size();
      say("phase A (not traced): initial namespace built, " + setupJobs + " jobs");

      long startTxid = saveImage(cluster, admin, new File(staged, "fsimage"));
      Logs.auditToRollingFile(
          new File(work, "audit/" + AUDIT_BASE), auditMaxKb * 1024, AUDIT_MAX_BACKUPS);
      Instant traceStart = Instant.now();
      say("trace start: fsimage_" + pad(startTxid) + " saved; audit log on");

      traced.phaseB(maxTraceSeconds * 1000);
      Instant traceEnd = Instant.now();
      Logs.auditToPlainFile(new File(logs, "audit-teardown.log"));
      say(
          "phase B (traced): "
              + (env.jobs.size() - setupJobs)
              + " jobs and "
              + traced.actors()
              + " actors done in "
              + Duration.between(traceStart, traceEnd).toSeconds()
              + " s; audit log off");

      long endTxid = saveImage(cluster, admin, new File(staged, "fsimage-end"));
      say("trace end: fsimage_" + pad(endTxid) + " saved");

      FileSystem.closeAll();
      cluster.shutdown();
      cluster = null;

      File startImage = new File(staged, "fsimage/fsimage_" + pad(startTxid));
      oiv("XML", startImage, new File(staged, "fsimage/fsimage-start.xml"));
      oiv("Delimited", startImage, new File(staged, "fsimage/fsimage-start.tsv"));
      say("offline image viewer: fsimage-start.xml and fsimage-start.tsv written");

      List<File> auditFiles = Manifest.auditFilesOldestFirst(new File(work, "audit"), AUDIT_BASE);
      if (auditFiles.size() > AUDIT_MAX_BACKUPS) {
        throw new IOException("audit log rotated past its backup limit: lines were lost");
      }
      for (File f : auditFiles) {
        Files.copy(f.toPath(), new File(staged, "audit/" + f.getName()).toPath());
      }
      Manifest mf = new Manifest();
      mf.count(Manifest.auditFilesOldestFirst(new File(staged, "audit"), AUDIT_BASE));
      writeManifest(
          new File(staged, "manifest.json"),
          env,
          mf,
          setupJobs,
          startTxid,
          endTxid,
          traceStart,
          traceEnd);
      publish(staged);
      say(
          String.format(
              Locale.ROOT,
              "wrote %s: %d audit files, %d lines, %d cmds, %d allowed=false, %d with callerContext;"
                  + " %d unexpected errors (see logs/hadoop.log)",
              out,
              auditFiles.size(),
              mf.totalLines,
              mf.cmdCounts.size(),
              mf.deniedLines,
              mf.callerContextLines,
              env.unexpectedErrors.get()));
      if (env.unexpectedErrors.get() > 0) {
        say("WARNING: some workload actions failed unexpectedly; the data was written anyway");
      }
    } finally {
      if (cluster != null) {
        cluster.shutdown();
      }
    }
  }

  /** Enter safe mode, save the namespace, copy the new fsimage (+ .md5), leave safe mode. */
  private long saveImage(MiniDFSCluster cluster, DistributedFileSystem dfs, File dest)
      throws IOException {
    dfs.setSafeMode(SafeModeAction.ENTER);
    try {
      dfs.saveNamespace();
      URI nameDir = cluster.getNameDirs(0).iterator().next();
      File current = new File(new File(nameDir), "current");
      long best = -1;
      String[] names = current.list();
      for (String n : names == null ? new String[0] : names) {
        Matcher m = FSIMAGE.matcher(n);
        if (m.matches()) {
          best = Math.max(best, Long.parseLong(m.group(1)));
        }
      }
      if (best < 0) {
        throw new IOException("no fsimage in " + current + ": " + Arrays.toString(names));
      }
      String name = "fsimage_" + pad(best);
      Files.copy(
          new File(current, name).toPath(),
          new File(dest, name).toPath(),
          StandardCopyOption.REPLACE_EXISTING);
      Files.copy(
          new File(current, name + ".md5").toPath(),
          new File(dest, name + ".md5").toPath(),
          StandardCopyOption.REPLACE_EXISTING);
      return best;
    } finally {
      dfs.setSafeMode(SafeModeAction.LEAVE);
    }
  }

  private static String pad(long txid) {
    return String.format("%019d", txid);
  }

  private static void oiv(String processor, File in, File outFile) throws Exception {
    int rc =
        OfflineImageViewerPB.run(
            new String[] {"-p", processor, "-i", in.getPath(), "-o", outFile.getPath()});
    if (rc != 0 || !outFile.isFile()) {
      throw new IOException("OfflineImageViewerPB -p " + processor + " failed (" + rc + ")");
    }
  }

  /** Replace the generated parts of the output directory; anything else there is kept. */
  private void publish(File staged) throws IOException {
    mkdirs(out);
    for (String part : new String[] {"audit", "fsimage", "fsimage-end", "manifest.json"}) {
      File target = new File(out, part);
      deleteTree(target);
      Files.move(new File(staged, part).toPath(), target.toPath());
    }
  }

  private void writeManifest(
      File f,
      Env env,
      Manifest mf,
      int setupJobs,
      long startTxid,
      long endTxid,
      Instant start,
      Instant end)
      throws IOException {
    StringBuilder j = new StringBuilder();
    j.append("{\n");
    j.append("  \"generator\": ").append(Manifest.q(TraceMaker.class.getName())).append(",\n");
    j.append("  \"hadoop_version\": ").append(Manifest.q(VersionInfo.getVersion())).append(",\n");
    j.append("  \"workload\": ").append(Manifest.q(workload)).append(",\n");
    j.append("  \"seed\": ").append(seed).append(",\n");
    j.append("  \"pace\": ").append(pace).append(",\n");
    j.append("  \"time_zone\": \"UTC\",\n");
    j.append("  \"audit_layout\": ").append(Manifest.q(Logs.AUDIT_LAYOUT)).append(",\n");
    j.append("  \"audit_max_file_bytes\": ").append(auditMaxKb * 1024).append(",\n");
    j.append("  \"trace_start\": ").append(Manifest.q(start.toString())).append(",\n");
    j.append("  \"trace_end\": ").append(Manifest.q(end.toString())).append(",\n");
    j.append("  \"trace_start_ms\": ").append(start.toEpochMilli()).append(",\n");
    j.append("  \"trace_end_ms\": ").append(end.toEpochMilli()).append(",\n");
    j.append("  \"first_audit_timestamp\": ").append(Manifest.q(mf.firstTimestamp)).append(",\n");
    j.append("  \"last_audit_timestamp\": ").append(Manifest.q(mf.lastTimestamp)).append(",\n");
    j.append("  \"fsimage_start\": {\"file\": ")
        .append(Manifest.q("fsimage/fsimage_" + pad(startTxid)))
        .append(", \"txid\": ")
        .append(startTxid)
        .append(
            ", \"xml\": \"fsimage/fsimage-start.xml\", \"delimited\": \"fsimage/fsimage-start.tsv\"},\n");
    j.append("  \"fsimage_end\": {\"file\": ")
        .append(Manifest.q("fsimage-end/fsimage_" + pad(endTxid)))
        .append(", \"txid\": ")
        .append(endTxid)
        .append("},\n");
    j.append("  \"audit_files\": [");
    boolean first = true;
    for (String name : mf.linesPerFile.keySet()) {
      j.append(first ? "\n" : ",\n")
          .append("    {\"file\": ")
          .append(Manifest.q(name))
          .append(", \"lines\": ")
          .append(mf.linesPerFile.get(name))
          .append(", \"bytes\": ")
          .append(mf.bytesPerFile.get(name))
          .append('}');
      first = false;
    }
    j.append("\n  ],\n");
    j.append("  \"audit_lines_total\": ").append(mf.totalLines).append(",\n");
    j.append("  \"allowed_false_lines\": ").append(mf.deniedLines).append(",\n");
    j.append("  \"caller_context_lines\": ").append(mf.callerContextLines).append(",\n");
    j.append("  \"cmd_counts\": ").append(Manifest.counts(mf.cmdCounts, "  ")).append(",\n");
    j.append("  \"lines_per_ugi\": ").append(Manifest.counts(mf.ugiCounts, "  ")).append(",\n");
    List<String> users = new ArrayList<>(Arrays.asList(users()));
    j.append("  \"users\": ").append(Manifest.strings(users)).append(",\n");
    j.append("  \"superuser\": ").append(Manifest.q(env.superUser)).append(",\n");
    j.append("  \"jobs\": [");
    synchronized (env.jobs) {
      for (int i = 0; i < env.jobs.size(); i++) {
        Env.JobRecord r = env.jobs.get(i);
        j.append(i == 0 ? "\n" : ",\n")
            .append("    {\"name\": ")
            .append(Manifest.q(r.name))
            .append(", \"user\": ")
            .append(Manifest.q(r.user))
            .append(", \"phase\": ")
            .append(Manifest.q(i < setupJobs ? "A (before trace)" : "B (traced)"))
            .append(", \"args\": ")
            .append(Manifest.strings(r.args))
            .append(", \"start\": ")
            .append(Manifest.q(String.valueOf(r.start)))
            .append(", \"end\": ")
            .append(Manifest.q(String.valueOf(r.end)))
            .append(", \"success\": ")
            .append(r.success);
        if (r.error != null) {
          j.append(", \"error\": ").append(Manifest.q(r.error));
        }
        j.append('}');
      }
    }
    j.append("\n  ],\n");
    j.append("  \"expected_denials\": ").append(env.expectedDenials.get()).append(",\n");
    j.append("  \"unexpected_errors\": ").append(env.unexpectedErrors.get()).append('\n');
    j.append("}\n");
    Files.writeString(f.toPath(), j.toString(), StandardCharsets.UTF_8);
  }

  private String[] users() {
    return warehouse()
        ? WarehouseWorkload.USERS
        : commit() ? CommitWorkload.USERS : SampleWorkload.USERS;
  }

  private static void mkdirs(File d) throws IOException {
    if (!d.isDirectory() && !d.mkdirs()) {
      throw new IOException("cannot create " + d);
    }
  }

  private static void deleteTree(File f) throws IOException {
    if (!f.exists()) {
      return;
    }
    try (Stream<java.nio.file.Path> s = Files.walk(f.toPath())) {
      List<java.nio.file.Path> all = new ArrayList<>();
      s.forEach(all::add);
      for (int i = all.size() - 1; i >= 0; i--) {
        Files.delete(all.get(i));
      }
    }
  }
}
