package io.brokerbench.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.brokerbench.contract.TestBrokerSelection.Choice;
import io.brokerbench.contract.TestBrokerSelection.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

class TestBrokerSelectionTest {
  private static final String ENV = "BROKERBENCH_TEST_URI";
  private static final String ENV_URI = "amqp://bench:secret@broker.example:5672";
  private static final String LOCAL_URI = "amqp://guest:guest@127.0.0.1:5672";
  private static final String CONTAINER_URI = "amqp://guest:guest@localhost:32768";

  private final List<String> probed = new ArrayList<>();
  private final List<String> printed = new ArrayList<>();
  private final FakeContainer container = new FakeContainer();

  /** A selection whose probe answers for exactly the URIs given. */
  private TestBrokerSelection selection(String environmentValue, boolean inCi, String... up) {
    Set<String> answering = Set.of(up);
    return TestBrokerSelection.builder("RabbitMQ")
        .environment(ENV, environmentValue)
        .local(LOCAL_URI)
        .localHint("start it with: rabbitmq-server")
        .answers(
            uri -> {
              probed.add(uri);
              return answering.contains(uri);
            })
        .container(container)
        .masking(uri -> uri.replaceAll(":[^:@/]+@", ":****@"))
        .report(printed::add)
        .inCi(inCi)
        .build();
  }

  @Test
  void theEnvironmentsBrokerComesFirstAndNothingElseIsTried() {
    Choice choice = selection(ENV_URI, false, ENV_URI, LOCAL_URI).choice();

    assertThat(choice.source()).isEqualTo(Source.ENVIRONMENT);
    assertThat(choice.uri()).isEqualTo(ENV_URI);
    assertThat(probed).containsExactly(ENV_URI);
    assertThat(container.engineAsked).isZero();
    assertThat(printed)
        .containsExactly(
            "test broker for RabbitMQ: BROKERBENCH_TEST_URI=amqp://bench:****@broker.example:5672");
  }

  @Test
  void anEnvironmentBrokerThatDoesNotAnswerIsNotReplacedByAnother() {
    TestBrokerSelection selection = selection(ENV_URI, false, LOCAL_URI);

    assertThat(selection.choice().source()).isEqualTo(Source.NONE);
    assertThat(probed).containsExactly(ENV_URI);
    assertThat(container.engineAsked).isZero();
    assertThat(printed.get(0))
        .isEqualTo(
            "test broker for RabbitMQ: none (BROKERBENCH_TEST_URI names"
                + " amqp://bench:****@broker.example:5672, which does not answer)");
  }

  @Test
  void withoutTheVariableTheLocalBrokerServesAndDockerIsNotAsked() {
    Choice choice = selection("  ", false, LOCAL_URI).choice();

    assertThat(choice.source()).isEqualTo(Source.LOCAL);
    assertThat(choice.uri()).isEqualTo(LOCAL_URI);
    assertThat(container.engineAsked).isZero();
    assertThat(container.started).isZero();
    assertThat(printed)
        .containsExactly(
            "test broker for RabbitMQ: local amqp://guest:****@127.0.0.1:5672"
                + " (BROKERBENCH_TEST_URI not set)");
  }

  @Test
  void withoutALocalBrokerAContainerServesWhenDockerAnswers() {
    container.engine = true;

    Choice choice = selection(null, false, CONTAINER_URI).choice();

    assertThat(choice.source()).isEqualTo(Source.CONTAINER);
    assertThat(choice.uri()).isEqualTo(CONTAINER_URI);
    assertThat(probed).containsExactly(LOCAL_URI, CONTAINER_URI);
    assertThat(container.started).isEqualTo(1);
    assertThat(printed)
        .containsExactly(
            "test broker for RabbitMQ: rabbitmq:test container at"
                + " amqp://guest:****@localhost:32768 (BROKERBENCH_TEST_URI not set; nothing"
                + " answers at amqp://guest:****@127.0.0.1:5672 (start it with:"
                + " rabbitmq-server))");
  }

