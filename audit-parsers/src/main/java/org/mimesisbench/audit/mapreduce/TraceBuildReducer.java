package org.mimesisbench.audit.mapreduce;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.avro.file.DataFileWriter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.mimesisbench.audit.TraceParse;
import org.mimesisbench.audit.fsimage.NamespaceSnapshot;
import org.mimesisbench.audit.line.AuditRecord;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.audit.trace.AuditEvents;
import org.mimesisbench.audit.trace.AvroFiles;
import org.mimesisbench.audit.trace.EventWriter;
import org.mimesisbench.audit.trace.SnapshotIndex;
import org.mimesisbench.audit.trace.TraceBuilder;
import org.mimesisbench.audit.trace.TraceCounts;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.ClusterEvent;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;

/**
 * The one reducer: receives every event in trace order and runs the same {@link TraceBuilder} as
 * the local parse, which groups each file's accesses into its timeline across renames. Writes
 * events.avro, files.avro, dirs.avro, cluster.avro and trace-counts.json (the report's part that
 * the builder counts) into its committed output.
 */
public final class TraceBuildReducer
    extends Reducer<EventOrderKey, AuditEventWritable, NullWritable, NullWritable> {
  static final String COUNTS = "trace-counts.json";

  private DataFileWriter<AuditEvent> events;
  private DataFileWriter<FileTimeline> files;
  private DataFileWriter<DirectoryTimeline> dirs;
  private DataFileWriter<ClusterEvent> cluster;
  private TraceBuilder builder;
  private EventWriter eventWriter;
  private final AuditRecord record = new AuditRecord();

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    Path work = FileOutputFormat.getWorkOutputPath(context);
    FileSystem fs = work.getFileSystem(conf);
    String codec = conf.get(ParseJob.CODEC_KEY);
    SnapshotIndex snapshot = null;
    String namespace = conf.get(ParseJob.SNAPSHOT_KEY);
    if (namespace != null) {
      Path p = new Path(namespace);
      try (InputStream in = p.getFileSystem(conf).open(p)) {
        snapshot = NamespaceSnapshot.index(in);
      }
    }
    events =
        AvroFiles.create(
            AuditEvent.getClassSchema(), fs.create(new Path(work, TraceParse.EVENTS)), codec);
    files =
        AvroFiles.create(
            FileTimeline.getClassSchema(), fs.create(new Path(work, TraceParse.FILES)), codec);
    dirs =
        AvroFiles.create(
            DirectoryTimeline.getClassSchema(), fs.create(new Path(work, TraceParse.DIRS)), codec);
    cluster =
        AvroFiles.create(
            ClusterEvent.getClassSchema(), fs.create(new Path(work, TraceParse.CLUSTER)), codec);
    builder = new TraceBuilder(files, dirs, cluster, snapshot);
    eventWriter = new EventWriter(events);
  }

  @Override
  protected void reduce(EventOrderKey key, Iterable<AuditEventWritable> values, Context context)
      throws IOException {
    for (AuditEventWritable w : values) {
      AuditEvent e = w.get();
      AuditEvents.fill(record, e);
      eventWriter.accept(record);
      builder.accept(record);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    TraceCounts counts = builder.finish();
    events.close();
    files.close();
    dirs.close();
    cluster.close();
    Path work = FileOutputFormat.getWorkOutputPath(context);
    ParseReport part = new ParseReport();
    part.events = 1; // so that the event times are filled; the driver counts the events itself
    counts.report(part, context.getConfiguration().get(ParseJob.SNAPSHOT_KEY) != null);
    try (OutputStream out =
        work.getFileSystem(context.getConfiguration()).create(new Path(work, COUNTS))) {
      part.write(out);
    }
  }
}
