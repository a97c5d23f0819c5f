package org.mimesisbench.errors;

/**
 * Input the user must fix: a missing file, a malformed option, too many malformed lines. The
 * dispatcher prints the message as one line and exits 2. The message names what is wrong and where
 * (a file, a line, an option).
 */
public class BadInputException extends RuntimeException {
  public BadInputException(String message) {
    super(message);
  }

  public BadInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
