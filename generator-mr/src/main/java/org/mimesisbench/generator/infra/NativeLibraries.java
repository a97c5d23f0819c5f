package org.mimesisbench.generator.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.avro.file.CodecFactory;

/**
 * The native library the jar carries (snappy-java's, loaded by Avro's codec list) is unpacked to a
 * file before it loads, by default in java.io.tmpdir and deleted at a normal exit only: a killed
 * JVM left it there. Here it is unpacked to a folder of our own that is deleted as soon as the
 * library is loaded (a loaded library needs no file), so no run, however it ends, leaves one.
 */
public final class NativeLibraries {
  /** Where snappy-java unpacks its library; read once, when it first loads. */
  static final String SNAPPY_TEMPDIR = "org.xerial.snappy.tempdir";

  private static boolean loaded;

  private NativeLibraries() {}

  /**
   * Loads them now, before anything reads an Avro file; a user's own -Dorg.xerial.snappy.tempdir
   * stands.
   */
  public static synchronized void load() {
    if (loaded) {
      return;
    }
    loaded = true;
    if (System.getProperty(SNAPPY_TEMPDIR) != null) {
      CodecFactory.nullCodec(); // the codec list probes snappy as it loads
      return;
    }
    try {
      Path dir = Files.createTempDirectory("mimesisbench-native");
      System.setProperty(SNAPPY_TEMPDIR, dir.toString());
      try {
        CodecFactory.nullCodec();
      } finally {
        System.clearProperty(SNAPPY_TEMPDIR);
        WorkFolder.deleteTree(dir);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot unpack the native libraries in the temporary directory", e);
    }
  }
}
