package org.mimesisbench.generator.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.ha.HAServiceProtocol;
import org.apache.hadoop.hdfs.DFSUtil;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.HAUtilClient;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.tools.NNHAServiceTarget;
import org.apache.hadoop.net.NetUtils;
import org.mimesisbench.cli.UserSettings;
import org.mimesisbench.generator.op.Op;

/**
 * The metrics of every NameNode of an HA nameservice the run's file system names by its logical URI
 * (hdfs://ns1): each one's addresses from the client configuration, as Hadoop's own tools take them
 * (DFSUtilClient's nameservice keys, DFSUtil.getInfoServer), its HA state as {@code haadmin
 * -getServiceState} reads it, and its /jmx sampled through phase 2. The active one's metrics are
 * the run's namenode.csv and summary; every one's RPC calls give its share of each method, and
 * their HA states, read every half second, any failover.
 */
public final class NameServiceMetrics {
  /** The reads Observers may serve: open (getBlockLocations), getfileinfo and listStatus. */
  public static final Set<String> READS = Set.of("GetBlockLocations", "GetFileInfo", "GetListing");

  /** ObserverReadProxyProvider's keys (package-private there), with their defaults. */
  static final String AUTO_MSYNC_PERIOD_KEY_PREFIX =
      "dfs.client.failover.observer.auto-msync-period";

  static final String OBSERVER_PROBE_RETRY_PERIOD_KEY =
      "dfs.client.failover.observer.probe.retry.period";
  private static final long OBSERVER_PROBE_RETRY_PERIOD_DEFAULT_MS = 600_000;

  /**
   * One NameNode of the nameservice, or of a subcluster behind Routers ({@code nameService} its
   * nameservice then, else null); state is its HA state as the run's metrics started.
   */
  private record Member(
      String id,
      String nameService,
      InetSocketAddress rpc,
      URI web,
      String state,
      NameNodeMetrics metrics) {}

  /** The Router's RPC address (RBFConfigKeys', a module this one does not need). */
  static final String ROUTER_RPC_ADDRESS_KEY = "dfs.federation.router.rpc-address";

  /** The Router's web address, whose /jmx has its own latency. */
  static final String ROUTER_HTTP_ADDRESS_KEY = "dfs.federation.router.http-address";

  /** How often every NameNode's HA state is read, to see a failover. */
  private static final long STATE_PERIOD_MS = 500;

  /** The state of a NameNode that did not answer (stopped, killed, or too busy in time). */
  private static final String UNKNOWN = "unknown";

  /** The NameNodes' HA states at one reading: epoch ms, each one's state by id. */
  record States(long atMs, Map<String, String> byId) {
    String active() {
      return byId.entrySet().stream()
          .filter(e -> e.getValue().equals("active"))
          .map(Map.Entry::getKey)
          .findFirst()
          .orElse(null);
    }
  }

  private final String id;
  private final Configuration conf;
  private final List<Member> members;
  private final List<States> states = new ArrayList<>(); // under this
  private final Map<String, HAServiceProtocol> haProxies = new HashMap<>(); // the poller's
  private ScheduledExecutorService poller;
  private final String proxyProvider;
  private final long autoMsyncPeriodMs;
  private final long observerProbeRetryPeriodMs;
  private final List<String> subclusters; // the nameservices behind Routers; null for HA
  private RouterLatency router; // the Router's own latency, when its web address is given

  private NameServiceMetrics(
      String id,
      Configuration conf,
      List<Member> members,
      String proxyProvider,
      long autoMsyncPeriodMs,
      long observerProbeRetryPeriodMs,
      List<String> subclusters) {
    this.id = id;
    this.conf = conf;
    this.members = members;
    this.proxyProvider = proxyProvider;
    this.autoMsyncPeriodMs = autoMsyncPeriodMs;
    this.observerProbeRetryPeriodMs = observerProbeRetryPeriodMs;
    this.subclusters = subclusters;
  }

