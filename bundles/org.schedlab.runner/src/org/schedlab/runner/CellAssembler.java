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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.Metric;
import org.schedlab.model.results.ResultsFactory;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;

/** Puts one cell's runs together: status, provenance, and each metric's statistics over the completed runs. */
final class CellAssembler {
    private CellAssembler() {
    }

    static Cell cell(CellSpec spec, Run[] runs) {
        Cell cell = ResultsFactory.eINSTANCE.createCell();
        cell.setMachine(spec.machineName());
        cell.setVariant(spec.variantName());
        spec.params().forEach((k, v) -> cell.getParameters().add(RunRecorder.parameter(k, v)));
        cell.setProvenance(RunRecorder.provenance(spec.config()));
        RunStatus status = RunStatus.OK;
        String message = null;
        for (Run run : runs) {
            if (run.getStatus() == RunStatus.FAILED && status != RunStatus.FAILED) {
                status = RunStatus.FAILED;
                message = "seed " + run.getSeed() + ": " + run.getMessage();
            } else if (run.getStatus() == RunStatus.CANCELLED && status == RunStatus.OK) {
                status = RunStatus.CANCELLED;
                message = run.getMessage();
            }
        }
        cell.setStatus(status);
        cell.setMessage(message);
        if (status == RunStatus.OK) {
            cell.getMetrics().addAll(aggregate(runs));
        }
        for (Run run : runs) {
            cell.getRuns().add(run);
        }
        return cell;
    }

    /** @return per metric name (in the first run's order) the statistics of its values over the runs */
    static List<Metric> aggregate(Run[] runs) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        Map<String, String> units = new LinkedHashMap<>();
        for (Run run : runs) {
            for (Metric m : run.getMetrics()) {
                values.computeIfAbsent(m.getName(), k -> new ArrayList<>()).add(m.getValue());
                units.putIfAbsent(m.getName(), m.getUnit());
            }
        }
        List<Metric> out = new ArrayList<>();
        values.forEach((name, v) -> out.add(RunRecorder.metric(name, units.get(name), Stats.of(v))));
        return out;
    }
}
