package org.mimesisbench.audit;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.avro.file.DataFileWriter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.mimesisbench.audit.fsimage.NamespaceSnapshot;
import org.mimesisbench.audit.input.AuditLogFiles;
import org.mimesisbench.audit.input.AuditLogSource;
import org.mimesisbench.audit.input.ReadAhead;
import org.mimesisbench.audit.input.TimeOrderedAuditReader;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.audit.trace.AvroFiles;
import org.mimesisbench.audit.trace.EventWriter;
import org.mimesisbench.audit.trace.SnapshotIndex;
import org.mimesisbench.audit.trace.TraceBuilder;
import org.mimesisbench.audit.trace.TraceCounts;
import org.mimesisbench.cli.ProgressLine;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.folders.TraceFolder;
import org.mimesisbench.output.AtomicOutputDir;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.ClusterEvent;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;
import org.mimesisbench.trace.TraceManifests;

/**
 * A local parse: the fsimage (if any) into {@code namespace.avro}, the one at the trace's end (if
 * any) into {@code namespace-end.avro}, then the audit logs, merged in time order, into {@code
 * events.avro}, {@code files.avro}, {@code dirs.avro} and {@code cluster.avro} (the events without
 * a path), with {@code parse-report.json} and the manifest of the Avro files' records and sizes
 * (TraceManifests). Streams: memory holds the snapshot's paths and the live paths, never the lines.
 * All the files appear together or not at all.
 */
public final class TraceParse {
  public static final String EVENTS = TraceFolder.EVENTS;
  public static final String FILES = TraceFolder.FILES;
  public static final String DIRS = TraceFolder.DIRS;
  public static final String CLUSTER = TraceFolder.CLUSTER;
  public static final String NAMESPACE = TraceFolder.NAMESPACE;
  public static final String NAMESPACE_END = TraceFolder.NAMESPACE_END;
  public static final String REPORT = TraceFolder.PARSE_REPORT;

  private final ParseOptions options;
  private final Configuration conf;
  private final PrintStream progress;

  public TraceParse(ParseOptions options, Configuration conf, PrintStream progress) {
    this.options = options;
    this.conf = conf;
    this.progress = progress;
  }

  public ParseReport run() throws IOException {
    List<Path> logs = AuditLogFiles.expand(options.audit(), conf);
    ParseReport report = new ParseReport();
    report.timeZone = options.zone().getId();
    try (AtomicOutputDir out = new AtomicOutputDir("--out", options.out())) {
      Map<String, java.nio.file.Path> avro = new LinkedHashMap<>(); // by name: where written
      Function<String, java.nio.file.Path> file = name -> avro.computeIfAbsent(name, out::file);
      SnapshotIndex snapshot = null;
      if (options.fsimage() != null) {
        NamespaceSnapshot namespace =
            NamespaceSnapshot.convert(
                options.fsimage(),
                options.zone(),
                options.codec(),
                file.apply(NAMESPACE),
                progress);
        report.namespace = namespace.summary();
        snapshot = namespace.index();
      }
      if (options.fsimageEnd() != null) {
        report.namespaceEnd =
            NamespaceSnapshot.convertEnd(
                options.fsimageEnd(),
                options.zone(),
                options.codec(),
                file.apply(NAMESPACE_END),
                progress);
      }
      List<AuditLogSource> sources = new ArrayList<>();
      for (Path log : logs) {
        try {
          sources.add(
              new AuditLogSource(
                  displayName(log), AuditLogFiles.open(log, conf), options.maxLineBytes()));
        } catch (IOException e) {
          for (AuditLogSource s : sources) {
            s.close();
          }
          throw new BadInputException(
              "--audit " + displayName(log) + ": cannot read: " + AuditLogSource.why(e), e);
        }
      }
      try (TimeOrderedAuditReader reader =
              new TimeOrderedAuditReader(sources, options.zone(), report);
          DataFileWriter<AuditEvent> events =
              AvroFiles.create(AuditEvent.getClassSchema(), file.apply(EVENTS), options.codec());
          DataFileWriter<FileTimeline> files =
              AvroFiles.create(FileTimeline.getClassSchema(), file.apply(FILES), options.codec());
          DataFileWriter<DirectoryTimeline> dirs =
              AvroFiles.create(
                  DirectoryTimeline.getClassSchema(), file.apply(DIRS), options.codec());
          DataFileWriter<ClusterEvent> cluster =
              AvroFiles.create(
                  ClusterEvent.getClassSchema(), file.apply(CLUSTER), options.codec())) {
        TraceBuilder builder = new TraceBuilder(files, dirs, cluster, snapshot);
        ProgressLine line = new ProgressLine(progress, "parse", "events");
        long[] built = {0};
        ReadAhead.readAll(
            reader,
            record -> {
              builder.accept(record);
              line.tick(++built[0]);
            },
            new EventWriter(events));
        report.collectSamples();
        TraceCounts counts = builder.finish();
        line.done(report.events);
        counts.report(report, snapshot != null);
      }
      check(report, logs, options);
      TraceManifests.write(TraceManifests.of(avro), out.file(TraceManifests.FILE));
      report.write(out.file(REPORT));
      out.commit();
    }
    return report;
  }

  /** Too many malformed lines means the input is not what the user thinks: stop, name the place. */
  public static void check(ParseReport report, List<Path> logs, ParseOptions options) {
    if (report.lines == 0) {
      throw new BadInputException("--audit " + logs + ": no lines to parse (empty input)");
    }
    if (report.malformedShare() > options.maxMalformed()) {
      throw new BadInputException(
          String.format(
              "%d of %d lines malformed (%.1f %%), above --max-malformed %.1f %%; first: %s",
              report.malformed,
              report.lines,
              100 * report.malformedShare(),
              100 * options.maxMalformed(),
              report.malformedSamples.get(0)));
    }
  }

  /** Local files by their plain path, others by URI. */
  public static String displayName(Path p) {
    return "file".equals(p.toUri().getScheme()) ? p.toUri().getPath() : p.toString();
  }
}
