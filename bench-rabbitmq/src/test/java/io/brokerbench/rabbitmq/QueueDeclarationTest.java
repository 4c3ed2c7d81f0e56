package io.brokerbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.impl.AMQImpl;
import io.brokerbench.spi.DriverException;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.util.Map;
import org.junit.jupiter.api.Test;

class QueueDeclarationTest {

  /** A channel whose queue declaration RabbitMQ refuses with this reply text. */
  private static Channel refusing(String replyText) {
    ShutdownSignalException closed =
        new ShutdownSignalException(
            false,
            false,
            new AMQImpl.Channel.Close(AMQP.PRECONDITION_FAILED, replyText, 50, 10),
            null);
    return (Channel)
        Proxy.newProxyInstance(
            Channel.class.getClassLoader(),
            new Class<?>[] {Channel.class},
            (proxy, method, args) -> {
              throw new IOException(closed);
            });
  }

  @Test
  void quorumQueuesAndStreamsAreAlwaysDurableAndNeverAutoDelete() {
    QueueDeclaration quorum = QueueDeclaration.of("q", QueueType.QUORUM, false, true, Map.of());
    QueueDeclaration classic = QueueDeclaration.of("q", QueueType.CLASSIC, false, true, Map.of());

    assertThat(quorum.durable()).isTrue();
    assertThat(quorum.autoDelete()).isFalse();
    assertThat(quorum.arguments()).containsEntry("x-queue-type", "quorum");
    assertThat(classic.durable()).isFalse();
    assertThat(classic.autoDelete()).isTrue();
    assertThat(classic.arguments()).doesNotContainKey("x-queue-type");
    assertThat(QueueDeclaration.of("q", QueueType.CLASSIC, true, false, Map.of()).durable())
        .isTrue();
  }

  @Test
  void anExistingQueueOfAnotherTypeIsNamedWithBothTypes() {
    Channel channel =
        refusing(
            "PRECONDITION_FAILED - inequivalent arg 'x-queue-type' for queue 'q' in vhost '/':"
                + " received none but current is the value 'quorum' of type 'longstr'");

    assertThatThrownBy(
            () ->
                QueueDeclaration.of("q", QueueType.CLASSIC, false, false, Map.of())
                    .declareOn(channel))
        .isInstanceOf(DriverException.class)
        .hasMessage(
            "queue 'q' exists as a quorum queue but queue-type classic was asked: delete the queue"
                + " or give queue-type quorum");
  }

  @Test
  void anExistingClassicQueueIsNamedAsClassic() {
    Channel channel =
        refusing(
            "PRECONDITION_FAILED - inequivalent arg 'x-queue-type' for queue 'q' in vhost '/':"
                + " received the value 'stream' of type 'longstr' but current is none");

    assertThatThrownBy(
            () ->
                QueueDeclaration.of("q", QueueType.STREAM, false, false, Map.of())
                    .declareOn(channel))
        .hasMessage(
            "queue 'q' exists as a classic queue but queue-type stream was asked: delete the queue"
                + " or give queue-type classic");
  }

  @Test
  void anExistingQueueOfOtherDurabilitySaysWhatToDo() {
    Channel channel =
        refusing(
            "PRECONDITION_FAILED - inequivalent arg 'durable' for queue 'q' in vhost '/':"
                + " received 'true' but current is 'false'");

    assertThatThrownBy(
            () ->
                QueueDeclaration.of("q", QueueType.CLASSIC, true, true, Map.of())
                    .declareOn(channel))
        .hasMessage(
            "queue 'q' exists not durable but this run declares it durable (persistent messages,"
                + " or not a classic queue): delete the queue, or run with the same persistence as"
                + " the run that made it");
  }

  @Test
  void otherRefusalsAreLeftToTheDriver() {
    Channel channel = refusing("PRECONDITION_FAILED - something else");

    assertThatThrownBy(
            () ->
                QueueDeclaration.of("q", QueueType.CLASSIC, true, true, Map.of())
                    .declareOn(channel))
        .isInstanceOf(IOException.class);
  }
}
