package org.mimesisbench.audit.input;

import java.io.Closeable;
import java.io.IOException;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import org.mimesisbench.audit.line.AuditLineParser;
import org.mimesisbench.audit.line.AuditRecord;
import org.mimesisbench.audit.line.MalformedLineException;
import org.mimesisbench.audit.report.ParseReport;

/**
 * Reads many audit logs (rotated files, several NameNodes' logs) as one stream of records in time
 * order: a k-way merge on each file's next record. Within a file the file's own order is kept.
 * Malformed lines are counted in the report and skipped.
 */
public final class TimeOrderedAuditReader implements Closeable {

  /**
   * Receives each well-formed record, in time order. The record is the sink's to keep: each line
   * gets a new one, young like its field strings, so filling it needs no G1 card marking.
   */
  public interface Sink {
    void accept(AuditRecord record) throws IOException;
  }

  private static final class Cursor {
    final AuditLogSource source;
    final ParseReport.Source stats;
    final AuditLineParser parser;
    AuditRecord record = new AuditRecord();
    final int order;

    Cursor(AuditLogSource source, ParseReport.Source stats, ZoneId zone, int order) {
      this.source = source;
      this.stats = stats;
      this.parser = new AuditLineParser(zone);
      this.order = order;
    }
  }

  private final List<AuditLogSource> sources;
  private final ZoneId zone;
  private final ParseReport report;
  private final int firstIndex;
  // lines per cmd, added to the report at the end in first-seen order: no boxed Long per line
  private final Map<String, long[]> cmdCounts = new LinkedHashMap<>();

  public TimeOrderedAuditReader(List<AuditLogSource> sources, ZoneId zone, ParseReport report) {
    this(sources, zone, report, 0);
  }

  /** Reads a share of a parse's inputs: {@code sources} are inputs number firstIndex, ... */
  public TimeOrderedAuditReader(
      List<AuditLogSource> sources, ZoneId zone, ParseReport report, int firstIndex) {
    this.sources = sources;
    this.zone = zone;
    this.report = report;
    this.firstIndex = firstIndex;
  }

  public void readAll(Sink sink) throws IOException {
    PriorityQueue<Cursor> queue =
        new PriorityQueue<>(
            Math.max(1, sources.size()),
            (a, b) -> {
              int byTime = Long.compare(a.record.time, b.record.time);
              return byTime != 0 ? byTime : Integer.compare(a.order, b.order);
            });
    for (int i = 0; i < sources.size(); i++) {
      ParseReport.Source stats = new ParseReport.Source(sources.get(i).name());
      report.sources.add(stats);
      Cursor c = new Cursor(sources.get(i), stats, zone, firstIndex + i);
      if (advance(c)) {
        queue.add(c);
      }
    }
    try {
      while (!queue.isEmpty()) {
        Cursor c = queue.poll();
        report.events++;
        sink.accept(c.record);
        c.record = new AuditRecord(); // the sink keeps the old one
        if (advance(c)) {
          queue.add(c);
        }
      }
    } finally {
      cmdCounts.forEach((cmd, n) -> report.byCmd.merge(cmd, n[0], Long::sum));
      cmdCounts.clear();
    }
  }

  /** Moves the cursor to its next well-formed record; false at the end of its file. */
  private boolean advance(Cursor c) {
    AuditLogSource s = c.source;
    while (s.next()) {
      report.lines++;
      c.stats.lines++;
      if (s.lineTooLong()) {
        report.malformed(c.stats, s.lineNumber(), "line longer than the maximum line length");
        continue;
      }
      try {
        byte[] ascii = s.asciiBytes();
        if (ascii != null) { // nearly every line: read from the bytes, no String of the line
          c.parser.parseAscii(ascii, s.lineStart(), s.lineStart() + s.lineLength(), c.record);
        } else {
          c.parser.parse(s.line(), null, 0, c.record);
        }
        c.record.source = c.order;
        c.record.line = s.lineNumber();
        long[] n = cmdCounts.get(c.record.cmd);
        if (n == null) {
          n = new long[1];
          cmdCounts.put(c.record.cmd, n);
        }
        n[0]++;
        if (!c.record.allowed) {
          report.allowedFalse++;
        }
        return true;
      } catch (MalformedLineException e) {
        report.malformed(c.stats, s.lineNumber(), e.getMessage());
      }
    }
    if (s.error() != null) {
      c.stats.error = s.error();
      report.lines++;
      c.stats.lines++;
      report.malformed(c.stats, s.lineNumber() + 1, s.error());
    }
    return false;
  }

  @Override
  public void close() throws IOException {
    for (AuditLogSource s : sources) {
      s.close();
    }
  }
}
