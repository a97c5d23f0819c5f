package org.mimesisbench.generator.infra;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.mimesisbench.cli.UserSettings;
import org.mimesisbench.tardis.cluster.EmulatedCluster;
import org.mimesisbench.tardis.cluster.EmulatedDataNodes;
import org.mimesisbench.tardis.cluster.NameDirCopy;
import org.mimesisbench.tardis.cluster.NameNodeAuditLog;

/**
 * The embedded default: a real NameNode and emulated DataNodes (tardis) in this JVM, Hadoop's
 * MiniDFSCluster, its storage under a folder of the run's own, and its audit log written to a file
 * ({@link NameNodeAuditLog}), so a run can be parsed back with {@code parse --audit} and scored.
 * Its namesystem lock's detailed metrics are on, and its metrics refresh every second (tardis'
 * hadoop-metrics2-namenode.properties), so a run reads them once a second.
 */
public final class EmbeddedCluster implements AutoCloseable {
  /**
   * DataNodes of the embedded default when files are empty (a zero-size run): one is enough to
   * register; more show with `cluster`.
   */
  public static final int DATA_NODES = 1;

  /**
   * The most DataNodes the embedded default starts for a run with data: a replication above it (a
   * job's jar at 10) is capped, with a note, rather than costing a JVM's worth of threads.
   */
  public static final int MAX_DATA_NODES = 10;

  /**
   * DataNodes the embedded default starts for files drawn with up to {@code replication} replicas:
   * one each (Tardis keeps their data in a few bytes), within [{@link #DATA_NODES}, {@link
   * #MAX_DATA_NODES}].
   */
  public static int dataNodesFor(int replication) {
    return Math.max(DATA_NODES, Math.min(MAX_DATA_NODES, replication));
  }

  private final MiniDFSCluster cluster;
  private final NameNodeAuditLog audit;

  private EmbeddedCluster(MiniDFSCluster cluster, NameNodeAuditLog audit) {
    this.cluster = cluster;
    this.audit = audit;
  }

  /**
   * Starts a cluster with {@code dataNodes} DataNodes, storing under {@code storage} and writing
   * the audit log to {@code auditLog}.
   */
  public static EmbeddedCluster start(
      Configuration base, Path storage, Path auditLog, int dataNodes) throws IOException {
    return start(base, storage, auditLog, dataNodes, null);
  }

  /**
   * As {@link #start(Configuration, Path, Path, int)}; with {@code nameDir}, the NameNode starts on
   * a copy of that name directory's image instead of a formatted one (the original is never
   * written).
   */
  public static EmbeddedCluster start(
      Configuration base, Path storage, Path auditLog, int dataNodes, Path nameDir)
      throws IOException {
    NameNodeAuditLog audit = NameNodeAuditLog.open(auditLog);
    quietServers();
    Configuration conf = new Configuration(base);
    if (!UserSettings.given(conf, DFSConfigKeys.DFS_NAMENODE_HANDLER_COUNT_KEY)) {
      conf.setInt(
          DFSConfigKeys.DFS_NAMENODE_HANDLER_COUNT_KEY,
          20); // the default 10 queues a run's many mappers
    }
    if (!UserSettings.given(conf, DFSConfigKeys.DFS_NAMENODE_LOCK_DETAILED_METRICS_KEY)) {
      // the namesystem lock's hold times, for the run's namenode.csv (off in Hadoop by default)
      conf.setBoolean(DFSConfigKeys.DFS_NAMENODE_LOCK_DETAILED_METRICS_KEY, true);
    }
    if (!UserSettings.given(
        conf, CommonConfigurationKeysPublic.HADOOP_CALLER_CONTEXT_ENABLED_KEY)) {
      // each call's caller context names when it began: fidelity reads how long calls took to log
      conf.setBoolean(CommonConfigurationKeysPublic.HADOOP_CALLER_CONTEXT_ENABLED_KEY, true);
    }
    MiniDFSCluster cluster;
    try {
      // emulated DataNodes (tardis): the real DataNode code, block data kept in a few bytes on disk
      MiniDFSCluster.Builder builder =
          EmulatedDataNodes.builder(conf, new File(storage.toString()), dataNodes, false)
              .format(true);
      if (nameDir != null) {
        Path copy = storage.resolve(NameDirCopy.NAME);
        NameDirCopy.copy(nameDir, copy);
        EmulatedCluster.useNameDir(conf, copy.toFile());
        builder.manageNameDfsDirs(false).format(false);
      }
      cluster =
          nameDir == null
              ? build(builder)
              : NameDirCopy.starting(
                  "run: --name-dir",
                  nameDir,
                  () -> {
                    // the image's blocks, if any, held by the DataNodes from the start: a corrupt
                    // image fails here first, judged as the NameNode's load would be
                    EmulatedCluster.holdImageBlocks(
                        conf,
                        builder,
                        storage.resolve(NameDirCopy.NAME),
                        new File(storage.toString()),
                        dataNodes);
                    return awaitBlockReports(build(builder), conf);
                  });
    } catch (IOException | RuntimeException e) {
      audit.close();
      throw e;
    }
    return new EmbeddedCluster(cluster, audit);
  }

  private static MiniDFSCluster awaitBlockReports(MiniDFSCluster cluster, Configuration conf)
      throws IOException {
    try {
      EmulatedCluster.awaitBlockReports(cluster, conf);
      return cluster;
    } catch (IOException | RuntimeException e) {
      cluster.shutdown();
      throw e;
    }
  }

  private static MiniDFSCluster build(MiniDFSCluster.Builder builder) throws IOException {
    MiniDFSCluster cluster = builder.build();
    cluster.waitActive();
    return cluster;
  }

  /**
   * The servers' own warnings (web UI secrets, DataNode shutdown) say nothing to a benchmark user.
   */
  private static void quietServers() {
    for (String name :
        new String[] {
          "org.apache.hadoop.hdfs.server",
          "org.apache.hadoop.security.authentication",
          "org.apache.hadoop.http",
          "org.apache.hadoop.fs.CachingGetSpaceUsed",
          "org.apache.hadoop.hdfs.web"
        }) {
      Logger.getLogger(name).setLevel(Level.ERROR);
    }
    Logger.getLogger(NameNodeAuditLog.LOGGER).setLevel(Level.INFO);
  }

  /** The NameNode's URI, for fs.defaultFS. */
  public URI uri() {
    return cluster.getURI();
  }

  /** Stops the NameNode and starts it again (tests: a restart mid-run). */
  public void restartNameNode() throws IOException {
    cluster.restartNameNode(false);
  }

  public MiniDFSCluster cluster() {
    return cluster;
  }

  @Override
  public void close() {
    // stopping DataNodes interrupts their command threads, which log that at ERROR: not a failure
    Logger dataNodes = Logger.getLogger("org.apache.hadoop.hdfs.server.datanode");
    dataNodes.setLevel(Level.FATAL);
    try {
      cluster.shutdown(true);
    } finally {
      dataNodes.setLevel(null);
      audit.close();
    }
  }
}
