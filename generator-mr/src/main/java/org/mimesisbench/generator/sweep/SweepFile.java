package org.mimesisbench.generator.sweep;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mimesisbench.folders.ResultsFolder;
import org.mimesisbench.generator.results.RunSummary;

/**
 * {@code sweep.json}, the one place its keys are named: every field of {@code
 * profiles/schema/sweep.schema.json}, which documents each. One of profile (a sweep of runs) and
 * replay (of replays) is given.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SweepFile(
    String profile,
    String replay,
    List<Double> timeScales,
    int repeat,
    Long warmUpMs,
    JsonNode options,
    List<Point> points) {
  public static final String NAME = ResultsFolder.SWEEP;
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /**
   * One run of the sweep: its issue rate, and per op issued its count, rate, service and response
   * time.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Point(
      double timeScale,
      int repeat,
      String results,
      boolean valid,
      double opsPerSecond,
      double seconds,
      Map<String, Double> namenode,
      Map<String, PointOp> ops) {
    /**
     * The point of a run at {@code timeScale}, repeat {@code repeat}, in folder {@code results}.
     */
    static Point of(double timeScale, int repeat, String results, RunSummary summary) {
      Map<String, PointOp> ops = new LinkedHashMap<>();
      summary
          .ops()
          .forEach(
              (op, o) -> {
                if (o.count() > 0) {
                  ops.put(
                      op,
                      new PointOp(
                          o.count(), o.opsPerSecond(), o.serviceMicros(), o.responseMicros()));
                }
              });
      // the NameNode's view: each column's mean over phase 2
      Map<String, Double> namenode = summary.namenode() == null ? null : summary.namenode().mean();
      return new Point(
          timeScale,
          repeat,
          results,
          summary.valid(),
          summary.overall().opsPerSecond(),
          summary.overall().seconds(),
          namenode,
          ops);
    }
  }

  /** One op at one point. */
  public record PointOp(
      long count,
      double opsPerSecond,
      RunSummary.Percentiles serviceMicros,
      RunSummary.Percentiles responseMicros) {}

  public void write(Path file) throws IOException {
    JSON.writeValue(file.toFile(), this);
  }

  /** The sweep.json in {@code dir}. */
  public static SweepFile read(Path dir) throws IOException {
    return JSON.readValue(dir.resolve(NAME).toFile(), SweepFile.class);
  }
}