  @Test
  void theChoiceIsMadeAndPrintedOnceAndOneContainerServesEveryTest() {
    container.engine = true;
    TestBrokerSelection selection = selection(null, false, CONTAINER_URI);

    String first = selection.require();
    String second = selection.require();
    selection.choice();

    assertThat(second).isEqualTo(first).isEqualTo(CONTAINER_URI);
    assertThat(container.engineAsked).isEqualTo(1);
    assertThat(container.started).isEqualTo(1);
    assertThat(probed).hasSize(2);
    assertThat(printed).hasSize(1);
  }

  @Test
  void withNoBrokerAndNoDockerATestIsSkippedOnADevelopersMachine() {
    TestBrokerSelection selection = selection(null, false);

    assertThatThrownBy(selection::require)
        .isInstanceOf(TestAbortedException.class)
        .hasMessage(
            "no broker: RabbitMQ (BROKERBENCH_TEST_URI not set; nothing answers at"
                + " amqp://guest:****@127.0.0.1:5672 (start it with: rabbitmq-server); no Docker"
                + " engine for a rabbitmq:test container)");
    assertThat(container.started).isZero();
    assertThat(printed).singleElement().asString().startsWith("test broker for RabbitMQ: none (");
  }

  @Test
  void withNoBrokerInCiTheTestFails() {
    TestBrokerSelection selection = selection(null, true);

    assertThatThrownBy(selection::require)
        .isInstanceOf(AssertionFailedError.class)
        .hasMessageStartingWith("no broker: RabbitMQ (BROKERBENCH_TEST_URI not set;")
        .hasMessageEndingWith("rabbitmq:test container) is required in CI");
  }

  @Test
  void anEnvironmentBrokerThatDoesNotAnswerFailsInCi() {
    assertThatThrownBy(selection(ENV_URI, true)::require)
        .isInstanceOf(AssertionFailedError.class)
        .hasMessageContaining("amqp://bench:****@broker.example:5672, which does not answer")
        .hasMessageNotContaining("secret");
  }

  @Test
  void aContainerThatDoesNotStartIsReportedOnOneLine() {
    container.engine = true;
    container.failure = new IllegalStateException("pull access denied\nfull log follows");

    Choice choice = selection(null, false).choice();

    assertThat(choice.found()).isFalse();
    assertThat(choice.report())
        .endsWith(
            "the rabbitmq:test container did not start: IllegalStateException: pull access"
                + " denied)")
        .doesNotContain("\n");
  }

  @Test
  void aDockerCheckThatThrowsCountsAsNoEngine() {
    container.engineFailure = new NullPointerException("network has no IPAM");

    Choice choice = selection(null, false).choice();

    assertThat(choice.found()).isFalse();
    assertThat(choice.report())
        .endsWith(
            "no Docker engine for a rabbitmq:test container: NullPointerException: network has"
                + " no IPAM)");
    assertThat(container.started).isZero();
  }

  @Test
  void aDockerClientThatCannotLoadItsNativeLibraryCountsAsNoEngine() {
    container.engineFailure = new UnsatisfiedLinkError("no jnidispatch for darwin-aarch64");

    assertThatThrownBy(selection(null, false)::require)
        .isInstanceOf(TestAbortedException.class)
        .hasMessageEndingWith(
            "container: UnsatisfiedLinkError: no jnidispatch for darwin-aarch64)");
  }

  @Test
  void aStartedContainerThatDoesNotAnswerIsNotUsed() {
    container.engine = true;

    Choice choice = selection(null, false).choice();

    assertThat(choice.found()).isFalse();
    assertThat(choice.report())
        .endsWith(
            "the rabbitmq:test container at amqp://guest:****@localhost:32768 does not answer)");
  }

  /** Counts what the selection asks of the container; answers as the test sets it up. */
  private static final class FakeContainer implements BrokerContainer {
    boolean engine;
    Throwable engineFailure;
    Exception failure;
    int engineAsked;
    int started;

    @Override
    public String image() {
      return "rabbitmq:test";
    }

    @Override
    public boolean engineAvailable() {
      engineAsked++;
      if (engineFailure instanceof RuntimeException e) {
        throw e;
      }
      if (engineFailure instanceof Error e) {
        throw e;
      }
      return engine;
    }

    @Override
    public String start() throws Exception {
      started++;
      if (failure != null) {
        throw failure;
      }
      return CONTAINER_URI;
    }
  }
}
