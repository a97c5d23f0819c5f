package org.mimesisbench.audit.line;

/** A line that is not an audit record; the message says why, in a few words. */
public final class MalformedLineException extends Exception {
  public MalformedLineException(String reason) {
    super(reason, null, false, false); // no stack trace: thrown per bad line, must be cheap
  }
}
