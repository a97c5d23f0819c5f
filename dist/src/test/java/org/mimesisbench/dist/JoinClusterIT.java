package org.mimesisbench.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.tools.DFSAdmin;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cluster --join} against a NameNode of another Hadoop than the jar's (tests/namenode-3.4),
 * formatted and started apart in its own JVM as a user's own build would be: Hadoop's DFSAdmin sees
 * every emulated DataNode live, a run of the sample's profile (with its sizes: data through those
 * DataNodes) against it is valid with no error, and SIGTERM leaves no DataNode running, as the
 * NameNode then sees.
 */
@Tag("slow")
class JoinClusterIT {
  private static final Path JAR = Path.of("target/mimesisbench.jar").toAbsolutePath();
  private static final Path PROFILE = Path.of("../profiles/vectors/profile").toAbsolutePath();
  private static final Path NAMENODE_CLASSPATH =
      Path.of("../tests/namenode-3.4/target/classpath.txt").toAbsolutePath();
  private static final String JAVA =
      Path.of(System.getProperty("java.home"), "bin", "java").toString();
  private static final int DATANODES = 50;
  private static final Pattern LIVE = Pattern.compile("Live datanodes \\((\\d+)\\)");

  @TempDir Path dir;

  @Test
  @Timeout(1_500)
  void emulatedDataNodesJoinAnotherHadoopsNameNodeServeARunAndLeaveNothingRunning()
      throws Exception {
    assertTrue(
        Files.isRegularFile(NAMENODE_CLASSPATH),
        "no " + NAMENODE_CLASSPATH + ": build the reactor (tests/namenode-3.4) first");
    int rpcPort = free();
    int httpPort = free();
    Path conf = nameNodeConf(rpcPort, httpPort);
    String classpath = conf + File.pathSeparator + Files.readString(NAMENODE_CLASSPATH).strip();
    Process format = nameNode(classpath, "format.log", "-format", "-nonInteractive").start();
    assertTrue(format.waitFor(180, TimeUnit.SECONDS), "the NameNode's format did not end");
    assertEquals(0, format.exitValue(), Files.readString(dir.resolve("format.log")));

    Process nameNode = nameNode(classpath, "namenode.log").start();
    Process cluster = null;
    try {
      URI uri = URI.create("hdfs://localhost:" + rpcPort);
      String version = awaitNameNode(nameNode, httpPort);
      assertTrue(version.startsWith("3.4."), "the NameNode apart is Hadoop " + version);

      long t0 = System.nanoTime();
      cluster =
          new ProcessBuilder(
                  JAVA,
                  "-Xmx1g",
                  "-jar",
                  JAR.toString(),
                  "cluster",
                  "--join",
                  uri.toString(),
                  "--datanodes",
                  Integer.toString(DATANODES),
                  "--in-memory",
                  "--base-dir",
                  dir.resolve("datanodes").toString())
              .redirectError(dir.resolve("cluster.err").toFile())
              .start();
      String address = PrintedLine.first(cluster, 20, TimeUnit.MINUTES);
      assertEquals(uri.toString(), address, Files.readString(dir.resolve("cluster.err")));
      System.out.printf(
          "cluster --join: %d DataNodes registered in %.0f s%n",
          DATANODES, (System.nanoTime() - t0) / 1e9);
      assertEquals(DATANODES, liveByDfsAdmin(uri));

      Path out = dir.resolve("run");
      Process run =
          new ProcessBuilder(
                  JAVA,
                  "-jar",
                  JAR.toString(),
                  "run",
                  "--profile",
                  PROFILE.toString(),
                  "-fs",
                  uri.toString(),
                  "--base-dir",
                  "/bench",
                  "--time-scale",
                  "0",
                  "--duration",
                  "15s",
                  "--namenode-http",
                  "http://localhost:" + httpPort,
                  "--out",
                  out.toString())
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("run.log").toFile())
              .start();
      assertTrue(run.waitFor(600, TimeUnit.SECONDS), "the run did not end");
      String said = Files.readString(dir.resolve("run.log"));
      assertEquals(0, run.exitValue(), said);
      JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
      assertTrue(summary.path("valid").asBoolean(), summary.path("invalidBecause") + "\n" + said);
      assertTrue(summary.path("overall").path("count").asLong() > 0, said);
      assertEquals(0, summary.path("overall").path("errors").asLong(), said);
      // the other Hadoop's metrics, the block side among them, read over its /jmx
      JsonNode namenode = summary.path("namenode");
      assertTrue(namenode.path("samples").asInt() > 0, namenode.toString());
      for (String column : List.of("blocksTotal", "addBlockPerSecond", "liveDataNodes")) {
        assertTrue(namenode.path("peak").has(column), column + ": " + namenode);
      }
      assertEquals(DATANODES, namenode.path("peak").path("liveDataNodes").asInt(), namenode + "");
      // the profile has sizes, so the run carried data: blocks written through the DataNodes
      JsonNode counters = new ObjectMapper().readTree(out.resolve("counters.json").toFile());
      long written = 0;
      for (String phase : List.of("phase1", "phase2")) {
        written += counters.path(phase).path("MimesisBench").path("bytes written").asLong();
      }
      System.out.printf(
          "run with data: %,d bytes written, addBlock peak %.1f/s%n",
          written, namenode.path("peak").path("addBlockPerSecond").asDouble());
      assertTrue(written > 0, "no bytes written: " + counters);
      assertTrue(namenode.path("peak").path("addBlockPerSecond").asDouble() > 0, namenode + "");
      // its newest image is its format's: namespace-end.tsv is not written, and a note says why
      assertFalse(Files.exists(out.resolve("namespace-end.tsv")));
      assertTrue(summary.path("notes").toString().contains("namespace-end.tsv"), said);

      List<ProcessHandle> inside = cluster.descendants().toList();
      long pid = cluster.pid();
      cluster.destroy(); // SIGTERM, as Ctrl-C or a service manager stops it
      assertTrue(cluster.waitFor(180, TimeUnit.SECONDS), "cluster did not stop on SIGTERM");
      assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
      assertTrue(
          inside.stream().noneMatch(ProcessHandle::isAlive), "a process was left: " + inside);
      assertEquals(DATANODES, awaitAllDead(uri), "DataNodes the NameNode declared dead");
    } finally {
      if (cluster != null && cluster.isAlive()) {
        cluster.destroyForcibly();
      }
      nameNode.destroy();
      if (!nameNode.waitFor(60, TimeUnit.SECONDS)) {
        nameNode.destroyForcibly();
      }
    }
  }

  /**
   * The NameNode's configuration folder: its storage under the test's folder, fixed free ports, and
   * DataNodes declared dead 14 s after their last heartbeat (2 x 2 s recheck + 10 x 1 s) instead of
   * 10.5 min, so the test sees the stopped ones go.
   */
  private Path nameNodeConf(int rpcPort, int httpPort) throws IOException {
    Path conf = Files.createDirectories(dir.resolve("namenode-conf"));
    Files.writeString(
        conf.resolve("core-site.xml"),
        site(
            "fs.defaultFS",
            "hdfs://localhost:" + rpcPort,
            "hadoop.tmp.dir",
            dir.resolve("namenode-tmp").toString()));
    Files.writeString(
        conf.resolve("hdfs-site.xml"),
        site(
            "dfs.namenode.name.dir",
            dir.resolve("namenode-name").toUri().toString(),
            "dfs.namenode.http-address",
            "localhost:" + httpPort,
            "dfs.namenode.heartbeat.recheck-interval",
            "2000",
            "dfs.heartbeat.interval",
            "1"));
    Files.writeString(
        conf.resolve("log4j.properties"),
        "log4j.rootLogger=INFO,console\n"
            + "log4j.appender.console=org.apache.log4j.ConsoleAppender\n"
            + "log4j.appender.console.layout=org.apache.log4j.PatternLayout\n"
            + "log4j.appender.console.layout.ConversionPattern=%d %p %c{2}: %m%n\n");
    return conf;
  }

  private static String site(String... keysAndValues) {
    StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<configuration>\n");
    for (int i = 0; i < keysAndValues.length; i += 2) {
      xml.append("  <property><name>")
          .append(keysAndValues[i])
          .append("</name><value>")
          .append(keysAndValues[i + 1])
          .append("</value></property>\n");
    }
    return xml.append("</configuration>\n").toString();
  }

  private ProcessBuilder nameNode(String classpath, String log, String... args) {
    List<String> command =
        new java.util.ArrayList<>(
            List.of(
                JAVA,
                "-Xmx512m",
                "-cp",
                classpath,
                "org.apache.hadoop.hdfs.server.namenode.NameNode"));
    command.addAll(List.of(args));
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve(log).toFile());
  }

  /** Waits until the NameNode serves its metrics; returns its Hadoop version. */
  private String awaitNameNode(Process nameNode, int httpPort) throws Exception {
    URL info =
        URI.create(
                "http://localhost:"
                    + httpPort
                    + "/jmx?qry=Hadoop:service=NameNode,name=NameNodeInfo")
            .toURL();
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (true) {
      assertTrue(
          nameNode.isAlive(),
          "the NameNode stopped: " + Files.readString(dir.resolve("namenode.log")));
      try {
        JsonNode bean = new ObjectMapper().readTree(info).path("beans").path(0);
        if (!bean.isMissingNode()) {
          return bean.path("SoftwareVersion").asText();
        }
      } catch (IOException notYet) {
        // its web server is not up yet
      }
      assertTrue(System.nanoTime() < deadline, "the NameNode did not start in 3 minutes");
      Thread.sleep(500);
    }
  }

  /** Live DataNodes as Hadoop's own {@code hdfs dfsadmin -report -live} prints them. */
  private static int liveByDfsAdmin(URI nameNode) throws Exception {
    ByteArrayOutputStream report = new ByteArrayOutputStream();
    PrintStream stdout = System.out;
    int rc;
    try (PrintStream into = new PrintStream(report, true, StandardCharsets.UTF_8)) {
      System.setOut(into); // DFSAdmin prints its report on stdout
      rc =
          ToolRunner.run(
              new Configuration(),
              new DFSAdmin(),
              new String[] {"-fs", nameNode.toString(), "-report", "-live"});
    } finally {
      System.setOut(stdout);
    }
    String text = report.toString(StandardCharsets.UTF_8);
    assertEquals(0, rc, text);
    Matcher m = LIVE.matcher(text);
    assertTrue(m.find(), text);
    return Integer.parseInt(m.group(1));
  }

  /** Dead DataNodes, once the NameNode has had time to see every stopped one go (none live). */
  private static int awaitAllDead(URI nameNode) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    try (FileSystem fs = FileSystem.newInstance(nameNode, new Configuration())) {
      DistributedFileSystem dfs = (DistributedFileSystem) fs;
      while (dfs.getDataNodeStats(DatanodeReportType.LIVE).length > 0) {
        assertTrue(System.nanoTime() < deadline, "DataNodes still live 90 s after the stop");
        Thread.sleep(1_000);
      }
      return dfs.getDataNodeStats(DatanodeReportType.DEAD).length;
    }
  }

  private static int free() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
