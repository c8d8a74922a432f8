/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.model.results.Run;
import org.schedlab.sim.Cancellation;

/**
 * One pool of workers for every run of a command ({@code reproduce}, {@code calibrate}, {@code sensitivity}): each
 * (cell, seed, metrics) runs at most once, however many figures ask for it (a baseline cell shared by several figures
 * runs once per seed), and the queue hands out the longest run first, so that no core waits for one long run at the
 * end. A run's length is estimated from earlier runs of the same cell, in this pool or kept by earlier commands
 * ({@link RunTimes}), else from its simulated CPU-seconds ({@link WallTimeEstimate}). Runs are deterministic, so
 * nothing a caller computes depends on the order. A run every caller withdrew ({@link #withdraw}) is dropped: it
 * never starts, or stops where it is.
 *
 * <p>The pool counts its workers' busy time: {@link #report()} gives the idle core-seconds between the first
 * submission and the last run's end, the figure {@code schedlab reproduce} prints.
 */
public final class RunPool implements CellRuns, AutoCloseable {
    private final PriorityBlockingQueue<Job> queue = new PriorityBlockingQueue<>();
    private final Map<Key, Job> runs = new ConcurrentHashMap<>();
    private final Map<CellSpec, double[]> measuredSeconds = new ConcurrentHashMap<>();
    private final List<Thread> workers = new ArrayList<>();
    private final AtomicInteger idle = new AtomicInteger();
    private final AtomicLong order = new AtomicLong();
    private final AtomicLong busyNs = new AtomicLong();
    private final AtomicInteger submitted = new AtomicInteger();
    private final AtomicInteger finished = new AtomicInteger();
    private final Cancellation cancel = new Cancellation();
    private final RunMonitor monitor;
    private final RunTimes history;
    private final long startNs = System.nanoTime();
    private volatile long lastEndNs = startNs;
    private volatile Runnable onIdle = () -> {
    };

    /**
     * @param jobs    worker threads; 0 or less: one per available processor
     * @param monitor told of each run's end ({@link RunMonitor#runsDone}) and polled for cancellation
     */
    public RunPool(int jobs, RunMonitor monitor) {
        this(jobs, monitor, RunTimes.none(), true);
    }

