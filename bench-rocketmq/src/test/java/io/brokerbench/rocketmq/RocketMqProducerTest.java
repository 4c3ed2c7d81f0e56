package io.brokerbench.rocketmq;

import static org.assertj.core.api.Assertions.assertThat;

import io.brokerbench.spi.OutgoingMessage;
import java.util.Map;
import org.apache.rocketmq.client.impl.producer.TopicPublishInfo;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Test;

/**
 * Which sends a producer makes on the client's I/O thread when a confirmation frees a slot: only
 * async ones that cannot block it.
 */
class RocketMqProducerTest {
  private final ScriptedClient client = new ScriptedClient((Exception) null);
  private final RecordingListener listener = new RecordingListener();

  private RocketMqProducer producer(Map<String, String> options) throws Exception {
    return new RocketMqProducer(
        null,
        client,
        RocketMqConfig.parse(options),
        new MessageStamper("t", null, false, 0),
        8,
        16,
        listener);
  }

  @Test
  @SuppressWarnings("deprecation") // getDefaultMQProducerImpl: where the client keeps routes
  void anAsyncSendOnConfirmWaitsUntilTheClientKnowsTheTopicsRoute() throws Exception {
    RocketMqProducer producer = producer(Map.of());
    OutgoingMessage message = new OutgoingMessage(16);
    message.sequence(0);

    assertThat(producer.sendsOnConfirm()).isTrue();
    // Without a route the client would ask the name server and wait on the I/O thread.
    assertThat(producer.trySendOnConfirm(message)).isFalse();
    assertThat(client.timeoutsMillis).isEmpty();

    TopicPublishInfo route = new TopicPublishInfo();
    route.getMessageQueueList().add(new MessageQueue("t", "broker-a", 0));
    client.getDefaultMQProducerImpl().getTopicPublishInfoTable().put("t", route);

    assertThat(producer.trySendOnConfirm(message)).isTrue();
    assertThat(listener.confirms).containsExactly("0 ACCEPTED");
  }

  @Test
  void syncAndBatchSendsStayOnTheProducerThread() throws Exception {
    assertThat(producer(Map.of("send-mode", "sync")).sendsOnConfirm()).isFalse();
    assertThat(producer(Map.of("batch", "4")).sendsOnConfirm()).isFalse();
  }
}
