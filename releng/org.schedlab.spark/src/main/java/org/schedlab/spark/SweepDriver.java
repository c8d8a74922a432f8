/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.spark;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.api.java.JavaSparkContext;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.model.ResultsResources;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.CellStore;
import org.schedlab.runner.SweepCells;
import org.schedlab.runner.SweepRunner;

/**
 * The driver's side of a sweep on Spark. Plans as a local sweep does (the same plan, the same cells, the same
 * {@link CellStore} files), reads the cells already finished, cuts the others into chunks of consecutive cells and
 * runs each chunk as a Spark job of one task; a few jobs are in flight at once (each from its own driver thread,
 * Spark schedules them together) and each chunk's cells are written to the store as soon as its job returns, so a
 * killed driver loses at most the chunks in flight. A task lost with its executor is run again by Spark.
 */
final class SweepDriver {
    /** Most cells in one task: a lost task costs at most this many cells. */
    static final int MAX_CHUNK = 50;

    /**
     * What the sweep did.
     *
     * @param result the whole result, cells in plan order
     * @param ran    cells run on the cluster by this call
     * @param reused cells read from the store
     */
    record Swept(ExperimentResult result, int ran, int reused) {
    }

    private final JavaSparkContext spark;
    private final SchedSource source;
    private final ProgressLog progress;

    SweepDriver(JavaSparkContext spark, SchedSource source, ProgressLog progress) {
        this.spark = spark;
        this.source = source;
        this.progress = progress;
    }

    /**
     * @param repeats the runs per cell when the command line overrides the file's (0: the file's); the executors
     *                plan with it too
     */
    Swept run(ExperimentPlan plan, int repeats, CellStore store) throws IOException {
        List<CellSpec> cells = plan.cells();
        Cell[] out = new Cell[cells.size()];
        List<Integer> pending = SweepCells.pending(plan, store, out);
        int reused = cells.size() - pending.size();
        progress.start(plan.name(), cells.size(), reused);
        List<List<Integer>> chunks = chunks(pending, spark.defaultParallelism());
        int inFlight = Math.max(2, 2 * spark.defaultParallelism());
        ExecutorService pool = SweepCells.daemonPool(Math.min(inFlight, chunks.size()), "schedlab-spark-job");
        AtomicInteger done = new AtomicInteger(reused);
        CellTask task = new CellTask(source, plan.name(), repeats);
        List<Future<?>> futures = new ArrayList<>();
        try {
            for (List<Integer> chunk : chunks) {
                futures.add(pool.submit(() -> {
                    spark.setJobDescription(
                            plan.name() + " cells " + chunk.get(0) + ".." + chunk.get(chunk.size() - 1));
                    for (CellTask.Outcome o : spark.parallelize(chunk, 1).mapPartitions(task).collect()) {
                        out[o.index()] = keep(plan, cells.get(o.index()), o, store);
                        progress.cellDone(done.incrementAndGet(), cells.get(o.index()).label());
                    }
                    return null;
                }));
            }
            SweepCells.awaitAll(futures);
        } catch (IOException | RuntimeException e) {
            settle(pool);
            throw e;
        } finally {
            pool.shutdownNow();
        }
        progress.finish();
        return new Swept(new SweepRunner().collect(plan, out, false), pending.size(), reused);
    }

    /**
     * After a chunk failed for good: starts no other chunk, cancels the running ones and waits until their jobs have
     * ended, so that the context stops with no task running (executors reporting on tasks of a stopped context make
     * Spark log errors).
     */
    private void settle(ExecutorService pool) throws IOException {
        pool.shutdownNow();
        spark.cancelAllJobs();
        try {
            pool.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** Reads a cell the cluster finished and keeps it in the store when it completed (as a local sweep does). */
    private static Cell keep(ExperimentPlan plan, CellSpec cell, CellTask.Outcome o, CellStore store)
            throws IOException {
        if (!cell.label().equals(o.label())) {
            throw new IllegalStateException("cell " + o.index() + " is " + o.label() + " on the executor but "
                    + cell.label() + " on the driver: the executors planned another experiment");
        }
        ExperimentResult r = ResultsResources.load(new ByteArrayInputStream(o.result()));
        Cell c = r.getCells().get(0);
        if (c.getStatus() == RunStatus.OK && r.getStatus() == RunStatus.OK) {
            store.write(plan, cell, o.result());
        }
        return c;
    }

    /**
     * @return {@code pending} cut into runs of consecutive cells: about eight chunks per core of the cluster, at
     *         most {@link #MAX_CHUNK} cells each
     */
    static List<List<Integer>> chunks(List<Integer> pending, int cores) {
        int size = Math.max(1, Math.min(MAX_CHUNK, pending.size() / Math.max(1, 8 * cores)));
        List<List<Integer>> chunks = new ArrayList<>();
        for (int i = 0; i < pending.size(); i += size) {
            chunks.add(List.copyOf(pending.subList(i, Math.min(pending.size(), i + size))));
        }
        return chunks;
    }
}
