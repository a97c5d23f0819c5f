package org.mimesisbench.hbasetrace;

import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * Makes tests/hbase-trace/data: an in-process HDFS (MiniDFSCluster: 1 NameNode, 3 DataNodes), an
 * in-process ZooKeeper and a real HBase on them (MiniHBaseCluster: a master, two RegionServers,
 * root directory /hbase), with flush sizes, WAL roll period and cleaner TTLs small enough that
 * flushes, WAL rolls, compactions and cleaner runs happen every few seconds to minutes. {@link
 * HBaseWorkload} sets up its tables (not traced), then runs for {@code --minutes} while the
 * NameNode's audit log is written. Output:
 *
 * <pre>
 *   audit/hdfs-audit.log.gz   the NameNode's audit log of the traced window, as written, gzipped
 *   manifest.json             versions, settings, times, what the workload did, counts per cmd
 * </pre>
 *
 * <p>The JVM runs in UTC: audit timestamps are UTC (parse with {@code --tz UTC}).
 *
 * <p>Usage: {@code HBaseTraceMaker [--out DIR] [--work DIR] [--minutes M] [--seed N]}.
 */
public final class HBaseTraceMaker {

  private static final Pattern CMD = Pattern.compile("\tcmd=([^\t]*)\t");

  private File out = new File("tests/hbase-trace/data");
  private File work = new File("tests/hbase-trace-maker/target/hbase-trace-work");
  private double minutes = 10;
  private long seed = 20261129L;
  private PrintStream console;
  private final long t0 = System.nanoTime();

  private HBaseTraceMaker() {}

  public static void main(String[] args) {
    TimeZone.setDefault(TimeZone.getTimeZone("UTC"));
    System.setProperty("user.timezone", "UTC");
    Locale.setDefault(Locale.ROOT);
    // The process user owns /hbase and is the HDFS superuser; call it "hbase" as on a cluster.
    if (System.getenv("HADOOP_USER_NAME") == null) {
      System.setProperty("HADOOP_USER_NAME", "hbase");
    }
    HBaseTraceMaker m = new HBaseTraceMaker();
    m.console = System.out;
    int rc;
    try {
      m.parse(args);
      m.run();
      rc = 0;
    } catch (IllegalArgumentException e) {
      m.console.println("hbase-trace-maker: " + e.getMessage());
      rc = 2;
    } catch (Throwable t) {
      m.console.println("hbase-trace-maker: FAILED: " + t);
      t.printStackTrace(m.console);
      m.console.println(
          "hbase-trace-maker: the logs are in " + new File(m.work, "logs").getAbsolutePath());
      rc = 1;
    }
    m.console.flush();
    // HBase and Hadoop leave non-daemon threads behind.
    Runtime.getRuntime().halt(rc);
  }

