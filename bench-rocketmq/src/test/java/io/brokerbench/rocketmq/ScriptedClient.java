package io.brokerbench.rocketmq;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.RequestCallback;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.exception.RemotingException;

/**
 * A producer client that is never started and answers each send from a script: a failure or
 * SEND_OK, the script's last answer repeating. Async answers come on the calling thread, as the
 * client does for a send it cannot even start. Records each attempt's timeout and batch size.
 */
final class ScriptedClient extends DefaultMQProducer {
  private final List<Exception> script;
  final List<Long> timeoutsMillis = new ArrayList<>();
  final List<Integer> batchSizes = new ArrayList<>();

  /** Answers with these failures in turn; null stands for SEND_OK. */
  ScriptedClient(Exception... script) {
    super("scripted");
    this.script = new ArrayList<>(Arrays.asList(script));
  }

  private Exception next(long timeoutMillis, int batchSize) {
    timeoutsMillis.add(timeoutMillis);
    batchSizes.add(batchSize);
    return script.size() > 1 ? script.remove(0) : script.get(0);
  }

  private static SendResult ok() {
    SendResult result = new SendResult();
    result.setSendStatus(SendStatus.SEND_OK);
    return result;
  }

  private static void answer(Exception failure, SendCallback callback) {
    if (failure == null) {
      callback.onSuccess(ok());
    } else {
      callback.onException(failure);
    }
  }

  private static SendResult answer(Exception failure)
      throws MQClientException, RemotingException, MQBrokerException, InterruptedException {
    if (failure == null) {
      return ok();
    }
    if (failure instanceof MQClientException e) {
      throw e;
    }
    if (failure instanceof RemotingException e) {
      throw e;
    }
    if (failure instanceof MQBrokerException e) {
      throw e;
    }
    if (failure instanceof InterruptedException e) {
      throw e;
    }
    throw (RuntimeException) failure;
  }

  /** How many sends were attempted. */
  int attempts() {
    return timeoutsMillis.size();
  }

  /** A request: its failure from the script, or its own message back as the reply. */
  @Override
  public void request(Message msg, RequestCallback requestCallback, long timeout) {
    Exception failure = next(timeout, 1);
    if (failure == null) {
      requestCallback.onSuccess(msg);
    } else {
      requestCallback.onException(failure);
    }
  }

  @Override
  public void send(Message msg, SendCallback sendCallback, long timeout) {
    answer(next(timeout, 1), sendCallback);
  }

  @Override
  public SendResult send(Message msg, long timeout)
      throws MQClientException, RemotingException, MQBrokerException, InterruptedException {
    return answer(next(timeout, 1));
  }

  @Override
  public void send(Collection<Message> msgs, SendCallback sendCallback, long timeout) {
    answer(next(timeout, msgs.size()), sendCallback);
  }

  @Override
  public SendResult send(Collection<Message> msgs, long timeout)
      throws MQClientException, RemotingException, MQBrokerException, InterruptedException {
    return answer(next(timeout, msgs.size()));
  }
}