  /**
   * The metrics of the NameNodes behind {@code fileSystem} when {@code conf} configures it as an HA
   * nameservice (a logical URI); null when it does not. Returns the active one's metrics (the first
   * one's when none is active), which also samples and summarises the others.
   */
  public static NameNodeMetrics forRun(Configuration conf, URI fileSystem) {
    Map<String, InetSocketAddress> rpc = nameNodes(conf, fileSystem);
    String ns = fileSystem.getHost();
    Map<String, String> states = new LinkedHashMap<>();
    rpc.keySet().forEach(nn -> states.put(nn, state(conf, ns, nn)));
    List<String> subclusters = subclusters(conf, fileSystem, states);
    if (!subclusters.isEmpty()) {
      return behindRouters(conf, fileSystem, subclusters);
    }
    if (rpc.isEmpty()) {
      return null;
    }
    List<Member> members = new ArrayList<>();
    for (Map.Entry<String, InetSocketAddress> nn : rpc.entrySet()) {
      Member m = member(conf, nn.getKey(), null, nn.getValue(), states.get(nn.getKey()));
      if (m != null) { // else no web address for it: its share is unknown, the others' count
        members.add(m);
      }
    }
    if (members.isEmpty()) {
      return null;
    }
    return primary(
        new NameServiceMetrics(
            ns,
            conf,
            members,
            conf.get(HdfsClientConfigKeys.Failover.PROXY_PROVIDER_KEY_PREFIX + "." + ns),
            conf.getTimeDuration(
                AUTO_MSYNC_PERIOD_KEY_PREFIX + "." + ns, -1, TimeUnit.MILLISECONDS),
            conf.getTimeDuration(
                OBSERVER_PROBE_RETRY_PERIOD_KEY,
                OBSERVER_PROBE_RETRY_PERIOD_DEFAULT_MS,
                TimeUnit.MILLISECONDS),
            null));
  }

  /**
   * The nameservices {@code conf} names behind the Routers that {@code fileSystem} is: every one
   * but the file system's own, when it is the Router's address the configuration names ({@code
   * dfs.federation.router.rpc-address}) or a logical nameservice none of whose members answers with
   * an HA state (Routers); none when the file system is anything else.
   */
  private static List<String> subclusters(
      Configuration conf, URI fileSystem, Map<String, String> states) {
    if (!"hdfs".equals(fileSystem.getScheme()) || fileSystem.getHost() == null) {
      return List.of();
    }
    Map<String, Map<String, InetSocketAddress>> all =
        DFSUtilClient.getAddresses(conf, null, HdfsClientConfigKeys.DFS_NAMENODE_RPC_ADDRESS_KEY);
    if (states.isEmpty()) { // an address: a Router's when it is the one configured
      String router = conf.getTrimmed(ROUTER_RPC_ADDRESS_KEY);
      if (!UserSettings.given(conf, ROUTER_RPC_ADDRESS_KEY)
          || fileSystem.getPort() <= 0
          || !NetUtils.createSocketAddr(router)
              .equals(NetUtils.createSocketAddr(fileSystem.getHost(), fileSystem.getPort()))) {
        return List.of();
      }
    } else if (states.values().stream().anyMatch(s -> !s.equals(UNKNOWN))) {
      return List.of(); // NameNodes: an HA nameservice
    }
    return all.keySet().stream().filter(ns -> !ns.equals(fileSystem.getHost())).toList();
  }

