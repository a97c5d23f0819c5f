package org.mimesisbench.cli;

import java.io.PrintStream;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;

/** A test command: prints the configuration keys it is asked for, fails on request. */
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
  public int run(Configuration conf, String[] args, PrintStream out) {
    if (args.length > 0 && args[0].equals("--bad")) {
      throw new BadInputException("echo-conf: bad input --bad");
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
