package org.mimesisbench.namespace.output;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.mimesisbench.namespace.generate.GeneratedNamespace;
import org.mimesisbench.namespace.generate.GenerationRecord;
import org.mimesisbench.namespace.stats.DiscreteDistribution;
import org.mimesisbench.namespace.stats.FileTypeShare;
import org.mimesisbench.namespace.stats.Ks;
import org.mimesisbench.namespace.stats.NamespaceStats;

/**
 * {@code namespace-report.json} (profiles/schema/namespace-report.schema.json), the one place its
 * keys are named: how close a generated namespace is to its statistics. Under {@code ks}, each
 * preserved distribution's Kolmogorov-Smirnov distance to its target (null when the namespace has
 * none of it, e.g. files per directory with no files), measured on the tree.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public final class NamespaceReport {
  @JsonProperty("stats")
  public String stats;

  @JsonProperty("seed")
  public long seed;

  @JsonProperty("target")
  public final Map<String, Long> target = new LinkedHashMap<>();

  @JsonProperty("generated")
  public final Map<String, Long> generated = new LinkedHashMap<>();

  @JsonProperty("ks")
  public final Map<String, Double> ks = new LinkedHashMap<>();

  @JsonProperty("outside_target")
  public final Map<String, Long> outsideTarget = new LinkedHashMap<>();

  @JsonProperty("file_types")
  public final List<TypeReport> fileTypes = new ArrayList<>();

  /** One file type: its weight asked for and given, and its depth distribution's KS distance. */
  public static final class TypeReport {
    @JsonProperty("index")
    public int index;

    @JsonProperty("weight")
    public double weight;

    @JsonProperty("files")
    public long files;

    @JsonProperty("share")
    public double share;

    @JsonProperty("depth_ks")
    public Double depthKs;
  }

  public static NamespaceReport of(
      NamespaceStats stats,
      GeneratedNamespace ns,
      long targetDirs,
      long targetFiles,
      long seed,
      GenerationRecord record) {
    NamespaceReport r = new NamespaceReport();
    r.stats = stats.source();
    r.seed = seed;
    r.target.put("directories", targetDirs);
    r.target.put("files", targetFiles);
    int maxDepth = ns.maxDepth();
    int dirs = ns.directories();
    long[] dirsAtDepth = new long[maxDepth + 1];
    long[] filesAtDepth = new long[maxDepth + 2];
    long[][] typeAtDepth = new long[stats.fileTypes().size()][maxDepth + 2];
    int[] typePosition =
        new int[stats.fileTypes().stream().mapToInt(FileTypeShare::index).max().orElse(0) + 1];
    for (int j = 0; j < stats.fileTypes().size(); j++) {
      typePosition[stats.fileTypes().get(j).index()] = j;
    }
    int[] subdirs = new int[dirs + 1];
    int[] files = new int[dirs + 1];
    for (int dir = 0, depth = 0, nextDepthAt = 1; dir <= dirs; dir++) {
      while (depth < maxDepth && dir >= nextDepthAt) {
        depth++;
        nextDepthAt += ns.directoriesAt(depth);
      }
      if (dir > 0) {
        dirsAtDepth[depth]++;
      }
      subdirs[dir] = ns.subdirectories(dir);
      files[dir] = ns.filesIn(dir);
      filesAtDepth[depth + 1] += files[dir];
      for (int i = 0; i < files[dir]; i++) {
        typeAtDepth[typePosition[ns.fileType(dir, i)]][depth + 1]++;
      }
    }
    r.generated.put("directories", (long) dirs);
    r.generated.put("files", ns.files());
    r.generated.put("max_depth", (long) maxDepth);
    r.generated.put("dirs_with_subdirs", countPositive(subdirs));
    r.generated.put("dirs_with_files", countPositive(files));
    r.ks.put("dirs_at_depth", ks(stats.dirsAtDepth(), dirsAtDepth));
    r.ks.put("subdirs_per_dir", ks(stats.subdirsPerDir(), Ks.histogramOfPositives(subdirs)));
    r.ks.put("files_at_depth", ks(stats.filesAtDepth(), filesAtDepth));
    r.ks.put("files_per_dir", ks(stats.filesPerDir(), Ks.histogramOfPositives(files)));
    if (record != null) {
      r.outsideTarget.put("subdirs_per_dir", record.fanOutsOutsidePool);
      r.outsideTarget.put("files_per_dir", record.filesPerDirOutsidePool);
    }
    for (FileTypeShare t : stats.fileTypes()) {
      TypeReport tr = new TypeReport();
      long[] at = typeAtDepth[typePosition[t.index()]];
      tr.index = t.index();
      tr.weight = t.weight();
      for (long c : at) {
        tr.files += c;
      }
      tr.share = ns.files() == 0 ? 0 : (double) tr.files / ns.files();
      tr.depthKs = ks(t.depth(), at);
      r.fileTypes.add(tr);
    }
    return r;
  }

  /**
   * What was written: {@code entries} (every directory, the root, and file) and their paths' bytes.
   */
  public void written(long entries, long pathBytes) {
    generated.put("entries", entries);
    generated.put("path_bytes", pathBytes);
  }

  private static long countPositive(int[] a) {
    long n = 0;
    for (int v : a) {
      n += v > 0 ? 1 : 0;
    }
    return n;
  }

  private static Double ks(DiscreteDistribution target, long[] counts) {
    double d = Ks.distance(target, counts);
    return Double.isNaN(d) ? null : d;
  }

  public void write(OutputStream out) throws IOException {
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(out, this);
  }
}
