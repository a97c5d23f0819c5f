package org.mimesisbench.namespace.materialize;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.file.CodecFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.namespace.generate.GeneratedNamespace;
import org.mimesisbench.namespace.generate.GeneratedNamespaceReader;
import org.mimesisbench.namespace.output.NamespaceAvroWriter;

/** A written namespace reads back as the same tree: same entries in the same order, same shape. */
class GeneratedNamespaceReaderTest {
  @TempDir Path tmp;

  @Test
  void roundTrip() throws IOException {
    GeneratedNamespace ns = MaterializePlanTest.yahoo(8_000, 40_000);
    Path avro = tmp.resolve("namespace.avro");
    try (OutputStream o = Files.newOutputStream(avro);
        NamespaceAvroWriter w = new NamespaceAvroWriter(o, CodecFactory.nullCodec())) {
      ns.walk(w);
    }
    GeneratedNamespace back = GeneratedNamespaceReader.read(avro);
    List<String> a = new ArrayList<>();
    List<String> b = new ArrayList<>();
    ns.walk(MaterializePlanTest.collect(a));
    back.walk(MaterializePlanTest.collect(b));
    assertEquals(a, b);
    assertEquals(ns.directories(), back.directories());
    assertEquals(ns.files(), back.files());
    assertEquals(ns.maxDepth(), back.maxDepth());
    for (int d = 0; d <= ns.directories(); d += 97) {
      assertEquals(ns.path(d), back.path(d));
      assertEquals(ns.subdirectories(d), back.subdirectories(d));
      for (int f = 0; f < ns.filesIn(d); f++) {
        assertEquals(ns.fileType(d, f), back.fileType(d, f));
      }
    }
  }
}
