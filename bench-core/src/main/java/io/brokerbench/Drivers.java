package io.brokerbench;

import io.brokerbench.spi.Driver;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.DriverOption;
import io.brokerbench.spi.DriverProvider;
import io.brokerbench.workload.WorkloadException;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/** The drivers on the class path, found through {@link ServiceLoader} by their short names. */
public final class Drivers {
  private Drivers() {}

  /** Every driver provider found, sorted by name. */
  public static List<DriverProvider> available() {
    return ServiceLoader.load(DriverProvider.class).stream()
        .map(ServiceLoader.Provider::get)
        .sorted(Comparator.comparing(DriverProvider::name))
        .toList();
  }

  /**
   * The provider with this name.
   *
   * @throws WorkloadException naming the drivers available when there is none
   */
  public static DriverProvider find(String name) {
    List<DriverProvider> all = available();
    return all.stream()
        .filter(p -> p.name().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new WorkloadException(
                    "unknown driver '"
                        + name
                        + "': available drivers are "
                        + all.stream()
                            .map(DriverProvider::name)
                            .collect(Collectors.joining(", "))));
  }

  /**
   * Opens the named driver after checking every option name is one it declares.
   *
   * @throws WorkloadException for an unknown driver or option
   * @throws DriverException when the driver cannot open
   */
  public static Driver open(String name, Map<String, String> options) throws DriverException {
    DriverProvider provider = find(name);
    List<String> known = provider.options().stream().map(DriverOption::name).toList();
    for (String option : options.keySet()) {
      if (!known.contains(option)) {
        throw new WorkloadException(
            "unknown option '"
                + option
                + "' for driver "
                + name
                + (known.isEmpty() ? ": it takes none" : ": its options are " + known));
      }
    }
    return provider.open(options);
  }
}
