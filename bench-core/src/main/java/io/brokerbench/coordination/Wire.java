package io.brokerbench.coordination;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * {@link Message}s over one TCP connection, one JSON object per line. Why lines of JSON: the
 * project already writes its results with Jackson, a line is its own frame (no length to get
 * wrong), and a stuck run can be read with {@code nc}. Histograms travel as HdrHistogram's
 * compressed encoding in Base64, as result.json carries them, so that they add up exactly.
 *
 * <p>{@link #send} may be called from any thread; {@link #receive} from one reader thread.
 */
public final class Wire implements Closeable {
  // Empty messages (Ready, Heartbeat) carry only their type.
  private static final ObjectMapper MAPPER =
      new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

  private final Socket socket;
  private final BufferedReader in;
  private final OutputStream out;

  /**
   * Wraps a connected socket.
   *
   * @throws IOException when its streams cannot be opened
   */
  public Wire(Socket socket) throws IOException {
    this.socket = socket;
    socket.setTcpNoDelay(true);
    this.in =
        new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
    this.out = socket.getOutputStream();
  }

  /**
   * Sends one message.
   *
   * @throws IOException when the connection is gone
   */
  public void send(Message message) throws IOException {
    sendLine(text(message));
  }

  /**
   * Sends a message already written as its line ({@link #text}), without its newline.
   *
   * @throws IOException when the connection is gone
   */
  synchronized void sendLine(String line) throws IOException {
    out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
    out.flush();
  }

  /**
   * The next message, or null once the other side closed the connection.
   *
   * @throws IOException when the connection fails or a line is not a message
   */
  public Message receive() throws IOException {
    String line = in.readLine();
    return line == null ? null : parse(line);
  }

  /** The line a message is sent as, without its newline. */
  static String text(Message message) {
    try {
      return MAPPER.writeValueAsString(message);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a message could not be written as JSON", e);
    }
  }

  /**
   * The message a line holds.
   *
   * @throws IOException when it is not one
   */
  static Message parse(String line) throws IOException {
    try {
      return MAPPER.readValue(line, Message.class);
    } catch (JsonProcessingException e) {
      throw new IOException("not a coordination message: " + e.getOriginalMessage(), e);
    }
  }

  /** The address of the other side, for messages. */
  public String peer() {
    return String.valueOf(socket.getRemoteSocketAddress());
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
