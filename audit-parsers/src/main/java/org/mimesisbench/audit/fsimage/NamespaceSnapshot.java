package org.mimesisbench.audit.fsimage;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumReader;
import org.mimesisbench.audit.trace.AvroFiles;
import org.mimesisbench.audit.trace.SnapshotIndex;
import org.mimesisbench.cli.ProgressLine;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.fs.TracePaths;
import org.mimesisbench.trace.NamespaceEntry;

/**
 * The namespace at trace start: an fsimage written out as namespace.avro, and read back; and the
 * one at its end, written out as namespace-end.avro.
 */
public final class NamespaceSnapshot {
  private final SnapshotIndex index;
  private final Map<String, Object> summary;

  private NamespaceSnapshot(SnapshotIndex index, Map<String, Object> summary) {
    this.index = index;
    this.summary = summary;
  }

  /** Reads {@code image} (any form) into {@code namespaceAvro}, indexing its paths. */
  public static NamespaceSnapshot convert(
      Path image, ZoneId zone, String codec, Path namespaceAvro, PrintStream progress)
      throws IOException {
    SnapshotIndex.Builder index = new SnapshotIndex.Builder();
    Map<String, Object> summary =
        write(image, "--fsimage", zone, codec, namespaceAvro, progress, index);
    return new NamespaceSnapshot(index.build(), summary);
  }

  /**
   * Reads the fsimage at the trace's end ({@code --fsimage-end}) into {@code namespaceAvro}, under
   * the same confinement rule; nothing is indexed, since the audit lines are followed from the
   * start image.
   *
   * @return fsimage, directories, files: for the parse report
   */
  public static Map<String, Object> convertEnd(
      Path image, ZoneId zone, String codec, Path namespaceAvro, PrintStream progress)
      throws IOException {
    return write(image, "--fsimage-end", zone, codec, namespaceAvro, progress, null);
  }

  private static Map<String, Object> write(
      Path image,
      String option,
      ZoneId zone,
      String codec,
      Path namespaceAvro,
      PrintStream progress,
      SnapshotIndex.Builder index)
      throws IOException {
    ProgressLine line = new ProgressLine(progress, option.substring(2), "inodes");
    long[] counts = new long[2];
    try (DataFileWriter<NamespaceEntry> out =
        AvroFiles.create(NamespaceEntry.getClassSchema(), namespaceAvro, codec)) {
      FsImageReader.forFile(image, zone, option)
          .read(
              image,
              entry -> {
                refuseUnconfined(option, image, entry.getPath());
                out.append(entry);
                if (index != null) {
                  index.add(entry.getPath(), entry.getIsDir());
                }
                counts[entry.getIsDir() ? 0 : 1]++;
                line.tick(counts[0] + counts[1]);
              });
    }
    line.done(counts[0] + counts[1]);
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("fsimage", image.toString());
    summary.put("directories", counts[0]);
    summary.put("files", counts[1]);
    return summary;
  }

  /**
   * A NameNode never stores an empty, '.' or '..' name, nor one with '/' or ':': such a path is a
   * crafted or corrupt image, refused whole rather than replayed in part.
   */
  private static void refuseUnconfined(String option, Path image, String path) {
    String why = TracePaths.whyNotConfined(path);
    if (why != null) {
      throw new BadInputException(
          option
              + " "
              + image
              + ": inode "
              + path
              + " is not a path a NameNode makes ("
              + why
              + "); refusing the image");
    }
  }

  /** The index of a namespace.avro written by {@link #convert}. */
  public static SnapshotIndex index(InputStream namespaceAvro) throws IOException {
    SnapshotIndex.Builder index = new SnapshotIndex.Builder();
    try (DataFileStream<NamespaceEntry> in =
        new DataFileStream<>(namespaceAvro, new SpecificDatumReader<>(NamespaceEntry.class))) {
      NamespaceEntry e = null;
      while (in.hasNext()) {
        e = in.next(e);
        index.add(e.getPath(), e.getIsDir());
      }
    }
    return index.build();
  }

  public SnapshotIndex index() {
    return index;
  }

  /** fsimage, directories, files: for the parse report. */
  public Map<String, Object> summary() {
    return summary;
  }
}
