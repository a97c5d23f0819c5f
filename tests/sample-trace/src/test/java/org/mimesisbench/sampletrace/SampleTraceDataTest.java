package org.mimesisbench.sampletrace;

import java.io.File;

/** The bundled sample trace in data/ is complete and agrees with its manifest. */
class SampleTraceDataTest extends TraceDataChecks {

  SampleTraceDataTest() {
    super(new File("data"));
  }
}
