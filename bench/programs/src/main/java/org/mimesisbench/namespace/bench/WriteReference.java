package org.mimesisbench.namespace.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.avro.file.CodecFactory;
import org.mimesisbench.namespace.output.NamespaceAvroWriter;

/**
 * The reference of bench/namespace_speed.py: writes as many NamespaceEntry records, with paths as
 * long on average, as a generated namespace, with no generation: what writing alone costs.
 *
 * <p>usage: {@code java -cp mimesisbench.jar org.mimesisbench.namespace.bench.WriteReference
 * <entries> <path-bytes> <out.avro>}
 */
public final class WriteReference {
  private WriteReference() {}

  public static void main(String[] args) throws Exception {
    long entries = Long.parseLong(args[0]);
    long pathBytes = Long.parseLong(args[1]);
    int length = (int) Math.max(2, pathBytes / Math.max(1, entries));
    byte[] path = new byte[length];
    for (int i = 0; i < length; i++) {
      path[i] = (byte) (i % 4 == 0 ? '/' : 'a' + i % 26);
    }
    long start = System.nanoTime();
    try (NamespaceAvroWriter w =
        new NamespaceAvroWriter(
            Files.newOutputStream(Path.of(args[2])), CodecFactory.snappyCodec())) {
      for (long n = 0; n < entries; n++) {
        for (int i = length - 1, v = (int) n;
            i > length - 6;
            i--, v /= 36) { // a counter in the last name
          path[i] = (byte) Character.forDigit(v % 36, 36);
        }
        if (n % 8 == 0) {
          w.directory(path, length, 9);
        } else {
          w.file(path, length, 10, 0);
        }
      }
    }
    System.out.printf(
        "wrote %,d entries of %d path bytes in %.2f s%n",
        entries, length, (System.nanoTime() - start) / 1e9);
  }
}
