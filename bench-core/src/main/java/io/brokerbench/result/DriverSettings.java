package io.brokerbench.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The driver a run used and every one of its options with the value in effect: the value given, or
 * the driver's default. Secret values and passwords inside addresses are masked.
 *
 * @param name the driver's short name
 * @param options option name to value, in the driver's documentation order
 */
public record DriverSettings(String name, Map<String, String> options) {

  /** Copies the map. */
  public DriverSettings {
    options = Collections.unmodifiableMap(new LinkedHashMap<>(options));
  }
}
