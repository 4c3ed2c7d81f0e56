package io.brokerbench.rocketmq;

import io.brokerbench.jmh.CoreConfirmPath;
import io.brokerbench.jmh.HotPathBenchmark;
import java.time.Duration;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * The RocketMQ send-completion path per message, from rocketmq-client's {@code SendCallback} to the
 * core: the producer takes the next {@link SendSlot} of its ring and arms it with the sequence
 * number (the send's time budget starts), and the client's callback completes it: {@link
 * RetryingSend} maps the answer to an outcome (asking the {@link RetryPolicy} first on a failure),
 * the slot is released and reports through {@link SerialSendListener} to the core's producer task,
 * which settles its in-flight window, records the confirm latencies and counts the outcome. Target:
 * 0 B/op.
 *
 * <p>{@link #success} is {@code onSuccess} with {@code SEND_OK}; {@link #brokerBusy} is {@code
 * onException} with a broker's "system busy" answer, which an async send does not retry ({@code
 * REJECTED}). The client's answer objects are made once: what rocketmq-client does to decode the
 * response and find the callback is not measured; only our bookkeeping and the core's.
 *
 * <p>How to run: {@code java -jar bench-jmh/target/benchmarks.jar RocketMqSendCompletion -prof gc}
 */
public class RocketMqSendCompletionBenchmark extends HotPathBenchmark {
  /** The seed workloads' in-flight window. */
  private static final int WINDOW = 192;

  /** The driver's defaults: two retries within a 3 s send timeout. */
  private static final int RETRIES = 2;

  private static final Duration SEND_TIMEOUT = Duration.ofSeconds(3);

  private CoreConfirmPath core;
  private SendSlot[] slots;
  private int mask;
  private SendResult sendOk;
  private MQBrokerException busy;
  private long sendNanos;
  private long sequence;

  /**
   * One async producer's slot ring, as {@code RocketMqProducer} sizes and wires it, with a client
   * that is never started (no slot is sent from).
   */
  @Setup
  public void setUp() {
    core = new CoreConfirmPath(WINDOW);
    DefaultMQProducer client = new DefaultMQProducer("brokerbench-jmh");
    RetryPolicy policy = new RetryPolicy(RETRIES, SEND_TIMEOUT, client.getRetryResponseCodes());
    MessageStamper stamper = new MessageStamper("brokerbench-jmh", null, false, 0);
    SerialSendListener listener = new SerialSendListener(core.listener);
    slots = new SendSlot[Integer.highestOneBit(WINDOW - 1) << 1];
    for (int i = 0; i < slots.length; i++) {
      slots[i] = new SendSlot(client, policy, stamper.newMessage(12), listener);
    }
    mask = slots.length - 1;
    sendOk = new SendResult();
    sendOk.setSendStatus(SendStatus.SEND_OK);
    busy = new MQBrokerException(ResponseCode.SYSTEM_BUSY, "broker busy");
    sendNanos = System.nanoTime();
  }

  /** One send answered {@code SEND_OK}. */
  @Benchmark
  public long success() {
    long s = sequence;
    arm().onSuccess(sendOk);
    return s;
  }

  /** One send the broker refused as busy: not retried, reported rejected. */
  @Benchmark
  public long brokerBusy() {
    long s = sequence;
    arm().onException(busy);
    return s;
  }

  /** Producer side: register the next sequence in the core's window and arm its slot. */
  private SendSlot arm() {
    long s = sequence++;
    core.register(s, sendNanos, sendNanos);
    SendSlot slot = slots[(int) s & mask];
    slot.arm(s);
    return slot;
  }
}
