package org.mimesisbench.folders;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The file names one folder of profiles/schema/Folders.avsc declares, by their role there. */
final class FolderContract {
  private FolderContract() {}

  /** The {@code key} ("file" or "pattern") of {@code role} in folder {@code folder}. */
  static String name(String folder, String role, String key) {
    Object declared = Folders.getClassSchema().getObjectProp(folder);
    if (!(declared instanceof Map<?, ?> roles)
        || !(roles.get(role) instanceof Map<?, ?> file)
        || !(file.get(key) instanceof String name)) {
      throw new IllegalStateException(
          "Folders.avsc declares no " + key + " of " + folder + "." + role);
    }
    return name;
  }

  /**
   * Every role of {@code folder}, with its file name (its pattern for a pattern's role), in the
   * order Folders.avsc declares them.
   */
  static Map<String, String> all(String folder) {
    Object declared = Folders.getClassSchema().getObjectProp(folder);
    Map<String, String> names = new LinkedHashMap<>();
    if (declared instanceof Map<?, ?> roles) {
      for (Map.Entry<?, ?> e : roles.entrySet()) {
        if (e.getValue() instanceof Map<?, ?> file) {
          Object name = file.containsKey("file") ? file.get("file") : file.get("pattern");
          names.put(String.valueOf(e.getKey()), String.valueOf(name));
        }
      }
    }
    return Collections.unmodifiableMap(names);
  }
}
