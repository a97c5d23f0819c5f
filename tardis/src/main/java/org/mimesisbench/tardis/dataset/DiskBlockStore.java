package org.mimesisbench.tardis.dataset;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.mimesisbench.tardis.codec.ChunkCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finalized blocks as one file each, {@code
 * <volume>/current/<bpid>/tardis/blk_<id>_<genstamp>.tardis}, written under a temporary name and
 * renamed, so a file is whole or absent. One flat folder per block pool: a folder costs a
 * file-system block, more than a Tardis block file.
 */
final class DiskBlockStore implements BlockStore {
  private static final Logger LOG = LoggerFactory.getLogger(DiskBlockStore.class);
  private static final Pattern NAME = Pattern.compile("blk_(-?\\d+)_(\\d+)\\.tardis");
  static final String FOLDER = "tardis";

  private final Path volumeRoot;
  private final Function<String, ChunkCodec> codecs;
  private final AtomicLong stored = new AtomicLong();

  DiskBlockStore(Path volumeRoot, Function<String, ChunkCodec> codecs) {
    this.volumeRoot = volumeRoot;
    this.codecs = codecs;
  }

  Path folder(String bpid) {
    return volumeRoot.resolve("current").resolve(bpid).resolve(FOLDER);
  }

  Path file(String bpid, long blockId, long genStamp) {
    return folder(bpid).resolve("blk_" + blockId + "_" + genStamp + ".tardis");
  }

  @Override
  public StoredBlock save(String bpid, long blockId, long genStamp, StoredBlock block)
      throws IOException {
    Path target = file(bpid, blockId, genStamp);
    Files.createDirectories(target.getParent());
    Path tmp = target.resolveSibling("." + target.getFileName() + ".tmp");
    byte[] bytes = block.bytes();
    Files.write(tmp, bytes);
    move(tmp, target);
    stored.addAndGet(bytes.length);
    return block.movedTo(ChunkSource.of(target));
  }

  @Override
  public StoredBlock changeGenStamp(
      String bpid, long blockId, long oldGenStamp, long newGenStamp, StoredBlock block)
      throws IOException {
    Path target = file(bpid, blockId, newGenStamp);
    move(file(bpid, blockId, oldGenStamp), target);
    return block.movedTo(ChunkSource.of(target));
  }

  @Override
  public void delete(String bpid, long blockId, long genStamp, StoredBlock block)
      throws IOException {
    Path f = file(bpid, blockId, genStamp);
    long size = Files.exists(f) ? Files.size(f) : 0;
    if (Files.deleteIfExists(f)) {
      stored.addAndGet(-size);
    }
  }

  @Override
  public List<Loaded> load(String bpid) throws IOException {
    Path folder = folder(bpid);
    List<Loaded> found = new ArrayList<>();
    if (!Files.isDirectory(folder)) {
      return found;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
      for (Path f : files) {
        String name = f.getFileName().toString();
        if (name.startsWith(".") && name.endsWith(".tmp")) {
          Files.deleteIfExists(f); // a save the last run did not finish
          continue;
        }
        Matcher m = NAME.matcher(name);
        if (!m.matches()) {
          continue;
        }
        try {
          StoredBlock block = StoredBlock.read(ChunkSource.of(f), codecs);
          found.add(new Loaded(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), block));
          stored.addAndGet(Files.size(f));
        } catch (IOException e) {
          // not reported: the NameNode counts the replica missing and copies it from another
          LOG.warn("Skipping unreadable block file {}: {}", f, e.getMessage());
        }
      }
    }
    return found;
  }

  @Override
  public long storedBytes() {
    return stored.get();
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
