package org.mimesisbench.namespace.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A flat namespace: every file in the root, the types one after another, named by place. */
class FlatNamespaceTest {
  @Test
  void everyFileIsInTheRootTypeByType() throws IOException {
    GeneratedNamespace ns = GeneratedNamespace.flat(new long[] {2, 0, 3});
    assertEquals(0, ns.directories());
    assertEquals(5, ns.files());
    assertEquals(5, ns.filesIn(0));
    assertEquals(0, ns.subdirectories(0));
    List<String> seen = new ArrayList<>();
    ns.walk(
        new NamespaceVisitor() {
          @Override
          public void directory(byte[] path, int length, int depth) {
            seen.add(new String(path, 0, length, StandardCharsets.US_ASCII) + " " + depth);
          }

          @Override
          public void file(byte[] path, int length, int depth, int fileType) {
            seen.add(new String(path, 0, length, StandardCharsets.US_ASCII) + " " + fileType);
          }
        });
    assertEquals(List.of("/ 0", "/f0.t0 0", "/f1.t0 0", "/f2.t2 2", "/f3.t2 2", "/f4.t2 2"), seen);
    assertArrayEquals(new long[] {2, 0, 3}, ns.filesByType());
  }
}
