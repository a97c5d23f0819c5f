package org.mimesisbench.tracemakers;

import java.io.File;

/** The bundled sample trace (tests/sample-trace/data) is complete and agrees with its manifest. */
class SampleTraceDataTest extends TraceDataChecks {

  SampleTraceDataTest() {
    super(new File("../sample-trace/data"));
  }
}
