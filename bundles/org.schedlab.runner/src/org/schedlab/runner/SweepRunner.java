/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.RunStatus;

/**
 * Runs a sweep cell by cell on every core and keeps each finished cell in a {@link CellStore}, so that a rerun skips
 * what is done. Each cell runs as a plan of its own (its repeats one after the other on one worker, with the
 * plan's seeds), several cells at once: a cell's results depend on its configuration and seeds only, never on the
 * number of workers or the order cells finish in. Cancelling (the monitor) lets the running cells stop at their
 * next poll; they are not stored, the finished ones are.
 */
public final class SweepRunner {
    /**
     * What a sweep did.
     *
     * @param result  the whole result, cells in plan order (stored cells included)
     * @param ran     cells simulated by this call
     * @param reused  cells read from the store
     */
    public record Swept(ExperimentResult result, int ran, int reused) {
    }

    private final ExperimentRunner runner;
    private final String version;
    private final Clock clock;

    public SweepRunner(String version, Clock clock) {
        this.runner = new ExperimentRunner(version, clock);
        this.version = version;
        this.clock = clock;
    }

    public SweepRunner() {
        this(ExperimentRunner.SCHEDLAB_VERSION, Clock.systemUTC());
    }

    /**
     * @param threads workers (0 or less: one per core)
     * @param store   where finished cells are read from and written to (null: nowhere)
     * @throws IOException when a stored cell cannot be read or a finished one cannot be written
     */
    public Swept run(ExperimentPlan plan, int threads, RunMonitor monitor, CellStore store) throws IOException {
        int n = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        List<CellSpec> cells = plan.cells();
        Cell[] out = new Cell[cells.size()];
        List<Integer> pending = SweepCells.pending(plan, store, out);
        int reused = cells.size() - pending.size();
        AtomicInteger finished = new AtomicInteger(reused);
        ExecutorService pool = SweepCells.daemonPool(Math.min(n, pending.size()), "schedlab-sweep");
        List<Future<?>> futures = new ArrayList<>();
        try {
            for (int i : pending) {
                futures.add(pool.submit(() -> {
                    out[i] = runCell(plan, cells.get(i), monitor, store);
                    int done = finished.incrementAndGet();
                    monitor.progress((double) done / cells.size(), done + " of " + cells.size() + " cells, "
                            + cells.get(i).label() + " done");
                    return null;
                }));
            }
            SweepCells.awaitAll(futures);
        } finally {
            pool.shutdownNow();
        }
        return new Swept(collect(plan, out, monitor.isCancelled()), pending.size(), reused);
    }

    private Cell runCell(ExperimentPlan plan, CellSpec cell, RunMonitor monitor, CellStore store) throws IOException {
        ExperimentResult r = runCell(plan, cell, monitor);
        Cell c = r.getCells().get(0);
        if (store != null && c.getStatus() == RunStatus.OK && r.getStatus() == RunStatus.OK) {
            store.write(plan, cell, r);
        }
        return c;
    }

    /**
     * Runs one cell of {@code plan} as {@link #run} does (its repeats one after the other, with the plan's seeds),
     * for a sweep spread over other processes (the Spark job in releng/org.schedlab.spark).
     *
     * @return the one-cell result, as {@link CellStore#write} keeps it
     */
    public ExperimentResult runCell(ExperimentPlan plan, CellSpec cell, RunMonitor monitor) {
        List<Long> seeds = new ArrayList<>();
        for (int r = 0; r < plan.repeats(); r++) {
            seeds.add(plan.seed(cell, r));
        }
        ExperimentPlan one = new ExperimentPlan(plan.name(), List.of(cell), plan.baselineVariant(), plan.repeats(),
                plan.metrics(), List.of(), plan.source(), plan.sourceHash(), seeds);
        return runner.run(one, 1, new RunMonitor() {
            @Override
            public void progress(double fraction, String message) {
            }

            @Override
            public boolean isCancelled() {
                return monitor.isCancelled();
            }
        });
    }

    /**
     * @param cells the cells of {@code plan} in plan order, null for one not run
     * @return the whole result as {@link #run} returns it (cancelled when a cell is missing or cancelled)
     */
    public ExperimentResult collect(ExperimentPlan plan, Cell[] cells, boolean cancelled) {
        ExperimentResult result = ExperimentRunner.newResult(plan, version, clock);
        Set<String> metricNames = new LinkedHashSet<>(plan.metrics());
        boolean failed = false;
        boolean incomplete = false;
        for (Cell cell : cells) {
            if (cell == null) {
                incomplete = true;
                continue;
            }
            cell.getMetrics().forEach(m -> metricNames.add(m.getName()));
            failed |= cell.getStatus() == RunStatus.FAILED;
            incomplete |= cell.getStatus() == RunStatus.CANCELLED;
            result.getCells().add(cell);
        }
        result.getMetricNames().addAll(metricNames);
        result.setStatus(cancelled || incomplete ? RunStatus.CANCELLED : failed ? RunStatus.FAILED : RunStatus.OK);
        result.getComparisons().addAll(Comparisons.against(plan.published(), result));
        return result;
    }
}
