package io.brokerbench.workload;

import java.util.SplittableRandom;

/**
 * The short random id of one run, and the queue a run uses when it names none: {@code
 * brokerbench-<id>}. Runs beside each other on one broker (parallel CI jobs) then never share a
 * queue by chance: sharing one, each run's consumers take the other's messages, and each counts its
 * own taken ones as lost.
 *
 * <pre>{@code
 * String queue = RunId.defaultQueue(RunId.random()); // brokerbench-k3x09q
 * }</pre>
 */
public final class RunId {
  /** The start of every default queue name. */
  public static final String QUEUE_PREFIX = "brokerbench-";

  /** The default queue name as help texts show it. */
  public static final String DEFAULT_QUEUE_TEXT = QUEUE_PREFIX + "<run id>";

  /** Characters of an id: 36^6, about 2 billion ids, so two runs at once draw the same rarely. */
  public static final int LENGTH = 6;

  /**
   * Seeded by the process id as well as both clocks: processes started in the same instant differ
   * by their ids. Not a SecureRandom: a queue name needs no secret, and seeding one loads the
   * security providers at every start.
   */
  private static final SplittableRandom RANDOM =
      new SplittableRandom(
          System.nanoTime()
              ^ Long.rotateLeft(ProcessHandle.current().pid() * 0x9E3779B97F4A7C15L, 32)
              ^ System.currentTimeMillis() * 0xBF58476D1CE4E5B9L);

  private RunId() {}

  /** A new id: {@value #LENGTH} random base-36 characters (digits and lower-case letters). */
  public static synchronized String random() {
    char[] id = new char[LENGTH];
    for (int i = 0; i < LENGTH; i++) {
      id[i] = Character.forDigit(RANDOM.nextInt(36), 36);
    }
    return new String(id);
  }

  /** The queue of a run with this id that names none: {@code brokerbench-<id>}. */
  public static String defaultQueue(String runId) {
    return QUEUE_PREFIX + runId;
  }
}