  /**
   * The metrics of every NameNode of the {@code subclusters} behind the Routers {@code fileSystem}
   * names: each one's share of the calls the Routers sent on.
   */
  private static NameNodeMetrics behindRouters(
      Configuration conf, URI fileSystem, List<String> subclusters) {
    Map<String, Map<String, InetSocketAddress>> all =
        DFSUtilClient.getAddresses(conf, null, HdfsClientConfigKeys.DFS_NAMENODE_RPC_ADDRESS_KEY);
    List<Member> members = new ArrayList<>();
    for (String ns : subclusters) {
      for (Map.Entry<String, InetSocketAddress> nn : all.get(ns).entrySet()) {
        boolean ha = nn.getKey() != null;
        Member m =
            member(
                conf,
                ha ? ns + "." + nn.getKey() : ns,
                ns,
                nn.getValue(),
                ha ? state(conf, ns, nn.getKey()) : "active");
        if (m != null) {
          members.add(m);
        }
      }
    }
    if (members.isEmpty()) {
      return null;
    }
    NameServiceMetrics routers =
        new NameServiceMetrics(
            fileSystem.getAuthority(),
            conf,
            members,
            conf.get(
                HdfsClientConfigKeys.Failover.PROXY_PROVIDER_KEY_PREFIX
                    + "."
                    + fileSystem.getHost()),
            -1,
            0,
            subclusters);
    // a value the configuration gives, not hdfs-rbf-default.xml's 0.0.0.0 when that is loaded
    String routerWeb = conf.getTrimmed(ROUTER_HTTP_ADDRESS_KEY);
    if (UserSettings.given(conf, ROUTER_HTTP_ADDRESS_KEY) && !routerWeb.isEmpty()) {
      routers.router = RouterLatency.of(URI.create("http://" + routerWeb));
    }
    return primary(routers);
  }

  /** A NameNode at {@code rpc} with its metrics at its web address; null when it has none. */
  private static Member member(
      Configuration conf, String id, String nameService, InetSocketAddress rpc, String state) {
    URI web;
    try {
      web = DFSUtil.getInfoServer(rpc, conf, "http");
    } catch (IOException e) {
      return null;
    }
    return new Member(
        id, nameService, rpc, web, state, NameNodeMetrics.overHttp(web, rpc.getPort()));
  }

  /** The active NameNode's metrics (the first one's when none is), which take in the others'. */
  private static NameNodeMetrics primary(NameServiceMetrics nameService) {
    NameNodeMetrics primary =
        nameService.members.stream()
            .filter(m -> m.state().equals("active"))
            .findFirst()
            .orElse(nameService.members.get(0))
            .metrics();
    primary.partOf(nameService);
    return primary;
  }

  /**
   * The web address of the active NameNode behind {@code fileSystem}, an HA nameservice that {@code
   * conf} configures (a logical URI), as haadmin finds it; null when there is none or it is not
   * one.
   */
  public static URI activeWeb(Configuration conf, URI fileSystem) {
    for (Map.Entry<String, InetSocketAddress> nn : nameNodes(conf, fileSystem).entrySet()) {
      if (state(conf, fileSystem.getHost(), nn.getKey()).equals("active")) {
        try {
          return DFSUtil.getInfoServer(nn.getValue(), conf, "http");
        } catch (IOException e) {
          return null;
        }
      }
    }
    return null;
  }

  /**
   * The RPC address of each NameNode of the HA nameservice {@code fileSystem} names, by id, as
   * {@code conf} configures them; none when {@code fileSystem} is not such a logical URI.
   */
  private static Map<String, InetSocketAddress> nameNodes(Configuration conf, URI fileSystem) {
    if (!"hdfs".equals(fileSystem.getScheme()) || !HAUtilClient.isLogicalUri(conf, fileSystem)) {
      return Map.of();
    }
    Map<String, InetSocketAddress> rpc =
        DFSUtilClient.getHaNnRpcAddresses(conf).get(fileSystem.getHost());
    return rpc != null ? rpc : Map.of();
  }

  /** A NameNode's HA state as haadmin -getServiceState reads it; "unknown" when it cannot. */
  private static String state(Configuration conf, String ns, String nn) {
    try {
      return new NNHAServiceTarget(conf, ns, nn)
          .getProxy(conf, 5_000)
          .getServiceStatus()
          .getState()
          .name()
          .toLowerCase(Locale.ROOT);
    } catch (IOException | RuntimeException e) {
      return UNKNOWN;
    }
  }

  /**
   * Every NameNode's HA state now, as {@code haadmin -getServiceState} reads it; "unknown" for one
   * that does not answer (stopped, or killed).
   */
  private Map<String, String> readStates() {
    Map<String, String> now = new LinkedHashMap<>();
    for (Member m : members) {
      try {
        HAServiceProtocol proxy = haProxies.get(m.id());
        if (proxy == null) {
          proxy = new NNHAServiceTarget(conf, id, m.id()).getProxy(conf, (int) STATE_PERIOD_MS * 4);
          haProxies.put(m.id(), proxy);
        }
        now.put(m.id(), proxy.getServiceStatus().getState().name().toLowerCase(Locale.ROOT));
      } catch (IOException | RuntimeException e) {
        now.put(m.id(), UNKNOWN);
      }
    }
    return now;
  }

