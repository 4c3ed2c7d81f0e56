package io.brokerbench.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A broker set-up a scenario's cells run on, as its file names it under {@code setups:}: the
 * commands that start and stop it, the driver options that point a cell at it, and the settings
 * that tell it from the others, for the record.
 *
 * <pre>{@code
 * setups:
 *   raised-flow-control:
 *     start: scripts/rabbitmq4.sh start bb-raised 5684 15684 --advanced-config FILE
 *     stop: scripts/rabbitmq4.sh stop bb-raised
 *     options:
 *       amqp091: {uri: "amqp://127.0.0.1:5684", prometheus-url: "http://127.0.0.1:30684"}
 *     settings: {credit_flow_default_credit: "{5000, 2500}"}
 * }</pre>
 *
 * @param name the set-up's name, as cells and axes name it
 * @param start the shell command that starts it, ready when it exits 0; null for brokers already
 *     running
 * @param stop the shell command that stops it; null for none
 * @param startTimeout how long {@code start} may take
 * @param options driver options for a cell on this set-up whatever its driver
 * @param driverOptions driver options by driver name, for a cell of that driver only
 * @param settings what tells this set-up from the others (its name and value as the file writes
 *     them), recorded in the scenario's index and report
 * @param standsInFor what the study ran that this set-up stands in for, and why; null when it is
 *     the study's own
 * @param position where the set-up was written
 */
public record BrokerSetup(
    String name,
    String start,
    String stop,
    Duration startTimeout,
    List<Setting> options,
    Map<String, List<Setting>> driverOptions,
    Map<String, String> settings,
    String standsInFor,
    Position position) {

  /** How long a start command may take unless the set-up says. */
  public static final Duration DEFAULT_START_TIMEOUT = Duration.ofMinutes(5);

  /** Copies the collections, keeping their order. */
  public BrokerSetup {
    options = List.copyOf(options);
    Map<String, List<Setting>> copy = new LinkedHashMap<>();
    driverOptions.forEach((driver, given) -> copy.put(driver, List.copyOf(given)));
    driverOptions = Collections.unmodifiableMap(copy);
    settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
  }

  /** The options of a cell of this driver on this set-up: the common ones, then the driver's. */
  public List<Setting> optionsFor(String driver) {
    List<Setting> all = new ArrayList<>(options);
    all.addAll(driverOptions.getOrDefault(driver, List.of()));
    return all;
  }
}
