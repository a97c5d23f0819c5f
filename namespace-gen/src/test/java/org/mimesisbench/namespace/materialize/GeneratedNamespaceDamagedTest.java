package org.mimesisbench.namespace.materialize;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.avro.file.CodecFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.namespace.generate.GeneratedNamespaceReader;
import org.mimesisbench.namespace.output.NamespaceAvroWriter;

/** A namespace.avro cut short is refused, naming it, rather than read as a smaller namespace. */
class GeneratedNamespaceDamagedTest {
  @TempDir Path tmp;

  @Test
  void aNamespaceCutInsideABlock() throws IOException {
    Path avro = tmp.resolve("namespace.avro");
    try (OutputStream o = Files.newOutputStream(avro);
        NamespaceAvroWriter w = new NamespaceAvroWriter(o, CodecFactory.nullCodec())) {
      MaterializePlanTest.yahoo(8_000, 40_000).walk(w);
    }
    try (FileChannel c = FileChannel.open(avro, StandardOpenOption.WRITE)) {
      c.truncate(c.size() * 6 / 10);
    }
    BadInputException e =
        assertThrows(BadInputException.class, () -> GeneratedNamespaceReader.read(avro));
    assertTrue(e.getMessage().startsWith(avro + ": truncated: the block at byte "), e.getMessage());
  }
}