  private void pollStates() {
    Map<String, String> now = readStates();
    synchronized (this) {
      states.add(new States(System.currentTimeMillis(), now));
    }
  }

  /** Starts sampling every NameNode but {@code primary} (started by its caller). */
  String startOthers(NameNodeMetrics primary) {
    if (subclusters == null) { // an HA nameservice's failovers; a subcluster's are its own
      startPolling();
    }
    if (router != null) {
      router.start();
    }
    String failed = null;
    for (Member m : members) {
      if (m.metrics() != primary) {
        String why = m.metrics().start();
        if (why != null && failed == null) {
          failed = m.id() + ": " + why;
        }
      }
    }
    return failed;
  }

  private void startPolling() {
    poller =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "namenode-states");
              t.setDaemon(true);
              return t;
            });
    poller.scheduleWithFixedDelay(this::pollStates, 0, STATE_PERIOD_MS, TimeUnit.MILLISECONDS);
  }

  void closeOthers(NameNodeMetrics primary) {
    if (router != null) {
      router.close();
    }
    if (poller != null) {
      poller.shutdownNow();
      try {
        poller.awaitTermination(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    for (Member m : members) {
      if (m.metrics() != primary) {
        m.metrics().close();
      }
    }
  }

  /**
   * summary.json's namenode.nameservice (profiles/schema/summary.schema.json): the client's proxy
   * provider and how stale its Observer reads may be, and each NameNode's calls by RPC method over
   * the samples (phase 2) with its share of each method and of the reads; the failovers seen. For
   * Routers, the subclusters behind them, whose NameNodes the shares are of, and the Router's own
   * latency when the configuration gives its web address.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Summary(
      String id,
      String proxyProvider,
      ObserverReads observerReads,
      List<String> subclusters,
      RouterLatency.Summary router,
      List<NameNodeShare> namenodes,
      List<Failover> failovers) {}

  /**
   * A change of the active NameNode seen through phase 2 (its states read every half second):
   * {@code from} was last seen active at lastActiveMs, {@code to} first at newActiveMs (null, and
   * withoutActiveMs to the last reading, when none took over before the end).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Failover(
      String from,
      String to,
      long lastActiveMs,
      Long newActiveMs,
      long withoutActiveMs,
      Map<String, Long> callsBegun) {
    Failover(String from, String to, long lastActiveMs, Long newActiveMs, long withoutActiveMs) {
      this(from, to, lastActiveMs, newActiveMs, withoutActiveMs, null);
    }

    /**
     * This failover with the run's calls begun in the seconds it spans, by op: those the clients
     * held through it ({@code calls}' seconds count from {@code startMillis}).
     */
    Failover withCalls(RunStatistics calls, long startMillis) {
      long endMs = lastActiveMs + withoutActiveMs;
      int first = (int) Math.max(0, Math.floorDiv(lastActiveMs - startMillis, 1000));
      int last = (int) Math.min(calls.seconds() - 1, Math.floorDiv(endMs - startMillis, 1000));
      Map<String, Long> begun = new TreeMap<>();
      for (Op op : Op.values()) {
        long n = 0;
        for (int second = first; second <= last; second++) {
          n += calls.timeline(second, op);
        }
        if (n > 0) {
          begun.put(op.label(), n);
        }
      }
      return new Failover(from, to, lastActiveMs, newActiveMs, withoutActiveMs, begun);
    }
  }

  /** The failovers in the states read so far. */
  synchronized List<Failover> failovers() {
    return failovers(states);
  }

  /** The failovers in {@code states}, the readings in time order. */
  static List<Failover> failovers(List<States> states) {
    List<Failover> found = new ArrayList<>();
    String active = null;
    long lastActiveMs = 0;
    for (States s : states) {
      String now = s.active();
      if (now != null && active != null && !now.equals(active)) {
        found.add(new Failover(active, now, lastActiveMs, s.atMs(), s.atMs() - lastActiveMs));
      }
      if (now != null) {
        active = now;
        lastActiveMs = s.atMs();
      }
    }
    if (active != null && !states.isEmpty()) {
      States last = states.get(states.size() - 1);
      if (gone(states, active)) { // the active went and none took over before the end
        found.add(new Failover(active, null, lastActiveMs, null, last.atMs() - lastActiveMs));
      }
    }
    return found;
  }

  /**
   * Whether the readings end without an active, {@code active} seen as something else or not
   * answering in at least {@link #GONE_READINGS} readings: one unanswered reading is a NameNode too
   * busy to answer in time (a loaded host, at the run's very end), not one gone.
   */
  private static boolean gone(List<States> states, String active) {
    int without = 0;
    for (int i = states.size() - 1; i >= 0 && states.get(i).active() == null; i--) {
      String state = states.get(i).byId().get(active);
      if (state != null && !state.equals(UNKNOWN)) {
        return true; // it answered, as no longer active
      }
      without++;
    }
    return without >= GONE_READINGS;
  }

  /** Readings in a row an active NameNode must not answer in to count as gone (about 1 s). */
  private static final int GONE_READINGS = 2;

  /**
   * How stale an Observer's reads may be (ObserverReadProxyProvider): with autoMsyncPeriodMs -1 a
   * client msyncs once, then reads on an Observer at least as new as its own last call; 0 before
   * every read; else at most that old. A failed Observer is tried again after
   * observerProbeRetryPeriodMs.
   */
  public record ObserverReads(long autoMsyncPeriodMs, long observerProbeRetryPeriodMs) {}

  /**
   * One NameNode's part; nameservice its subcluster's behind Routers (else null); readShare null
   * when the nameservice served no reads.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record NameNodeShare(
      String id,
      String nameservice,
      String rpcAddress,
      String web,
      String stateAtStart,
      int samples,
      long failedReads,
      Map<String, Long> calls,
      Map<String, Double> share,
      Double readShare) {}

  /**
   * The summary of every NameNode's calls over its samples; each failover with the run's calls
   * begun in it, by op, when {@code run} is given (its seconds from {@code startMillis}).
   */
  Summary summary(RunStatistics run, long startMillis) {
    List<Failover> failovers =
        run == null
            ? failovers()
            : failovers().stream().map(f -> f.withCalls(run, startMillis)).toList();
    List<Map<String, Long>> calls = members.stream().map(m -> m.metrics().calls()).toList();
    Map<String, Long> total = new TreeMap<>();
    for (Map<String, Long> c : calls) {
      c.forEach((method, n) -> total.merge(method, n, Long::sum));
    }
    long reads = READS.stream().mapToLong(r -> total.getOrDefault(r, 0L)).sum();
    List<NameNodeShare> shares = new ArrayList<>();
    for (int i = 0; i < members.size(); i++) {
      Member m = members.get(i);
      Map<String, Long> served = calls.get(i);
      Map<String, Double> share = new LinkedHashMap<>();
      served.forEach((method, n) -> share.put(method, round(n / (double) total.get(method))));
      long own = READS.stream().mapToLong(r -> served.getOrDefault(r, 0L)).sum();
      shares.add(
          new NameNodeShare(
              m.id(),
              m.nameService(),
              m.rpc().getHostString() + ":" + m.rpc().getPort(),
              m.web().toString(),
              m.state(),
              m.metrics().samples(),
              m.metrics().failedReads(),
              served,
              share,
              reads > 0 ? round(own / (double) reads) : null));
    }
    return new Summary(
        id,
        proxyProvider,
        proxyProvider != null && proxyProvider.endsWith("ObserverReadProxyProvider")
            ? new ObserverReads(autoMsyncPeriodMs, observerProbeRetryPeriodMs)
            : null,
        subclusters,
        router != null ? router.summary() : null,
        shares,
        failovers.isEmpty() ? null : failovers);
  }

  private static double round(double v) {
    return Math.round(v * 10_000) / 10_000.0;
  }
}
