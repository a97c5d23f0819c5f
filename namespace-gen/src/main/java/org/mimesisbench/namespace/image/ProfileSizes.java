package org.mimesisbench.namespace.image;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;
import org.mimesisbench.profile.FileSizeModel;
import org.mimesisbench.profile.FileType;
import org.mimesisbench.profile.Profile;
import org.mimesisbench.profile.ProfileReader;

/** A profile's file sizes by file type index, as the namespace's files are typed. */
public final class ProfileSizes {
  private ProfileSizes() {}

  /** The sizes of the profile in {@code dir}; null when none of its types has sizes. */
  public static IntFunction<FileSizeModel> read(Path dir) throws IOException {
    return of(ProfileReader.read(dir), ProfileReader.file(dir).toString());
  }

  /** The sizes of {@code profile} (read from {@code file}); null when no type has sizes. */
  public static IntFunction<FileSizeModel> of(Profile profile, String file) {
    Map<Integer, FileSizeModel> byType = new HashMap<>();
    boolean any = false;
    for (FileType t : profile.getFileTypes()) {
      FileSizeModel m =
          FileSizeModel.of(file + ": fileTypes[" + t.getIndex() + "].sizes", t.getSizes());
      byType.put(t.getIndex(), m);
      any |= !m.isZero();
    }
    // the dormant files are typed after the last type (the layouts number them so)
    FileSizeModel dormant = FileSizeModel.of(file + ": dormantSizes", profile.getDormantSizes());
    any |= !dormant.isZero();
    int dormantType = profile.getFileTypes().size();
    byType.put(dormantType, dormant);
    return any ? type -> byType.getOrDefault(type, FileSizeModel.ZERO) : null;
  }
}
