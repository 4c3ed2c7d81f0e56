package io.brokerbench.amqp10;

import io.brokerbench.spi.Consumer;
import io.brokerbench.spi.ConsumerSpec;
import io.brokerbench.spi.DeliveryListener;
import io.brokerbench.spi.DriverException;
import io.brokerbench.spi.Producer;
import io.brokerbench.spi.ProducerSpec;
import io.brokerbench.spi.SendListener;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.apache.qpid.protonj2.client.Client;

/**
 * How the run's producers and consumers move messages, as {@code io} says: the protonj2 engine
 * ({@link EngineIo}) or the protonj2-client API ({@link ClientIo}). The driver picks one when it is
 * built; each opens every producer and consumer on a connection of its own.
 */
interface MessageIo {
  /** The library moving the messages, with its version, for the report. */
  String library();

  /** Opens a connection and a producer on it, kept to be closed with the driver. */
  Producer producer(ProducerSpec spec, SendListener listener) throws DriverException;

  /** Opens a connection and a consumer on it, kept to be closed with the driver. */
  Consumer consumer(ConsumerSpec spec, DeliveryListener listener) throws DriverException;

  /** {@code artifact} and its version, from the jar's Maven metadata: {@code protonj2 1.1.0}. */
  static String withVersion(String artifact) {
    String version = "unknown";
    try (InputStream in =
        Client.class.getResourceAsStream(
            "/META-INF/maven/org.apache.qpid/" + artifact + "/pom.properties")) {
      if (in != null) {
        Properties properties = new Properties();
        properties.load(in);
        version = properties.getProperty("version", version);
      }
    } catch (IOException e) {
      // the version is only informative
    }
    return artifact + " " + version;
  }
}
