package org.mimesisbench.audit.mapreduce;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.NLineInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.mimesisbench.audit.ParseOptions;
import org.mimesisbench.audit.TraceParse;
import org.mimesisbench.audit.fsimage.NamespaceSnapshot;
import org.mimesisbench.audit.input.AuditLogFiles;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.output.AtomicOutputDir;
import org.mimesisbench.trace.TraceManifests;

/**
 * {@code parse --mapreduce}: the same parse as {@link TraceParse}, as a MapReduce job for a
 * cluster-day of logs. Each map task parses one whole log file (the costly part, in parallel); the
 * shuffle sorts every event into trace order; one reducer follows renames and builds the file
 * timelines. The output equals the local parse's on the same input.
 *
 * <p>Work files go to {@code mimesisbench.parse.work-dir} (default: a hidden folder in {@code
 * --out}; on a cluster set it to a path on the cluster's file system).
 */
public final class ParseJob {
  public static final String ZONE_KEY = "mimesisbench.parse.tz";
  public static final String MAX_LINE_BYTES_KEY = "mimesisbench.parse.max-line-bytes";
  public static final String CODEC_KEY = "mimesisbench.parse.codec";
  public static final String SNAPSHOT_KEY = "mimesisbench.parse.snapshot";
  public static final String WORK_DIR_KEY = "mimesisbench.parse.work-dir";
  private static final long PROGRESS_MILLIS = 1000;

  private final ParseOptions options;
  private final Configuration conf;
  private final PrintStream progress;

  public ParseJob(ParseOptions options, Configuration conf, PrintStream progress) {
    this.options = options;
    this.conf = new Configuration(conf);
    this.progress = progress;
  }

  public ParseReport run() throws IOException, InterruptedException, ClassNotFoundException {
    List<Path> logs = AuditLogFiles.expand(options.audit(), conf);
    Path work =
        conf.get(WORK_DIR_KEY) != null
            ? new Path(conf.get(WORK_DIR_KEY), "parse-" + System.currentTimeMillis())
            : FileSystem.getLocal(conf)
                .makeQualified(new Path(options.out().toAbsolutePath().toString(), ".parse-work"));
    FileSystem workFs = work.getFileSystem(conf);
    workFs.delete(work, true);
    conf.set(WORK_DIR_KEY, work.toString());
    conf.set(ZONE_KEY, options.zone().getId());
    conf.setInt(MAX_LINE_BYTES_KEY, options.maxLineBytes());
    conf.set(CODEC_KEY, options.codec());
    ParseReport report = new ParseReport();
    report.timeZone = options.zone().getId();
    try (AtomicOutputDir out = new AtomicOutputDir("parse: --out", options.out())) {
      Map<String, java.nio.file.Path> avro = new LinkedHashMap<>(); // by name: where written
      if (options.fsimage() != null) {
        java.nio.file.Path namespace = out.file(TraceParse.NAMESPACE);
        avro.put(TraceParse.NAMESPACE, namespace);
        NamespaceSnapshot snapshot =
            NamespaceSnapshot.convert(
                options.fsimage(), options.zone(), options.codec(), namespace, progress);
        report.namespace = snapshot.summary();
        Path shipped = new Path(work, TraceParse.NAMESPACE); // where every task can read it
        workFs.copyFromLocalFile(new Path(namespace.toUri()), shipped);
        conf.set(SNAPSHOT_KEY, shipped.toString());
      }
      if (options.fsimageEnd() != null) { // read here alone: no task needs it
        java.nio.file.Path end = out.file(TraceParse.NAMESPACE_END);
        avro.put(TraceParse.NAMESPACE_END, end);
        report.namespaceEnd =
            NamespaceSnapshot.convertEnd(
                options.fsimageEnd(), options.zone(), options.codec(), end, progress);
      }
      Path tasks = new Path(work, "tasks.txt");
      try (OutputStream o = workFs.create(tasks)) {
        for (int i = 0; i < logs.size(); i++) {
          o.write((i + "\t" + logs.get(i) + "\n").getBytes(StandardCharsets.UTF_8));
        }
      }
      Job job = job(tasks, new Path(work, "out"));
      if (!runWithProgress(job)) {
        throw new IOException(
            "parse job " + job.getJobID() + " failed: " + job.getStatus().getFailureInfo());
      }
      merge(report, workFs, work, logs.size());
      TraceParse.check(report, logs, options);
      Path done = new Path(work, "out");
      for (String name :
          List.of(TraceParse.EVENTS, TraceParse.FILES, TraceParse.DIRS, TraceParse.CLUSTER)) {
        avro.put(name, out.file(name));
        workFs.copyToLocalFile(false, new Path(done, name), new Path(avro.get(name).toUri()), true);
      }
      TraceManifests.write(TraceManifests.of(avro), out.file(TraceManifests.FILE));
      report.write(out.file(TraceParse.REPORT));
      out.commit();
    } finally {
      workFs.delete(work, true);
    }
    return report;
  }

