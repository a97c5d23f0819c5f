package org.mimesisbench.tardis.cluster;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.MiniDFSNNTopology;
import org.apache.hadoop.hdfs.qjournal.MiniJournalCluster;
import org.apache.hadoop.hdfs.qjournal.MiniQJMHACluster;
import org.apache.hadoop.hdfs.server.federation.resolver.order.DestinationOrder;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.hdfs.server.namenode.NameNodeAdapter;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.mimesisbench.cli.UserSettings;

/**
 * A running NameNode with emulated DataNodes in this process: Hadoop's MiniDFSCluster, configured
 * light.
 */
public final class EmulatedCluster implements AutoCloseable {
  private final MiniDFSCluster cluster;
  private final Stages stages;
  private final MiniJournalCluster
      journal; // an HA nameservice's JournalNodes; null for one NameNode
  private final RouterFederation routers; // the Routers of federated subclusters; else null
  private boolean closed;

  private EmulatedCluster(MiniDFSCluster cluster, Stages stages) {
    this(cluster, stages, null, null);
  }

  private EmulatedCluster(
      MiniDFSCluster cluster, Stages stages, MiniJournalCluster journal, RouterFederation routers) {
    this.cluster = cluster;
    this.stages = stages;
    this.journal = journal;
    this.routers = routers;
  }

  /**
   * How a start on an image with blocks went, stage by stage: the image's blocks read and placed,
   * the NameNode started, the DataNodes registered, safe mode left; then the blocks the NameNode
   * counts, those reported, and the process's heap used after a full GC.
   */
  public record Stages(
      ReplicaPlacement.Placed placed,
      int dataNodes,
      double nameNodeSeconds,
      double registeredSeconds,
      double safeModeSeconds,
      long blocksTotal,
      long blocksReported,
      double reportsSeconds,
      long replicasReported,
      long heapUsedBytes) {

    /** The stages as lines for the console, e.g. "cluster: image's blocks read ... in 1.2 s". */
    public String describe(String command) {
      ImageBlocks.Totals image = placed.image();
      return String.format(
          "%1$s: image's blocks read and placed in %2$.1f s: %3$,d files, %4$,d blocks, %5$,d bytes, "
              + "%6$,d replicas on %7$d DataNodes%8$s%n"
              + "%1$s: NameNode started in %9$.1f s%n"
              + "%1$s: %7$d DataNodes registered in %10$.1f s%n"
              + "%1$s: every DataNode's first block report in %15$.1f s more: %16$,d of %6$,d"
              + " replicas reported%n"
              + "%1$s: safe mode left in %11$.1f s more with %12$,d of %13$,d blocks reported%n"
              + "%1$s: heap used after start (NameNode and DataNodes, after a full GC): %14$.2f GiB%n",
          command,
          placed.seconds(),
          image.files(),
          image.blocks(),
          image.bytes(),
          placed.replicas(),
          dataNodes,
          image.stripedFiles() > 0
              ? " (" + image.stripedFiles() + " erasure-coded files skipped)"
              : "",
          nameNodeSeconds,
          registeredSeconds,
          safeModeSeconds,
          blocksReported,
          blocksTotal,
          heapUsedBytes / (double) (1L << 30),
          reportsSeconds,
          replicasReported);
    }
  }

  /** Safe mode waits at most this long for the block reports (default an hour). */
  public static final String SAFE_MODE_WAIT_KEY = "mimesisbench.tardis.safemode.wait-ms";

  public static final long SAFE_MODE_WAIT_DEFAULT = 3_600_000L;

  /**
   * Starts a NameNode on {@code nameNodePort} (0: any free port) and {@code dataNodes} emulated
   * DataNodes under {@code baseDir}; returns once every DataNode has registered.
   */
  public static EmulatedCluster start(
      Configuration base, File baseDir, int dataNodes, int nameNodePort, boolean inMemory)
      throws IOException {
    return start(base, baseDir, dataNodes, nameNodePort, inMemory, true);
  }

