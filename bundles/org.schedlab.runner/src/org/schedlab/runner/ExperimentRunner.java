/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.ResultsFactory;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;
import org.schedlab.sim.Cancellation;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.Simulation;

/**
 * Runs an {@link ExperimentPlan}: every cell {@code repeats} times on a fixed pool of worker threads, then
 * collects the runs into an {@link ExperimentResult}. Each run is deterministic and runs share nothing, so
 * the result does not depend on the number of threads or on their timing (only {@code created} does).
 *
 * <p>A run whose engine or workload throws fails with the exception's message; the other runs go on. A
 * cancelled monitor stops the running simulations at their next poll and skips the rest; the result then
 * has status {@code cancelled}.
 */
public final class ExperimentRunner {
    /** The SchedLab version written into results. */
    public static final String SCHEDLAB_VERSION = "0.1.0";

    private static final System.Logger LOG = System.getLogger("org.schedlab.runner");

    private final String version;
    private final Clock clock;

    /** A runner stamping results with {@link #SCHEDLAB_VERSION} and the system clock. */
    public ExperimentRunner() {
        this(SCHEDLAB_VERSION, Clock.systemUTC());
    }

    /** A runner stamping results with {@code version} and the time of {@code clock}. */
    public ExperimentRunner(String version, Clock clock) {
        this.version = version;
        this.clock = clock;
    }

