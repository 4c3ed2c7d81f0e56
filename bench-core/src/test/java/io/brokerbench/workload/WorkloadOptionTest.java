package io.brokerbench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WorkloadOptionTest {
  @Test
  void everyNameAndAliasIsUnique() {
    Set<String> names = new HashSet<>();
    for (WorkloadOption<?> option : WorkloadOption.all()) {
      assertThat(names.add(option.name())).as(option.name()).isTrue();
      for (String alias : option.aliases()) {
        assertThat(names.add(alias)).as(alias).isTrue();
      }
    }
  }

  @Test
  void everyOptionHasHelpAndAnswersToItsLongNamesOnTheCommandLine() {
    for (WorkloadOption<?> option : WorkloadOption.all()) {
      assertThat(option.help()).as(option.name()).isNotBlank();
      assertThat(option.commandLineNames()).as(option.name()).contains("--" + option.name());
      for (String alias : option.aliases()) {
        assertThat(option.commandLineNames()).as(option.name()).contains("--" + alias);
      }
    }
    assertThat(WorkloadOption.SIZE.commandLineNames())
        .containsExactly("-s", "--size", "--body-size");
    assertThat(WorkloadOption.SIZE.aliases()).containsExactly("body-size");
    assertThat(WorkloadOption.PREFETCH.aliases()).containsExactly("qos", "credit");
  }

  @Test
  void anOptionIsFoundByNameOrAlias() {
    assertThat(WorkloadOption.named("size")).isSameAs(WorkloadOption.SIZE);
    assertThat(WorkloadOption.named("body-size")).isSameAs(WorkloadOption.SIZE);
  }

  @Test
  void defaultsAreParsedFromTheirText() {
    assertThat(WorkloadOption.SIZE.defaultText()).isEqualTo("12");
    assertThat(WorkloadOption.SIZE.defaultValue()).isEqualTo(12);
    assertThat(WorkloadOption.RATE.defaultValue()).isEqualTo(RateStep.UNLIMITED);
    assertThat(WorkloadOption.DURATION.defaultValue()).hasSeconds(10);
  }

  @Test
  void optionsWithoutADefaultSayNothingIsUsed() {
    for (WorkloadOption<?> option :
        List.of(
            WorkloadOption.QUEUE,
            WorkloadOption.QUEUE_PATTERN,
            WorkloadOption.QUEUE_PATTERN_TO,
            WorkloadOption.RATE_STEPS,
            WorkloadOption.PMESSAGES,
            WorkloadOption.COUNT,
            WorkloadOption.CMESSAGES,
            WorkloadOption.FLAG)) {
      assertThat(option.defaultText()).as(option.name()).isNull();
      assertThat(option.defaultValue()).as(option.name()).isNull();
    }
  }
}
