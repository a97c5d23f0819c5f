package org.mimesisbench.audit;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import org.mimesisbench.audit.trace.AvroFiles;

/**
 * What one parse reads and where it writes; defaults are here and only here. {@code fsimage} is the
 * namespace at the trace's start, {@code fsimageEnd} at its end (either may be null).
 */
public record ParseOptions(
    List<String> audit,
    Path fsimage,
    Path fsimageEnd,
    Path out,
    ZoneId zone,
    double maxMalformed,
    String codec,
    int maxLineBytes) {

  public static final String ZONE_DEFAULT = "UTC";

  /** Share of malformed lines above which the parse stops: 1 %. */
  public static final double MAX_MALFORMED_DEFAULT = 0.01;

  /** Lines longer than this are counted as malformed, never held: 256 KiB. */
  public static final int MAX_LINE_BYTES_DEFAULT = 256 * 1024;

  /** A parse without an fsimage at the trace's end. */
  public ParseOptions(
      List<String> audit,
      Path fsimage,
      Path out,
      ZoneId zone,
      double maxMalformed,
      String codec,
      int maxLineBytes) {
    this(audit, fsimage, null, out, zone, maxMalformed, codec, maxLineBytes);
  }

  public static ParseOptions of(List<String> audit, Path fsimage, Path out) {
    return new ParseOptions(
        audit,
        fsimage,
        out,
        ZoneId.of(ZONE_DEFAULT),
        MAX_MALFORMED_DEFAULT,
        AvroFiles.CODEC_DEFAULT,
        MAX_LINE_BYTES_DEFAULT);
  }
}
