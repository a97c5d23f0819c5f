package org.mimesisbench.generator.layout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.mimesisbench.generator.model.FileTypeModel;
import org.mimesisbench.generator.model.WorkloadModel;
import org.mimesisbench.namespace.generate.GeneratedNamespace;
import org.mimesisbench.namespace.generate.NamespaceGenerator;
import org.mimesisbench.namespace.generate.NamespaceVisitor;
import org.mimesisbench.namespace.materialize.BasePath;
import org.mimesisbench.namespace.materialize.FileMaker;
import org.mimesisbench.namespace.materialize.MaterializePlan;
import org.mimesisbench.namespace.materialize.NamespaceMaterializer;
import org.mimesisbench.namespace.stats.DiscreteDistribution;
import org.mimesisbench.namespace.stats.FileTypeShare;
import org.mimesisbench.namespace.stats.NamespaceStats;

/**
 * The profile's directory hierarchy (namespace-gen) holding every type's pre-existing files, the
 * types placed by their depth distributions; dormant files are a type of their own, numbered after
 * the profile's. A new file of a type goes to a directory drawn at its type's depth, below the
 * hierarchy's deepest directories when its type goes deeper.
 */
public final class HierarchyLayout implements NamespaceLayout {
  /** Subdirectories per level below the hierarchy's deepest, where only created files go. */
  private static final int DEEPER_FANOUT = 2;

  private final GeneratedNamespace ns;
  private final int[] depthFirst; // number of the first directory at each depth
  private final DiscreteDistribution[] depthOf; // by type: depth of its files
  private final String rootName;
  private long[] filesByType; // pre-existing files by type, counted on first use

  private HierarchyLayout(GeneratedNamespace ns, DiscreteDistribution[] depthOf, String rootName) {
    this.ns = ns;
    this.depthOf = depthOf;
    this.rootName = rootName;
    depthFirst = new int[ns.maxDepth() + 2];
    for (int d = 0; d <= ns.maxDepth(); d++) {
      depthFirst[d + 1] = depthFirst[d] + ns.directoriesAt(d);
    }
  }

  /**
   * The hierarchy of {@code stats} (a profile's namespace statistics) with {@code directories}
   * directories and {@code model}'s pre-existing files, generated with {@code seed}.
   */
  public static HierarchyLayout of(
      WorkloadModel model, NamespaceStats stats, long directories, long seed) {
    int types = model.allTypes().size();
    List<FileTypeShare> shares = new ArrayList<>();
    DiscreteDistribution[] depthOf = new DiscreteDistribution[types + 1];
    long total = model.preExistingFiles();
    for (int j = 0; j <= types; j++) {
      DiscreteDistribution depth =
          j < types ? stats.fileTypes().get(j).depth() : stats.filesAtDepth();
      long files = j < types ? model.allTypes().get(j).preExisting() : model.dormantFiles();
      depthOf[j] = depth;
      shares.add(new FileTypeShare(j, total == 0 ? 0 : (double) files / total, depth));
    }
    NamespaceStats layoutStats =
        new NamespaceStats(
            stats.source(),
            stats.directories(),
            stats.files(),
            stats.dirsAtDepth(),
            stats.subdirsPerDir(),
            stats.filesAtDepth(),
            stats.filesPerDir(),
            shares);
    GeneratedNamespace ns = NamespaceGenerator.generate(layoutStats, directories, total, seed);
    return new HierarchyLayout(ns, depthOf, "ns-" + fingerprint(stats, model, directories, seed));
  }

