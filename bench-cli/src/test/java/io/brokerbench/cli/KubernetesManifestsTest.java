package io.brokerbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobSpec;
import io.fabric8.kubernetes.api.model.batch.v1.PodFailurePolicyRule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The manifests in {@code deploy/kubernetes}, read into Kubernetes' own model classes: the parts a
 * sharded run depends on, and the shards' arguments parsed by the real command line.
 */
class KubernetesManifestsTest {
  private static final Path DIR = Path.of("../deploy/kubernetes");
  // Unknown fields fail: a misspelt key in a manifest is an error, not a silent default.
  private static final ObjectMapper YAML =
      new ObjectMapper(new YAMLFactory()).enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private static <T> T read(String file, Class<T> type) throws Exception {
    return YAML.readValue(DIR.resolve(file).toFile(), type);
  }

  private static Map<String, EnvVar> env(Container container) {
    return container.getEnv().stream().collect(Collectors.toMap(EnvVar::getName, e -> e));
  }

  @Test
  void theShardsAreAnIndexedJobWhoseShardCountIsItsCompletions() throws Exception {
    Job shards = read("shards-job.yaml", Job.class);
    JobSpec spec = shards.getSpec();
    Container shard = spec.getTemplate().getSpec().getContainers().get(0);

    assertThat(spec.getCompletionMode()).isEqualTo("Indexed");
    assertThat(spec.getParallelism()).isEqualTo(spec.getCompletions());
    assertThat(env(shard).get(ShardOptions.COUNT_VARIABLE).getValue())
        .isEqualTo(String.valueOf(spec.getCompletions()));
    // Kubernetes sets JOB_COMPLETION_INDEX itself; a manifest that set it would break the shards.
    assertThat(env(shard)).doesNotContainKey(ShardOptions.INDEX_VARIABLE);
    assertThat(env(shard).get(ShardOptions.START_VARIABLE).getValueFrom().getConfigMapKeyRef())
        .satisfies(ref -> assertThat(ref.getName()).isEqualTo("brokerbench-start"));
    assertThat(spec.getTemplate().getSpec().getRestartPolicy()).isEqualTo("Never");
  }

  @Test
  void everyShardWritesItsOwnDirectoryOnTheVolumeTheMergeReads() throws Exception {
    PodSpec shardPod = read("shards-job.yaml", Job.class).getSpec().getTemplate().getSpec();
    PodSpec mergePod = read("merge-job.yaml", Job.class).getSpec().getTemplate().getSpec();
    PersistentVolumeClaim results = read("results-pvc.yaml", PersistentVolumeClaim.class);

    assertThat(results.getSpec().getAccessModes()).containsExactly("ReadWriteMany");
    for (PodSpec pod : List.of(shardPod, mergePod)) {
      Volume volume =
          pod.getVolumes().stream()
              .filter(v -> v.getPersistentVolumeClaim() != null)
              .findFirst()
              .orElseThrow();
      assertThat(volume.getPersistentVolumeClaim().getClaimName())
          .isEqualTo(results.getMetadata().getName());
      assertThat(pod.getContainers().get(0).getVolumeMounts())
          .anySatisfy(
              m -> {
                assertThat(m.getName()).isEqualTo(volume.getName());
                assertThat(m.getMountPath()).isEqualTo("/results");
              });
    }
    List<String> args = shardPod.getContainers().get(0).getArgs();
    assertThat(args.get(args.indexOf("--output-dir") + 1))
        .isEqualTo("/results/shard-$(JOB_COMPLETION_INDEX)");
    assertThat(String.join(" ", mergePod.getContainers().get(0).getCommand()))
        .contains("merge /results/shard-* --output-dir /results/merged");
  }

