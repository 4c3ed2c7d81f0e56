package io.brokerbench.junit;

import io.brokerbench.spi.TargetOption;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * Broker containers started with Testcontainers, one per image for the whole test JVM (a broker
 * takes seconds to start; tests share it as they share a local broker). Testcontainers' reaper
 * removes them when the JVM exits. Loaded only when Testcontainers is on the classpath.
 */
final class TestcontainersBrokers implements BrokerContainers {
  private static final Duration STARTUP = Duration.ofMinutes(3);
  private static final Map<String, GenericContainer<?>> RUNNING = new ConcurrentHashMap<>();

  @Override
  public String unavailable() {
    return DockerClientFactory.instance().isDockerAvailable() ? null : "no Docker engine answers";
  }

  @Override
  public String start(TargetOption target) {
    GenericContainer<?> container =
        RUNNING.computeIfAbsent(target.containerImage(), image -> started(image, target));
    return target.addressAt(container.getHost(), container.getMappedPort(target.localPort()));
  }

  private static GenericContainer<?> started(String image, TargetOption target) {
    GenericContainer<?> container =
        new GenericContainer<>(DockerImageName.parse(image))
            .withExposedPorts(target.localPort())
            .waitingFor(Wait.forListeningPort().withStartupTimeout(STARTUP));
    container.start();
    return container;
  }
}
