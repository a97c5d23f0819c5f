package org.mimesisbench.tardis.cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.federation.resolver.order.DestinationOrder;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.hdfs.server.namenode.startupprogress.Phase;
import org.mimesisbench.cli.Command;
import org.mimesisbench.cli.CommandLines;
import org.mimesisbench.cli.ExitCodes;
import org.mimesisbench.cli.UserSettings;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.output.HadoopLog;
import org.mimesisbench.output.OutputProblems;
import org.mimesisbench.tardis.cluster.NameDirCopy.Start;

/**
 * {@code cluster}: a real NameNode and N emulated DataNodes in this process, until stopped. Prints
 * the NameNode's address once every DataNode has registered; Ctrl-C or SIGTERM shuts it down.
 */
public final class ClusterCommand implements Command {
  static final String COMMAND = "cluster";

  /** Left in --base-dir by the cluster that formatted it: its NameNode's port, for --restart. */
  static final String STORAGE_MARKER = "mimesisbench-cluster.properties";

  /** The storage marker's key of an HA nameservice's storage (--ha), which --restart refuses. */
  static final String NAMESERVICE_MARKER = "nameservice";

  /** The NameNode's audit log in the storage folder, unless --audit-log names another file. */
  static final String AUDIT_LOG = "namenode-audit.log";

  /** The most Observer NameNodes --observers starts: each is a whole namespace on the heap. */
  static final int MAX_OBSERVERS = 8;

  /** The storage marker's key of federated subclusters' storage (--federation): their ids. */
  static final String FEDERATION_MARKER = "federation";

  /** The most subclusters --federation starts, and Routers --routers: each a server here. */
  static final int MAX_SUBCLUSTERS = 8;

  static final int MAX_ROUTERS = 8;

  /** --federation's choices: K subclusters behind R Routers, their mount point in this order. */
  record Federation(int nameServices, int routers, DestinationOrder order) {}

  @Override
  public String name() {
    return COMMAND;
  }

  @Override
  public String summary() {
    return "start a NameNode and N emulated DataNodes in one process and print its address";
  }

