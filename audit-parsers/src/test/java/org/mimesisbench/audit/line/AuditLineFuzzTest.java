package org.mimesisbench.audit.line;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.time.ZoneId;

/**
 * Coverage-guided fuzz target of the line parser (Jazzer). Under plain {@code mvn test} it runs its
 * seed corpus as a regression test; to fuzz, run with {@code JAZZER_FUZZ=1} (bench/README.md). The
 * only outcomes allowed are a record or a MalformedLineException.
 */
class AuditLineFuzzTest {
  private final AuditLineParser parser = new AuditLineParser(ZoneId.of("UTC"));

  @FuzzTest(maxDuration = "60s")
  void parseNeverFailsOtherwise(FuzzedDataProvider data) {
    String prefix =
        data.pickValue(
            new String[] {
              "",
              "2020-01-01 00:00:00,000 INFO FSNamesystem.audit: ",
              "2020-01-01 00:00:00,000 INFO FSNamesystem.audit: allowed=true\tugi=",
              "{\"log_message\":\"FSNamesystem.audit: allowed=true\\tugi=",
            });
    String line = prefix + data.consumeRemainingAsString();
    try {
      parser.parse(line, new AuditRecord());
    } catch (MalformedLineException expected) {
      // counted, not fatal
    }
  }
}
