package org.mimesisbench.audit.report;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a parse read and made: written as {@code parse-report.json}. Counts are exact; {@code
 * by_cmd} counts every well-formed line by its cmd exactly as written, allowed or not.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class ParseReport {
  /** How many malformed lines are quoted by place. */
  public static final int MAX_SAMPLES = 20;

  @JsonProperty("lines")
  public long lines;

  @JsonProperty("events")
  public long events;

  @JsonProperty("malformed")
  public long malformed;

  @JsonProperty("allowed_false")
  public long allowedFalse;

  @JsonProperty("by_cmd")
  public final Map<String, Long> byCmd = new HashMap<>();

  @JsonProperty("malformed_reasons")
  public final Map<String, Long> malformedReasons = new TreeMap<>();

  @JsonProperty("malformed_samples")
  public final List<String> malformedSamples = new ArrayList<>();

  @JsonProperty("sources")
  public final List<Source> sources = new ArrayList<>();

  @JsonProperty("time_zone")
  public String timeZone;

  @JsonProperty("first_event")
  public String firstEvent;

  @JsonProperty("last_event")
  public String lastEvent;

  @JsonProperty("files")
  public final Map<String, Long> files = new LinkedHashMap<>();

  @JsonProperty("directories")
  public final Map<String, Long> directories = new LinkedHashMap<>();

  /**
   * Events by what their path named then (file, directory, missing, unknown, cluster), then by
   * command.
   */
  @JsonProperty("by_target")
  public final Map<String, Map<String, Long>> byTarget = new LinkedHashMap<>();

  /** Events by effective user (AuditEvent.user), allowed or not. */
  @JsonProperty("by_user")
  public final Map<String, Long> byUser = new TreeMap<>();

  /**
   * Events on paths that named nothing (missing, unknown), by command then effective user: who
   * issues the calls a profile streams on paths nothing makes.
   */
  @JsonProperty("missing_by_user")
  public final Map<String, Map<String, Long>> missingByUser = new TreeMap<>();

  @JsonProperty("namespace")
  public Map<String, Object> namespace;

  /** The namespace at the trace's end (--fsimage-end): fsimage, directories, files. */
  @JsonProperty("namespace_end")
  public Map<String, Object> namespaceEnd;

  /** One input file. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public static final class Source {
    @JsonProperty("file")
    public final String file;

    @JsonProperty("lines")
    public long lines;

    @JsonProperty("malformed")
    public long malformed;

    @JsonProperty("error")
    public String error;

    /** This file's first malformed lines; the report quotes the first of all, in input order. */
    @JsonIgnore final List<String> samples = new ArrayList<>();

    @JsonCreator
    public Source(@JsonProperty("file") String file) {
      this.file = file;
    }
  }

  public void malformed(Source source, long line, String reason) {
    malformed++;
    source.malformed++;
    malformedReasons.merge(reason, 1L, Long::sum);
    if (source.samples.size() < MAX_SAMPLES) {
      source.samples.add(source.file + ":" + line + ": " + reason);
    }
  }

  /**
   * Quotes the first malformed lines in input order (file by file), whatever order they were read
   * in.
   */
  public void collectSamples() {
    malformedSamples.clear();
    for (Source s : sources) {
      for (String sample : s.samples) {
        if (malformedSamples.size() < MAX_SAMPLES) {
          malformedSamples.add(sample);
        }
      }
    }
  }

  public double malformedShare() {
    return lines == 0 ? 0 : (double) malformed / lines;
  }

  @JsonProperty("malformed_share")
  double malformedShareForJson() {
    return malformedShare();
  }

  public void eventTimes(long first, long last) {
    firstEvent = Instant.ofEpochMilli(first).toString();
    lastEvent = Instant.ofEpochMilli(last).toString();
  }

  public void write(Path to) throws IOException {
    try (java.io.OutputStream out = java.nio.file.Files.newOutputStream(to)) {
      write(out);
    }
  }

  public void write(java.io.OutputStream out) throws IOException {
    new ObjectMapper()
        .enable(SerializationFeature.INDENT_OUTPUT)
        .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
        .writeValue(out, this);
  }
}
