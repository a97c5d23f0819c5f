package org.mimesisbench.generator.replay;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.mimesisbench.errors.BadInputException;

/**
 * Users and their groups in the form of Hadoop's static group mapping ({@value
 * CommonConfigurationKeys#HADOOP_USER_GROUP_STATIC_OVERRIDES}): {@code user=group,group;user=}. A
 * replay's {@code --groups FILE} holds such entries, separated by {@code ;} or line breaks, with
 * {@code #} comment lines.
 */
final class GroupMapping {
  static final String KEY = CommonConfigurationKeys.HADOOP_USER_GROUP_STATIC_OVERRIDES;

  private GroupMapping() {}

  /**
   * The users and groups of {@code file}, in its order; bad input (one line, naming {@code
   * command}) when it is not such a mapping.
   */
  static Map<String, List<String>> read(String command, Path file) {
    String text;
    try {
      text =
          StandardCharsets.UTF_8
              .newDecoder()
              .decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file)))
              .toString();
    } catch (CharacterCodingException e) {
      throw new BadInputException(command + ": --groups " + file + ": not UTF-8 text");
    } catch (IOException e) {
      throw new BadInputException(
          command
              + ": --groups "
              + file
              + ": "
              + (Files.exists(file) ? "cannot be read (" + e.getMessage() + ")" : "no such file"));
    }
    Map<String, List<String>> mapping = new TreeMap<>();
    String[] lines = text.split("\r?\n", -1);
    for (int n = 0; n < lines.length; n++) {
      String line = lines[n].strip();
      if (line.startsWith("#")) {
        continue;
      }
      for (String entry : line.split(";")) {
        if (entry.isBlank()) {
          continue;
        }
        int eq = entry.indexOf('=');
        String user = eq < 0 ? "" : entry.substring(0, eq).strip();
        if (eq < 0 || user.isEmpty() || entry.indexOf('=', eq + 1) >= 0 || user.contains(",")) {
          throw new BadInputException(
              command
                  + ": --groups "
                  + file
                  + ": line "
                  + (n + 1)
                  + ": '"
                  + entry.strip()
                  + "': expected user=group,group (Hadoop's "
                  + KEY
                  + ")");
        }
        Set<String> groups = new LinkedHashSet<>();
        for (String g : entry.substring(eq + 1).split(",")) {
          if (!g.isBlank()) {
            groups.add(g.strip());
          }
        }
        mapping.put(user, new ArrayList<>(groups));
      }
    }
    return mapping;
  }

  /**
   * {@code mapping} as the static mapping's value: {@code user=g1,g2;} per user, in the map's
   * order.
   */
  static String render(Map<String, ? extends java.util.Collection<String>> mapping) {
    StringBuilder b = new StringBuilder();
    mapping.forEach(
        (user, groups) -> b.append(user).append('=').append(String.join(",", groups)).append(';'));
    return b.toString();
  }
}
