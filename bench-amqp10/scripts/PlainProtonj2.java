import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import org.apache.qpid.protonj2.client.Client;
import org.apache.qpid.protonj2.client.Connection;
import org.apache.qpid.protonj2.client.ConnectionOptions;
import org.apache.qpid.protonj2.client.Delivery;
import org.apache.qpid.protonj2.client.Message;
import org.apache.qpid.protonj2.client.Receiver;
import org.apache.qpid.protonj2.client.ReceiverOptions;
import org.apache.qpid.protonj2.client.Sender;
import org.apache.qpid.protonj2.client.SenderOptions;
import org.apache.qpid.protonj2.client.Tracker;
import org.apache.qpid.protonj2.engine.impl.ProtonDeliveryTagGenerator;

/**
 * The simplest correct protonj2-client load: one sender with at most UNSETTLED unsettled durable
 * messages (waiting on the oldest tracker when full), one receiver with a credit window, each on
 * its own connection. Usage: PlainProtonj2 ADDRESS COUNT BODY_BYTES CREDIT UNSETTLED
 */
public final class PlainProtonj2 {
  public static void main(String[] args) throws Exception {
    String address = args[0];
    int count = Integer.parseInt(args[1]);
    int bodyBytes = Integer.parseInt(args[2]);
    int credit = Integer.parseInt(args[3]);
    int unsettled = Integer.parseInt(args[4]);
    ConnectionOptions options = new ConnectionOptions().user("guest").password("guest");
    options.saslOptions().addAllowedMechanism("PLAIN");
    try (Client client = Client.create();
        Connection sending = client.connect("127.0.0.1", 5672, options);
        Connection receiving = client.connect("127.0.0.1", 5672, options)) {
      Receiver receiver =
          receiving.openSession().openReceiver(address, new ReceiverOptions().creditWindow(credit));
      receiver.openFuture().get();
      Thread consumer =
          new Thread(
              () -> {
                try {
                  for (int i = 0; i < count; i++) {
                    Delivery d = receiver.receive(30, TimeUnit.SECONDS);
                    if (d == null) {
                      System.err.println("receiver timed out after " + i);
                      return;
                    }
                    d.message();
                  }
                } catch (Exception e) {
                  e.printStackTrace();
                }
              });
      Sender sender =
          sending
              .openSession()
              .openSender(
                  address,
                  new SenderOptions()
                      .deliveryTagGeneratorSupplier(
                          ProtonDeliveryTagGenerator.BUILTIN.SEQUENTIAL::createGenerator));
      sender.openFuture().get();
      long start = System.nanoTime();
      consumer.start();
      ArrayDeque<Tracker> window = new ArrayDeque<>();
      byte[] body = new byte[bodyBytes];
      for (int i = 0; i < count; i++) {
        if (window.size() >= unsettled) {
          window.poll().awaitSettlement();
        }
        Message<byte[]> m = Message.create(body);
        m.durable(true);
        window.add(sender.send(m));
      }
      while (!window.isEmpty()) {
        window.poll().awaitSettlement();
      }
      consumer.join();
      double seconds = (System.nanoTime() - start) / 1e9;
      System.out.printf("plain-protonj2 %d msgs in %.2f s: %.0f msg/s%n", count, seconds, count / seconds);
      receiver.close();
    }
  }
}