  /**
   * As {@link #start(Configuration, File, int, int, boolean)}; {@code format} false starts on the
   * storage there.
   */
  public static EmulatedCluster start(
      Configuration base,
      File baseDir,
      int dataNodes,
      int nameNodePort,
      boolean inMemory,
      boolean format)
      throws IOException {
    quietServers();
    Configuration conf = new Configuration(base);
    MiniDFSCluster.Builder builder =
        EmulatedDataNodes.builder(conf, baseDir, dataNodes, inMemory)
            .nameNodePort(nameNodePort)
            .format(format);
    File given = new File(baseDir, NameDirCopy.NAME);
    if (given.isDirectory()) { // started from a given name directory (--name-dir): its copy, never
      // formatted
      useNameDir(conf, given);
      builder.manageNameDfsDirs(false).format(false);
      if (format) { // a new cluster on the image: its DataNodes hold the image's blocks
        ReplicaPlacement.Placed placed =
            holdImageBlocks(conf, builder, given.toPath(), baseDir, dataNodes);
        if (placed.image().blocks() > 0) {
          return startInStages(conf, builder, dataNodes, placed);
        }
      }
    }
    MiniDFSCluster cluster = builder.build();
    try {
      cluster.waitActive();
    } catch (IOException | RuntimeException e) {
      cluster.shutdown();
      throw e;
    }
    return new EmulatedCluster(cluster, null);
  }

  /**
   * Starts an HA nameservice ({@link NameService#ID}) under {@code baseDir}: an active NameNode, a
   * standby, {@code observers} Observer NameNodes and the three JournalNodes they share (Hadoop's
   * MiniQJMHACluster), with {@code dataNodes} emulated DataNodes registered with every NameNode;
   * returns once all are up and in their states.
   */
  public static EmulatedCluster startHa(
      Configuration base, File baseDir, int dataNodes, int observers, boolean inMemory)
      throws IOException {
    quietServers();
    Configuration conf = new Configuration(base);
    EmulatedDataNodes.configure(conf, inMemory);
    NameService.configureServers(conf);
    MiniQJMHACluster.Builder builder =
        new MiniQJMHACluster.Builder(conf, baseDir)
            .setNumNameNodes(2 + observers)
            .baseDir(new File(baseDir, "journal").getPath());
    builder.getDfsBuilder().numDataNodes(dataNodes).storagesPerDatanode(1);
    MiniQJMHACluster ha = builder.build();
    MiniDFSCluster cluster = ha.getDfsCluster();
    try {
      cluster.transitionToActive(0);
      for (int i = 0; i < observers; i++) {
        cluster.transitionToObserver(2 + i);
      }
      cluster.waitActive();
    } catch (IOException | RuntimeException e) {
      ha.shutdown();
      throw e;
    }
    return new EmulatedCluster(cluster, null, ha.getJournalCluster(), null);
  }

  /**
   * Starts {@code nameServices} federated nameservices (ns0, ns1, ...: one NameNode each) under
   * {@code baseDir} with {@code dataNodes} emulated DataNodes that serve every one's block pool,
   * and {@code routers} Routers in front of them whose mount table spreads the namespace over all
   * in {@code order} ({@link RouterFederation}); returns once every Router sees every subcluster.
   */
  public static EmulatedCluster startFederated(
      Configuration base,
      File baseDir,
      int dataNodes,
      int nameServices,
      int routers,
      DestinationOrder order,
      boolean inMemory)
      throws IOException {
    quietServers();
    Configuration conf = new Configuration(base);
    MiniDFSCluster cluster =
        EmulatedDataNodes.builder(conf, baseDir, dataNodes, inMemory)
            .nnTopology(MiniDFSNNTopology.simpleFederatedTopology(nameServices))
            .build();
    try {
      cluster.waitActive();
      RouterFederation federation =
          RouterFederation.start(
              conf,
              cluster,
              RouterFederation.nameServiceIds(nameServices),
              routers,
              order,
              baseDir);
      return new EmulatedCluster(cluster, null, null, federation);
    } catch (IOException | RuntimeException e) {
      cluster.shutdown();
      throw e;
    }
  }

  /**
   * Places the blocks of the image in name directory {@code nameDir} on the {@code dataNodes}
   * DataNodes {@code builder} will start under {@code baseDir}, which then hold them from the start
   * ({@link ReplicaPlacement}). Safe mode then ends only once every block is reported (threshold 1,
   * unless the user set one), and the builder no longer waits for it (MiniDFSCluster's wait gives
   * up after 10 s): call {@link #awaitBlockReports} once the DataNodes are up.
   */
  public static ReplicaPlacement.Placed holdImageBlocks(
      Configuration conf,
      MiniDFSCluster.Builder builder,
      java.nio.file.Path nameDir,
      File baseDir,
      int dataNodes)
      throws IOException {
    java.nio.file.Path[] storage = new java.nio.file.Path[dataNodes];
    for (int i = 0; i < dataNodes; i++) {
      storage[i] = dataNodeStorage(baseDir, i);
    }
    ReplicaPlacement.Placed placed =
        ReplicaPlacement.place(
            conf, nameDir, NameDirCopy.newestImage(nameDir.resolve("current")), storage);
    if (placed.image().blocks() > 0) {
      if (!UserSettings.given(conf, DFSConfigKeys.DFS_NAMENODE_SAFEMODE_THRESHOLD_PCT_KEY)) {
        conf.setFloat(DFSConfigKeys.DFS_NAMENODE_SAFEMODE_THRESHOLD_PCT_KEY, 1.0f);
      }
      if (!UserSettings.given(conf, DFSConfigKeys.DFS_NAMENODE_SAFEMODE_EXTENSION_KEY)) {
        // HDFS's extension (30 s) lets the last reports in; here safe mode is left once all are
        conf.setInt(MiniDFSCluster.DFS_NAMENODE_SAFEMODE_EXTENSION_TESTING_KEY, Integer.MAX_VALUE);
      }
      builder.waitSafeMode(false);
    }
    return placed;
  }

