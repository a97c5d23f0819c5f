package org.mimesisbench.tardis.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.cli.ExitCodes;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.output.HadoopLog;

/**
 * {@code cluster --join}: N emulated DataNodes for a NameNode started apart, until stopped. Prints
 * the NameNode's address once every DataNode has registered; Ctrl-C or SIGTERM stops them all.
 */
final class ClusterJoin {
  /** Options that start or name this process's own NameNode: meaningless with --join. */
  private static final String[] OWN_NAMENODE = {
    "namenode-port", "restart", "name-dir", "audit-log"
  };

  private ClusterJoin() {}

  static int run(Configuration conf, CommandLine cl, int dataNodes, PrintStream out)
      throws Exception {
    for (String option : OWN_NAMENODE) {
      if (cl.hasOption(option)) {
        throw new BadInputException(
            ClusterCommand.COMMAND
                + ": --"
                + option
                + " is for the cluster's own NameNode; --join starts DataNodes only");
      }
    }
    String what = ClusterCommand.COMMAND + ": --join";
    URI nameNode = JoiningDataNodes.nameNode(what, cl.getOptionValue("join"));
    JoiningDataNodes.checkReachable(what, conf, nameNode); // before anything is made
    String given = cl.getOptionValue("base-dir");
    Path base = ClusterCommand.baseDir(given);
    if (conf.get("hadoop.http.temp.dir") == null) { // the DataNodes' Jetty folders: with them
      conf.set("hadoop.http.temp.dir", base.resolve("http-tmp").toAbsolutePath().toString());
    }
    try (HadoopLog log = HadoopLog.to(base.resolve(HadoopLog.FILE), conf)) {
      JoiningDataNodes joined;
      long t0 = System.nanoTime();
      try {
        joined =
            JoiningDataNodes.start(
                conf, base.toFile(), nameNode, dataNodes, cl.hasOption("in-memory"));
      } catch (RuntimeException | Error | IOException e) {
        // nothing half-made is left but the log that says why
        try (var made = Files.list(base)) {
          for (Path p : made.toList()) {
            if (!p.getFileName().toString().equals(HadoopLog.FILE)) {
              FileUtils.deleteQuietly(p.toFile());
            }
          }
        }
        throw e;
      }
      CountDownLatch stopped = new CountDownLatch(1);
      try {
        Thread hook =
            new Thread(
                () -> {
                  joined.close();
                  forget(base, given);
                  stopped.countDown();
                },
                "cluster-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        out.println(nameNode);
        out.flush();
        System.err.printf(
            "cluster: %d emulated DataNodes registered with %s in %.1f s, storage under %s; "
                + "Hadoop's log: %s; Ctrl-C stops them%n",
            dataNodes,
            nameNode,
            (System.nanoTime() - t0) / 1e9,
            base,
            base.resolve(HadoopLog.FILE));
        try {
          stopped.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt(); // stopped by the embedding code (tests)
        }
        if (stopped.getCount() > 0) {
          Runtime.getRuntime().removeShutdownHook(hook);
        }
      } finally {
        joined.close();
        forget(base, given);
      }
    }
    return ExitCodes.OK;
  }

  /** A storage folder this command made under the temporary directory goes with its DataNodes. */
  private static void forget(Path base, String given) {
    if (given == null && Files.isDirectory(base)) {
      FileUtils.deleteQuietly(base.toFile());
    }
  }
}
