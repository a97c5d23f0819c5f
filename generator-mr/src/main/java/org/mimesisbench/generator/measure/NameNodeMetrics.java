package org.mimesisbench.generator.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import javax.management.Attribute;
import javax.management.JMException;
import javax.management.MBeanAttributeInfo;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSUtil;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.net.NetUtils;
import org.mimesisbench.cli.Messages;
import org.mimesisbench.cli.UserSettings;
import org.mimesisbench.folders.ResultsFolder;

/**
 * The NameNode's own view of a run, read once a second from its metrics (the beans Hadoop's metrics
 * system exports as {@code Hadoop:service=NameNode,name=...}): RPC queue and processing time, lock
 * wait and call queue length of its client RPC port; the namesystem lock's read and write hold
 * times (FSNamesystemLock's detailed metrics, when the NameNode has them on) and queue; per op
 * NameNode activity; garbage collection and heap; files, blocks and live DataNodes; the block side
 * (addBlock, complete, incremental and full block reports by RPC method, blocks pending deletion).
 * In-process (the embedded NameNode, through the platform MBean server) or over the NameNode's HTTP
 * {@code /jmx}. A read that fails is counted and skipped: the run goes on.
 *
 * <p>Averages ({@code ...AvgMs}) are Hadoop's: the mean over the metrics system's last interval
 * (its period; this project's embedded NameNode uses 1 s, a cluster's default is 10 s, so its
 * averages and counts move in steps of that). Counts become rates per second over the NameNode's
 * own refresh intervals (see {@link Refreshes}): every row of an interval gets its rate.
 */
public final class NameNodeMetrics implements AutoCloseable {
  public static final String FILE = ResultsFolder.NAMENODE_METRICS;
  private static final String DOMAIN = "Hadoop:service=NameNode,name=";
  private static final long PERIOD_MS = 1_000;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern SUFFIX = Pattern.compile("-(\\d+)$");

  /**
   * How a column is read: a bean ("name=" of its ObjectName, a prefix when it ends with '*') and an
   * attribute.
   */
  private enum Kind {
    VALUE,
    RATE
  }

  private record Column(String name, String bean, Pattern attribute, Kind kind, double scale) {
    static Column of(String name, String bean, String attribute, Kind kind, double scale) {
      return new Column(name, bean, Pattern.compile(attribute), kind, scale);
    }

    /** A bean summed over every port: an RPC method's count, 0 before its first call. */
    boolean summed() {
      return bean.endsWith("+");
    }
  }

  private static final String RPC = "RpcActivityForPort*";

  /**
   * Per RPC method counts of every port: the DataNodes' calls go to the service RPC port when the
   * NameNode has one, the clients' to the client port; a method's metric appears at its first call.
   */
  private static final String RPC_DETAILED = "RpcDetailedActivityForPort+";

  private static final String FSN = "FSNamesystem";
  private static final String ACTIVITY = "NameNodeActivity";
  private static final String JVM = "JvmMetrics";

