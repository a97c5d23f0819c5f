package org.mimesisbench.tardis.cluster;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.NameNodeProxies;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.server.common.HdfsServerConstants.StartupOption;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.ipc.RPC;
import org.mimesisbench.errors.BadInputException;

/**
 * Emulated DataNodes in this process that register with a NameNode started apart (another Hadoop
 * 3.x, a user's own build): Hadoop's MiniDFSCluster without a NameNode of its own, each DataNode
 * with its own storage folder under the base.
 */
public final class JoiningDataNodes implements AutoCloseable {
  /** How long every DataNode may take to register, per DataNode, beyond a minute. */
  private static final long REGISTER_MS_PER_DATANODE = 2_000;

  private final MiniDFSCluster dataNodes;
  private final URI nameNode;
  private boolean closed;

  private JoiningDataNodes(MiniDFSCluster dataNodes, URI nameNode) {
    this.dataNodes = dataNodes;
    this.nameNode = nameNode;
  }

  /**
   * The NameNode's address from {@code option} ({@code hdfs://host[:port]}, the port 8020 when not
   * given); refused in one line when it is not one.
   */
  public static URI nameNode(String what, String option) {
    URI uri;
    try {
      uri = URI.create(option);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(what + " " + option + ": not a URI (hdfs://host:port)");
    }
    if (!HdfsConstants.HDFS_URI_SCHEME.equals(uri.getScheme()) || uri.getHost() == null) {
      throw new BadInputException(
          what + " " + option + ": not a NameNode's address (hdfs://host:port)");
    }
    if (uri.getPath() != null && !uri.getPath().isEmpty() && !uri.getPath().equals("/")) {
      throw new BadInputException(what + " " + option + ": a NameNode's address has no path");
    }
    int port =
        uri.getPort() < 0 ? HdfsClientConfigKeys.DFS_NAMENODE_RPC_PORT_DEFAULT : uri.getPort();
    return URI.create("hdfs://" + uri.getHost() + ":" + port);
  }

  /**
   * Asks the NameNode at {@code nameNode} for its server defaults (an RPC that is not audited and
   * needs no permission), with few retries: a NameNode this process cannot reach is refused in one
   * line naming it, before any DataNode starts.
   */
  public static void checkReachable(String what, Configuration base, URI nameNode) {
    Configuration conf = new Configuration(base);
    // the client's defaults retry a refused connection 10 times and a timeout 45 times: minutes
    conf.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_KEY, 2);
    conf.setInt(
        CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_ON_SOCKET_TIMEOUTS_KEY, 2);
    conf.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_TIMEOUT_KEY, 5_000);
    conf.setBoolean(HdfsClientConfigKeys.Retry.POLICY_ENABLED_KEY, false);
    ClientProtocol namenode = null;
    try {
      namenode = NameNodeProxies.createProxy(conf, nameNode, ClientProtocol.class).getProxy();
      namenode.getServerDefaults();
    } catch (IOException | RuntimeException e) {
      throw new BadInputException(
          what + " " + nameNode + ": no NameNode answers there (" + reason(e) + ")");
    } finally {
      if (namenode != null) {
        RPC.stopProxy(namenode);
      }
    }
  }

  private static String reason(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message =
        root.getMessage() == null ? "" : root.getMessage().lines().findFirst().orElse("");
    return root.getClass().getSimpleName() + (message.isEmpty() ? "" : ": " + message);
  }

  /**
   * Starts {@code count} emulated DataNodes for the NameNode at {@code nameNode}, their storage
   * under {@code baseDir} (one folder each), and returns once every one has registered; on failure
   * none is left running.
   */
  public static JoiningDataNodes start(
      Configuration base, File baseDir, URI nameNode, int count, boolean inMemory)
      throws IOException {
    EmulatedCluster.quietServers();
    Configuration conf = EmulatedDataNodes.configure(new HdfsConfiguration(base), inMemory);
    conf.set(CommonConfigurationKeysPublic.FS_DEFAULT_NAME_KEY, nameNode.toString());
    conf.unset(DFSConfigKeys.DFS_DATANODE_DATA_DIR_KEY); // it would win over each one's own folder
    Configuration[] storage = new Configuration[count];
    for (int i = 0; i < count; i++) {
      // each DataNode's own folder: a storage folder is locked by the one DataNode using it
      storage[i] = new Configuration(false);
      storage[i].set(
          DFSConfigKeys.DFS_DATANODE_DATA_DIR_KEY,
          new File(baseDir, "data" + i).getAbsoluteFile().toURI().toString());
    }
    MiniDFSCluster dataNodes = new MiniDFSCluster();
    JoiningDataNodes joined = new JoiningDataNodes(dataNodes, nameNode);
    try {
      dataNodes.startDataNodes(
          conf,
          count,
          null,
          false, // their folders are the overlays', not MiniDFSCluster's
          StartupOption.REGULAR,
          null,
          null,
          null,
          null,
          false,
          false, // every DataNode on free ports of this host, whatever hdfs-default.xml says
          true, // a -D dfs.datanode.hostname is kept: what the NameNode gives clients
          storage,
          null,
          null);
      joined.awaitRegistered(TimeUnit.MINUTES.toMillis(1) + count * REGISTER_MS_PER_DATANODE);
      return joined;
    } catch (IOException | RuntimeException | Error e) {
      joined.close();
      throw e;
    }
  }

  /** Waits until every DataNode has registered with the NameNode and sent its heartbeats. */
  private void awaitRegistered(long timeoutMs) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    while (true) {
      List<DataNode> started = dataNodes.getDataNodes();
      long registered = started.stream().filter(dn -> dn.isDatanodeFullyStarted(true)).count();
      if (registered == started.size()) {
        return;
      }
      for (DataNode dn : started) {
        if (!dn.isDatanodeUp()) { // its block pool service gave up: the NameNode refused it
          throw new BadInputException(
              "cluster: --join "
                  + nameNode
                  + ": the NameNode refused a DataNode's registration (Hadoop's log says why)");
        }
      }
      if (System.nanoTime() > deadline) {
        throw new BadInputException(
            "cluster: --join "
                + nameNode
                + ": "
                + registered
                + " of "
                + started.size()
                + " DataNodes registered in "
                + timeoutMs / 1000
                + " s");
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while the DataNodes registered", e);
      }
    }
  }

  /** The NameNode the DataNodes registered with. */
  public URI nameNode() {
    return nameNode;
  }

  /** The running DataNodes. */
  public List<DataNode> dataNodes() {
    return dataNodes.getDataNodes();
  }

  /** Stops every DataNode (the NameNode, not this process's, keeps running). */
  @Override
  public synchronized void close() {
    if (!closed) {
      closed = true;
      dataNodes.shutdownDataNodes();
    }
  }
}