  /**
   * The storage directory of DataNode {@code i} under a MiniDFSCluster's base: {@code
   * data/data<i+1>}, its layout with one storage per DataNode (EmulatedDataNodes.builder's).
   */
  static java.nio.file.Path dataNodeStorage(File baseDir, int i) {
    return baseDir.toPath().resolve("data").resolve("data" + (i + 1));
  }

  /**
   * Waits until every DataNode's first block report is in, then until the NameNode counts its
   * threshold of blocks reported, and has it leave safe mode (its extension, set long by {@link
   * #holdImageBlocks}, would keep it there): replication then starts with every report counted, as
   * HDFS's extension means it to, so nothing is re-replicated for a report still on its way.
   * Returns the blocks reported when it left; bad news (IOException) after the configured wait.
   */
  public static long awaitBlockReports(MiniDFSCluster cluster, Configuration conf)
      throws IOException {
    awaitFirstReports(cluster, conf);
    return leaveSafeMode(cluster, conf);
  }

  private static long leaveSafeMode(MiniDFSCluster cluster, Configuration conf) throws IOException {
    long deadline =
        System.nanoTime() + conf.getLong(SAFE_MODE_WAIT_KEY, SAFE_MODE_WAIT_DEFAULT) * 1_000_000L;
    NameNode nn = cluster.getNameNode();
    float threshold =
        conf.getFloat(
            DFSConfigKeys.DFS_NAMENODE_SAFEMODE_THRESHOLD_PCT_KEY,
            DFSConfigKeys.DFS_NAMENODE_SAFEMODE_THRESHOLD_PCT_DEFAULT);
    long safe = NameNodeAdapter.getSafeModeSafeBlocks(nn);
    while (nn.isInSafeMode()) {
      safe = NameNodeAdapter.getSafeModeSafeBlocks(nn);
      if (safe >= (long) (cluster.getNamesystem().getBlocksTotal() * (double) threshold)) {
        NameNodeAdapter.leaveSafeMode(nn);
        break;
      }
      sleepUntil(deadline, cluster);
    }
    return safe;
  }

