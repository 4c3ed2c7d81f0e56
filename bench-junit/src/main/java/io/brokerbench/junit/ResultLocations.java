package io.brokerbench.junit;

import io.brokerbench.result.RunResult;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Where the extension wrote each result, so an assertion's message can point to its files. Weak
 * keys: a result no test holds any more is forgotten.
 */
final class ResultLocations {
  private static final Map<RunResult, Path> DIRECTORIES =
      Collections.synchronizedMap(new WeakHashMap<>());

  private ResultLocations() {}

  static void remember(RunResult result, Path directory) {
    DIRECTORIES.put(result, directory);
  }

  /** The directory of a result the extension wrote, or null. */
  static Path of(RunResult result) {
    return DIRECTORIES.get(result);
  }
}
