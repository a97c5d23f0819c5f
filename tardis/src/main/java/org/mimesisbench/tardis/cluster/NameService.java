package org.mimesisbench.tardis.cluster;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSUtil;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.qjournal.MiniQJMHACluster;
import org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider;
import org.apache.hadoop.hdfs.server.namenode.ha.ObserverReadProxyProvider;
import org.mimesisbench.cli.UserSettings;

/**
 * An HA nameservice's settings: the NameNodes' (what Observer reads need) and the client
 * configuration a user passes with {@code -conf} to reach the nameservice by its logical name.
 */
public final class NameService {
  /** The nameservice's logical name: hdfs://ns1. */
  public static final String ID = MiniQJMHACluster.NAMESERVICE;

  /** The client configuration's file in the cluster's storage folder. */
  public static final String CLIENT_CONF = "client-conf.xml";

  /** ObserverReadProxyProvider's key (package-private there): how stale its reads may be. */
  static final String AUTO_MSYNC_PERIOD_KEY_PREFIX =
      "dfs.client.failover.observer.auto-msync-period";

  private NameService() {}

  /**
   * Sets what Observer reads need on {@code conf}, unless the user set it: the NameNodes keep their
   * state id for clients (always), and tail the JournalNodes' in-progress edits every 10 ms,
   * backing off to 100 ms when idle; Hadoop's default (60 s, finished segments only) would keep a
   * client that wrote waiting on its read as long.
   */
  static void configureServers(Configuration conf) {
    conf.setBoolean(DFSConfigKeys.DFS_NAMENODE_STATE_CONTEXT_ENABLED_KEY, true);
    setUnlessGiven(conf, DFSConfigKeys.DFS_HA_TAILEDITS_INPROGRESS_KEY, "true");
    setUnlessGiven(conf, DFSConfigKeys.DFS_HA_TAILEDITS_PERIOD_KEY, "10ms");
    setUnlessGiven(conf, DFSConfigKeys.DFS_HA_TAILEDITS_PERIOD_BACKOFF_MAX_KEY, "100ms");
  }

  private static void setUnlessGiven(Configuration conf, String key, String value) {
    if (!UserSettings.given(conf, key)) {
      conf.set(key, value);
    }
  }

  /**
   * The client configuration of {@code cluster}'s nameservice: fs.defaultFS, the NameNodes' ids and
   * their RPC and HTTP addresses, and the proxy provider (ObserverReadProxyProvider when there are
   * Observers, reads going to them; else ConfiguredFailoverProxyProvider).
   */
  public static Configuration clientConfiguration(MiniDFSCluster cluster, boolean observers) {
    Configuration c = new Configuration(false);
    List<String> ids = new ArrayList<>();
    for (MiniDFSCluster.NameNodeInfo nn : cluster.getNameNodeInfos()) {
      String id = nn.getNamenodeId();
      ids.add(id);
      c.set(
          DFSUtil.addKeySuffixes(HdfsClientConfigKeys.DFS_NAMENODE_RPC_ADDRESS_KEY, ID, id),
          hostPort(nn.nameNode.getNameNodeAddress()));
      c.set(
          DFSUtil.addKeySuffixes(HdfsClientConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY, ID, id),
          hostPort(nn.nameNode.getHttpAddress()));
    }
    c.set(CommonConfigurationKeysPublic.FS_DEFAULT_NAME_KEY, "hdfs://" + ID);
    c.set(HdfsClientConfigKeys.DFS_NAMESERVICES, ID);
    c.set(HdfsClientConfigKeys.DFS_HA_NAMENODES_KEY_PREFIX + "." + ID, String.join(",", ids));
    c.set(
        HdfsClientConfigKeys.Failover.PROXY_PROVIDER_KEY_PREFIX + "." + ID,
        (observers ? ObserverReadProxyProvider.class : ConfiguredFailoverProxyProvider.class)
            .getName());
    if (observers) {
      // a client msyncs before each read, so it sees every other client's writes as on one
      // NameNode (a run's mappers read what others wrote); a user raises it to allow staler reads
      c.setLong(AUTO_MSYNC_PERIOD_KEY_PREFIX + "." + ID, 0);
    }
    return c;
  }

  /** Writes {@code clientConf} to {@code file} as Hadoop's XML, the form -conf reads. */
  public static void write(Configuration clientConf, Path file) throws IOException {
    Path part = file.resolveSibling(file.getFileName() + ".part");
    try (OutputStream out = Files.newOutputStream(part)) {
      clientConf.writeXml(out);
    }
    Files.move(part, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  private static String hostPort(InetSocketAddress a) {
    return a.getHostString() + ":" + a.getPort();
  }
}
