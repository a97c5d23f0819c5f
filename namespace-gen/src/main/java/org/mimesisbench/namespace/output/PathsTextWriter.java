package org.mimesisbench.namespace.output;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import org.mimesisbench.namespace.generate.NamespaceVisitor;

/**
 * {@code paths.txt}: one path a line, parents first; a directory's path ends with '/' (the root is
 * "/").
 */
public final class PathsTextWriter implements NamespaceVisitor, Closeable {
  private final OutputStream out;

  public PathsTextWriter(OutputStream out) {
    this.out = new BufferedOutputStream(out, 1 << 20);
  }

  @Override
  public void directory(byte[] path, int length, int depth) throws IOException {
    out.write(path, 0, length);
    if (depth > 0) {
      out.write('/');
    }
    out.write('\n');
  }

  @Override
  public void file(byte[] path, int length, int depth, int type) throws IOException {
    out.write(path, 0, length);
    out.write('\n');
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}