  /** Names the hierarchy by what it is made from, so a rerun with the same inputs reuses it. */
  private static String fingerprint(
      NamespaceStats stats, WorkloadModel model, long directories, long seed) {
    // "world-writable": made with umask 000 (README: Users); "owners": directory types'
    // pre-existing directories are their owners' (NamespaceMapper). A namespace made before either
    // is not reused.
    StringBuilder b =
        new StringBuilder("world-writable/owners/")
            .append(directories)
            .append('/')
            .append(seed)
            .append('/')
            .append(model.dormantFiles());
    for (FileTypeModel t : model.allTypes()) {
      b.append('/').append(t.preExisting());
    }
    for (DiscreteDistribution d :
        List.of(
            stats.dirsAtDepth(),
            stats.subdirsPerDir(),
            stats.filesAtDepth(),
            stats.filesPerDir())) {
      b.append(Arrays.toString(d.values())).append(Arrays.toString(d.probabilities()));
    }
    for (FileTypeShare t : stats.fileTypes()) {
      b.append(Arrays.toString(t.depth().values()))
          .append(Arrays.toString(t.depth().probabilities()));
    }
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(b.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public String rootName() {
    return rootName;
  }

  @Override
  public synchronized long preExistingCount(int type) {
    if (filesByType == null) { // one pass over the files, on first use
      filesByType = ns.filesByType();
    }
    return type < filesByType.length ? filesByType[type] : 0;
  }

  @Override
  public List<String> preExisting(int type, int share, int shares) {
    List<String> paths = new ArrayList<>();
    long[] k = {0};
    try {
      ns.walk(
          new NamespaceVisitor() {
            @Override
            public void directory(byte[] path, int length, int depth) {}

            @Override
            public void file(byte[] path, int length, int depth, int fileType) {
              if (fileType == type && k[0]++ % shares == share) {
                paths.add(new String(path, 0, length, StandardCharsets.US_ASCII));
              }
            }
          });
    } catch (IOException e) {
      throw new IllegalStateException("an in-memory walk cannot fail", e);
    }
    return paths;
  }

  @Override
  public String directoryFor(FileTypeModel type, SplittableRandom random) {
    // The type's own depths: the hierarchy's files took them folded to the snapshot's depth.
    int fileDepth =
        type.depth().isEmpty()
            ? drawn(depthOf[type.index()], random)
            : (int) type.depth().sample(random);
    return parentFor(fileDepth, random);
  }

  @Override
  public String parentFor(int depth, SplittableRandom random) {
    int parentDepth = Math.max(0, depth - 1);
    int d = Math.min(parentDepth, ns.maxDepth());
    String dir = ns.path(depthFirst[d] + random.nextInt(ns.directoriesAt(d)));
    // Deeper than the hierarchy (a trace's own mkdirs made such directories after its fsimage):
    // the file's create makes the missing parents, as HDFS's create does.
    StringBuilder deeper = new StringBuilder(dir.equals("/") ? "" : dir);
    for (int level = d; level < parentDepth; level++) {
      deeper.append("/x").append(random.nextInt(DEEPER_FANOUT));
    }
    return deeper.length() == 0 ? "/" : deeper.toString();
  }

  private static int drawn(DiscreteDistribution depths, SplittableRandom random) {
    double u = random.nextDouble();
    for (int i = 0; i < depths.size(); i++) { // depths are few: a scan is the inverse CDF
      if (depths.cdf(depths.value(i)) > u) {
        return depths.value(i);
      }
    }
    return depths.max();
  }

  @Override
  public void materializeTop(FileSystem fs, Path root, int shares, boolean resume)
      throws IOException {
    materializer(fs, root, resume).top(MaterializePlan.of(ns, shares).top(), () -> {});
  }

  @Override
  public long materializeShare(
      FileSystem fs,
      Path root,
      int share,
      int shares,
      boolean resume,
      FileMaker files,
      Runnable onEntry)
      throws IOException {
    var counts =
        materializer(fs, root, resume)
            .makingFilesWith(files)
            .share(MaterializePlan.of(ns, shares).share(share), onEntry);
    return counts.created() + counts.present();
  }

  private NamespaceMaterializer materializer(FileSystem fs, Path root, boolean resume) {
    // an earlier run in this base may have appended to its files
    return new NamespaceMaterializer(fs, BasePath.of(root.toUri().getPath(), root), ns, resume)
        .acceptingWrittenFiles();
  }

  @Override
  public GeneratedNamespace hierarchy() {
    return ns;
  }

  @Override
  public String describe() {
    return "hierarchy: " + ns.directories() + " directories, " + ns.files() + " pre-existing files";
  }
}
