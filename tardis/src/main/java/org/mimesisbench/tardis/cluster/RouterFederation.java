package org.mimesisbench.tardis.cluster;

import java.io.File;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSUtil;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.server.federation.resolver.MultipleDestinationMountTableResolver;
import org.apache.hadoop.hdfs.server.federation.resolver.order.DestinationOrder;
import org.apache.hadoop.hdfs.server.federation.router.RBFConfigKeys;
import org.apache.hadoop.hdfs.server.federation.router.Router;
import org.apache.hadoop.hdfs.server.federation.router.RouterClient;
import org.apache.hadoop.hdfs.server.federation.store.driver.impl.StateStoreFileImpl;
import org.apache.hadoop.hdfs.server.federation.store.protocol.AddMountTableEntryRequest;
import org.apache.hadoop.hdfs.server.federation.store.records.MountTable;
import org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider;
import org.mimesisbench.cli.UserSettings;

/**
 * Hadoop's Routers in front of a federated MiniDFSCluster (router-based federation): their State
 * Store a folder of files in the cluster's storage, each Router heartbeating every subcluster's
 * NameNode into it, and one mount table entry that spreads {@link #MOUNT_POINT} over every
 * subcluster in the chosen order. Clients reach the namespace through the Routers only.
 */
public final class RouterFederation implements AutoCloseable {
  /** The Routers' logical nameservice in the client configuration when there are several. */
  public static final String ID = "fed";

  /** The mount table entry's source: the whole namespace, so any --base-dir of a run is in it. */
  public static final String MOUNT_POINT = "/";

  /** The mount orders a Router offers that need nothing of the client: LOCAL needs its host. */
  public static final List<DestinationOrder> ORDERS =
      List.of(
          DestinationOrder.HASH_ALL,
          DestinationOrder.HASH,
          DestinationOrder.RANDOM,
          DestinationOrder.SPACE);

  /** The State Store's folder in the cluster's storage. */
  static final String STATE_STORE = "router-store";

  /** How long the Routers may take to see every subcluster's NameNode and the mount table. */
  private static final long READY_WAIT_MS = 60_000;

  private final MiniDFSCluster subclusters;
  private final List<Router> routers;
  private final List<String> nameServices;

  private RouterFederation(
      MiniDFSCluster subclusters, List<Router> routers, List<String> nameServices) {
    this.subclusters = subclusters;
    this.routers = routers;
    this.nameServices = nameServices;
  }

  /**
   * Starts {@code routers} Routers for the running federated {@code subclusters} (nameservices
   * {@code nameServices}, as its topology names them), their State Store under {@code baseDir}, and
   * adds the mount table entry of {@link #MOUNT_POINT} over every subcluster in {@code order};
   * returns once every Router resolves it.
   */
  static RouterFederation start(
      Configuration base,
      MiniDFSCluster subclusters,
      List<String> nameServices,
      int routers,
      DestinationOrder order,
      File baseDir)
      throws IOException {
    Configuration conf = routerConfiguration(base, subclusters, nameServices, baseDir);
    List<Router> started = new ArrayList<>();
    RouterFederation federation = new RouterFederation(subclusters, started, nameServices);
    try {
      for (int i = 0; i < routers; i++) {
        Router router = new Router();
        router.init(new Configuration(conf));
        router.start();
        started.add(router);
      }
      federation.addMountEntry(conf, order);
      federation.awaitReady();
    } catch (IOException | RuntimeException e) {
      federation.close();
      throw e;
    }
    return federation;
  }