    /**
     * @param history earlier commands' run times, for the order; this pool's are added to it on {@link #close()}
     * @param start   false: the workers wait for {@link #start()}, so that a caller that knows all its runs up front
     *                queues them all before the first is taken (the longest first, not the first submitted)
     */
    public RunPool(int jobs, RunMonitor monitor, RunTimes history, boolean start) {
        this.monitor = monitor;
        this.history = history;
        int threads = jobs > 0 ? jobs : Runtime.getRuntime().availableProcessors();
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(this::work, "schedlab-pool-" + (i + 1));
            t.setDaemon(true);
            workers.add(t);
        }
        if (start) {
            start();
        }
    }

    /** Starts the workers (once; the first constructor has already). */
    public synchronized void start() {
        for (Thread t : workers) {
            if (t.getState() == Thread.State.NEW) {
                t.start();
            }
        }
    }

    /** @return the run of {@code cell} with {@code seed}, started once however often it is asked for */
    @Override
    public CompletableFuture<Run> submit(CellSpec cell, long seed, List<String> metrics) {
        return runs.compute(new Key(cell, seed, List.copyOf(metrics)), (k, j) -> {
            if (j == null) {
                j = new Job(k, estimateSeconds(cell), order.incrementAndGet());
                submitted.incrementAndGet();
                queue.add(j);
            }
            j.wanted++;
            return j;
        }).future;
    }

    /**
     * Drops the run once every caller that asked for it withdrew: a queued run never starts (not counted in
     * {@link #report()}), a running one is cancelled; its future completes as a cancelled run, and a later
     * {@link #submit} runs it anew. A finished run stays (a later caller gets it).
     */
    @Override
    public void withdraw(CellSpec cell, long seed, List<String> metrics) {
        runs.computeIfPresent(new Key(cell, seed, List.copyOf(metrics)), (k, j) -> {
            if (--j.wanted > 0 || j.future.isDone()) {
                return j;
            }
            j.stop.cancel();
            if (queue.remove(j)) {
                submitted.decrementAndGet();
                j.future.complete(RunRecorder.failed(k.seed(), org.schedlab.model.results.RunStatus.CANCELLED,
                        "withdrawn before it started"));
            }
            return null;
        });
    }

    /** @return workers waiting for a run, less the runs queued for them (may be negative) */
    @Override
    public int idleWorkers() {
        return idle.get() - queue.size();
    }

    /** {@code listener} runs (on a worker thread) whenever a worker finds the queue empty */
    @Override
    public void onIdle(Runnable listener) {
        this.onIdle = listener;
    }

    /** @return true once the monitor asked to stop */
    public boolean isCancelled() {
        return cancel.isCancelled() || monitor.isCancelled();
    }

    /**
     * What the pool did.
     *
     * @param runs        runs started (each distinct cell, seed and metrics once)
     * @param workers     worker threads
     * @param wallSeconds from the pool's start to the last run's end
     * @param idleSeconds core-seconds in that time when a worker had nothing to run
     */
    public record Report(int runs, int workers, double wallSeconds, double idleSeconds) {
    }

    /** @return the pool's runs and idle time so far */
    public Report report() {
        double wall = (lastEndNs - startNs) / 1e9;
        return new Report(submitted.get(), workers.size(), wall, Math.max(0, workers.size() * wall - busyNs.get() / 1e9));
    }

    /** Stops the workers; runs still queued never start (their futures complete as cancelled runs). */
    @Override
    public void close() {
        history.save();
        cancel.cancel();
        runs.values().forEach(j -> j.stop.cancel());
        workers.forEach(Thread::interrupt);
        Job j;
        while ((j = queue.poll()) != null) {
            j.future.complete(RunRecorder.failed(j.key.seed(), org.schedlab.model.results.RunStatus.CANCELLED,
                    "cancelled before it started"));
        }
    }

    private void work() {
        while (!cancel.isCancelled()) {
            Job job = queue.poll();
            if (job == null) {
                idle.incrementAndGet();
                try {
                    onIdle.run();
                    job = queue.take();
                } catch (InterruptedException e) {
                    return;
                } finally {
                    idle.decrementAndGet();
                }
            }
            run(job);
        }
    }

    private void run(Job job) {
        Key k = job.key;
        long t0 = System.nanoTime();
        Run run;
        try {
            run = ExperimentRunner.runOne(k.cell(), k.seed(), k.metrics(), job.stop, monitor, NO_PROGRESS);
            if (monitor.isCancelled()) {
                cancel.cancel(); // the user stopped the command: no worker takes another run
            }
        } catch (RuntimeException | Error e) {
            run = RunRecorder.failed(k.seed(), org.schedlab.model.results.RunStatus.FAILED,
                    ExperimentRunner.describe(e));
        }
        long t1 = System.nanoTime();
        busyNs.addAndGet(t1 - t0);
        lastEndNs = t1;
        if (!isCancelled() && !job.stop.isCancelled()) { // a stopped run's time says nothing about the cell
            measuredSeconds.merge(k.cell(), new double[] {(t1 - t0) / 1e9, 1},
                    (a, b) -> new double[] {a[0] + b[0], a[1] + b[1]});
            history.record(k.cell(), (t1 - t0) / 1e9);
        }
        synchronized (this) {
            monitor.runsDone(finished.incrementAndGet(), submitted.get());
        }
        job.future.complete(run);
    }

    /** @return the mean wall time of the cell's earlier runs in this pool, else {@link RunTimes#estimateSeconds} */
    private double estimateSeconds(CellSpec cell) {
        double[] m = measuredSeconds.get(cell);
        return m != null ? m[0] / m[1] : history.estimateSeconds(cell);
    }

    private static final ExperimentRunner.RunProgress NO_PROGRESS = new ExperimentRunner.RunProgress() {
        @Override
        public void update(double fraction, String message) {
        }

        @Override
        public void done(String message) {
        }
    };

    private record Key(CellSpec cell, long seed, List<String> metrics) {
    }

    /**
     * A run asked for: queued the longest first, then the first asked for; {@code wanted} counts the callers that
     * asked and did not withdraw (changed only inside the run map's compute), {@code stop} cancels it alone.
     */
    private static final class Job implements Comparable<Job> {
        final Key key;
        final double seconds;
        final long order;
        final CompletableFuture<Run> future = new CompletableFuture<>();
        final Cancellation stop = new Cancellation();
        int wanted;

        Job(Key key, double seconds, long order) {
            this.key = key;
            this.seconds = seconds;
            this.order = order;
        }

        @Override
        public int compareTo(Job o) {
            int c = Double.compare(o.seconds, seconds);
            return c != 0 ? c : Long.compare(order, o.order);
        }
    }
}
