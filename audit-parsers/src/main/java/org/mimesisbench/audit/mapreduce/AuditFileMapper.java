package org.mimesisbench.audit.mapreduce;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.time.ZoneId;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.mimesisbench.audit.TraceParse;
import org.mimesisbench.audit.input.AuditLogSource;
import org.mimesisbench.audit.input.TimeOrderedAuditReader;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.audit.trace.AuditEvents;
import org.mimesisbench.trace.AuditEvent;

/**
 * Parses one whole audit-log file (its input record is "index TAB path") with the same reader as
 * the local parse, and emits its events keyed for the time-ordered shuffle. The file's counts and
 * malformed samples go to {@code <work>/sources/<index>.json} for the driver.
 */
public final class AuditFileMapper
    extends Mapper<LongWritable, Text, EventOrderKey, AuditEventWritable> {

  /** Counters of the parse job, for the job's status page. */
  public enum Counters {
    LINES,
    EVENTS,
    MALFORMED
  }

  @Override
  protected void map(LongWritable offset, Text value, Context context)
      throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    String[] task = value.toString().split("\t", 2);
    int index = Integer.parseInt(task[0]);
    Path log = new Path(task[1]);
    ZoneId zone = ZoneId.of(conf.get(ParseJob.ZONE_KEY));
    int maxLineBytes = conf.getInt(ParseJob.MAX_LINE_BYTES_KEY, 0);
    ParseReport report = new ParseReport();
    EventOrderKey key = new EventOrderKey();
    AuditEventWritable event = new AuditEventWritable();
    long[] runningMax = {Long.MIN_VALUE};
    FileSystem fs = log.getFileSystem(conf);
    AuditLogSource source =
        new AuditLogSource(TraceParse.displayName(log), fs.open(log), maxLineBytes);
    try (TimeOrderedAuditReader reader =
        new TimeOrderedAuditReader(List.of(source), zone, report, index)) {
      reader.readAll(
          record -> {
            runningMax[0] = Math.max(runningMax[0], record.time);
            key.set(runningMax[0], index, record.line);
            try {
              context.write(key, event.set(AuditEvents.fill(new AuditEvent(), record)));
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              throw new IOException(e);
            }
            if ((report.events & 0xFFFF) == 0) {
              context.progress();
            }
          });
    }
    report.collectSamples();
    context.getCounter(Counters.LINES).increment(report.lines);
    context.getCounter(Counters.EVENTS).increment(report.events);
    context.getCounter(Counters.MALFORMED).increment(report.malformed);
    Path stats = new Path(conf.get(ParseJob.WORK_DIR_KEY), "sources/" + index + ".json");
    try (OutputStream out = stats.getFileSystem(conf).create(stats, true)) {
      new ObjectMapper().writeValue(out, report);
    }
  }
}
