package org.mimesisbench.tracemakers;

import java.io.File;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.util.JarFinder;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * MapReduce jobs committing their output through FileOutputCommitter on a real YARN (an in-process
 * MiniMRYarnCluster: ResourceManager, two NodeManagers, JobHistoryServer; every task in a container
 * JVM of its own). Two users run the same script at once, alice with committer algorithm 1, bob
 * with 2: word count, sort, a multi-output job (MultipleOutputs), an input file overwritten, and
 * the word count rerun after its output is deleted. Speculative execution is on; in each job a
 * reducer's first attempt fails after writing (and is retried) or crawls (and gets a speculative
 * twin).
 */
final class CommitWorkload implements TracedWorkload {

  static final String[] USERS = {"alice", "bob"};

  static final String GROUP_MAPPING = "hdfs=supergroup;alice=analysts;bob=analysts;dr.who=;";

  /** The job jar (this module's classes) in the tasks' configuration. */
  static final String JOB_JAR = "mimesis.commit.job.jar";

  private static final int CONTAINER_MB = 256;
  private static final int CONTAINERS_PER_NODE = 8;

  /** Containers start quicker on a small machine without the optimizing compiler. */
  private static final String JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmx200m";

  private static final int INPUT_FILES = 4;

  private final Env env;
  private final File work;
  private MiniMRYarnCluster yarn;
  private Configuration jobConf;

  CommitWorkload(Env env, File work) {
    this.env = env;
    this.work = work;
  }

  @Override
  public String name() {
    return "commit";
  }

  @Override
  public int actors() {
    return USERS.length;
  }

  private static Path p(String s) {
    return new Path(s);
  }

  // ------------------------------------------------------------------ phase A

  @Override
  public void phaseA() throws Exception {
    FileSystem su = env.fs(env.superUser);
    su.mkdirs(p("/user"), new FsPermission((short) 0755));
    for (String u : USERS) {
      Path home = p("/user/" + u);
      su.mkdirs(home);
      su.setOwner(home, u, "analysts");
    }
    su.mkdirs(p("/tmp"));
    su.setPermission(p("/tmp"), new FsPermission((short) 01777));
    startYarn();
    Random r = new Random(env.seed);
    for (String u : USERS) {
      FileSystem fs = env.fs(u);
      for (int i = 0; i < INPUT_FILES; i++) {
        Env.writeText(fs, input(u, i), r, 24_000 + r.nextInt(16_000));
      }
    }
  }

  private static Path input(String user, int i) {
    return p(String.format(Locale.ROOT, "/user/%s/input/words-%02d.txt", user, i));
  }