  static Options options() {
    Options o = new Options();
    o.addOption(
        Option.builder()
            .longOpt("datanodes")
            .hasArg()
            .argName("N")
            .desc("emulated DataNodes to start (required)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("namenode-port")
            .hasArg()
            .argName("P")
            .desc("the NameNode's RPC port (default: any free port)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("base-dir")
            .hasArg()
            .argName("dir")
            .desc(
                "where the NameNode and DataNodes keep their storage; absent or empty (default: a new "
                    + "folder under the temporary directory)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("restart")
            .desc(
                "start again on the storage an earlier cluster left in --base-dir (its namespace kept, not "
                    + "formatted), on that cluster's NameNode port unless --namenode-port is given")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("name-dir")
            .hasArg()
            .argName("dir")
            .desc(
                "start the NameNode on this name directory's image (namespace image's --out, or a real NameNode's), "
                    + "copied into --base-dir first: the original is never written to")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("audit-log")
            .hasArg()
            .argName("file")
            .desc(
                "where the NameNode writes its audit log, for a run's --capture-audit (default: "
                    + AUDIT_LOG
                    + " in the storage folder)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("audit-by-handler")
            .desc(
                "with several NameNodes (--ha, --federation): write the audit lines a second time,"
                    + " each with the RPC handler (its NameNode's port) that logged it, beside the"
                    + " audit log; it costs the NameNodes a second write per call")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("in-memory")
            .desc("keep block data on the heap instead of under the DataNodes' directories")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("join")
            .hasArg()
            .argName("hdfs://host:port")
            .desc(
                "start no NameNode: the DataNodes register with this one, started apart (any Hadoop 3.x)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("ha")
            .desc(
                "start an HA nameservice ("
                    + NameService.ID
                    + "): an active NameNode, a standby and three JournalNodes; prints its client "
                    + "configuration (also written to "
                    + NameService.CLIENT_CONF
                    + " in the storage folder) for run's -conf")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("observers")
            .hasArg()
            .argName("N")
            .desc(
                "with --ha: N Observer NameNodes more (0-"
                    + MAX_OBSERVERS
                    + ", default 0); the client configuration then reads through them"
                    + " (ObserverReadProxyProvider)")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("federation")
            .hasArg()
            .argName("K")
            .desc(
                "start K federated nameservices (ns0, ns1, ...; 2-"
                    + MAX_SUBCLUSTERS
                    + ") behind Hadoop's Routers, whose mount table spreads the whole namespace"
                    + " over them; prints the client configuration (also written to "
                    + NameService.CLIENT_CONF
                    + " in the storage folder): its file system is the Routers")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("routers")
            .hasArg()
            .argName("R")
            .desc(
                "with --federation: R Routers (1-"
                    + MAX_ROUTERS
                    + ", default 1); several are one logical nameservice ("
                    + RouterFederation.ID
                    + ") the clients fail over between")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("mount-order")
            .hasArg()
            .argName("order")
            .desc(
                "with --federation: how the mount table places a path among the subclusters: "
                    + "HASH_ALL (default: every file by a hash of its path, every folder made in"
                    + " all), HASH (each top-level folder, and all under it, by a hash of its"
                    + " name), RANDOM, SPACE (the subcluster with the most free space)")
            .build());
    o.addOption(Option.builder().longOpt("help").desc("this help").build());
    return o;
  }

  @Override
  public int run(Configuration conf, String[] args, PrintStream out) throws Exception {
    Options options = options();
    CommandLine cl = CommandLines.parse(COMMAND, options, args, "datanodes");
    if (cl.hasOption("help")) {
      help(options, out);
      return ExitCodes.OK;
    }
    long dataNodes = CommandLines.whole(cl, COMMAND, "datanodes", 0);
    if (dataNodes < 1 || dataNodes > 10_000) {
      throw new BadInputException(
          COMMAND + ": --datanodes " + dataNodes + ": must be between 1 and 10000");
    }
    int observers = observers(cl);
    Federation federation = federation(cl);
    if (cl.hasOption("join")) {
      return ClusterJoin.run(conf, cl, (int) dataNodes, out);
    }
    long port = CommandLines.whole(cl, COMMAND, "namenode-port", 0);
    if (port < 0 || port > 65_535) {
      throw new BadInputException(COMMAND + ": --namenode-port " + port + ": not a port (0-65535)");
    }
    boolean restart = cl.hasOption("restart");
    Path nameDir = cl.hasOption("name-dir") ? Path.of(cl.getOptionValue("name-dir")) : null;
    if (nameDir != null && restart) {
      throw new BadInputException(
          COMMAND + ": --name-dir starts a new cluster; --restart starts an earlier one's storage");
    }
    if (nameDir != null) {
      NameDirCopy.check(COMMAND + ": --name-dir", nameDir); // before anything is made
    }
    Path givenAuditLog =
        cl.hasOption("audit-log") ? auditLog(cl.getOptionValue("audit-log")) : null;
    boolean madeBase =
        !restart
            && (cl.getOptionValue("base-dir") == null
                || !Files.exists(Path.of(cl.getOptionValue("base-dir"))));
    Path base =
        restart ? storage(cl.getOptionValue("base-dir")) : baseDir(cl.getOptionValue("base-dir"));
    if (restart && !cl.hasOption("namenode-port")) {
      port = storagePort(base);
    }
    // unless the user set them; a key Hadoop's *-default.xml holds is never null to conf.get
    if (!UserSettings.given(conf, "hadoop.http.temp.dir")) {
      // the web servers' Jetty folders: with the storage, not in /tmp
      conf.set("hadoop.http.temp.dir", base.resolve("http-tmp").toAbsolutePath().toString());
    }
    if (!UserSettings.given(conf, "dfs.namenode.lock.detailed-metrics.enabled")) {
      conf.setBoolean("dfs.namenode.lock.detailed-metrics.enabled", true); // run's namenode.csv
    }
    if (!UserSettings.given(conf, "hadoop.caller.context.enabled")) {
      // each run call's due and begin time, for fidelity's timing stages
      conf.setBoolean("hadoop.caller.context.enabled", true);
    }
    // the servers' warnings go to the storage's log file (with the storage when it is a
    // temporary one), not the console, which keeps the cluster's address and its one-line errors
    // the audit log is kept for a run's --capture-audit: the run's own trace, scored by fidelity
    try (HadoopLog log = HadoopLog.to(base.resolve(HadoopLog.FILE), conf);
        NameNodeAuditLog audit =
            NameNodeAuditLog.open(
                (givenAuditLog != null ? givenAuditLog : base.resolve(AUDIT_LOG)).toAbsolutePath(),
                cl.hasOption("audit-by-handler") && (cl.hasOption("ha") || federation != null))) {
      CountDownLatch stopped = new CountDownLatch(1);
      boolean keep =
          cl.hasOption(
              "base-dir"); // the user's folder outlives the cluster: --restart starts on it
      EmulatedCluster cluster;
      long loadStart = System.nanoTime();
      try {
        if (nameDir != null) {
          NameDirCopy.copy(nameDir, base.resolve(NameDirCopy.NAME));
        }
        long nameNodePort = port;
        Start<EmulatedCluster> start =
            () ->
                federation != null
                    ? EmulatedCluster.startFederated(
                        conf,
                        base.toFile(),
                        (int) dataNodes,
                        federation.nameServices(),
                        federation.routers(),
                        federation.order(),
                        cl.hasOption("in-memory"))
                    : cl.hasOption("ha")
                        ? EmulatedCluster.startHa(
                            conf,
                            base.toFile(),
                            (int) dataNodes,
                            observers,
                            cl.hasOption("in-memory"))
                        : EmulatedCluster.start(
                            conf,
                            base.toFile(),
                            (int) dataNodes,
                            (int) nameNodePort,
                            cl.hasOption("in-memory"),
                            !restart);
        cluster =
            nameDir != null
                ? NameDirCopy.starting(COMMAND + ": --name-dir", nameDir, start)
                : start.start();
      } catch (IOException | RuntimeException | Error e) {
        if (nameDir != null) { // nothing half-made is left: the base was made here, or was empty
          if (madeBase) {
            FileUtils.deleteQuietly(base.toFile());
          } else {
            FileUtils.cleanDirectory(base.toFile());
          }
        }
        throw e;
      }
      if (nameDir != null) {
        var progress = NameNode.getStartupProgress().createView();
        System.err.printf(
            "cluster: NameNode started on the image of %s in %.1f s (image loaded in %.1f s, edits "
                + "%.1f s, checkpoint saved in %.1f s, safe mode %.1f s; the rest is the servers' start)%n",
            nameDir,
            (System.nanoTime() - loadStart) / 1e9,
            progress.getElapsedTime(Phase.LOADING_FSIMAGE) / 1e3,
            progress.getElapsedTime(Phase.LOADING_EDITS) / 1e3,
            progress.getElapsedTime(Phase.SAVING_CHECKPOINT) / 1e3,
            progress.getElapsedTime(Phase.SAFEMODE) / 1e3);
        if (cluster.stages() != null) { // the image had blocks: how each stage of the start went
          System.err.print(cluster.stages().describe(COMMAND));
        }
      }
      try {
        RouterFederation routers = cluster.federation();
        Files.writeString(
            base.resolve(STORAGE_MARKER),
            routers != null
                ? FEDERATION_MARKER + "=" + String.join(",", routers.nameServices()) + "\n"
                : cluster.ha()
                    ? NAMESERVICE_MARKER + "=" + NameService.ID + "\n"
                    : "namenode-port=" + cluster.uri().getPort() + "\n");
        Path clientConf = base.resolve(NameService.CLIENT_CONF).toAbsolutePath();
        boolean printsConf = cluster.ha() || routers != null;
        if (routers != null) {
          NameService.write(routers.clientConfiguration(), clientConf);
        } else if (cluster.ha()) {
          NameService.write(
              NameService.clientConfiguration(cluster.cluster(), observers > 0), clientConf);
        }
        Thread hook =
            new Thread(
                () -> {
                  cluster.close(keep);
                  stopped.countDown();
                },
                "cluster-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        out.println(cluster.uri());
        if (printsConf) { // what run's -conf takes, after the address scripts read first
          out.print(Files.readString(clientConf));
          out.println();
        }
        out.flush();
        String metrics =
            printsConf
                ? "the client configuration, with every NameNode's metrics address: "
                    + "run -conf "
                    + clientConf
                    + " -fs "
                    + cluster.uri()
                : "the NameNode's metrics: run --namenode-http http://"
                    + cluster.cluster().getNameNode().getHttpAddress().getHostString()
                    + ":"
                    + cluster.cluster().getNameNode().getHttpAddress().getPort();
        System.err.println(
            "cluster: "
                + (routers != null
                    ? routers.nameServices().size()
                        + " federated nameservices "
                        + routers.nameServices()
                        + " behind "
                        + federation.routers()
                        + " Router(s) at "
                        + cluster.uri()
                        + " (mount table: "
                        + RouterFederation.MOUNT_POINT
                        + " over all, "
                        + federation.order()
                        + "), and "
                    : "")
                + (cluster.ha()
                    ? "HA nameservice "
                        + cluster.uri()
                        + " (active, standby, observers: "
                        + observers
                        + ") and "
                    : "")
                + dataNodes
                + " emulated DataNodes registered, storage under "
                + base
                + (restart ? " (restarted on it)" : "")
                + "; Hadoop's log: "
                + base.resolve(HadoopLog.FILE)
                + "; "
                + metrics
                + "; its audit log, for the run's own trace: run --capture-audit "
                + audit.file()
                + (audit.byHandler() == null
                    ? ""
                    : "; which NameNode logged each of its lines, by the port of its RPC handler: "
                        + audit.byHandler())
                + "; Ctrl-C stops it");
        try {
          stopped.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt(); // stopped by the embedding code (tests)
        }
        if (stopped.getCount() > 0) {
          Runtime.getRuntime().removeShutdownHook(hook);
        }
      } finally {
        cluster.close(keep);
      }
    }
    return ExitCodes.OK;
  }

  /**
   * --observers: 0 without --ha; with it 0 to {@link #MAX_OBSERVERS}. --ha starts a new storage of
   * its own ports: --restart, --name-dir, --namenode-port and --join are for one NameNode.
   */
  static int observers(CommandLine cl) {
    long observers = CommandLines.whole(cl, COMMAND, "observers", 0);
    if (!cl.hasOption("ha")) {
      if (cl.hasOption("observers")) {
        throw new BadInputException(
            COMMAND + ": --observers needs --ha (they read for an HA pair)");
      }
      return 0;
    }
    if (observers < 0 || observers > MAX_OBSERVERS) {
      throw new BadInputException(
          COMMAND + ": --observers " + observers + ": must be between 0 and " + MAX_OBSERVERS);
    }
    for (String single : new String[] {"restart", "name-dir", "namenode-port", "join"}) {
      if (cl.hasOption(single)) {
        throw new BadInputException(
            COMMAND + ": --ha and --" + single + ": --" + single + " is for one NameNode");
      }
    }
    return (int) observers;
  }

  /**
   * --federation's K, --routers and --mount-order; null without --federation (then --routers and
   * --mount-order are refused). Federated subclusters are a new storage of their own ports, as
   * --ha's: --ha, --restart, --name-dir, --namenode-port and --join do not go with it.
   */
  static Federation federation(CommandLine cl) {
    if (!cl.hasOption("federation")) {
      for (String needs : new String[] {"routers", "mount-order"}) {
        if (cl.hasOption(needs)) {
          throw new BadInputException(
              COMMAND + ": --" + needs + " needs --federation (it is the Routers')");
        }
      }
      return null;
    }
    long nameServices = CommandLines.whole(cl, COMMAND, "federation", 0);
    if (nameServices < 2 || nameServices > MAX_SUBCLUSTERS) {
      throw new BadInputException(
          COMMAND
              + ": --federation "
              + nameServices
              + ": must be between 2 and "
              + MAX_SUBCLUSTERS
              + " nameservices");
    }
    long routers = CommandLines.whole(cl, COMMAND, "routers", 1);
    if (routers < 1 || routers > MAX_ROUTERS) {
      throw new BadInputException(
          COMMAND + ": --routers " + routers + ": must be between 1 and " + MAX_ROUTERS);
    }
    DestinationOrder order = DestinationOrder.HASH_ALL;
    if (cl.hasOption("mount-order")) {
      String given = cl.getOptionValue("mount-order").strip().toUpperCase(Locale.ROOT);
      order =
          RouterFederation.ORDERS.stream()
              .filter(o -> o.name().equals(given))
              .findFirst()
              .orElseThrow(
                  () ->
                      new BadInputException(
                          COMMAND
                              + ": --mount-order "
                              + cl.getOptionValue("mount-order")
                              + ": not one of "
                              + RouterFederation.ORDERS));
    }
    for (String single : new String[] {"ha", "restart", "name-dir", "namenode-port", "join"}) {
      if (cl.hasOption(single)) {
        throw new BadInputException(
            COMMAND
                + ": --federation and --"
                + single
                + ": --"
                + single
                + (single.equals("ha") ? " is one nameservice's" : " is for one NameNode"));
      }
    }
    return new Federation((int) nameServices, (int) routers, order);
  }

  /** --audit-log: a file to write (replaced if there) in a folder that exists. */
  static Path auditLog(String option) {
    Path p = Path.of(option).toAbsolutePath();
    if (Files.isDirectory(p)) {
      throw new BadInputException(COMMAND + ": --audit-log " + option + ": is a directory");
    }
    if (p.getParent() == null || !Files.isDirectory(p.getParent())) {
      throw new BadInputException(COMMAND + ": --audit-log " + option + ": no such folder");
    }
    return p;
  }

  /** The storage folder: new, or empty, since the cluster formats it. */
  static Path baseDir(String option) throws IOException {
    if (option == null) {
      return Files.createTempDirectory("mimesisbench-cluster");
    }
    Path p = Path.of(option);
    if (Files.exists(p) && !Files.isDirectory(p)) {
      throw new BadInputException(COMMAND + ": --base-dir " + option + ": not a directory");
    }
    if (Files.isDirectory(p)) {
      try (var entries = Files.list(p)) {
        if (entries.findAny().isPresent()) {
          if (Files.exists(p.resolve(STORAGE_MARKER))) {
            throw new BadInputException(
                COMMAND
                    + ": --base-dir "
                    + option
                    + ": holds an earlier cluster's storage; "
                    + "give --restart to start on it again");
          }
          throw new BadInputException(
              COMMAND + ": --base-dir " + option + ": not empty (the cluster formats it)");
        }
      }
    }
    try {
      Files.createDirectories(p);
    } catch (IOException e) {
      throw OutputProblems.bad(
          COMMAND + ": --base-dir", p, "cannot create it: " + OutputProblems.reason(e, p));
    }
    if (!Files.isWritable(p)) { // false on a read-only file system even for root
      throw OutputProblems.bad(COMMAND + ": --base-dir", p, "not writable");
    }
    return p;
  }

  /**
   * The storage of an earlier cluster, for --restart: a --base-dir it formatted (its marker is
   * there).
   */
  static Path storage(String option) throws IOException {
    if (option == null) {
      throw new BadInputException(
          COMMAND + ": --restart needs the --base-dir of the cluster to start again");
    }
    Path p = Path.of(option);
    if (!Files.isRegularFile(p.resolve(STORAGE_MARKER))) {
      throw new BadInputException(
          COMMAND
              + ": --base-dir "
              + option
              + ": no cluster storage to restart (no "
              + STORAGE_MARKER
              + "; a cluster leaves it in the --base-dir it formats)");
    }
    Properties marker = new Properties();
    try (var in = Files.newBufferedReader(p.resolve(STORAGE_MARKER))) {
      marker.load(in);
    }
    if (marker.getProperty(FEDERATION_MARKER) != null) {
      throw new BadInputException(
          COMMAND
              + ": --base-dir "
              + option
              + ": federated nameservices' storage (--federation); --restart starts one"
              + " NameNode's");
    }
    if (marker.getProperty(NAMESERVICE_MARKER) != null) {
      throw new BadInputException(
          COMMAND
              + ": --base-dir "
              + option
              + ": an HA nameservice's storage (--ha); --restart starts one NameNode's");
    }
    return p;
  }

  /** The NameNode port the cluster that formatted {@code base} had. */
  static int storagePort(Path base) throws IOException {
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(base.resolve(STORAGE_MARKER))) {
      p.load(in);
    }

    try {
      return Integer.parseInt(p.getProperty("namenode-port", "0").strip());
    } catch (NumberFormatException e) {
      throw new BadInputException(
          COMMAND + ": " + base.resolve(STORAGE_MARKER) + ": namenode-port is not a number");
    }
  }

  private static void help(Options options, PrintStream out) {
    PrintWriter w = new PrintWriter(out);
    new HelpFormatter()
        .printHelp(
            w,
            100,
            "mimesisbench.jar cluster --datanodes N [--namenode-port P] "
                + "[--base-dir dir [--restart]] [--name-dir dir] [--audit-log file]"
                + " [--audit-by-handler] [--in-memory]"
                + " [--join hdfs://host:port] [--ha [--observers N]]"
                + " [--federation K [--routers R] [--mount-order order]] [-D k=v]",
            "Starts a real NameNode and N emulated DataNodes (Tardis storage) in this process, prints the "
                + "NameNode's address once all registered, and runs until stopped.",
            options,
            2,
            2,
            "Examples:\n"
                + "  java -jar mimesisbench.jar cluster --datanodes 200 --namenode-port 8020 --in-memory\n"
                + "  java -jar mimesisbench.jar cluster --datanodes 200 --base-dir nn/ --restart   # its storage and port\n"
                + "  java -Xmx16g -jar mimesisbench.jar cluster --datanodes 10 --name-dir nn-image/   # namespace image's\n"
                + "  java -jar mimesisbench.jar cluster --datanodes 50 --join hdfs://nn:8020   # your own NameNode\n"
                + "  java -jar mimesisbench.jar cluster --datanodes 20 --ha --observers 1 > ns1.out   # HA, reads on"
                + " an Observer\n"
                + "  java -jar mimesisbench.jar cluster --datanodes 20 --federation 2 --routers 1 > fed.out"
                + "   # two nameservices behind a Router\n"
                + "  hadoop fs -fs hdfs://localhost:8020 -ls /");
    w.flush();
  }
}
