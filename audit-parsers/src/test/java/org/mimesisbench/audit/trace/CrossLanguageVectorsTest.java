package org.mimesisbench.audit.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.audit.TraceParse;
import org.mimesisbench.audit.testing.Traces;
import org.mimesisbench.trace.AuditEvent;
import org.mimesisbench.trace.ClusterEvent;
import org.mimesisbench.trace.DirectoryTimeline;
import org.mimesisbench.trace.FileTimeline;
import org.mimesisbench.trace.NamespaceEntry;
import org.mimesisbench.trace.TraceManifests;

/**
 * The Java half of the cross-language test vectors: {@code profiles/vectors/trace/} holds a trace
 * written by this parser from {@code profiles/vectors/input/}, and an expected.json of every
 * record, which modeler-py's test_java_vectors.py checks field by field. Here the committed vectors
 * are checked against a fresh parse; {@code -Dmimesis.vectors.write=true} rewrites them.
 */
class CrossLanguageVectorsTest {
  @TempDir Path dir;

  @Test
  void committedVectorsMatchAFreshParse() throws Exception {
    Path vectors = Traces.repo().resolve("profiles/vectors");
    Path fresh = dir.resolve("trace");
    Traces.parse(fresh, vectors.resolve("input/fsimage.xml"), vectors.resolve("input/audit.log"));
    Map<String, Object> expected = expected(fresh);
    Path committed = vectors.resolve("trace");
    if (Boolean.getBoolean("mimesis.vectors.write")) {
      Files.createDirectories(committed);
      for (String f :
          List.of(
              TraceParse.EVENTS,
              TraceParse.FILES,
              TraceParse.DIRS,
              TraceParse.CLUSTER,
              TraceParse.NAMESPACE,
              TraceManifests.FILE)) { // the manifest lists the files' new sizes
        Files.copy(fresh.resolve(f), committed.resolve(f), StandardCopyOption.REPLACE_EXISTING);
      }
      new ObjectMapper()
          .enable(SerializationFeature.INDENT_OUTPUT)
          .writeValue(committed.resolve("expected.json").toFile(), expected);
    }
    assertEquals(expected, expected(committed), "committed vectors differ from a fresh parse");
    assertEquals(
        new ObjectMapper()
            .readValue(committed.resolve("expected.json").toFile(), Map.class)
            .toString(),
        new ObjectMapper().convertValue(expected, Map.class).toString());
  }

  /** expected.json format 2 (modeler-py/tests/test_java_vectors.py): every record, every field. */
  private static Map<String, Object> expected(Path trace) throws Exception {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("format", 2);
    m.put(
        "comment", "written by audit-parsers CrossLanguageVectorsTest from profiles/vectors/input");
    m.put("events", records(Traces.read(trace.resolve(TraceParse.EVENTS), AuditEvent.class)));
    m.put("files", records(Traces.read(trace.resolve(TraceParse.FILES), FileTimeline.class)));
    m.put(
        "directories",
        records(Traces.read(trace.resolve(TraceParse.DIRS), DirectoryTimeline.class)));
    m.put("cluster", records(Traces.read(trace.resolve(TraceParse.CLUSTER), ClusterEvent.class)));
    m.put(
        "namespace",
        records(Traces.read(trace.resolve(TraceParse.NAMESPACE), NamespaceEntry.class)));
    return m;
  }

  private static List<Map<String, Object>> records(List<? extends SpecificRecord> records) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (SpecificRecord r : records) {
      Map<String, Object> fields = new LinkedHashMap<>();
      for (Schema.Field f : r.getSchema().getFields()) {
        fields.put(f.name(), r.get(f.pos()));
      }
      out.add(fields);
    }
    return out;
  }
}
