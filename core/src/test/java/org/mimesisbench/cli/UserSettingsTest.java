package org.mimesisbench.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class UserSettingsTest {
  @Test
  void aKeyTheUserSetIsGivenAndHadoopsDefaultIsNot() {
    Configuration conf = new Configuration();
    assertFalse(UserSettings.given(conf, "fs.defaultFS"), "core-default.xml's");
    assertFalse(UserSettings.given(conf, "mimesisbench.nowhere"), "set nowhere");
    conf.set("fs.defaultFS", "hdfs://nn:8020");
    assertTrue(UserSettings.given(conf, "fs.defaultFS"), "set by the user");
  }
}
