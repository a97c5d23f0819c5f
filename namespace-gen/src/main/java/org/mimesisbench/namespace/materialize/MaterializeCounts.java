package org.mimesisbench.namespace.materialize;

/** What a materialization did: entries it created, entries it found already there (a rerun). */
public final class MaterializeCounts {
  long directoriesCreated;
  long directoriesPresent;
  long filesCreated;
  long filesPresent;

  public long directoriesCreated() {
    return directoriesCreated;
  }

  public long directoriesPresent() {
    return directoriesPresent;
  }

  public long filesCreated() {
    return filesCreated;
  }

  public long filesPresent() {
    return filesPresent;
  }

  public long created() {
    return directoriesCreated + filesCreated;
  }

  public long present() {
    return directoriesPresent + filesPresent;
  }

  /** Adds another share's counts to these. */
  public synchronized void add(MaterializeCounts o) {
    directoriesCreated += o.directoriesCreated;
    directoriesPresent += o.directoriesPresent;
    filesCreated += o.filesCreated;
    filesPresent += o.filesPresent;
  }

  @Override
  public String toString() {
    return String.format(
        "directories %,d created, %,d already present; files %,d created, %,d already present",
        directoriesCreated, directoriesPresent, filesCreated, filesPresent);
  }
}