  private static void sleepUntil(long deadline, MiniDFSCluster cluster) throws IOException {
    if (System.nanoTime() > deadline) {
      throw new IOException(
          "the NameNode is still in safe mode after "
              + SAFE_MODE_WAIT_KEY
              + ": "
              + cluster.getNamesystem().getSafemode());
    }
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted waiting for the block reports");
    }
  }

  private static void awaitFirstReports(MiniDFSCluster cluster, Configuration conf)
      throws IOException {
    long wait = conf.getLong(SAFE_MODE_WAIT_KEY, SAFE_MODE_WAIT_DEFAULT);
    try {
      cluster.waitFirstBRCompleted(0, (int) Math.min(Integer.MAX_VALUE, wait));
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IOException(
          "not every DataNode's first block report is in after "
              + wait
              + " ms ("
              + SAFE_MODE_WAIT_KEY
              + ")",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted waiting for the block reports");
    }
  }

  /** The replicas the NameNode knows on its live DataNodes. */
  private static long replicasReported(MiniDFSCluster cluster) {
    return cluster
        .getNamesystem()
        .getBlockManager()
        .getDatanodeManager()
        .getDatanodeListForReport(
            org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType.LIVE)
        .stream()
        .mapToLong(d -> d.numBlocks())
        .sum();
  }

  /** The NameNode first, then the DataNodes that hold the image's blocks, each stage timed. */
  private static EmulatedCluster startInStages(
      Configuration conf,
      MiniDFSCluster.Builder builder,
      int dataNodes,
      ReplicaPlacement.Placed placed)
      throws IOException {
    long start = System.nanoTime();
    MiniDFSCluster cluster = builder.numDataNodes(0).build();
    try {
      double nameNode = (System.nanoTime() - start) / 1e9;
      start = System.nanoTime();
      cluster.startDataNodes(conf, dataNodes, true, null, null);
      cluster.waitActive();
      double registered = (System.nanoTime() - start) / 1e9;
      start = System.nanoTime();
      awaitFirstReports(cluster, conf);
      double reports = (System.nanoTime() - start) / 1e9;
      long replicas = replicasReported(cluster);
      start = System.nanoTime();
      long reported = leaveSafeMode(cluster, conf);
      double safeMode = (System.nanoTime() - start) / 1e9;
      long total = cluster.getNamesystem().getBlocksTotal();
      System.gc(); // the heap the namespace and its blocks keep, not what the load left behind
      long heap =
          java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
      return new EmulatedCluster(
          cluster,
          new Stages(
              placed,
              dataNodes,
              nameNode,
              registered,
              safeMode,
              total,
              reported,
              reports,
              replicas,
              heap));
    } catch (IOException | RuntimeException e) {
      cluster.shutdown();
      throw e;
    }
  }

  /**
   * Makes {@code dir} the NameNode's only name and edits directory. An image older than the
   * checkpoint period (1 h) would make the NameNode save the whole namespace again as it starts
   * (minutes at 50 M inodes): unless the user set the period, it is made long enough not to.
   */
  public static void useNameDir(Configuration conf, File dir) {
    String uri = dir.toURI().toString();
    conf.set(DFSConfigKeys.DFS_NAMENODE_NAME_DIR_KEY, uri);
    conf.set(DFSConfigKeys.DFS_NAMENODE_EDITS_DIR_KEY, uri);
    if (!UserSettings.given(conf, DFSConfigKeys.DFS_NAMENODE_CHECKPOINT_PERIOD_KEY)) {
      conf.setLong(DFSConfigKeys.DFS_NAMENODE_CHECKPOINT_PERIOD_KEY, STARTUP_CHECKPOINT_PERIOD_S);
    }
    if (!UserSettings.given(conf, DFSConfigKeys.DFS_IMAGE_PARALLEL_LOAD_KEY)) {
      // an image with sub-sections (namespace image's of 1 M inodes or more, a NameNode's saved
      // with
      // parallel save) loads on dfs.image.parallel.threads threads; one without loads as before
      conf.setBoolean(DFSConfigKeys.DFS_IMAGE_PARALLEL_LOAD_KEY, true);
    }
  }

  /** Ten years: an image given to start from is never "stale" at startup. */
  static final long STARTUP_CHECKPOINT_PERIOD_S = 10L * 365 * 86_400;

  /**
   * The servers' INFO lines, hundreds a second at this scale, would bury the address and any error.
   */
  static void quietServers() {
    Logger.getLogger("org.apache.hadoop").setLevel(Level.WARN);
    Logger.getLogger("org.apache.hadoop.hdfs.server").setLevel(Level.ERROR);
    Logger.getLogger("org.apache.hadoop.http").setLevel(Level.ERROR);
    Logger.getLogger("org.apache.hadoop.security.authentication").setLevel(Level.ERROR);
  }

  /** How the start on an image with blocks went; null for any other start. */
  public Stages stages() {
    return stages;
  }

  /**
   * The NameNode's address, the nameservice's (hdfs://ns1) for an HA one, the Routers' for
   * federated subclusters: fs.defaultFS.
   */
  public URI uri() {
    if (routers != null) {
      return routers.uri();
    }
    return journal != null ? URI.create("hdfs://" + NameService.ID) : cluster.getURI();
  }

  /** The Routers in front of federated subclusters ({@link #startFederated}); else null. */
  public RouterFederation federation() {
    return routers;
  }

  /** Whether this is an HA nameservice ({@link #startHa}). */
  public boolean ha() {
    return journal != null;
  }

  public MiniDFSCluster cluster() {
    return cluster;
  }

  @Override
  public void close() {
    close(false);
  }

  /**
   * Stops the servers; {@code keepStorage} leaves their storage for a restart on it
   * (MiniDFSCluster's own shutdown deletes its folder when the JVM exits).
   */
  public synchronized void close(boolean keepStorage) {
    if (!closed) {
      closed = true;
      if (routers != null) { // before the NameNodes, which they heartbeat
        routers.close();
      }
      if (keepStorage) {
        cluster.shutdownDataNodes();
        cluster.shutdownNameNodes();
      } else {
        cluster.shutdown();
      }
      if (journal != null) { // after the NameNodes, which write to it until they stop
        try {
          journal.shutdown();
        } catch (IOException e) {
          // stopping: a JournalNode that fails to is gone with the process
        }
      }
    }
  }
}
