package org.mimesisbench.tardis.codec;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.errors.BadInputException;

/**
 * The chunk codecs by the name each stores beside its chunks: the storage picks its codec by name
 * from configuration, and a restarted DataNode decodes what an earlier one stored under another.
 */
public final class ChunkCodecs {
  public static final List<String> NAMES =
      List.of(AdaptiveCodec.NAME, TardisCodec.NAME, DeflateCodec.NAME, StoredAsIs.NAME);

  private ChunkCodecs() {}

  /** The codec called {@code name}, set up from {@code conf} (flag, marker check, limits). */
  public static ChunkCodec named(String name, Configuration conf) {
    return switch (name) {
      case AdaptiveCodec.NAME -> AdaptiveCodec.from(conf);
      case TardisCodec.NAME -> TardisCodec.from(conf);
      case DeflateCodec.NAME -> new DeflateCodec(TardisCodec.from(conf).maxChunkBytes());
      case StoredAsIs.NAME -> new StoredAsIs();
      default ->
          throw new BadInputException(
              "no chunk codec '" + name + "' (one of " + String.join(", ", NAMES) + ")");
    };
  }
}
