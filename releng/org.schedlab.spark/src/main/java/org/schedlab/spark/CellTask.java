/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.model.ResultsResources;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.SweepRunner;

/**
 * What an executor does with a partition of cell indices: plans the experiment from the shipped file
 * ({@link ExecutorPlans}), runs each cell as a local sweep does ({@link SweepRunner#runCell}) and answers with each
 * one-cell result serialised as the cell store keeps it.
 */
final class CellTask implements FlatMapFunction<Iterator<Integer>, CellTask.Outcome> {
    private static final long serialVersionUID = 1L;

    /**
     * A finished cell on its way back to the driver.
     *
     * @param index  the cell's index in the plan
     * @param label  its label on the executor (the driver checks it against its own)
     * @param result the one-cell result as {@link ResultsResources#save} writes it
     */
    record Outcome(int index, String label, byte[] result) implements Serializable {
    }

    private final SchedSource source;
    private final String experiment;
    private final int repeats;

    CellTask(SchedSource source, String experiment, int repeats) {
        this.source = source;
        this.experiment = experiment;
        this.repeats = repeats;
    }

    @Override
    public Iterator<Outcome> call(Iterator<Integer> indices) throws IOException {
        ExperimentPlan plan = ExecutorPlans.plan(source, experiment, repeats);
        SweepRunner runner = new SweepRunner();
        List<Outcome> out = new ArrayList<>();
        while (indices.hasNext()) {
            int i = indices.next();
            CellSpec cell = plan.cells().get(i);
            ExperimentResult r = runner.runCell(plan, cell, RunMonitor.NONE);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            ResultsResources.save(r, bytes);
            out.add(new Outcome(i, cell.label(), bytes.toByteArray()));
        }
        return out.iterator();
    }
}
