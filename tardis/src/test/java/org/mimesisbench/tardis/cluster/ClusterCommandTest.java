package org.mimesisbench.tardis.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.cli.MimesisBench;

class ClusterCommandTest {
  @TempDir Path tmp;

  private static int run(String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc =
        new MimesisBench(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true))
            .execute(new Configuration(), args);
    String text = err.toString(StandardCharsets.UTF_8);
    if (rc == 2) {
      assertEquals(1, text.lines().count(), "one line: " + text);
    }
    return rc;
  }

  @Test
  void badOptionsAreOneLineAndExitCode2() throws IOException {
    assertEquals(2, run("cluster"));
    assertEquals(2, run("cluster", "--datanodes", "0"));
    assertEquals(2, run("cluster", "--datanodes", "many"));
    assertEquals(2, run("cluster", "--datanodes", "3", "--namenode-port", "70000"));
    Files.writeString(tmp.resolve("taken"), "x");
    assertEquals(2, run("cluster", "--datanodes", "3", "--base-dir", tmp.toString()));
    assertEquals(2, run("cluster", "--datanodes", "3", "--bogus"));
    assertEquals(0, run("cluster", "--help"));
    assertEquals(2, run("cluster", "--datanodes", "3", "--restart"));
    assertEquals(
        2,
        run(
            "cluster",
            "--datanodes",
            "3",
            "--restart",
            "--base-dir",
            tmp.resolve("none").toString()));
  }

  @Test
  void haOptionsThatCannotGoTogetherAreOneLineAndExitCode2() throws IOException {
    assertEquals(2, run("cluster", "--datanodes", "3", "--observers", "1"));
    assertEquals(2, run("cluster", "--datanodes", "3", "--ha", "--observers", "9"));
    assertEquals(2, run("cluster", "--datanodes", "3", "--ha", "--observers", "-1"));
    assertEquals(2, run("cluster", "--datanodes", "3", "--ha", "--namenode-port", "8020"));
    assertEquals(2, run("cluster", "--datanodes", "3", "--ha", "--join", "hdfs://nn:8020"));
    Path storage = Files.createDirectories(tmp.resolve("ha-storage"));
    Files.writeString(storage.resolve(ClusterCommand.STORAGE_MARKER), "nameservice=ns1\n");
    assertTrue(
        err("cluster", "--datanodes", "3", "--restart", "--base-dir", storage.toString())
            .contains("HA nameservice's storage"));
  }

  @Test
  void federationOptionsThatCannotGoTogetherAreOneLineAndExitCode2() throws IOException {
    assertEquals(2, run("cluster", "--datanodes", "3", "--routers", "2"));
    assertEquals(2, run("cluster", "--datanodes", "3", "--mount-order", "HASH"));
    assertEquals(2, run("cluster", "--datanodes", "3", "--federation", "1"));
    assertEquals(2, run("cluster", "--datanodes", "3", "--federation", "9"));
    assertEquals(2, run("cluster", "--datanodes", "3", "--federation", "2", "--routers", "0"));
    assertTrue(
        err("cluster", "--datanodes", "3", "--federation", "2", "--mount-order", "LOCAL")
            .contains("not one of [HASH_ALL, HASH, RANDOM, SPACE]"));
    assertEquals(2, run("cluster", "--datanodes", "3", "--federation", "2", "--ha"));
    assertEquals(
        2, run("cluster", "--datanodes", "3", "--federation", "2", "--join", "hdfs://nn:8020"));
    assertEquals(
        2, run("cluster", "--datanodes", "3", "--federation", "2", "--namenode-port", "8020"));
    Path storage = Files.createDirectories(tmp.resolve("federated-storage"));
    Files.writeString(storage.resolve(ClusterCommand.STORAGE_MARKER), "federation=ns0,ns1\n");
    assertTrue(
        err("cluster", "--datanodes", "3", "--restart", "--base-dir", storage.toString())
            .contains("federated nameservices' storage"));
  }

  @Test
  void aFolderAnEarlierClusterFormattedIsRestartedNotFormattedAgain() throws IOException {
    Path storage = Files.createDirectories(tmp.resolve("storage"));
    Files.writeString(storage.resolve(ClusterCommand.STORAGE_MARKER), "namenode-port=8020\n");
    assertTrue(
        err("cluster", "--datanodes", "3", "--base-dir", storage.toString())
            .contains("give --restart"));
    assertEquals(8020, ClusterCommand.storagePort(storage));
  }

  @Tag("slow")
  @Test
  void aClusterRestartedOnItsStorageKeepsItsNamespaceAndPort() throws Exception {
    Path base = tmp.resolve("kept");
    Running first = start("cluster", "--datanodes", "1", "--base-dir", base.toString());
    String address = new String(readLine(first.printed()), StandardCharsets.UTF_8);
    try (FileSystem fs = FileSystem.newInstance(URI.create(address), new Configuration())) {
      fs.create(new org.apache.hadoop.fs.Path("/kept/dir/file")).close();
    }
    first.stop(); // its storage stays in the folder it was given
    assertTrue(Files.exists(base.resolve(ClusterCommand.STORAGE_MARKER)));

    Running second =
        start("cluster", "--datanodes", "1", "--base-dir", base.toString(), "--restart");
    assertEquals(
        address, new String(readLine(second.printed()), StandardCharsets.UTF_8), "the same port");
    try (FileSystem fs = FileSystem.newInstance(URI.create(address), new Configuration())) {
      assertTrue(fs.getFileStatus(new org.apache.hadoop.fs.Path("/kept/dir/file")).isFile());
    }
    second.stop();
  }

  @Tag("slow")
  @Test
  void aClusterStartsOnAGivenNameDirectoryAndNeverWritesIt() throws Exception {
    Path first = tmp.resolve("first");
    Running earlier = start("cluster", "--datanodes", "1", "--base-dir", first.toString());
    String address = new String(readLine(earlier.printed()), StandardCharsets.UTF_8);
    try (FileSystem fs = FileSystem.newInstance(URI.create(address), new Configuration())) {
      fs.mkdirs(new org.apache.hadoop.fs.Path("/given/a/b"));
      fs.create(new org.apache.hadoop.fs.Path("/given/f")).close();
    }
    earlier.stop();
    Path nameDir = nameDirectory(first); // a real NameNode's: its image and edit log
    Map<String, String> before = contents(nameDir);

    Running started =
        start(
            "cluster",
            "--datanodes",
            "1",
            "--base-dir",
            tmp.resolve("second").toString(),
            "--name-dir",
            nameDir.toString());
    String second = new String(readLine(started.printed()), StandardCharsets.UTF_8);
    try (FileSystem fs = FileSystem.newInstance(URI.create(second), new Configuration())) {
      assertTrue(fs.getFileStatus(new org.apache.hadoop.fs.Path("/given/a/b")).isDirectory());
      assertTrue(fs.getFileStatus(new org.apache.hadoop.fs.Path("/given/f")).isFile());
      fs.create(new org.apache.hadoop.fs.Path("/given/new")).close();
    }
    started.stop();
    assertEquals(before, contents(nameDir), "the given name directory is never written");

    Path corrupt = tmp.resolve("corrupt");
    org.apache.commons.io.FileUtils.copyDirectory(nameDir.toFile(), corrupt.toFile());
    Path image = NameDirCopy.newestImage(corrupt.resolve("current"));
    byte[] bytes = Files.readAllBytes(image);
    bytes[12] ^= 0x5A; // inside the first section: header and summary still parse, the MD5 differs
    Files.write(image, bytes);
    assertTrue(
        err(
                "cluster",
                "--datanodes",
                "1",
                "--base-dir",
                tmp.resolve("third").toString(),
                "--name-dir",
                corrupt.toString())
            .contains("corrupt"));
    assertTrue(!Files.exists(tmp.resolve("third")), "nothing made");
  }

  @Test
  void aCorruptImageIsBadInputAndMakesNothing() throws Exception {
    Path nameDir = Files.createDirectories(tmp.resolve("nn/current"));
    Files.writeString(nameDir.resolve("VERSION"), "storageType=NAME_NODE\nlayoutVersion=-66\n");
    byte[] image = new byte[64];
    System.arraycopy("HDFSIMG1".getBytes(StandardCharsets.US_ASCII), 0, image, 0, 8);
    Files.write(nameDir.resolve("fsimage_0000000000000000000"), image);
    Path base = tmp.resolve("cluster");
    assertTrue(
        err(
                "cluster",
                "--datanodes",
                "1",
                "--base-dir",
                base.toString(),
                "--name-dir",
                tmp.resolve("nn").toString())
            .contains("fsimage"));
    assertTrue(
        err("cluster", "--datanodes", "1", "--name-dir", tmp.resolve("none").toString())
            .contains("not a NameNode name directory"));
    assertTrue(!Files.exists(base), "nothing made");
  }

  @Test
  void joinRefusesWhatIsNotAReachableNameNodeInOneLineAndMakesNothing() throws IOException {
    Path base = tmp.resolve("join");
    String[] at = {"cluster", "--datanodes", "2", "--base-dir", base.toString(), "--join"};
    assertTrue(err(with(at, "file:///nn")).contains("not a NameNode's address"));
    assertTrue(err(with(at, "hdfs://localhost:8020/dir")).contains("has no path"));
    int closed;
    try (ServerSocket s = new ServerSocket(0)) {
      closed = s.getLocalPort(); // free once closed: nothing answers there
    }
    assertTrue(err(with(at, "hdfs://localhost:" + closed)).contains("no NameNode answers there"));
    assertTrue(
        err(with(at, "hdfs://localhost:" + closed, "--restart"))
            .contains("--join starts DataNodes only"));
    assertTrue(!Files.exists(base), "nothing made");
  }

  @Tag("slow")
  @Test
  void joinedDataNodesServeTheNameNodesClientsAndAllStopWithTheCommand() throws Exception {
    Configuration conf = new HdfsConfiguration();
    MiniDFSCluster nameNode =
        new MiniDFSCluster.Builder(conf, tmp.resolve("nn").toFile()).numDataNodes(0).build();
    try {
      String uri = nameNode.getURI().toString();
      Running joined =
          start(
              "cluster",
              "--join",
              uri,
              "--datanodes",
              "3",
              "--base-dir",
              tmp.resolve("dn").toString());
      assertEquals(uri, new String(readLine(joined.printed()), StandardCharsets.UTF_8));
      DistributedFileSystem dfs = nameNode.getFileSystem();
      DatanodeInfo[] live = dfs.getDataNodeStats(DatanodeReportType.LIVE);
      assertEquals(3, live.length);
      byte[] data = new byte[3 << 20];
      new Random(7).nextBytes(data);
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/joined/f");
      try (FSDataOutputStream out = dfs.create(file, (short) 3)) {
        out.write(data);
      }
      try (var in = dfs.open(file)) {
        assertArrayEquals(data, in.readAllBytes());
      }
      assertEquals(3, dfs.getFileBlockLocations(file, 0, data.length)[0].getHosts().length);
      joined.stop();
      for (DatanodeInfo dn : live) { // every DataNode's data port is closed: none runs
        try (Socket s = new Socket()) {
          s.connect(new InetSocketAddress(dn.getIpAddr(), dn.getXferPort()), 2_000);
          throw new AssertionError(dn.getXferAddr() + " still answers after the stop");
        } catch (ConnectException expected) {
          // stopped
        }
      }
    } finally {
      nameNode.shutdown();
    }
  }

  private static String[] with(String[] head, String... tail) {
    String[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
    System.arraycopy(tail, 0, all, head.length, tail.length);
    return all;
  }

  /** The folder under a cluster's storage that holds its NameNode's current/VERSION. */
  private static Path nameDirectory(Path storage) throws IOException {
    try (var all = Files.walk(storage)) {
      return all.filter(p -> p.endsWith("current/VERSION"))
          .filter(
              p -> {
                try {
                  return Files.readString(p).contains("storageType=NAME_NODE");
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              })
          .findFirst()
          .orElseThrow()
          .getParent()
          .getParent();
    }
  }

  /** Every file under {@code dir} with its size and modification time. */
  private static Map<String, String> contents(Path dir) throws IOException {
    Map<String, String> m = new TreeMap<>();
    try (var all = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) all::iterator) {
        if (Files.isRegularFile(p)) {
          m.put(dir.relativize(p).toString(), Files.size(p) + " " + Files.getLastModifiedTime(p));
        }
      }
    }
    return m;
  }

  /** A cluster command on a thread of its own: what it prints, and how to stop it. */
  private record Running(Thread thread, PipedInputStream printed, AtomicInteger rc) {
    void stop() throws InterruptedException {
      thread.interrupt();
      thread.join(60_000);
      assertEquals(0, rc.get());
    }
  }

  private static Running start(String... argv) throws IOException {
    PipedOutputStream sink = new PipedOutputStream();
    PipedInputStream printed = new PipedInputStream(sink, 1 << 16);
    AtomicInteger rc = new AtomicInteger(-1);
    Thread command =
        new Thread(
            () ->
                rc.set(
                    new MimesisBench(new PrintStream(sink, true), System.err)
                        .execute(new Configuration(), argv)));
    command.start();
    return new Running(command, printed, rc);
  }

  /** What a refused command line printed on stderr (one line, exit code 2). */
  private static String err(String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc =
        new MimesisBench(new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true))
            .execute(new Configuration(), args);
    String text = err.toString(StandardCharsets.UTF_8).strip();
    assertEquals(2, rc, text);
    assertEquals(1, text.lines().count(), text);
    return text;
  }

  @Tag("slow")
  @Test
  void aClientUsesThePrintedAddress() throws Exception {
    PipedOutputStream sink = new PipedOutputStream();
    PipedInputStream printed = new PipedInputStream(sink, 1 << 16);
    AtomicInteger rc = new AtomicInteger(-1);
    Path base = tmp.resolve("cluster");
    Thread command =
        new Thread(
            () ->
                rc.set(
                    new MimesisBench(new PrintStream(sink, true), System.err)
                        .execute(
                            new Configuration(),
                            new String[] {
                              "cluster", "--datanodes", "4", "--base-dir", base.toString()
                            })));
    command.start();
    String address = new String(readLine(printed), StandardCharsets.UTF_8);
    assertTrue(address.startsWith("hdfs://"), address);
    Configuration client = new Configuration();
    try (FileSystem fs = FileSystem.newInstance(URI.create(address), client)) {
      assertEquals(
          4, ((DistributedFileSystem) fs).getDataNodeStats(DatanodeReportType.LIVE).length);
      byte[] data = new byte[3 << 20];
      new Random(9).nextBytes(data);
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path("/x/file");
      try (FSDataOutputStream out = fs.create(p, (short) 3)) {
        out.write(data);
      }
      try (var in = fs.open(p)) {
        assertArrayEquals(data, in.readAllBytes());
      }
    }
    command.interrupt();
    command.join(60_000);
    assertEquals(0, rc.get());
  }

  private static byte[] readLine(PipedInputStream in) throws IOException {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    for (int c = in.read(); c >= 0 && c != '\n'; c = in.read()) {
      line.write(c);
    }
    return line.toByteArray();
  }
}
