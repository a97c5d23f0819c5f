package org.mimesisbench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.mimesisbench.errors.BadInputException;
import org.mimesisbench.output.AtomicOutputDir;

/**
 * A test command: prints the configuration keys it is asked for, fails on request; {@code --full
 * dir} writes into an output directory and then fails as a full disk does, with the operating
 * system's words (a real full disk is the packaged jar's test, under a file size limit).
 */
public final class ConfEchoCommand implements Command {
  @Override
  public String name() {
    return "echo-conf";
  }

  @Override
  public String summary() {
    return "prints configuration keys (test only)";
  }

  @Override
  public int run(Configuration conf, String[] args, PrintStream out) throws IOException {
    if (args.length > 0 && args[0].equals("--bad")) {
      throw new BadInputException("echo-conf: bad input --bad");
    }
    if (args.length > 1 && args[0].equals("--full")) {
      try (AtomicOutputDir dir = new AtomicOutputDir("echo-conf: --full", Path.of(args[1]))) {
        Files.writeString(dir.file("half.txt"), "half");
        throw new IOException("No space left on device");
      }
    }
    if (args.length > 0 && args[0].equals("--crash")) {
      throw new IllegalStateException("crash");
    }
    StringBuilder s = new StringBuilder();
    for (String key : args[1].split(",")) {
      s.append(key).append('=').append(conf.get(key)).append(' ');
    }
    out.println(s + "args=" + Arrays.toString(args));
    return 0;
  }
}
