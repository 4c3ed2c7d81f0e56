package io.brokerbench.report;

import io.brokerbench.workload.WorkloadException;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/** The console reports on the class path, found through {@link ServiceLoader} by name. */
public final class ReportFormats {
  private ReportFormats() {}

  /** Every report format found, sorted by name. */
  public static List<ReportFormat> available() {
    return ServiceLoader.load(ReportFormat.class).stream()
        .map(ServiceLoader.Provider::get)
        .sorted(Comparator.comparing(ReportFormat::name))
        .toList();
  }

  /**
   * The report format with this name.
   *
   * @throws WorkloadException naming the formats available when there is none
   */
  public static ReportFormat find(String name) {
    List<ReportFormat> all = available();
    return all.stream()
        .filter(f -> f.name().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new WorkloadException(
                    "unknown report '"
                        + name
                        + "': use "
                        + all.stream().map(ReportFormat::name).collect(Collectors.joining(", "))));
  }
}