  @Test
  void prometheusScrapesEveryShardOnThePortItServesOn() throws Exception {
    Job shards = read("shards-job.yaml", Job.class);
    Service service = read("shards-service.yaml", Service.class);
    Container shard = shards.getSpec().getTemplate().getSpec().getContainers().get(0);
    List<String> args = shard.getArgs();
    String port = args.get(args.indexOf("--prometheus-port") + 1);

    Map<String, String> annotations = shards.getSpec().getTemplate().getMetadata().getAnnotations();
    assertThat(annotations)
        .containsEntry("prometheus.io/scrape", "true")
        .containsEntry("prometheus.io/port", port)
        .containsEntry("prometheus.io/path", "/metrics");
    // Served on every address of the pod, not only its loopback.
    assertThat(args.get(args.indexOf("--prometheus-host") + 1)).isEqualTo("0.0.0.0");
    assertThat(shard.getPorts())
        .anySatisfy(p -> assertThat(p.getContainerPort()).isEqualTo(Integer.parseInt(port)));
    assertThat(service.getSpec().getClusterIP()).isEqualTo("None");
    assertThat(shards.getSpec().getTemplate().getMetadata().getLabels())
        .containsAllEntriesOf(service.getSpec().getSelector());
  }

  @Test
  void theShardsArgumentsParseWithTheWorkloadFromTheConfigMap() throws Exception {
    ConfigMap workload = read("workload-configmap.yaml", ConfigMap.class);
    Container shard =
        read("shards-job.yaml", Job.class).getSpec().getTemplate().getSpec().getContainers().get(0);
    List<String> args = new ArrayList<>();
    for (String arg : shard.getArgs()) {
      if (arg.startsWith("@")) {
        args.addAll(workload.getData().get("workload.args").lines().toList());
      } else {
        args.add(
            arg.replace("$(BROKERBENCH_DRIVER)", workload.getData().get("driver"))
                .replace("$(JOB_COMPLETION_INDEX)", "0"));
      }
    }

    CommandLine.ParseResult parsed =
        BenchCommand.commandLine().parseArgs(args.toArray(new String[0]));

    CommandLine.ParseResult run = parsed.subcommand().subcommand();
    assertThat(run.commandSpec().name()).isEqualTo(workload.getData().get("driver"));
    assertThat(run.unmatched()).isEmpty();
    // The workload is the whole one; each pod's part comes from its index.
    assertThat(args).doesNotContain("--shard");
    // Shards share their queue; without a name each pod would make up its own.
    assertThat(args).contains("--queue");
  }

  @Test
  void theCoordinatedShardsDialTheCoordinatorsServiceAndItWaitsForAsManyAsTheJobRuns()
      throws Exception {
    Job coordinator = read("coordinator-job.yaml", Job.class);
    Service service = read("coordinator-service.yaml", Service.class);
    Job shards = read("coordinated-shards-job.yaml", Job.class);
    Container shard = shards.getSpec().getTemplate().getSpec().getContainers().get(0);
    Container coordinating = coordinator.getSpec().getTemplate().getSpec().getContainers().get(0);

    CommandLine.ParseResult parsed =
        BenchCommand.commandLine()
            .parseArgs(coordinating.getArgs().toArray(new String[0]))
            .subcommand();
    assertThat(parsed.commandSpec().name()).isEqualTo("coordinate");
    assertThat(parsed.unmatched()).isEmpty();
    int port = parsed.matchedOptionValue("--port", 0);
    assertThat(parsed.matchedOptionValue("--shards", 0))
        .isEqualTo(shards.getSpec().getCompletions())
        .isEqualTo(Integer.parseInt(env(shard).get(ShardOptions.COUNT_VARIABLE).getValue()));
    assertThat(env(shard).get(ShardOptions.COORDINATOR_VARIABLE).getValue())
        .isEqualTo(service.getMetadata().getName() + ":" + port);
    assertThat(service.getSpec().getPorts())
        .singleElement()
        .satisfies(p -> assertThat(p.getPort()).isEqualTo(port));
    assertThat(coordinating.getPorts())
        .anySatisfy(p -> assertThat(p.getContainerPort()).isEqualTo(port));
    assertThat(coordinator.getSpec().getTemplate().getMetadata().getLabels())
        .containsAllEntriesOf(service.getSpec().getSelector());
    // The coordinator picks the start: a start instant as well would be refused.
    assertThat(env(shard)).doesNotContainKey(ShardOptions.START_VARIABLE);
    assertThat(shards.getSpec().getCompletionMode()).isEqualTo("Indexed");
    assertThat(shards.getSpec().getParallelism()).isEqualTo(shards.getSpec().getCompletions());
  }

