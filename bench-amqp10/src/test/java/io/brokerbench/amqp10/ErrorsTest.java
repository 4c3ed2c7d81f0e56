package io.brokerbench.amqp10;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.spi.DriverException;
import java.net.ConnectException;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class ErrorsTest {
  private final Amqp10Config embedded =
      Amqp10Config.parse(Map.of("url", "amqp://127.0.0.1:41234", "connect-timeout-ms", "60000"));

  @Test
  void anEmbeddedBrokerThatDoesNotAnswerIsNotBlamedOnTheUsersAddress() {
    DriverException timedOut = Errors.of(embedded, "connecting", new TimeoutException());

    assertThat(Errors.embeddedBrokerSilent(embedded, timedOut))
        .hasMessage(
            "the embedded Qpid broker at 127.0.0.1:41234 did not answer within 60000 ms: the"
                + " machine may be overloaded (give a url to use another broker)")
        .hasMessageNotContaining("is it an AMQP 1.0 port");
  }

  @Test
  void aBrokerThatDoesNotAnswerInTimeIsNotOnlyBlamedOnItsPort() {
    Amqp10Config remote =
        Amqp10Config.parse(Map.of("url", "amqp://10.1.2.3:5672", "connect-timeout-ms", "3000"));

    assertThat(Errors.of(remote, "connecting", new TimeoutException()))
        .hasMessage(
            "timed out after 3000 ms connecting at 10.1.2.3:5672: the broker did not answer (is it"
                + " an AMQP 1.0 port? a broker that is overloaded or frozen answers late: raise"
                + " connect-timeout-ms)");
  }

  @Test
  void otherFailuresOfTheEmbeddedBrokerKeepTheirWording() {
    DriverException refused =
        Errors.of(embedded, "connecting", new ConnectException("Connection refused"));

    assertThat(Errors.embeddedBrokerSilent(embedded, refused)).isSameAs(refused);
  }
}