  /**
   * The Routers' settings on top of the subclusters' (their nameservices and addresses): every
   * server on a free local port, the file State Store, a resolver that spreads one mount point over
   * several subclusters, quotas on, and no safe mode at start (its 30 s wait is for Routers that
   * join a running federation); a user's -D of any of them wins.
   */
  private static Configuration routerConfiguration(
      Configuration base, MiniDFSCluster subclusters, List<String> nameServices, File baseDir) {
    Configuration conf = new Configuration(subclusters.getConfiguration(0));
    // every subcluster's addresses, as an operator's hdfs-site.xml names them for its Routers
    conf.set(HdfsClientConfigKeys.DFS_NAMESERVICES, String.join(",", nameServices));
    addresses(conf, subclusters, nameServices, true);
    setUnlessGiven(base, conf, RBFConfigKeys.DFS_ROUTER_RPC_ADDRESS_KEY, "127.0.0.1:0");
    setUnlessGiven(base, conf, RBFConfigKeys.DFS_ROUTER_ADMIN_ADDRESS_KEY, "127.0.0.1:0");
    // the Router's web server is built by a DFSUtil method Hadoop 3.5 changed, and its /jmx is
    // this process's, which every subcluster's NameNode serves already
    conf.setBoolean(RBFConfigKeys.DFS_ROUTER_HTTP_ENABLE, false);
    setUnlessGiven(
        base,
        conf,
        RBFConfigKeys.FEDERATION_STORE_DRIVER_CLASS,
        StateStoreFileImpl.class.getName());
    setUnlessGiven(
        base,
        conf,
        StateStoreFileImpl.FEDERATION_STORE_FILE_DIRECTORY,
        new File(baseDir, STATE_STORE).getAbsolutePath());
    setUnlessGiven(
        base,
        conf,
        RBFConfigKeys.FEDERATION_FILE_RESOLVER_CLIENT_CLASS,
        MultipleDestinationMountTableResolver.class.getName());
    setUnlessGiven(
        base, conf, RBFConfigKeys.DFS_ROUTER_MONITOR_NAMENODE, String.join(",", nameServices));
    setUnlessGiven(base, conf, RBFConfigKeys.DFS_ROUTER_DEFAULT_NAMESERVICE, nameServices.get(0));
    setUnlessGiven(base, conf, RBFConfigKeys.DFS_ROUTER_SAFEMODE_ENABLE, "false");
    // a run sets quotas, which a Router refuses unless its quota system is on
    setUnlessGiven(base, conf, RBFConfigKeys.DFS_ROUTER_QUOTA_ENABLE, "true");
    return conf;
  }

  private static void setUnlessGiven(
      Configuration given, Configuration conf, String key, String value) {
    if (!UserSettings.given(given, key)) {
      conf.set(key, value);
    }
  }

  /** Adds the mount entry through the first Router's admin server, as dfsrouteradmin -add does. */
  private void addMountEntry(Configuration conf, DestinationOrder order) throws IOException {
    Map<String, String> destinations = new LinkedHashMap<>();
    for (String ns : nameServices) {
      destinations.put(ns, MOUNT_POINT);
    }
    MountTable entry = MountTable.newInstance(MOUNT_POINT, destinations);
    entry.setDestOrder(order);
    try (RouterClient admin = new RouterClient(routers.get(0).getAdminServerAddress(), conf)) {
      if (!admin
          .getMountTableManager()
          .addMountTableEntry(AddMountTableEntryRequest.newInstance(entry))
          .getStatus()) {
        throw new IOException("the Router refused the mount table entry " + entry);
      }
    }
  }

  /**
   * Waits until every Router has every subcluster's NameNode from its heartbeats and resolves the
   * mount point to every subcluster: a Router's caches load from the State Store on their period.
   */
  private void awaitReady() throws IOException {
    long deadline = System.nanoTime() + READY_WAIT_MS * 1_000_000L;
    for (Router router : routers) {
      while (!ready(router)) {
        if (System.nanoTime() > deadline) {
          throw new IOException(
              "Router "
                  + router.getRouterId()
                  + " does not see every subcluster's NameNode and the mount table after "
                  + READY_WAIT_MS / 1000
                  + " s");
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted waiting for the Routers");
        }
      }
    }
  }

  private boolean ready(Router router) throws IOException {
    router.getStateStore().refreshCaches(true);
    for (String ns : nameServices) {
      var known = router.getNamenodeResolver().getNamenodesForNameserviceId(ns, false);
      if (known == null || known.isEmpty()) {
        return false;
      }
    }
    var where = router.getSubclusterResolver().getDestinationForPath(MOUNT_POINT);
    return where != null && where.getDestinations().size() == nameServices.size();
  }

  /** The subclusters' nameservice ids. */
  public List<String> nameServices() {
    return nameServices;
  }