  /**
   * The columns of namenode.csv, after second and epochMs. Lock metric names: "FS" before Hadoop
   * 3.5, "FSN" since.
   */
  private static final List<Column> COLUMNS =
      List.of(
          Column.of("rpcQueueTimeAvgMs", RPC, "RpcQueueTimeAvgTime", Kind.VALUE, 1),
          Column.of("rpcProcessingTimeAvgMs", RPC, "RpcProcessingTimeAvgTime", Kind.VALUE, 1),
          Column.of("rpcLockWaitTimeAvgMs", RPC, "RpcLockWaitTimeAvgTime", Kind.VALUE, 1),
          Column.of("callQueueLength", RPC, "CallQueueLength", Kind.VALUE, 1),
          Column.of("rpcCallsPerSecond", RPC, "RpcProcessingTimeNumOps", Kind.RATE, 1),
          Column.of("openConnections", RPC, "NumOpenConnections", Kind.VALUE, 1),
          Column.of("readLockHoldAvgMs", FSN, "FSN?ReadLockOverallNanosAvgTime", Kind.VALUE, 1e-6),
          Column.of(
              "writeLockHoldAvgMs", FSN, "FSN?WriteLockOverallNanosAvgTime", Kind.VALUE, 1e-6),
          Column.of("readLocksPerSecond", FSN, "FSN?ReadLockOverallNanosNumOps", Kind.RATE, 1),
          Column.of("writeLocksPerSecond", FSN, "FSN?WriteLockOverallNanosNumOps", Kind.RATE, 1),
          Column.of("lockQueueLength", FSN, "LockQueueLength", Kind.VALUE, 1),
          Column.of("gcMillisPerSecond", JVM, "GcTimeMillis", Kind.RATE, 1),
          Column.of("heapUsedMB", JVM, "MemHeapUsedM", Kind.VALUE, 1),
          Column.of("heapMaxMB", JVM, "MemHeapMaxM", Kind.VALUE, 1),
          Column.of("filesTotal", FSN, "FilesTotal", Kind.VALUE, 1),
          Column.of("blocksTotal", FSN, "BlocksTotal", Kind.VALUE, 1),
          Column.of("liveDataNodes", FSN, "NumLiveDataNodes", Kind.VALUE, 1),
          Column.of("createFileOpsPerSecond", ACTIVITY, "CreateFileOps", Kind.RATE, 1),
          Column.of("getBlockLocationsPerSecond", ACTIVITY, "GetBlockLocations", Kind.RATE, 1),
          Column.of("fileInfoOpsPerSecond", ACTIVITY, "FileInfoOps", Kind.RATE, 1),
          Column.of("getListingOpsPerSecond", ACTIVITY, "GetListingOps", Kind.RATE, 1),
          Column.of("deleteFileOpsPerSecond", ACTIVITY, "DeleteFileOps", Kind.RATE, 1),
          Column.of("filesRenamedPerSecond", ACTIVITY, "FilesRenamed", Kind.RATE, 1),
          Column.of("filesAppendedPerSecond", ACTIVITY, "FilesAppended", Kind.RATE, 1),
          Column.of("totalFileOpsPerSecond", ACTIVITY, "TotalFileOps", Kind.RATE, 1),
          // the block side: what each file's data costs the NameNode
          Column.of("addBlockPerSecond", RPC_DETAILED, "AddBlockNumOps", Kind.RATE, 1),
          Column.of("completePerSecond", RPC_DETAILED, "CompleteNumOps", Kind.RATE, 1),
          Column.of(
              "incrementalBlockReportsPerSecond",
              RPC_DETAILED,
              "BlockReceivedAndDeletedNumOps",
              Kind.RATE,
              1),
          Column.of("fullBlockReportsPerSecond", RPC_DETAILED, "BlockReportNumOps", Kind.RATE, 1),
          Column.of("pendingDeletionBlocks", FSN, "PendingDeletionBlocks", Kind.VALUE, 1));

  /** The beans the columns read. */
  private static final List<String> BEANS = COLUMNS.stream().map(Column::bean).distinct().toList();

  private final String[] matchedKeys = new String[COLUMNS.size()]; // by column, under this

  /** The NameNode's beans by their "name=" part, each attribute by name. */
  @FunctionalInterface
  public interface Beans {
    Map<String, Map<String, Object>> read() throws IOException;
  }

  private final Beans beans;
  private final String source;
  private final int
      rpcPort; // the client RPC port whose RpcActivityForPort bean is read; 0: the busiest
  private final ScheduledExecutorService timer;
  private volatile boolean closing; // set by close: a read it interrupts is not counted
  private final List<double[]> rows = new ArrayList<>(); // epochMs, then COLUMNS; under this
  private final double[] lastCounts = new double[COLUMNS.size()];
  private final long[] countedAt = new long[COLUMNS.size()]; // when lastCounts were the NameNode's
  private final Map<String, Refreshes> refreshes = new HashMap<>();
  private long failedReads;
  private String lastError;
  // the client RPC port's calls by method (RpcDetailedActivityForPort's <Method>NumOps): first and
  // last sample's
  private Map<String, Double> firstCalls;
  private Map<String, Double> lastCalls;
  private NameServiceMetrics nameService; // the other NameNodes of its HA nameservice, if any