  @Test
  void aShardPodIsRetriedOnlyWhenItWasLostBeforeItMeasuredAndAUsageErrorEndsTheJob()
      throws Exception {
    JobSpec spec = read("coordinated-shards-job.yaml", Job.class).getSpec();
    List<PodFailurePolicyRule> rules = spec.getPodFailurePolicy().getRules();

    assertThat(spec.getBackoffLimitPerIndex()).isPositive();
    // podFailurePolicy holds only for pods that are not restarted in place.
    assertThat(spec.getTemplate().getSpec().getRestartPolicy()).isEqualTo("Never");
    assertThat(rules)
        .filteredOn(r -> r.getAction().equals("FailJob"))
        .singleElement()
        .satisfies(
            r -> assertThat(r.getOnExitCodes().getValues()).containsExactly(ExitCodes.USAGE));
    assertThat(rules)
        .filteredOn(r -> r.getAction().equals("FailIndex"))
        .singleElement()
        .satisfies(
            r ->
                assertThat(r.getOnExitCodes().getValues())
                    .contains(
                        ExitCodes.RUN_FAILED,
                        ExitCodes.LOSS,
                        ExitCodes.THRESHOLD_FAILED,
                        ExitCodes.SUSPECT,
                        ExitCodes.INTERRUPTED));
    assertEvictionsAreRetriedWithoutUsingUpARetry(rules);
    for (PodFailurePolicyRule r : rules) {
      if (r.getOnExitCodes() != null) {
        assertThat(r.getOnExitCodes().getContainerName())
            .isEqualTo(spec.getTemplate().getSpec().getContainers().get(0).getName());
      }
    }
  }

  @Test
  void aCoordinatorPodLostToACrashIsStartedAgainAndOneThatGaveTheVerdictIsNot() throws Exception {
    JobSpec spec = read("coordinator-job.yaml", Job.class).getSpec();
    List<PodFailurePolicyRule> rules = spec.getPodFailurePolicy().getRules();

    assertThat(spec.getBackoffLimit()).isPositive();
    assertThat(spec.getTemplate().getSpec().getRestartPolicy()).isEqualTo("Never");
    assertThat(rules)
        .filteredOn(r -> r.getAction().equals("FailJob"))
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.getOnExitCodes().getContainerName())
                  .isEqualTo(spec.getTemplate().getSpec().getContainers().get(0).getName());
              assertThat(r.getOnExitCodes().getValues())
                  .contains(
                      ExitCodes.USAGE,
                      ExitCodes.RUN_FAILED,
                      ExitCodes.LOSS,
                      ExitCodes.THRESHOLD_FAILED,
                      ExitCodes.SUSPECT,
                      ExitCodes.INTERRUPTED)
                  // Killed by the kernel (OOM) or a crash: retried, the new pod picks the run up.
                  .doesNotContain(137, 139);
            });
    assertEvictionsAreRetriedWithoutUsingUpARetry(rules);
  }

  /** An evicted or preempted pod is retried, and the retry is not counted. */
  private static void assertEvictionsAreRetriedWithoutUsingUpARetry(
      List<PodFailurePolicyRule> rules) {
    assertThat(rules)
        .filteredOn(r -> r.getAction().equals("Ignore"))
        .singleElement()
        .satisfies(
            r ->
                assertThat(r.getOnPodConditions())
                    .extracting(c -> c.getType())
                    .containsExactly("DisruptionTarget"));
  }
}
