package org.mimesisbench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.mimesisbench.errors.BadInputException;

/**
 * Splits Hadoop's generic options ({@code -D k=v}, {@code -conf f}, {@code -fs uri}, ...) out of a
 * command line wherever they stand. Hadoop's GenericOptionsParser stops at the first option it does
 * not know, so {@code run --profile p -D a=b} would otherwise lose the {@code -D}.
 */
final class GenericOptions {
  /** Generic options that take a value as the next word. */
  private static final Set<String> WITH_VALUE =
      Set.of("-D", "-conf", "-fs", "-jt", "-files", "-libjars", "-archives", "-tokenCacheFile");

  final List<String> generic = new ArrayList<>();
  final List<String> rest = new ArrayList<>();

  GenericOptions(String[] args) {
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--")) {
        for (int j = i; j < args.length; j++) {
          rest.add(args[j]);
        }
        return;
      }
      if (WITH_VALUE.contains(a)) {
        if (i + 1 >= args.length) {
          throw new BadInputException("option " + a + " needs a value");
        }
        generic.add(a);
        generic.add(args[++i]);
      } else if (a.startsWith("-D") && a.length() > 2) {
        generic.add(a);
      } else {
        rest.add(a);
      }
    }
  }
}
