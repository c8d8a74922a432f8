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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.model.results.Cell;

/**
 * What a local sweep ({@link SweepRunner}) and a cluster sweep share: the cells a store already holds, a pool of
 * daemon workers, and waiting for the submitted work with its first failure unwrapped.
 */
public final class SweepCells {
    private SweepCells() {
    }

    /**
     * Drops the store's unfinished cells, puts every finished one into {@code out} at its index and returns the
     * indices still to run.
     *
     * @param store where finished cells are kept (null: nowhere, every cell is pending)
     * @throws IOException when a stored cell cannot be read
     */
    public static List<Integer> pending(ExperimentPlan plan, CellStore store, Cell[] out) throws IOException {
        List<CellSpec> cells = plan.cells();
        List<Integer> pending = new ArrayList<>();
        if (store != null) {
            store.removeUnfinished();
        }
        for (int i = 0; i < cells.size(); i++) {
            Optional<Cell> stored = store == null ? Optional.empty() : store.read(plan, cells.get(i));
            if (stored.isPresent()) {
                out[i] = stored.get();
            } else {
                pending.add(i);
            }
        }
        return pending;
    }

    /** @return a fixed pool of {@code threads} (at least 1) daemon threads called {@code name} */
    public static ExecutorService daemonPool(int threads, String name) {
        return Executors.newFixedThreadPool(Math.max(1, threads), r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Waits for every future in order.
     *
     * @throws IOException the first failure's own IOException, or "interrupted" when this thread is
     * @throws IllegalStateException the first failure of any other kind, with its message
     */
    public static void awaitAll(List<Future<?>> futures) throws IOException {
        try {
            for (Future<?> f : futures) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        }
    }
}
