package org.mimesisbench.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cluster --federation 2 --routers 1} started apart, and a run of the sample's profile
 * through the Router with the client configuration it wrote, as a user would: valid, under 2 % of
 * its calls failed (the Router makes a missing parent in a subcluster as the caller, with the
 * file's mode, and other users are denied); the summary's per-NameNode shares, read from each
 * subcluster's NameNode's /jmx at the addresses in that configuration, show both subclusters
 * serving calls; and the run's files are in both subclusters, listed from each one's NameNode
 * directly.
 */
@Tag("slow")
class FederationClusterIT {
  private static final Path JAR = Path.of("target/mimesisbench.jar").toAbsolutePath();
  private static final Path PROFILE = Path.of("../profiles/vectors/profile").toAbsolutePath();
  private static final String JAVA =
      Path.of(System.getProperty("java.home"), "bin", "java").toString();

  @TempDir Path dir;

  @Test
  @Timeout(600)
  void aRunThroughARouterIsValidAndBothSubclustersServeIt() throws Exception {
    Path storage = dir.resolve("cluster");
    Process cluster =
        new ProcessBuilder(
                JAVA,
                "-Xmx1g",
                "-jar",
                JAR.toString(),
                "cluster",
                "--federation",
                "2",
                "--routers",
                "1",
                "--datanodes",
                "3",
                "--in-memory",
                "--base-dir",
                storage.toString())
            .redirectError(dir.resolve("cluster.err").toFile())
            .start();
    try {
      String address = PrintedLine.first(cluster, 5, TimeUnit.MINUTES);
      assertTrue(address.startsWith("hdfs://"), Files.readString(dir.resolve("cluster.err")));
      Path clientConf = storage.resolve("client-conf.xml");
      assertTrue(Files.isRegularFile(clientConf), "no client configuration in the storage");

      Path out = dir.resolve("run");
      long started = System.nanoTime();
      Process run =
          new ProcessBuilder(
                  JAVA,
                  "-jar",
                  JAR.toString(),
                  "run",
                  "-conf",
                  clientConf.toString(),
                  "-fs",
                  address,
                  "--profile",
                  PROFILE.toString(),
                  "--base-dir",
                  "/bench",
                  "--time-scale",
                  "0",
                  "--duration",
                  "15s",
                  "--out",
                  out.toString())
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("run.log").toFile())
              .start();
      assertTrue(run.waitFor(300, TimeUnit.SECONDS), "the run did not end");
      double seconds = (System.nanoTime() - started) / 1e9;
      String said = Files.readString(dir.resolve("run.log"));
      assertEquals(0, run.exitValue(), said);
      JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
      assertTrue(summary.path("valid").asBoolean(), summary.path("invalidBecause") + "\n" + said);
      long ops = summary.path("overall").path("count").asLong();
      assertTrue(ops > 0, said);
      // a Router is not one NameNode: a few calls fail through it that one NameNode serves, well
      // under 2 %: in folders the Router made as their creator, rwxrw-rw- (denied, or not found in
      // the other subcluster), and a denied listing it reports not found (bench/notes/ha.md)
      long errors = summary.path("overall").path("errors").asLong();
      assertTrue(errors * 50 < ops, errors + " errors of " + ops + " ops\n" + said);
      JsonNode byClass = summary.path("overall").path("errorsByClass");
      long expected =
          byClass.path("AccessControlException").asLong()
              + byClass.path("FileNotFoundException").asLong();
      assertEquals(errors, expected, "other errors: " + summary.path("errorSamples") + "\n" + said);

      JsonNode nameService = summary.path("namenode").path("nameservice");
      assertEquals(
          List.of("ns0", "ns1"),
          toList(nameService.path("subclusters")),
          summary.path("namenode").toString());
      List<String> shares = new ArrayList<>();
      for (JsonNode nn : nameService.path("namenodes")) {
        assertTrue(nn.path("samples").asInt() > 0, nn.toString());
        long calls = 0;
        for (JsonNode n : nn.path("calls")) {
          calls += n.asLong();
        }
        assertTrue(calls > 0, "subcluster " + nn.path("nameservice") + " served no call: " + nn);
        shares.add(
            nn.path("nameservice").asText()
                + " "
                + calls
                + " calls, create "
                + nn.path("share").path("Create").asDouble()
                + ", getFileInfo "
                + nn.path("share").path("GetFileInfo").asDouble());
      }
      assertEquals(2, shares.size(), nameService.toString());
      // the Router's own latency, from its metrics at the web address the configuration gives
      JsonNode router = nameService.path("router");
      assertTrue(router.path("calls").asLong() > 0, nameService.toString());
      assertTrue(router.path("proxiedCalls").asLong() > 0, nameService.toString());
      assertTrue(router.path("proxyMeanMs").isNumber(), router.toString());

      Configuration client = new Configuration();
      client.addResource(clientConf.toUri().toURL());
      List<Long> files = new ArrayList<>();
      for (String ns : List.of("ns0", "ns1")) {
        URI nameNode = URI.create("hdfs://" + client.get("dfs.namenode.rpc-address." + ns));
        try (FileSystem subcluster = FileSystem.newInstance(nameNode, client)) {
          long n = 0;
          RemoteIterator<LocatedFileStatus> all =
              subcluster.listFiles(new org.apache.hadoop.fs.Path("/bench"), true);
          while (all.hasNext()) {
            all.next();
            n++;
          }
          assertTrue(n > 0, ns + " holds none of the run's files");
          files.add(n);
        }
      }
      System.out.printf(
          "federated run through the Router: %d ops, %d errors %s, in %.1f s (run's wall time),"
              + " %s; files under /bench: ns0 %d, ns1 %d; the Router: %s%n",
          ops,
          errors,
          summary.path("overall").path("errorsByClass"),
          seconds,
          shares,
          files.get(0),
          files.get(1),
          router);
    } finally {
      cluster.destroy(); // SIGTERM, as Ctrl-C
      if (!cluster.waitFor(120, TimeUnit.SECONDS)) {
        cluster.destroyForcibly();
      }
    }
    assertTrue(!cluster.isAlive(), "the cluster did not stop on SIGTERM");
  }

  private static List<String> toList(JsonNode array) {
    List<String> l = new ArrayList<>();
    array.forEach(e -> l.add(e.asText()));
    return l;
  }
}