  private void parse(String[] args) {
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("-h") || a.equals("--help")) {
        throw new IllegalArgumentException(
            "usage: HBaseTraceMaker [--out DIR] [--work DIR] [--minutes M] [--seed N]");
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("missing value for " + a);
      }
      String v = args[++i];
      try {
        switch (a) {
          case "--out" -> out = new File(v);
          case "--work" -> work = new File(v);
          case "--minutes" -> minutes = Double.parseDouble(v);
          case "--seed" -> seed = Long.parseLong(v);
          default -> throw new IllegalArgumentException("unknown option " + a);
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(a + ": not a number: " + v);
      }
    }
    if (!(minutes > 0 && minutes <= 120)) {
      throw new IllegalArgumentException("--minutes: must be in (0, 120], got " + minutes);
    }
  }

  void say(String msg) {
    console.printf(
        Locale.ROOT, "[hbase-trace-maker %6.1fs] %s%n", (System.nanoTime() - t0) / 1e9, msg);
    console.flush();
  }

  private void run() throws Exception {
    out = out.getAbsoluteFile();
    work = work.getAbsoluteFile();
    deleteTree(work);
    File logs = new File(work, "logs");
    Files.createDirectories(logs.toPath());
    AuditLog.configure(new File(logs, "hbase.log"));
    PrintStream quiet =
        new PrintStream(
            new FileOutputStream(new File(logs, "stdout.log")), true, StandardCharsets.UTF_8);
    System.setOut(quiet);
    System.setErr(quiet);
    say("work dir " + work + " (logs in logs/hbase.log)");
    AuditLog.to(new File(logs, "audit-setup.log"));

    // HBaseTestingUtility keeps its local files under this property's folder.
    System.setProperty("test.build.data.basedirectory", new File(work, "data").getPath());
    Configuration conf = HBaseConfiguration.create();
    HBaseSettings.apply(conf);
    // Group lookups come from the settings' static mapping (no user hbase on this machine).
    org.apache.hadoop.security.Groups.getUserToGroupsMappingService(conf);
    HBaseTestingUtility util = new HBaseTestingUtility(conf);
    MiniDFSCluster dfs = util.startMiniDFSCluster(3);
    MiniHBaseCluster hbase = null;
    try {
      util.startMiniZKCluster();
      FileSystem fs = dfs.getFileSystem();
      // The root a deployment would have (the testing utility would pick
      // /user/NAME/test-data/UUID).
      Path root = fs.makeQualified(new Path("/hbase"));
      conf.set("hbase.rootdir", root.toString());
      conf.set("fs.defaultFS", fs.getUri().toString());
      hbase = new MiniHBaseCluster(conf, 1, 2);
      hbase.waitForActiveAndReadyMaster(120_000);
      say(
          "up: HDFS "
              + org.apache.hadoop.util.VersionInfo.getVersion()
              + " (1 NameNode, 3 DataNodes), ZooKeeper, HBase "
              + org.apache.hadoop.hbase.util.VersionInfo.getVersion()
              + " (1 master, 2 RegionServers) at "
              + root);

      HBaseWorkload w = new HBaseWorkload(conf, seed, this::say);
      w.setUp();
      say("set up (not traced): " + w.setupSummary());

      File audit = new File(work, "hdfs-audit.log");
      AuditLog.to(audit);
      Instant start = Instant.now();
      say("trace start: audit log on for " + minutes + " min");
      w.run((long) (minutes * 60_000));
      Instant end = Instant.now();
      AuditLog.to(new File(logs, "audit-teardown.log"));
      say("trace end after " + Duration.between(start, end).toSeconds() + " s: " + w.summary());
      w.close();

      Map<String, Long> cmds = new TreeMap<>();
      long lines = countCommands(audit, cmds);
      File staged = new File(work, "out");
      Files.createDirectories(new File(staged, "audit").toPath());
      gzip(audit, new File(staged, "audit/hdfs-audit.log.gz"));
      Files.writeString(
          new File(staged, "manifest.json").toPath(),
          manifest(w, start, end, lines, cmds),
          StandardCharsets.UTF_8);
      publish(staged);
      say("wrote " + out + ": " + lines + " audit lines, " + cmds.size() + " commands " + cmds);
      if (w.unexpectedErrors() > 0) {
        say("WARNING: " + w.unexpectedErrors() + " workload calls failed (see logs/hbase.log)");
      }
    } finally {
      AuditLog.close();
      if (hbase != null) {
        hbase.shutdown();
      }
      util.shutdownMiniZKCluster();
      util.shutdownMiniDFSCluster();
    }
  }

  private static long countCommands(File audit, Map<String, Long> cmds) throws IOException {
    long n = 0;
    for (String line : Files.readAllLines(audit.toPath(), StandardCharsets.UTF_8)) {
      n++;
      Matcher m = CMD.matcher(line);
      if (m.find()) {
        cmds.merge(m.group(1), 1L, Long::sum);
      }
    }
    return n;
  }

  private String manifest(
      HBaseWorkload w, Instant start, Instant end, long lines, Map<String, Long> cmds) {
    StringBuilder j = new StringBuilder("{\n");
    j.append("  \"generator\": \"").append(HBaseTraceMaker.class.getName()).append("\",\n");
    j.append("  \"hadoop_version\": \"")
        .append(org.apache.hadoop.util.VersionInfo.getVersion())
        .append("\",\n");
    j.append("  \"hbase_version\": \"")
        .append(org.apache.hadoop.hbase.util.VersionInfo.getVersion())
        .append("\",\n");
    j.append("  \"java_version\": \"").append(System.getProperty("java.version")).append("\",\n");
    j.append("  \"seed\": ").append(seed).append(",\n");
    j.append("  \"minutes\": ").append(minutes).append(",\n");
    j.append("  \"time_zone\": \"UTC\",\n");
    j.append("  \"audit_layout\": \"").append(AuditLog.AUDIT_LAYOUT).append("\",\n");
    j.append("  \"trace_start\": \"").append(start).append("\",\n");
    j.append("  \"trace_end\": \"").append(end).append("\",\n");
    j.append("  \"hbase_settings\": ").append(HBaseSettings.json()).append(",\n");
    j.append("  \"workload\": ").append(w.json()).append(",\n");
    j.append("  \"unexpected_errors\": ").append(w.unexpectedErrors()).append(",\n");
    j.append("  \"audit_lines\": ").append(lines).append(",\n");
    j.append("  \"cmd_counts\": {");
    String sep = "\n";
    for (Map.Entry<String, Long> e : cmds.entrySet()) {
      j.append(sep).append("    \"").append(e.getKey()).append("\": ").append(e.getValue());
      sep = ",\n";
    }
    j.append("\n  }\n}\n");
    return j.toString();
  }

  private static void gzip(File in, File outFile) throws IOException {
    try (InputStream i = new FileInputStream(in);
        OutputStream o = new GZIPOutputStream(new FileOutputStream(outFile))) {
      i.transferTo(o);
    }
  }

  /** Replace the generated parts of the output folder; anything else there is kept. */
  private void publish(File staged) throws IOException {
    Files.createDirectories(out.toPath());
    for (String part : new String[] {"audit", "manifest.json"}) {
      File target = new File(out, part);
      deleteTree(target);
      Files.move(new File(staged, part).toPath(), target.toPath());
    }
  }

  private static void deleteTree(File f) throws IOException {
    if (!f.exists()) {
      return;
    }
    try (Stream<java.nio.file.Path> s = Files.walk(f.toPath())) {
      for (java.nio.file.Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