  private NameNodeMetrics(Beans beans, String source, int rpcPort) {
    this.beans = beans;
    this.source = source;
    this.rpcPort = rpcPort;
    for (String bean : BEANS) {
      refreshes.put(bean, new Refreshes());
    }
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "namenode-metrics");
              t.setDaemon(true);
              return t;
            });
  }

  /** Reads the NameNode of this JVM (the embedded one) through the platform MBean server. */
  public static NameNodeMetrics inProcess(int rpcPort) {
    return new NameNodeMetrics(NameNodeMetrics::readPlatform, "JMX in process", rpcPort);
  }

  /** Reads a NameNode's HTTP {@code /jmx} at {@code web} (e.g. http://nn:9870). */
  public static NameNodeMetrics overHttp(URI web, int rpcPort) {
    String base = web.toString().replaceAll("/+$", "");
    URI jmx = URI.create(base + "/jmx?qry=" + DOMAIN + "*");
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    return new NameNodeMetrics(() -> readHttp(client, jmx), base + "/jmx", rpcPort);
  }

  /**
   * The metrics of a run's NameNode: in process for the embedded one, over HTTP when {@code web}
   * (--namenode-http) is given; null when neither (a cluster, no address given). {@code fileSystem}
   * is the file system under test: its port names the client RPC port.
   */
  public static NameNodeMetrics forRun(boolean embedded, CharSequence web, URI fileSystem) {
    int port = Math.max(0, fileSystem.getPort());
    if (web != null) {
      return overHttp(URI.create(web.toString()), port);
    }
    return embedded ? inProcess(port) : null;
  }

  /**
   * As {@link #forRun(boolean, CharSequence, URI)}; without either, an HA nameservice that {@code
   * conf} configures for {@code fileSystem} (a logical URI) has every NameNode's metrics read from
   * the addresses there ({@link NameServiceMetrics}).
   */
  public static NameNodeMetrics forRun(
      boolean embedded, CharSequence web, URI fileSystem, Configuration conf) {
    NameNodeMetrics m = forRun(embedded, web, fileSystem);
    if (m == null) {
      m = NameServiceMetrics.forRun(conf, fileSystem);
    }
    return m != null ? m : configured(conf, fileSystem);
  }

  /**
   * One NameNode's metrics at the web address its client configuration gives (a
   * dfs.namenode.http-address the user set, not Hadoop's default guess), found as Hadoop's tools
   * find it (DFSUtil.getInfoServer); null when none is set.
   */
  private static NameNodeMetrics configured(Configuration conf, URI fileSystem) {
    if (!"hdfs".equals(fileSystem.getScheme()) || fileSystem.getHost() == null) {
      return null;
    }
    if (!UserSettings.given(conf, DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY)) {
      return null;
    }
    int port =
        fileSystem.getPort() > 0
            ? fileSystem.getPort()
            : HdfsClientConfigKeys.DFS_NAMENODE_RPC_PORT_DEFAULT;
    try {
      URI web =
          DFSUtil.getInfoServer(
              NetUtils.createSocketAddr(fileSystem.getHost(), port), conf, "http");
      return overHttp(web, port);
    } catch (IOException | IllegalArgumentException e) {
      return null;
    }
  }

  /** Makes this the NameNode whose start, close and summary take in {@code others}' too. */
  void partOf(NameServiceMetrics others) {
    this.nameService = others;
  }

  /** Reads from {@code beans} (tests). */
  static NameNodeMetrics of(Beans beans, String source, int rpcPort) {
    return new NameNodeMetrics(beans, source, rpcPort);
  }

  /**
   * Takes the first sample now and then one a second until {@link #close}; returns null when the
   * first read worked, else why it failed (one line: the caller warns, and sampling goes on).
   */
  public String start() {
    sample();
    String first;
    synchronized (this) {
      first = rows.isEmpty() ? lastError : null;
    }
    timer.scheduleAtFixedRate(this::sample, PERIOD_MS, PERIOD_MS, TimeUnit.MILLISECONDS);
    String others = nameService != null ? nameService.startOthers(this) : null;
    return first != null ? first : others;
  }

  @Override
  public void close() {
    closing = true;
    if (nameService != null) {
      nameService.closeOthers(this);
    }
    timer.shutdownNow();
    try {
      timer.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void sample() {
    Map<String, Map<String, Object>> all;
    try {
      all = beans.read();
    } catch (IOException | RuntimeException e) {
      if (closing) {
        return; // cut short by close's interrupt: not a read that failed
      }
      synchronized (this) {
        failedReads++;
        lastError = Messages.firstLine(e);
      }
      return;
    }
    long now = System.currentTimeMillis();
    synchronized (this) {
      boolean first = rows.isEmpty();
      Map<String, Boolean> refreshed = new HashMap<>();
      Map<String, Map<String, Object>> beans = new HashMap<>(); // each summed once a sample
      for (String bean : BEANS) {
        Map<String, Object> b = bean(all, bean);
        beans.put(bean, b);
        refreshed.put(bean, refreshes.get(bean).read(b, now, first));
      }
      double[] row = new double[COLUMNS.size() + 1];
      row[0] = now;
      rows.add(row);
      Map<String, Double> calls = calls(all);
      if (calls != null) {
        firstCalls = firstCalls == null ? calls : firstCalls;
        lastCalls = calls;
      }
      for (int i = 0; i < COLUMNS.size(); i++) {
        Column c = COLUMNS.get(i);
        double v = value(beans.get(c.bean()), i);
        if (c.kind() == Kind.RATE) {
          v = rate(i, v, now, first, !refreshed.get(c.bean()));
        }
        row[i + 1] = v * c.scale();
      }
    }
  }

  /**
   * Column {@code i}'s rate at this sample from its count: the count's rise over the NameNode's own
   * refresh interval, given to every row of that interval; NaN (for now) while the NameNode shows
   * the interval's count unchanged ({@code stale}). Dividing by the sampling period instead gave a
   * row of 0 and then one of double when the NameNode refreshes every other sample.
   */
  private double rate(int i, double count, long now, boolean first, boolean stale) {
    if (first) {
      lastCounts[i] = count;
      countedAt[i] = now;
      return Double.NaN; // the first row has no rates yet: they are empty in it
    }
    if (stale || Double.isNaN(count)) {
      if (Double.isNaN(count)) {
        lastCounts[i] = Double.NaN;
      }
      return Double.NaN;
    }
    double rate =
        Double.isNaN(lastCounts[i]) || now <= countedAt[i]
            ? Double.NaN
            : Math.max(0, count - lastCounts[i]) * 1000.0 / (now - countedAt[i]);
    if (!Double.isNaN(rate)) {
      double scale = COLUMNS.get(i).scale();
      for (int r = rows.size() - 2; r >= 0 && rows.get(r)[0] > countedAt[i]; r--) {
        rows.get(r)[i + 1] = rate * scale; // the rows of this interval that waited for its end
      }
    }
    lastCounts[i] = count;
    countedAt[i] = now;
    return rate;
  }

  /**
   * The client RPC port's calls so far by RPC method, from its RpcDetailedActivityForPort bean
   * (every port's when the port is not known); null when there is none yet.
   */
  private Map<String, Double> calls(Map<String, Map<String, Object>> all) {
    String prefix = RPC_DETAILED.substring(0, RPC_DETAILED.length() - 1);
    Map<String, Object> bean = rpcPort > 0 ? all.get(prefix + rpcPort) : summedBean(all, prefix);
    if (bean == null) {
      return null;
    }
    Map<String, Double> calls = new HashMap<>();
    for (Map.Entry<String, Object> a : bean.entrySet()) {
      // Overall<Method> is the same calls' overall time, which Hadoop 3.5 counts apart
      if (a.getKey().endsWith(NUM_OPS)
          && !a.getKey().startsWith("Overall")
          && a.getValue() instanceof Number n) {
        calls.put(a.getKey().substring(0, a.getKey().length() - NUM_OPS.length()), n.doubleValue());
      }
    }
    return calls;
  }

  private static final String NUM_OPS = "NumOps";

  /**
   * The calls of each RPC method on the client port between the first sample and the last (phase
   * 2), those with any.
   */
  public synchronized Map<String, Long> calls() {
    Map<String, Long> calls = new java.util.TreeMap<>();
    if (lastCalls != null) {
      lastCalls.forEach(
          (method, n) -> {
            long made = Math.round(n - firstCalls.getOrDefault(method, 0.0));
            if (made > 0) {
              calls.put(method, made);
            }
          });
    }
    return calls;
  }

  /** Samples that could not be read. */
  public synchronized long failedReads() {
    return failedReads;
  }

  /** A column's bean from the beans read, null when the NameNode has none. */
  private Map<String, Object> bean(Map<String, Map<String, Object>> all, String bean) {
    if (bean.endsWith("+")) {
      return summedBean(all, bean.substring(0, bean.length() - 1));
    }
    return bean.endsWith("*") ? rpcBean(all, bean) : all.get(bean);
  }

  /** Every number of the beans named {@code prefix}&lt;port&gt;, summed by name; null if none. */
  private static Map<String, Object> summedBean(
      Map<String, Map<String, Object>> all, String prefix) {
    Map<String, Object> sum = null;
    for (Map.Entry<String, Map<String, Object>> b : all.entrySet()) {
      if (b.getKey().startsWith(prefix)) {
        sum = sum == null ? new HashMap<>() : sum;
        for (Map.Entry<String, Object> a : b.getValue().entrySet()) {
          if (a.getValue() instanceof Number n) {
            sum.merge(a.getKey(), n.doubleValue(), (x, y) -> (Double) x + (Double) y);
          }
        }
      }
    }
    return sum;
  }

  /**
   * When a bean's values last moved. The NameNode's JMX beans are a cache it refreshes once per
   * metrics period (Hadoop's MetricsSourceAdapter), so a read between refreshes repeats the last
   * one: a read with nothing changed is stale while it is within twice the usual interval between
   * changes (the median of the last few), and a refresh that found nothing done past that.
   */
  private static final class Refreshes {
    private static final int GAPS = 9;
    private Map<String, Object> last;
    private long lastChangeMs;
    private final java.util.ArrayDeque<Long> gaps = new java.util.ArrayDeque<>();

    /** Whether this read is a refresh of the bean (its counts are current as of {@code now}). */
    boolean read(Map<String, Object> bean, long now, boolean first) {
      boolean changed = first || !java.util.Objects.equals(bean, last);
      last = bean;
      if (changed) {
        if (!first) {
          gaps.addLast(now - lastChangeMs);
          if (gaps.size() > GAPS) {
            gaps.removeFirst();
          }
        }
        lastChangeMs = now;
        return true;
      }
      if (!gaps.isEmpty() && now - lastChangeMs >= 2 * medianGap()) {
        lastChangeMs = now; // the NameNode refreshed and nothing moved: an idle interval
        return true;
      }
      return false;
    }

    private long medianGap() {
      return gaps.stream().sorted().skip(gaps.size() / 2).findFirst().orElseThrow();
    }
  }

  /** A column's value from the beans read; NaN when the NameNode has no such metric. */
  private double value(Map<String, Object> bean, int column) {
    if (bean == null) {
      return Double.NaN;
    }
    Column c = COLUMNS.get(column);
    String key = matchedKeys[column]; // the bean's attribute names stay: match them once
    if (key == null || !(bean.get(key) instanceof Number)) {
      key = null;
      for (Map.Entry<String, Object> a : bean.entrySet()) {
        if (a.getValue() instanceof Number && c.attribute().matcher(a.getKey()).matches()) {
          key = a.getKey();
          break;
        }
      }
      matchedKeys[column] = key;
    }
    if (key != null && bean.get(key) instanceof Number n) {
      return n.doubleValue();
    }
    return c.summed() ? 0 : Double.NaN; // an RPC method not called yet has no metric
  }

  /**
   * The RpcActivityForPort bean of the client RPC port, or of the busiest port when it is not
   * known.
   */
  private Map<String, Object> rpcBean(Map<String, Map<String, Object>> all, String pattern) {
    String prefix = pattern.substring(0, pattern.length() - 1);
    Map<String, Object> chosen = rpcPort > 0 ? all.get(prefix + rpcPort) : null;
    if (chosen != null) {
      return chosen;
    }
    double most = -1;
    for (Map.Entry<String, Map<String, Object>> b : all.entrySet()) {
      if (b.getKey().startsWith(prefix)
          && b.getValue().get("RpcProcessingTimeNumOps") instanceof Number n
          && n.doubleValue() > most) {
        most = n.doubleValue();
        chosen = b.getValue();
      }
    }
    return chosen;
  }

  /** Samples taken so far. */
  public synchronized int samples() {
    return rows.size();
  }

  /**
   * summary.json's namenode (profiles/schema/summary.schema.json): where the metrics came from, how
   * many samples, and each column's mean and peak; fromMs, toMs and lastError null when none.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Summary(
      String source,
      int samples,
      Long fromMs,
      Long toMs,
      long failedReads,
      String lastError,
      Map<String, Double> mean,
      Map<String, Double> peak,
      NameServiceMetrics.Summary nameservice) {}

  /** The summary of every sample: {@link #summary(long, long)} without bounds. */
  public Summary summary() {
    return summary(Long.MIN_VALUE, Long.MAX_VALUE);
  }

  /**
   * The summary.json section: where the metrics came from, how many samples, and each column's mean
   * and peak over the samples taken from {@code fromMillis} to {@code toMillis} (epoch ms: the
   * schedule's span, without the job's start-up).
   */
  public synchronized Summary summary(long fromMillis, long toMillis) {
    return summary(fromMillis, toMillis, null);
  }

  /**
   * As {@link #summary(long, long)}, each failover of a nameservice with the run's {@code calls}
   * begun in it by op (their seconds counted from {@code fromMillis}, the schedule's start).
   */
  public synchronized Summary summary(long fromMillis, long toMillis, RunStatistics calls) {
    List<double[]> within =
        rows.stream().filter(r -> r[0] >= fromMillis && r[0] <= toMillis).toList();
    Map<String, Double> means = new LinkedHashMap<>();
    Map<String, Double> peaks = new LinkedHashMap<>();
    for (int i = 0; i < COLUMNS.size(); i++) {
      double sum = 0;
      double peak = Double.NEGATIVE_INFINITY;
      int n = 0;
      for (double[] row : within) {
        double v = row[i + 1];
        if (!Double.isNaN(v)) {
          sum += v;
          peak = Math.max(peak, v);
          n++;
        }
      }
      if (n > 0) {
        means.put(COLUMNS.get(i).name(), round(sum / n));
        peaks.put(COLUMNS.get(i).name(), round(peak));
      }
    }
    boolean bounded = fromMillis != Long.MIN_VALUE;
    return new Summary(
        source,
        within.size(),
        bounded ? fromMillis : null,
        bounded ? toMillis : null,
        failedReads,
        lastError,
        means,
        peaks,
        nameService != null ? nameService.summary(calls, fromMillis) : null);
  }

  /**
   * namenode.csv: one row a sample; second is from {@code startMillis} (the schedule's start when
   * known).
   */
  public synchronized void writeCsv(Path file, long startMillis) throws IOException {
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      StringBuilder head = new StringBuilder("second,epochMs");
      for (Column c : COLUMNS) {
        head.append(',').append(c.name());
      }
      w.write(head.append('\n').toString());
      for (double[] row : rows) {
        StringBuilder line =
            new StringBuilder(
                String.format(
                    Locale.ROOT, "%.3f,%d", (row[0] - startMillis) / 1000.0, (long) row[0]));
        for (int i = 1; i < row.length; i++) {
          line.append(',');
          if (!Double.isNaN(row[i])) {
            line.append(round(row[i]));
          }
        }
        w.write(line.append('\n').toString());
      }
    }
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  private static Map<String, Map<String, Object>> readPlatform() throws IOException {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    Map<String, Map<String, Object>> all = new HashMap<>();
    Map<String, Integer> suffixes = new HashMap<>();
    try {
      for (ObjectName name : server.queryNames(new ObjectName(DOMAIN + "*"), null)) {
        String key = name.getKeyProperty("name");
        if (!wanted(key)) {
          continue;
        }
        MBeanAttributeInfo[] infos = server.getMBeanInfo(name).getAttributes();
        String[] names = new String[infos.length];
        for (int i = 0; i < infos.length; i++) {
          names[i] = infos[i].getName();
        }
        Map<String, Object> attributes = new HashMap<>();
        for (Attribute a : server.getAttributes(name, names).asList()) {
          attributes.put(a.getName(), a.getValue());
        }
        put(all, suffixes, key, attributes);
      }
    } catch (JMException e) {
      throw new IOException("cannot read the NameNode's metrics: " + e, e);
    }
    if (all.isEmpty()) {
      throw new IOException("no NameNode in this JVM exports metrics");
    }
    return all;
  }

  private static boolean wanted(String beanName) {
    if (beanName == null) {
      return false;
    }
    String base = SUFFIX.matcher(beanName).replaceFirst("");
    return base.equals(FSN)
        || base.equals(ACTIVITY)
        || base.equals(JVM)
        || base.startsWith(RPC.substring(0, RPC.length() - 1))
        || base.startsWith(RPC_DETAILED.substring(0, RPC_DETAILED.length() - 1));
  }

  /**
   * Adds the bean {@code key} to {@code all} under its name without the "-N" that Hadoop's metrics
   * system appends to a source registered again in one JVM (a sweep's second embedded NameNode is
   * "FSNamesystem-1", the first one's stays behind, stale): the highest N is the live one.
   */
  private static void put(
      Map<String, Map<String, Object>> all,
      Map<String, Integer> suffixes,
      String key,
      Map<String, Object> attributes) {
    java.util.regex.Matcher m = SUFFIX.matcher(key);
    int n = m.find() ? Integer.parseInt(m.group(1)) : 0;
    String base = SUFFIX.matcher(key).replaceFirst("");
    if (n >= suffixes.getOrDefault(base, -1)) {
      suffixes.put(base, n);
      all.put(base, attributes);
    }
  }

  /** The beans a web server's {@code /jmx} query answers with (a NameNode's, a Router's). */
  static JsonNode jmxBeans(HttpClient client, URI jmx) throws IOException {
    HttpResponse<String> response;
    try {
      response =
          client.send(
              HttpRequest.newBuilder(jmx).timeout(Duration.ofSeconds(5)).GET().build(),
              HttpResponse.BodyHandlers.ofString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
    if (response.statusCode() != 200) {
      throw new IOException(jmx + ": HTTP " + response.statusCode());
    }
    return JSON.readTree(response.body()).path("beans");
  }

  private static Map<String, Map<String, Object>> readHttp(HttpClient client, URI jmx)
      throws IOException {
    JsonNode beans = jmxBeans(client, jmx);
    Map<String, Map<String, Object>> all = new HashMap<>();
    Map<String, Integer> suffixes = new HashMap<>();
    for (JsonNode bean : beans) {
      String name = bean.path("name").asText();
      String key = name.startsWith(DOMAIN) ? name.substring(DOMAIN.length()) : null;
      if (!wanted(key)) {
        continue;
      }
      Map<String, Object> attributes = new HashMap<>();
      bean.fields()
          .forEachRemaining(
              f -> {
                if (f.getValue().isNumber()) {
                  attributes.put(f.getKey(), f.getValue().numberValue());
                }
              });
      put(all, suffixes, key, attributes);
    }
    if (all.isEmpty()) {
      throw new IOException(jmx + ": no NameNode metrics there");
    }
    return all;
  }
}