  /** MiniMRYarnCluster against the mini HDFS; its local files go under the work folder. */
  private void startYarn() throws IOException {
    Configuration conf = new Configuration(env.conf);
    conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, CONTAINER_MB);
    conf.setInt(YarnConfiguration.NM_PMEM_MB, CONTAINERS_PER_NODE * CONTAINER_MB);
    conf.setInt(YarnConfiguration.NM_VCORES, CONTAINERS_PER_NODE);
    conf.set(YarnConfiguration.NM_ADMIN_USER_ENV, "JAVA_HOME=" + System.getProperty("java.home"));
    // container logs are not looked at; kept for hours, they hold up each NodeManager's stop
    conf.setLong(YarnConfiguration.NM_LOG_RETAIN_SECONDS, 1);
    // as on most clusters: a user's job staging in /user/NAME/.staging
    conf.set(MRJobConfig.MR_AM_STAGING_DIR, "/user");
    conf.setInt(MRJobConfig.MAP_MEMORY_MB, CONTAINER_MB);
    conf.setInt(MRJobConfig.REDUCE_MEMORY_MB, CONTAINER_MB);
    conf.setInt(MRJobConfig.MR_AM_VMEM_MB, 2 * CONTAINER_MB);
    conf.set(MRJobConfig.MAP_JAVA_OPTS, JVM);
    conf.set(MRJobConfig.REDUCE_JAVA_OPTS, JVM);
    conf.set(MRJobConfig.MR_AM_COMMAND_OPTS, JVM);
    // the mini clusters' local folders and the job jar go under the work folder, not the cwd
    String testData = new File(work, "yarn").getAbsolutePath();
    System.setProperty("test.build.data", testData);
    System.setProperty("test.build.dir", testData);
    yarn = new MiniMRYarnCluster("commit-yarn", 2);
    yarn.init(conf);
    yarn.start();
    jobConf = new Configuration(yarn.getConfig());
    jobConf.set(JOB_JAR, JarFinder.getJar(CommitJobs.class));
    jobConf.setBoolean(MRJobConfig.MAP_SPECULATIVE, true);
    jobConf.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, true);
  }

  // ------------------------------------------------------------------ phase B

  @Override
  public void phaseB(long maxMillis) throws InterruptedException {
    env.stopAtMillis = System.currentTimeMillis() + maxMillis;
    List<Thread> actors = new ArrayList<>();
    for (int i = 0; i < USERS.length; i++) {
      String user = USERS[i];
      int algorithm = i + 1;
      Random r = new Random(env.seed * 31 + i);
      actors.add(env.actor(user, () -> script(user, algorithm, r)));
    }
    // YARN stays up to the end: stopping it closes the maker's cached FileSystems
    Env.runActors(actors);
  }

  /** One user's session: the jobs, their outputs looked at, a rerun over the same output. */
  private void script(String user, int algorithm, Random r) throws Exception {
    FileSystem fs = env.fs(user);
    String in = "/user/" + user + "/input";
    String out = "/user/" + user + "/out";
    fs.mkdirs(p(out));
    job(
        "wordcount",
        user,
        algorithm,
        new CommitJobs.WordCount(),
        3,
        0,
        1,
        2_000,
        in,
        out + "/wordcount");
    look(fs, out + "/wordcount");
    job("sort", user, algorithm, new CommitJobs.Sort(), 2, -1, 0, 40, in, out + "/sorted");
    look(fs, out + "/sorted");
    job(
        "split",
        user,
        algorithm,
        new CommitJobs.SplitByLetter(),
        3,
        2,
        -1,
        0,
        in,
        out + "/by-letter");
    look(fs, out + "/by-letter");
    // fresh data replaces an input file in place (create with overwrite)
    Env.writeText(fs, input(user, 0), r, 24_000 + r.nextInt(16_000));
    // the rerun reuses the output path: the old output is removed first, as users do
    fs.delete(p(out + "/wordcount"), true);
    job(
        "wordcount",
        user,
        algorithm,
        new CommitJobs.WordCount(),
        3,
        -1,
        -1,
        0,
        in,
        out + "/wordcount");
    look(fs, out + "/wordcount");
  }

  /** A user checking a job's output: a listing, the success marker, the part files read. */
  private static void look(FileSystem fs, String dir) throws IOException {
    for (FileStatus st : fs.listStatus(p(dir))) {
      if (st.isDirectory()) {
        look(fs, st.getPath().toUri().getPath());
      } else if (st.getLen() > 0) {
        Env.readFully(fs, st.getPath());
      } else {
        fs.getFileStatus(st.getPath());
      }
    }
  }

  /**
   * Runs a job on YARN as {@code user} with committer algorithm {@code algorithm}, {@code reduces}
   * reducers, the given partitions failing once or crawling; records it, failing unless it
   * succeeds.
   */
  private void job(
      String name,
      String user,
      int algorithm,
      Tool tool,
      int reduces,
      int failPartition,
      int slowPartition,
      long slowMsPerKey,
      String in,
      String out)
      throws Exception {
    Configuration c = new Configuration(jobConf);
    c.setInt(FileOutputCommitter.FILEOUTPUTCOMMITTER_ALGORITHM_VERSION, algorithm);
    c.setInt(MRJobConfig.NUM_REDUCES, reduces);
    c.setInt(CommitJobs.FAIL_PARTITION, failPartition);
    c.setInt(CommitJobs.SLOW_PARTITION, slowPartition);
    c.setLong(CommitJobs.SLOW_MS_PER_KEY, slowMsPerKey);
    String[] args = {in, out};
    Env.JobRecord rec =
        new Env.JobRecord(
            name,
            user,
            Arrays.asList(
                "algorithm=" + algorithm,
                "reduces=" + reduces,
                "failPartition=" + failPartition,
                "slowPartition=" + slowPartition,
                in,
                out));
    env.jobs.add(rec);
    try {
      int rc = env.as(user, () -> ToolRunner.run(c, tool, args));
      rec.success = rc == 0;
      if (rc != 0) {
        rec.error = "exit code " + rc;
      }
    } finally {
      rec.end = Instant.now();
    }
    if (!rec.success) {
      throw new IOException(name + " as " + user + " failed (see logs/hadoop.log)");
    }
  }
}