    /**
     * Runs the plan.
     *
     * @param plan    the expanded experiment
     * @param jobs    worker threads; 0 or less: one per available processor
     * @param monitor progress and cancellation
     * @return the result, status ok, failed (some cell failed) or cancelled
     */
    public ExperimentResult run(ExperimentPlan plan, int jobs, RunMonitor monitor) {
        int threads = jobs > 0 ? jobs : Runtime.getRuntime().availableProcessors();
        int repeats = plan.repeats();
        List<CellSpec> cells = plan.cells();
        Run[][] runs = new Run[cells.size()][repeats];
        Cancellation cancel = new Cancellation();
        ProgressTracker progress = new ProgressTracker(cells.size() * repeats, monitor);
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, cells.size() * repeats),
                daemonThreads());
        try {
            List<Job> jobsSubmitted = new ArrayList<>();
            for (int c = 0; c < cells.size(); c++) {
                for (int r = 0; r < repeats; r++) {
                    int ci = c;
                    int ri = r;
                    long seed = plan.seed(cells.get(ci), ri);
                    jobsSubmitted.add(new Job(ci, ri, seed, pool.submit(() -> {
                        runs[ci][ri] = runOne(cells.get(ci), seed, plan.metrics(), cancel, monitor, progress,
                                ci * repeats + ri);
                    })));
                }
            }
            awaitAll(jobsSubmitted, runs, cancel);
        } finally {
            pool.shutdownNow();
        }
        return collect(plan, runs, cancel.isCancelled() || monitor.isCancelled());
    }

    /**
     * Runs the plan on a pool shared with other plans ({@code schedlab calibrate} runs every file on one): its
     * (cell, repeat) jobs join the pool's queue, longest first.
     *
     * @return the result once every run of the plan has ended
     */
    public CompletableFuture<ExperimentResult> submit(ExperimentPlan plan, RunPool pool) {
        List<CellSpec> cells = plan.cells();
        Run[][] runs = new Run[cells.size()][plan.repeats()];
        List<CompletableFuture<?>> all = new ArrayList<>();
        for (int c = 0; c < cells.size(); c++) {
            for (int r = 0; r < plan.repeats(); r++) {
                int ci = c;
                int ri = r;
                all.add(pool.submit(cells.get(c), plan.seed(cells.get(c), r), plan.metrics())
                        .thenAccept(run -> runs[ci][ri] = run));
            }
        }
        return CompletableFuture.allOf(all.toArray(CompletableFuture[]::new))
                .thenApply(v -> collect(plan, runs, pool.isCancelled()));
    }

    /**
     * Runs one cell once more with schedule tracing on, for a Perfetto export
     * ({@link org.schedlab.runner.export.PerfettoTrace}). Same seed, same schedule as in {@link #run}.
     *
     * @param seed       the run's seed ({@link ExperimentPlan#seed(CellSpec, int)})
     * @param traceLimit switch and wakeup records to keep
     */
    public SimResult traceRun(CellSpec cell, long seed, int traceLimit) {
        SimConfig c = cell.config();
        SimConfig traced = c.withSeed(seed).withTraceLimit(traceLimit);
        return Simulation.run(traced);
    }

    private static Run runOne(CellSpec cell, long seed, List<String> metrics, Cancellation cancel,
                              RunMonitor monitor, ProgressTracker progress, int job) {
        return runOne(cell, seed, metrics, cancel, monitor, new RunProgress() {
            @Override
            public void update(double fraction, String message) {
                progress.update(job, fraction, message);
            }

            @Override
            public void done(String message) {
                progress.done(job, message);
            }
        });
    }

    /** Where one run reports how far it got and that it ended. */
    interface RunProgress {
        void update(double fraction, String message);

        void done(String message);
    }

    /**
     * Runs one cell with one seed (the unit of work of {@link #run} and of {@link RunPool}): a run that throws
     * becomes a failed run with the exception's message.
     */
    static Run runOne(CellSpec cell, long seed, List<String> metrics, Cancellation cancel, RunMonitor monitor,
                      RunProgress progress) {
        String what = cell.label() + " seed " + seed;
        if (cancel.isCancelled() || monitor.isCancelled()) {
            cancel.cancel();
            progress.done(what + " skipped");
            return RunRecorder.failed(seed, RunStatus.CANCELLED, "cancelled before it started");
        }
        try {
            Simulation sim = new Simulation(cell.config().withSeed(seed));
            SimResult r = sim.run((simulated, total) -> {
                if (monitor.isCancelled()) {
                    cancel.cancel();
                }
                progress.update(total == 0 ? 1 : (double) simulated / total, what);
            }, cancel);
            if (r.status() == SimResult.Status.CANCELLED) {
                progress.done(what + " cancelled");
                return RunRecorder.failed(seed, RunStatus.CANCELLED, "cancelled");
            }
            Run run = RunRecorder.completed(seed, r, metrics.isEmpty() ? MetricCatalog.defaults(r) : metrics);
            progress.done(what + " done");
            return run;
        } catch (RuntimeException | StackOverflowError | AssertionError | LinkageError e) {
            LOG.log(System.Logger.Level.DEBUG, "run " + what + " failed", e);
            progress.done(what + " failed");
            return RunRecorder.failed(seed, RunStatus.FAILED, describe(e));
        }
    }

    /** @return the exception as one line a user can act on */
    static String describe(Throwable e) {
        String msg = e.getMessage();
        String type = e.getClass().getSimpleName();
        Throwable cause = e.getCause();
        String line = msg == null || msg.isBlank() ? type : type + ": " + msg;
        if (cause != null && cause.getMessage() != null && (msg == null || !msg.contains(cause.getMessage()))) {
            line += " (" + cause.getClass().getSimpleName() + ": " + cause.getMessage() + ")";
        }
        return line.replace('\n', ' ');
    }

    /** One submitted run: its place in the result and its future. */
    private record Job(int cell, int repeat, long seed, Future<?> future) {
    }

    /**
     * Waits for every job. A job whose task threw past {@link #runOne}'s catch (an error it does not catch, or a
     * monitor that threw) becomes a failed run with that exception's message: submit() keeps what a task throws in
     * its future and nothing logs it, so dropping it here would lose the failure.
     */
    private static void awaitAll(List<Job> jobs, Run[][] runs, Cancellation cancel) {
        boolean interrupted = false;
        for (Job job : jobs) {
            while (true) {
                try {
                    job.future().get();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                    cancel.cancel();
                } catch (java.util.concurrent.ExecutionException e) {
                    Throwable cause = e.getCause() == null ? e : e.getCause();
                    LOG.log(System.Logger.Level.DEBUG, "run of cell " + job.cell() + " seed " + job.seed()
                            + " failed", cause);
                    runs[job.cell()][job.repeat()] = RunRecorder.failed(job.seed(), RunStatus.FAILED, describe(cause));
                    break;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** @return an empty result of {@code plan}: its name, source, version, date, baseline and repeats */
    static ExperimentResult newResult(ExperimentPlan plan, String version, Clock clock) {
        ExperimentResult result = ResultsFactory.eINSTANCE.createExperimentResult();
        result.setName(plan.name());
        result.setSourceFile(plan.source() == null ? null : plan.source().toString());
        result.setSourceHash(plan.sourceHash());
        result.setSchedlabVersion(version);
        result.setCreated(Date.from(clock.instant()));
        result.setBaselineVariant(plan.baselineVariant());
        result.setRepeats(plan.repeats());
        return result;
    }

    private ExperimentResult collect(ExperimentPlan plan, Run[][] runs, boolean cancelled) {
        ExperimentResult result = newResult(plan, version, clock);
        Set<String> metricNames = new LinkedHashSet<>(plan.metrics());
        boolean failed = false;
        for (int c = 0; c < plan.cells().size(); c++) {
            Cell cell = CellAssembler.cell(plan.cells().get(c), runs[c]);
            cell.getMetrics().forEach(m -> metricNames.add(m.getName()));
            failed |= cell.getStatus() == RunStatus.FAILED;
            result.getCells().add(cell);
        }
        result.getMetricNames().addAll(metricNames);
        result.setStatus(cancelled ? RunStatus.CANCELLED : failed ? RunStatus.FAILED : RunStatus.OK);
        result.getComparisons().addAll(Comparisons.against(plan.published(), result));
        return result;
    }

    private static ThreadFactory daemonThreads() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "schedlab-run-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /** Sums the jobs' progress and reports it, one caller at a time, never going backwards. */
    private static final class ProgressTracker {
        private final double[] done;
        private final RunMonitor monitor;
        private double reported;
        private int finished;

        ProgressTracker(int jobs, RunMonitor monitor) {
            this.done = new double[jobs];
            this.monitor = monitor;
        }

        synchronized void update(int job, double fraction, String message) {
            done[job] = Math.max(done[job], Math.min(1, fraction));
            double sum = 0;
            for (double d : done) {
                sum += d;
            }
            double total = sum / done.length;
            if (total >= reported + 0.001 || total == 1) {
                reported = total;
                monitor.progress(total, message);
            }
        }

        synchronized void done(int job, String message) {
            finished++;
            monitor.runsDone(finished, done.length);
            update(job, 1, message);
        }
    }
}
