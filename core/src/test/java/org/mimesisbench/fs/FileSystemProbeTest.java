package org.mimesisbench.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mimesisbench.errors.BadInputException;

class FileSystemProbeTest {
  @TempDir Path dir;

  private static String refused(String uri, Configuration conf) {
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () ->
                FileSystemProbe.check("run: --base-dir", new org.apache.hadoop.fs.Path(uri), conf));
    assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    return e.getMessage();
  }

  @Test
  void aPortThatAcceptsAndNeverAnswersIsToldWithinTheTimeout() throws Exception {
    Configuration conf = new Configuration();
    conf.setInt(FileSystemProbe.ANSWER_TIMEOUT_KEY, 2_000);
    List<Socket> accepted = new ArrayList<>();
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread acceptor =
          new Thread(
              () -> {
                try {
                  while (true) {
                    accepted.add(silent.accept()); // kept open, never read from or written to
                  }
                } catch (java.io.IOException closed) {
                  // the test is over
                }
              });
      acceptor.setDaemon(true);
      acceptor.start();
      long start = System.nanoTime();
      String m = refused("hdfs://127.0.0.1:" + silent.getLocalPort() + "/bench", conf);
      double seconds = (System.nanoTime() - start) / 1e9;
      assertEquals(
          "run: the NameNode at hdfs://127.0.0.1:"
              + silent.getLocalPort()
              + " does not answer (no reply "
              + "within 2 s; is it hung, or is that port another service's?)",
          m);
      assertTrue(seconds < 15, "told after " + seconds + " s");
    } finally {
      for (Socket s : accepted) {
        s.close();
      }
    }
  }

  @Test
  void aClosedPortCannotBeReached() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    String m = refused("hdfs://127.0.0.1:" + port + "/bench", new Configuration());
    assertTrue(
        m.startsWith("run: cannot reach the file system hdfs://127.0.0.1:" + port + " ("), m);
    assertTrue(
        m.endsWith("(connection refused: is the NameNode running, and is that its RPC port?)"), m);
  }

  @Test
  void aLocalPathAnswers() {
    FileSystemProbe.check(
        "run: --base-dir", new org.apache.hadoop.fs.Path("file://" + dir), new Configuration());
  }
}
