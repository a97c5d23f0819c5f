package org.mimesisbench.audit.trace;

import java.util.HashMap;
import java.util.Map;
import org.mimesisbench.trace.AuditCommand;

/**
 * An audit log's command names (the events' {@code op}) to {@link AuditCommand}, the schema's enum.
 */
final class AuditCommands {
  private static final AuditCommand[] BY_CODE = AuditCommand.values();
  private static final Map<String, AuditCommand> BY_NAME = new HashMap<>();

  static {
    for (AuditCommand c : BY_CODE) {
      BY_NAME.put(c.name(), c);
    }
  }

  private AuditCommands() {}

  /** The command named {@code op}; {@code other} for one the schema does not list. */
  static AuditCommand of(String op) {
    return BY_NAME.getOrDefault(op, AuditCommand.other);
  }

  /** A command's code in a timeline's call list and in the trace builder's chunks. */
  static byte code(AuditCommand c) {
    return (byte) c.ordinal();
  }

  /**
   * The letter of an access in a timeline's accessKinds, or 0 for a call that is not one: a file's
   * accesses are O open, L listStatus, G getfileinfo; a directory's L, G and C contentSummary.
   */
  static char accessLetter(byte code, boolean directory) {
    return switch (BY_CODE[code]) {
      case open -> directory ? 0 : 'O';
      case listStatus -> 'L';
      case getfileinfo -> 'G';
      case contentSummary -> directory ? 'C' : 0;
      default -> 0;
    };
  }
}
