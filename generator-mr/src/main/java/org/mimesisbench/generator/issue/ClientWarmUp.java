package org.mimesisbench.generator.issue;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.security.AccessControlException;

/**
 * A mapper's clients, warmed before the start barrier: each makes its first calls then, so that no
 * call in the window pays for a client's first use (its connection, its classes) or for the first
 * compiles of the read paths, the client's and, on a NameNode started for the run, the NameNode's.
 * Without it an embedded run at time scale 0.2 opened about 140 connections in its first seconds,
 * and its first second's calls began up to 850 ms late and took 200 ms to the audit log, a hundred
 * times the rest of the run's (bench/notes/model-fidelity.md). The trace's clients and NameNode
 * were running before its window; the run's should be too.
 *
 * <p>The calls read what phase 1 made (the namespace root's first entries and theirs: a stat, a
 * listing of a directory, an open of a file) and a name under the root that nothing makes; they
 * make and delete nothing. They come before time zero, so no run's trace holds them.
 */
public final class ClientWarmUp {
  /** How long a mapper's clients warm up (ms; 0: not at all). */
  public static final String MS = "mimesisbench.warm-up.clients.ms";

  public static final long DEFAULT_MS = 500;

  /** The name the warm-up reads under the namespace root: no run makes it. */
  static final String ABSENT = "mimesisbench-warm-up-absent";

  /** Entries read in turn, at most: the root's first and, for its first directories, theirs. */
  static final int ENTRIES = 256;

  private ClientWarmUp() {}

  /** How long the clients of a run on {@code conf} warm up, ms. */
  public static long millis(Configuration conf) {
    return Math.max(0, conf.getLong(MS, DEFAULT_MS));
  }

  /**
   * Calls through each of {@code clients} in turn for {@code ms} (at least one round), on entries
   * under {@code root} the first client lists; the calls made. A call refused (an entry only its
   * owner may list) is skipped; any other failure (the NameNode is away) ends the warm-up: the
   * run's own calls find that out and count it.
   */
  public static long run(List<FileSystem> clients, Path root, long ms) {
    Set<FileSystem> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
    distinct.addAll(clients);
    Path absent = new Path(root, ABSENT);
    long end = System.nanoTime() + ms * 1_000_000L;
    long calls = 0;
    try {
      List<FileStatus> entries = clients.isEmpty() ? List.of() : entries(clients.get(0), root);
      int next = 0;
      do {
        for (FileSystem fs : distinct) {
          fs.getFileStatus(root);
          fs.exists(absent);
          absent(() -> fs.listStatus(absent));
          calls += 3;
          if (!entries.isEmpty()) {
            calls += read(fs, entries.get(next++ % entries.size()));
          }
        }
      } while (System.nanoTime() < end);
    } catch (IOException e) {
      // the run's calls meet it and count it
    }
    return calls;
  }

  /** The root's first entries and, for each directory among them, its first ones. */
  private static List<FileStatus> entries(FileSystem fs, Path root) throws IOException {
    List<FileStatus> found = new ArrayList<>();
    List<FileStatus> top = first(fs, root, ENTRIES);
    found.addAll(top);
    for (FileStatus s : top) {
      if (found.size() >= ENTRIES) {
        break;
      }
      if (s.isDirectory()) {
        found.addAll(first(fs, s.getPath(), ENTRIES - found.size()));
      }
    }
    return found;
  }

  /** Up to {@code most} entries of {@code dir}: its listing's first page, not all of it. */
  private static List<FileStatus> first(FileSystem fs, Path dir, int most) throws IOException {
    List<FileStatus> first = new ArrayList<>();
    try {
      RemoteIterator<FileStatus> it = fs.listStatusIterator(dir);
      while (first.size() < most && it.hasNext()) {
        first.add(it.next());
      }
    } catch (AccessControlException | FileNotFoundException refused) {
      // not the run's user's to list, or gone: nothing of it to read
    }
    return first;
  }

  /** A stat of {@code entry}, and a listing of it (a directory) or an open (a file): 2 calls. */
  private static int read(FileSystem fs, FileStatus entry) throws IOException {
    try {
      fs.getFileStatus(entry.getPath());
      if (entry.isDirectory()) {
        fs.listStatus(entry.getPath());
      } else {
        fs.open(entry.getPath()).close();
      }
    } catch (AccessControlException | FileNotFoundException refused) {
      // an entry only its owner may read (a denied call's folder), or one gone: skip it
    }
    return 2;
  }

  private interface Call {
    void make() throws IOException;
  }

  private static void absent(Call call) throws IOException {
    try {
      call.make();
    } catch (FileNotFoundException expected) {
      // the name is made by nothing: not found is its answer
    }
  }
}
