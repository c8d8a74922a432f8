/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.translate;

import java.util.Map;

import org.schedlab.dsl.eval.Env;
import org.schedlab.dsl.eval.Quantity;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.sched.Experiment;
import org.schedlab.dsl.sched.Param;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.workload.Workload;

/**
 * How the translator makes an experiment's cells. In a large plan ({@link ExperimentTranslator#EAGER_POINTS}) each is a
 * {@link CellSpec#lazy lazy} cell that holds its sweep point, machine and variant and builds its workload and swept
 * machine when it runs, so that a plan of a million sample points does not hold a million workloads; the
 * configuration built is the one a smaller plan holds: the same workload from the same parsed file and values, the
 * same machine, engine configuration, times and seed.
 *
 * @param experiment the parsed experiment (kept while the plan lives)
 * @param arguments  the experiment's workload arguments
 * @param warmupNs   simulated time before the measurement
 * @param durationNs measured simulated time
 * @param seed       the seed of every cell's configuration (the experiment's first)
 */
record CellRecipe(Experiment experiment, Env arguments, long warmupNs, long durationNs, long seed) {

    /**
     * What a lazy cell keeps of its sweep point: the workload's name (which carries the point's label) and the
     * point's parameters and costs, in their order.
     */
    record LazyPoint(String workloadName, Map<Param, Quantity> params, Map<CostKey, Long> costs) {
    }

    /** @return what the lazy cells of {@code point} keep of it (one per point, shared by its cells) */
    LazyPoint lazy(SweepPoints.Point point) {
        return new LazyPoint(ExperimentTranslator.workloadName(experiment, point), small(point.params()),
                small(point.costs()));
    }

    /** @return {@code m} in the smallest map that keeps its order: an immutable one for none or one entry */
    private static <K, V> Map<K, V> small(Map<K, V> m) {
        return m.size() <= 1 ? Map.copyOf(m) : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(m));
    }

    /**
     * @return the cell of {@code point} ({@code label}: its swept values) on {@code machine} under {@code variant}
     *         with its swept {@code tunables}, built when it runs
     */
    CellSpec cell(LazyPoint point, Map<String, String> label, MachineProfile machine,
            ExperimentTranslator.VariantPlan variant, SchedulerConfig tunables) {
        return CellSpec.lazy(experiment.getName(), machine.id(), variant.name(), label, seed,
                () -> config(point.costs(), machine, variant, tunables, build(point, variant)));
    }

    /** @return the same cell holding its configuration with {@code workload}, the point's, built already */
    CellSpec cell(SweepPoints.Point point, MachineProfile machine, ExperimentTranslator.VariantPlan variant,
            SchedulerConfig tunables, Workload workload) {
        return new CellSpec(experiment.getName(), machine.id(), variant.name(), point.label(),
                config(point.costs(), machine, variant, tunables, workload));
    }

    private SimConfig config(Map<CostKey, Long> costs, MachineProfile machine,
            ExperimentTranslator.VariantPlan variant, SchedulerConfig tunables, Workload workload) {
        return SimConfig.builder().machine(SweptSettings.costs(machine, costs))
                .engine(variant.engine(), tunables).workload(workload).warmup(warmupNs).duration(durationNs)
                .seed(seed).build();
    }

    private Workload build(LazyPoint point, ExperimentTranslator.VariantPlan variant) {
        if (experiment.eResource() == null) {
            throw new IllegalStateException("experiment " + experiment.getName() + ": the file was unloaded (loaded"
                    + " again) before the cell of " + point.workloadName() + " ran; translate it again");
        }
        try {
            return WorkloadBuilder.changed(ExperimentTranslator.workload(experiment, point.params(),
                    point.workloadName(), arguments), variant.changes());
        } catch (TranslationException e) {
            // the validator built every point's workload when the file was loaded
            throw new IllegalStateException("the workload " + point.workloadName() + " of " + experiment.getName()
                    + " cannot be built: " + e.getMessage(), e);
        }
    }
}
