package org.mimesisbench.tardis.cluster;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;

/**
 * A running NameNode with emulated DataNodes in this process: Hadoop's MiniDFSCluster, configured
 * light.
 */
public final class EmulatedCluster implements AutoCloseable {
  private final MiniDFSCluster cluster;
  private boolean closed;

  private EmulatedCluster(MiniDFSCluster cluster) {
    this.cluster = cluster;
  }

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
    }
    MiniDFSCluster cluster = builder.build();
    try {
      cluster.waitActive();
    } catch (IOException | RuntimeException e) {
      cluster.shutdown();
      throw e;
    }
    return new EmulatedCluster(cluster);
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
    if (!givenByUser(conf, DFSConfigKeys.DFS_NAMENODE_CHECKPOINT_PERIOD_KEY)) {
      conf.setLong(DFSConfigKeys.DFS_NAMENODE_CHECKPOINT_PERIOD_KEY, STARTUP_CHECKPOINT_PERIOD_S);
    }
    if (!givenByUser(conf, DFSConfigKeys.DFS_IMAGE_PARALLEL_LOAD_KEY)) {
      // an image with sub-sections (namespace image's of 1 M inodes or more, a NameNode's saved
      // with
      // parallel save) loads on dfs.image.parallel.threads threads; one without loads as before
      conf.setBoolean(DFSConfigKeys.DFS_IMAGE_PARALLEL_LOAD_KEY, true);
    }
  }

  private static boolean givenByUser(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    return sources != null
        && !java.util.Arrays.stream(sources).allMatch(s -> s.endsWith("-default.xml"));
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

  /** The NameNode's address, for fs.defaultFS. */
  public URI uri() {
    return cluster.getURI();
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
      if (keepStorage) {
        cluster.shutdownDataNodes();
        cluster.shutdownNameNodes();
      } else {
        cluster.shutdown();
      }
    }
  }
}
