package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/**
 * Every bad driver option value, in every driver, is a usage error (exit 2) with one line naming
 * the option, the value and what is accepted. Options are parsed before any broker is started or
 * reached, so none of these needs a broker.
 */
class DriverOptionErrorsTest {
  private final BenchCli cli = new BenchCli();

  @ParameterizedTest(name = "{0} --{1} {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "loopback | queue-capacity | 1000   | a power of two from 2 to 1073741824",
        "loopback | stall-ms       | -5     | a whole number from 0 to 3600000 (milliseconds)",
        "amqp091  | queue-type     | lazy   | classic, quorum or stream",
        "amqp091  | heartbeat      | 10s    | a whole number from 0 to 65535",
        "amqp091  | stream-offset  | soon   | first, last, next, offset:N",
        "amqp10   | io             | nio    | engine or client",
        "amqp10   | default-credit | 0      | a whole number from 1 up",
        "amqp10   | queue-type     | lazy   | classic, quorum or stream",
        "rocketmq | send-mode      | bogus  | async, sync or oneway",
        "rocketmq | batch          | 0      | a whole number from 1 to 1024",
        "rocketmq | consume-from   | never  | auto, first, last, next, timestamp:TIME",
      })
  void aBadValueIsAUsageErrorNamingOptionValueAndAcceptedValues(
      String driver, String option, String value, String accepted) {
    assertThat(cli.run("run", driver, "--" + option, value, "-C", "10")).isEqualTo(2);
    assertThat(cli.errorLine())
        .startsWith("bench: " + option + " must be " + accepted)
        .endsWith("(got '" + value + "')");
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "amqp091  | -h amqp://guest:s3cret@127.0.0.1:notaport"
            + " | uri must be amqp[s]://[USER:PASSWORD@]HOST[:PORT][/VHOST], comma-separated: the"
            + " port 'notaport' is not a number (got 'amqp://guest:****@127.0.0.1:notaport')",
        "amqp10   | amqp://u:s3cret@[bad:5672"
            + " | url must be //HOST[:PORT]/ADDRESS or amqp[s]://[USER:PASSWORD@]HOST[:PORT][/ADDRESS]:"
            + " '[bad' is not a host name or address (got 'amqp://u:****@[bad:5672')",
      })
  void aBadBrokerAddressIsAUsageErrorNamingItWithoutThePassword(
      String driver, String arguments, String message) {
    assertThat(cli.run(("run " + driver + " " + arguments + " -C 10").split(" "))).isEqualTo(2);
    assertThat(cli.errorLine()).isEqualTo("bench: " + message);
    assertThat(cli.out() + cli.err()).doesNotContain("s3cret");
  }

  @Test
  void aRocketMqNameServerThatIsNotHostColonPortIsNamed() {
    assertThat(cli.run("run", "rocketmq", "-n", "not a host", "-C", "10")).isEqualTo(2);
    assertThat(cli.errorLine())
        .isEqualTo(
            "bench: name-server must be HOST:PORT addresses separated by ';': 'not a host' is not"
                + " HOST:PORT (got 'not a host')");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"--declare, true", "--declare false, false", "--declare true, true"})
  void aBooleanDriverOptionTakesAnOptionalValue(String given, String expected) {
    CommandLine commandLine = BenchCommand.commandLine();
    CommandLine amqp10 = commandLine.getSubcommands().get("run").getSubcommands().get("amqp10");
    commandLine.parseArgs(("run amqp10 " + given + " //127.0.0.1:5672//amq/queue/q").split(" "));

    Map<String, String> options = amqp10.<DriverRunCommand>getCommand().driverOptions();

    assertThat(options)
        .containsEntry("declare", expected)
        .containsEntry("url", "//127.0.0.1:5672//amq/queue/q");
  }
}
