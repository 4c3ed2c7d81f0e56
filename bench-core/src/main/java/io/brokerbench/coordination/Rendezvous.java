package io.brokerbench.coordination;

import io.brokerbench.rate.NanoClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decides when the shards of one run start: once every shard is ready, or when the bound has
 * passed, without the missing ones (named) or not at all, as the user chose. The instant is a short
 * lead ahead of the decision, so that the {@link Message.Start} reaches every shard before it; each
 * shard then starts on the first interval boundary at or after it.
 *
 * <pre>{@code
 * Rendezvous r = new Rendezvous(4, Duration.ofMinutes(2), WhenMissing.START, clock);
 * r.hello(0, 4);
 * r.ready(0);
 * Rendezvous.Decision d = r.decide(); // null until all are ready or the bound has passed
 * }</pre>
 *
 * <p>Not thread-safe: the coordinator's event loop owns it.
 */
public final class Rendezvous {
  /**
   * How far ahead of the decision the start lies: more than a message takes to reach a shard and be
   * acted on, which a machine busy starting several JVMs stretched past 500 ms. A shard that acts
   * after the first interval boundary at or after the start starts one interval late.
   */
  static final Duration START_LEAD = Duration.ofSeconds(2);

  /** What happens to shards not ready by the bound. */
  public enum WhenMissing {
    /** Start without them; they are refused if they come later, and named in the result. */
    START,
    /** Do not start: every shard is refused and the run fails, naming the missing. */
    FAIL
  }

  /**
   * The decision.
   *
   * @param start true to start, false when the run fails
   * @param startEpochMillis when sending starts (when {@code start})
   * @param starting the shards that start
   * @param missing the shards not ready by the bound
   */
  public record Decision(
      boolean start, long startEpochMillis, List<Integer> starting, List<Integer> missing) {}

  private final int shards;
  private final long readyByNanos;
  private final WhenMissing whenMissing;
  private final NanoClock clock;
  private final Set<Integer> connected = new TreeSet<>();
  private final Set<Integer> ready = new TreeSet<>();
  private Decision decision;

  /**
   * A rendezvous whose bound starts now.
   *
   * @param shards how many shards the run is split into
   * @param readyTimeout how long to wait for every shard to be ready
   */
  public Rendezvous(int shards, Duration readyTimeout, WhenMissing whenMissing, NanoClock clock) {
    this.shards = shards;
    this.clock = clock;
    this.readyByNanos = clock.nanoTime() + readyTimeout.toNanos();
    this.whenMissing = whenMissing;
  }

  /**
   * A shard said hello.
   *
   * @return null when it is welcome, else why it is refused (one line)
   */
  public String hello(int shard, int count) {
    String misfit = misfit(shard, count);
    if (misfit != null) {
      return misfit;
    }
    if (decision != null) {
      return decision.start()
          ? "the run started without shard " + shard + " (it was not ready in time)"
          : "the run did not start";
    }
    if (!connected.add(shard)) {
      return "shard " + shard + " is already connected: give each shard its own index";
    }
    return null;
  }

  /**
   * A shard that started with a coordinator now gone dialled this one: when nothing is decided yet
   * (this coordinator was restarted), the start it had becomes the decision.
   *
   * @return null when it may rejoin, else why it is refused (one line)
   */
  public String rejoin(int shard, int count, Message.Start start) {
    String misfit = misfit(shard, count);
    if (misfit != null) {
      return misfit;
    }
    if (decision == null) {
      List<Integer> missing = new ArrayList<>();
      for (int i = 0; i < shards; i++) {
        if (!start.starting().contains(i)) {
          missing.add(i);
        }
      }
      decision = new Decision(true, start.startEpochMillis(), start.starting(), missing);
    }
    return decision.starting().contains(shard)
        ? null
        : "shard " + shard + " is not part of the run this coordinator follows";
  }

  private String misfit(int shard, int count) {
    if (count != shards) {
      return "shard "
          + shard
          + "/"
          + count
          + " is not of this run, which is split into "
          + shards
          + ": give every shard --shard I/"
          + shards;
    }
    if (shard < 0 || shard >= shards) {
      return "shard " + shard + " does not exist: this run has shards 0 to " + (shards - 1);
    }
    return null;
  }

  /** A shard is set up and waits for the start. */
  public void ready(int shard) {
    if (decision == null && connected.contains(shard)) {
      ready.add(shard);
    }
  }

  /** How many shards are ready. */
  public int readyCount() {
    return ready.size();
  }

  /** A shard went away before the start: its index may connect again (a restarted pod). */
  public void gone(int shard) {
    if (decision == null) {
      connected.remove(shard);
      ready.remove(shard);
    }
  }

  /** The decision once made (every shard ready, or the bound passed), else null. */
  public Decision decide() {
    if (decision != null) {
      return decision;
    }
    boolean all = ready.size() == shards;
    if (!all && clock.nanoTime() - readyByNanos < 0) {
      return null;
    }
    List<Integer> missing = new ArrayList<>();
    for (int i = 0; i < shards; i++) {
      if (!ready.contains(i)) {
        missing.add(i);
      }
    }
    boolean start = all || (whenMissing == WhenMissing.START && !ready.isEmpty());
    long at = Math.floorDiv(clock.epochNanos() + START_LEAD.toNanos(), 1_000_000L);
    decision = new Decision(start, at, start ? List.copyOf(ready) : List.of(), missing);
    return decision;
  }
}
