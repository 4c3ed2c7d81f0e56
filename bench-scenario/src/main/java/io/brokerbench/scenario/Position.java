package io.brokerbench.scenario;

import java.nio.file.Path;

/**
 * Where a setting was written: the file, the 1-based line and the key, so that an error points at
 * the text to change.
 *
 * @param file the scenario file
 * @param line 1-based line number
 * @param key the key (for a list element, the list's key)
 */
public record Position(Path file, int line, String key) {

  /** The position as {@code FILE:LINE: KEY}. */
  @Override
  public String toString() {
    return file + ":" + line + ": " + key;
  }
}