  private Job job(Path tasks, Path output) throws IOException {
    Job job = Job.getInstance(conf, "mimesisbench parse " + options.audit());
    job.setJarByClass(ParseJob.class);
    job.setInputFormatClass(NLineInputFormat.class);
    NLineInputFormat.setNumLinesPerSplit(job, 1); // one log file per map task
    FileInputFormat.addInputPath(job, tasks);
    job.setMapperClass(AuditFileMapper.class);
    job.setMapOutputKeyClass(EventOrderKey.class);
    job.setMapOutputValueClass(AuditEventWritable.class);
    job.setReducerClass(TraceBuildReducer.class);
    job.setNumReduceTasks(1); // renames make trace building one sequential pass
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
    LazyOutputFormat.setOutputFormatClass(job, TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, output);
    job.getConfiguration().setBoolean(MRJobConfig.MAP_SPECULATIVE, false);
    job.getConfiguration().setBoolean(MRJobConfig.REDUCE_SPECULATIVE, false);
    return job;
  }

  /**
   * Runs the job, printing a line whenever its map or reduce progress moves (Hadoop's own goes to
   * the log).
   */
  private boolean runWithProgress(Job job)
      throws IOException, InterruptedException, ClassNotFoundException {
    job.submit();
    if (progress != null) {
      progress.println("parse: job " + job.getJobID() + " submitted, " + job.getTrackingURL());
    }
    String last = "";
    while (!job.isComplete()) {
      Thread.sleep(PROGRESS_MILLIS);
      String now =
          String.format(
              "parse: job %s map %.0f%% reduce %.0f%%",
              job.getJobID(), 100 * job.mapProgress(), 100 * job.reduceProgress());
      if (progress != null && !now.equals(last)) {
        progress.println(now);
        last = now;
      }
    }
    return job.isSuccessful();
  }

  /** Sums the map tasks' per-file reports in input order, as the local parse counts them. */
  private static void merge(ParseReport report, FileSystem fs, Path work, int files)
      throws IOException {
    ObjectMapper json =
        new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    for (int i = 0; i < files; i++) {
      ParseReport part;
      try (InputStream in = fs.open(new Path(work, "sources/" + i + ".json"))) {
        part = json.readValue(in, ParseReport.class);
      }
      report.lines += part.lines;
      report.events += part.events;
      report.malformed += part.malformed;
      report.allowedFalse += part.allowedFalse;
      part.byCmd.forEach((k, v) -> report.byCmd.merge(k, v, Long::sum));
      part.malformedReasons.forEach((k, v) -> report.malformedReasons.merge(k, v, Long::sum));
      for (String sample : part.malformedSamples) {
        if (report.malformedSamples.size() < ParseReport.MAX_SAMPLES) {
          report.malformedSamples.add(sample);
        }
      }
      report.sources.addAll(part.sources);
    }
    ParseReport built;
    try (InputStream in = fs.open(new Path(work, "out/" + TraceBuildReducer.COUNTS))) {
      built = json.readValue(in, ParseReport.class);
    }
    report.files.putAll(built.files);
    report.directories.putAll(built.directories);
    report.byTarget.putAll(built.byTarget);
    report.byUser.putAll(built.byUser);
    report.missingByUser.putAll(built.missingByUser);
    if (report.events > 0) {
      report.firstEvent = built.firstEvent;
      report.lastEvent = built.lastEvent;
    }
  }
}
