package io.brokerbench.jmh;

import io.brokerbench.rate.NanoClock;
import io.brokerbench.spi.SendListener;
import io.brokerbench.workload.Workload;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The core's own producer-side confirm bookkeeping, as the runner builds it for one producer: a
 * {@code ProducerTask} (the {@link SendListener} a driver calls) and its {@code ConfirmWindow}.
 * Shared by the adapters' confirm and settlement benchmarks.
 *
 * <pre>{@code
 * CoreConfirmPath core = new CoreConfirmPath(1000);
 * core.register(sequence, intendedNanos, sentNanos);          // producer thread, before the send
 * core.listener.onConfirm(sequence, false, SendOutcome.ACCEPTED); // the driver's confirm
 * }</pre>
 *
 * <p>Implementation notes: both classes are package-private in {@code io.brokerbench.internal}, so
 * they are reached through {@link MethodHandles#privateLookupIn} (the benchmarks run on the class
 * path, where every package is open). Only {@link #register} goes through a method handle per
 * message; it is a {@code static final} exact handle, which the JIT inlines like a direct call. The
 * confirm path itself is a plain interface call on {@link #listener}.
 */
public final class CoreConfirmPath {
  private static final String INTERNAL = "io.brokerbench.internal.";
  private static final MethodHandle REGISTER;

  static {
    try {
      Class<?> windowClass = Class.forName(INTERNAL + "ConfirmWindow");
      REGISTER =
          lookup(windowClass)
              .findVirtual(
                  windowClass,
                  "register",
                  MethodType.methodType(void.class, long.class, long.class, long.class))
              .asType(
                  MethodType.methodType(
                      void.class, Object.class, long.class, long.class, long.class));
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** The producer task: what a driver's confirm callback calls. */
  public final SendListener listener;

  private final Object window;

  /** The bookkeeping of one producer with an in-flight window of {@code window} messages. */
  public CoreConfirmPath(int window) {
    try {
      Class<?> recordersClass = Class.forName(INTERNAL + "measure.RunRecorders");
      Class<?> controlClass = Class.forName(INTERNAL + "RunControl");
      Class<?> taskClass = Class.forName(INTERNAL + "ProducerTask");
      Object recorders =
          lookup(recordersClass)
              .findConstructor(recordersClass, MethodType.methodType(void.class, int.class))
              .invoke(2);
      Object control =
          lookup(controlClass)
              .findConstructor(controlClass, MethodType.methodType(void.class))
              .invoke();
      Class<?> flowControlClass = Class.forName(INTERNAL + "events.FlowControlLog");
      Class<?> lossesClass = Class.forName(INTERNAL + "events.ConnectionLossLog");
      Object flowControl = log(flowControlClass);
      Object losses = log(lossesClass);
      MethodHandles.Lookup tasks = lookup(taskClass);
      Workload workload = Workload.builder().inFlightWindow(window).build();
      Class<?> paceClass = Class.forName(INTERNAL + "ProducerTask$Pace");
      Object pace =
          tasks
              .findStatic(paceClass, "of", MethodType.methodType(paceClass, Workload.class))
              .invoke(workload);
      Object task =
          tasks
              .findConstructor(
                  taskClass,
                  MethodType.methodType(
                      void.class,
                      int.class,
                      int.class,
                      Workload.class,
                      paceClass,
                      NanoClock.class,
                      controlClass,
                      recordersClass,
                      flowControlClass,
                      lossesClass))
              .invoke(
                  0,
                  0,
                  workload,
                  pace,
                  NanoClock.system(),
                  control,
                  recorders,
                  flowControl,
                  losses);
      Class<?> producerClass = Class.forName("io.brokerbench.spi.Producer");
      Class<?> reopenClass = Class.forName(INTERNAL + "ProducerTask$Reopen");
      tasks
          .findVirtual(
              taskClass, "prepare", MethodType.methodType(Thread.class, producerClass, reopenClass))
          .invoke(task, NEVER_CALLED, null);
      this.window =
          tasks
              .findVirtual(
                  taskClass,
                  "confirmWindow",
                  MethodType.methodType(Class.forName(INTERNAL + "ConfirmWindow")))
              .invoke(task);
      this.listener = (SendListener) task;
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException("the core's internals changed: update this benchmark", e);
    }
  }

  /** The driver's producer: the benchmarks drive the confirm side only, so it is never called. */
  private static final io.brokerbench.spi.Producer NEVER_CALLED =
      new io.brokerbench.spi.Producer() {
        @Override
        public boolean trySend(io.brokerbench.spi.OutgoingMessage message) {
          return true;
        }

        @Override
        public void close() {}
      };

  /** One of the run's logs, made with the system clock. */
  private static Object log(Class<?> logClass) throws Throwable {
    return lookup(logClass)
        .findConstructor(logClass, MethodType.methodType(void.class, NanoClock.class))
        .invoke(NanoClock.system());
  }

  /** Producer thread: the message with this sequence is about to be published. */
  public void register(long sequence, long intendedNanos, long sentNanos) {
    try {
      REGISTER.invokeExact(window, sequence, intendedNanos, sentNanos);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  private static MethodHandles.Lookup lookup(Class<?> target) throws IllegalAccessException {
    return MethodHandles.privateLookupIn(target, MethodHandles.lookup());
  }
}