  /**
   * The file system a client uses: the Router's own address for one, the Routers' logical
   * nameservice ({@link #ID}) for several.
   */
  public URI uri() {
    return routers.size() == 1
        ? URI.create("hdfs://" + hostPort(routers.get(0).getRpcServerAddress()))
        : URI.create("hdfs://" + ID);
  }

  /**
   * The client configuration: fs.defaultFS the Routers ({@link #uri}; several as one logical
   * nameservice a client fails over between, in random order so that clients spread over them, as
   * Hadoop's Router documentation configures them; one by its own address, also as {@code
   * dfs.federation.router.rpc-address}), and every subcluster's nameservice with its NameNode's RPC
   * and HTTP addresses, so that a run's metrics find each subcluster's NameNode.
   */
  public Configuration clientConfiguration() {
    Configuration c = new Configuration(false);
    List<String> ids = new ArrayList<>(nameServices);
    addresses(c, subclusters, nameServices, false);
    if (routers.size() == 1) { // the Router's key: what tells a run's metrics the address is one
      c.set(
          RBFConfigKeys.DFS_ROUTER_RPC_ADDRESS_KEY, hostPort(routers.get(0).getRpcServerAddress()));
      // its metrics are this process's, which the first subcluster's NameNode serves at its /jmx
      // (the Router's own web server is off)
      c.set(
          RBFConfigKeys.DFS_ROUTER_HTTP_ADDRESS_KEY,
          hostPort(subclusters.getNameNode(0).getHttpAddress()));
    } else {
      ids.add(ID);
      List<String> routerIds = new ArrayList<>();
      for (int i = 0; i < routers.size(); i++) {
        String id = "r" + i;
        routerIds.add(id);
        c.set(
            DFSUtil.addKeySuffixes(HdfsClientConfigKeys.DFS_NAMENODE_RPC_ADDRESS_KEY, ID, id),
            hostPort(routers.get(i).getRpcServerAddress()));
      }
      c.set(
          HdfsClientConfigKeys.DFS_HA_NAMENODES_KEY_PREFIX + "." + ID, String.join(",", routerIds));
      c.set(
          HdfsClientConfigKeys.Failover.PROXY_PROVIDER_KEY_PREFIX + "." + ID,
          ConfiguredFailoverProxyProvider.class.getName());
      c.setBoolean(HdfsClientConfigKeys.Failover.RANDOM_ORDER + "." + ID, true);
    }
    c.set(HdfsClientConfigKeys.DFS_NAMESERVICES, String.join(",", ids));
    c.set(CommonConfigurationKeysPublic.FS_DEFAULT_NAME_KEY, uri().toString());
    return c;
  }

  private static String hostPort(InetSocketAddress a) {
    return a.getHostString() + ":" + a.getPort();
  }

  /** The name services of a federated topology of {@code count} subclusters: ns0, ns1, ... */
  static List<String> nameServiceIds(int count) {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      ids.add("ns" + i);
    }
    return ids;
  }

  /** Stops the Routers (the subclusters are their owner's to stop). */
  @Override
  public void close() {
    for (Router router : routers) {
      router.stop();
    }
  }

  /**
   * Each subcluster's NameNode rpc and http addresses (and service rpc, for the Routers' own
   * configuration) under its nameservice's suffix, as an hdfs-site.xml names them.
   */
  private static void addresses(
      Configuration c, MiniDFSCluster subclusters, List<String> nameServices, boolean service) {
    for (int i = 0; i < nameServices.size(); i++) {
      var nn = subclusters.getNameNode(i);
      String ns = nameServices.get(i);
      c.set(
          DFSUtil.addKeySuffixes(HdfsClientConfigKeys.DFS_NAMENODE_RPC_ADDRESS_KEY, ns),
          hostPort(nn.getNameNodeAddress()));
      if (service) {
        c.set(
            DFSUtil.addKeySuffixes(DFSConfigKeys.DFS_NAMENODE_SERVICE_RPC_ADDRESS_KEY, ns),
            hostPort(nn.getServiceRpcAddress()));
      }
      c.set(
          DFSUtil.addKeySuffixes(HdfsClientConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY, ns),
          hostPort(nn.getHttpAddress()));
    }
  }
}
