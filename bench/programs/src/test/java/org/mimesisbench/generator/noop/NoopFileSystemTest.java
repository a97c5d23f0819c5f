package org.mimesisbench.generator.noop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.mimesisbench.generator.issue.NamespaceClient;
import org.mimesisbench.generator.op.Op;
import org.mimesisbench.generator.schedule.Event;

class NoopFileSystemTest {
  private static final URI NOOP = URI.create("noop:///");

  @Test
  void foundByItsSchemeThroughTheServiceFile() throws Exception {
    try (FileSystem fs = FileSystem.newInstance(NOOP, new Configuration())) {
      assertInstanceOf(NoopFileSystem.class, fs);
      assertEquals(NOOP, fs.getUri());
    }
  }

  @Test
  void namedByFsNoopImpl() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set("fs.noop.impl", NoopFileSystem.class.getName());
    try (FileSystem fs = FileSystem.newInstance(NOOP, conf)) {
      assertInstanceOf(NoopFileSystem.class, fs);
    }
  }

  @Test
  void callsSucceedAndLeaveNothing() throws Exception {
    try (FileSystem fs = FileSystem.newInstance(NOOP, new Configuration())) {
      Path file = new Path("noop:/bench/d/f1");
      try (FSDataOutputStream out = fs.create(file, false)) {
        out.write(new byte[4096]);
      }
      try (FSDataInputStream in = fs.open(file)) {
        assertEquals(-1, in.read());
        assertEquals(-1, in.read(new byte[8], 0, 8));
      }
      FileStatus st = fs.getFileStatus(file);
      assertTrue(st.isFile());
      assertEquals(0, st.getLen());
      assertEquals(file, st.getPath());
      assertTrue(fs.getFileStatus(new Path("noop:///")).isDirectory());
      assertEquals(1, fs.listStatus(file).length);
      assertTrue(fs.mkdirs(new Path("noop:/bench/e")));
      assertTrue(fs.rename(file, new Path("noop:/bench/d/f2")));
      assertTrue(fs.delete(file, false));
      assertTrue(fs.exists(file)); // nothing is ever removed: every path is a file
    }
  }

  @Test
  void takesEveryOpOfTheNamespaceClientThatAnyFileSystemHas() throws Exception {
    try (FileSystem fs = FileSystem.newInstance(NOOP, new Configuration())) {
      NamespaceClient client = new NamespaceClient(fs, new Path("noop:///bench"));
      // every run's ops (the generator's own cost is measured on them); HDFS's own commands need
      // HDFS
      for (Op op : Op.BASE) {
        client.issue(new Event(0, op, "/d0/f1.t0", op == Op.RENAME ? "/d0/f2.t0" : null));
      }
    }
  }
}
