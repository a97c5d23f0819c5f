package org.mimesisbench.generator;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.mimesisbench.audit.ParseOptions;
import org.mimesisbench.audit.TraceParse;
import org.mimesisbench.audit.input.AuditLogFiles;
import org.mimesisbench.audit.report.ParseReport;
import org.mimesisbench.audit.trace.AvroFiles;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.folders.ResultsFolder;
import org.mimesisbench.run.RunOptions;

/**
 * A run's own trace: its NameNode's audit log (the embedded one's, or a cluster's named by {@code
 * --capture-audit}) parsed by the project's parser into the results' {@code trace/}, for {@code
 * fidelity}.
 */
final class AuditCapture {
  /** The audit log of an embedded run, in the results folder. */
  static final String AUDIT_LOG = ResultsFolder.AUDIT_LOG;

  /** The run's own trace: its NameNode audit log parsed by the project's parser. */
  static final String TRACE = "trace";

  private AuditCapture() {}

  /**
   * The --capture-audit files, checked before anything is created; local paths unless a URI is
   * given.
   */
  static List<String> givenLogs(
      String command, RunOptions options, boolean embedded, Configuration conf) throws IOException {
    List<String> logs = new ArrayList<>();
    for (CharSequence given : options.getCaptureAudit()) {
      // Hadoop's own path parsing: globs ({a,b}, *) survive it, as the parser's expansion needs
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(given.toString());
      logs.add(
          (p.toUri().getScheme() != null ? p : FileSystem.getLocal(conf).makeQualified(p))
              .toString());
    }
    if (embedded && !logs.isEmpty()) {
      throw new BadInputException(
          command
              + ": --capture-audit is for runs on a cluster; an embedded run captures its own log");
    }
    if (!logs.isEmpty()) {
      try {
        AuditLogFiles.expand(logs, conf);
      } catch (BadInputException e) {
        throw new BadInputException(
            command + ": " + e.getMessage().replace("--audit", "--capture-audit"));
      }
    }
    return logs;
  }

  /**
   * Parses {@code logs} into {@code traceDir} (events, files, report), saying so as {@code
   * shownAs}.
   */
  static void parse(
      List<String> logs, Path traceDir, Path shownAs, Configuration conf, PrintStream out)
      throws IOException {
    if (logs.isEmpty()) {
      return;
    }
    // the embedded NameNode's log4j writes local time; a cluster's NameNode is assumed to share our
    // zone
    ParseOptions parse =
        new ParseOptions(
            logs,
            null,
            traceDir,
            ZoneId.systemDefault(),
            ParseOptions.MAX_MALFORMED_DEFAULT,
            AvroFiles.CODEC_DEFAULT,
            ParseOptions.MAX_LINE_BYTES_DEFAULT);
    ParseReport report = new TraceParse(parse, conf, null).run();
    out.printf("captured the NameNode's audit log: %,d events in %s%n", report.events, shownAs);
  }
}
