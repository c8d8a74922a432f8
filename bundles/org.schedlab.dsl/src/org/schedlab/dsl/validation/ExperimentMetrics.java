/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.validation;

import java.util.LinkedHashSet;
import java.util.Set;

import org.eclipse.xtext.EcoreUtil2;
import org.schedlab.dsl.sched.Count;
import org.schedlab.dsl.sched.Experiment;
import org.schedlab.dsl.sched.Variant;
import org.schedlab.dsl.sched.VariantsOption;
import org.schedlab.dsl.sched.Workload;
import org.schedlab.dsl.translate.BuiltinMetrics;
import org.schedlab.dsl.translate.EngineCatalog;

/**
 * The metric names one experiment may use: the built-in metrics, its workload's counters with their derived
 * names, and the counters its variants' engines declare. Shared by validation and content assist.
 *
 * @param counters       the workload's counters ({@code count NAME})
 * @param engineCounters the counters the experiment's engines report
 * @param names          every name the experiment may list in {@code metrics} or {@code published}
 * @param complete       whether every variant's engine was found in the catalog, so that a name outside
 *                       {@code names} is none any run could report
 */
public record ExperimentMetrics(Set<String> counters, Set<String> engineCounters, Set<String> names,
        boolean complete) {

    /** @return the metric names of {@code e}; {@code catalog} may be null (no engine counters then) */
    public static ExperimentMetrics of(Experiment e, EngineCatalog catalog) {
        Set<String> counters = new LinkedHashSet<>();
        Workload w = e.getWorkload();
        if (w != null && !w.eIsProxy()) {
            for (Count c : EcoreUtil2.getAllContentsOfType(w, Count.class)) {
                counters.add(c.getCounter());
            }
        }
        Set<String> engineCounters = new LinkedHashSet<>();
        if (w != null && !w.eIsProxy()) {
            // cpu.stat of each task group, as engines with group scheduling report it
            for (org.schedlab.dsl.sched.CGroupDecl g : EcoreUtil2.typeSelect(w.getMembers(),
                    org.schedlab.dsl.sched.CGroupDecl.class)) {
                String n = cgroupPath(g).replace('/', '_').replace('-', '_');
                for (String stat : BuiltinMetrics.CGROUP_STATS) {
                    engineCounters.add(stat + "_" + n);
                }
            }
        }
        boolean complete = catalog != null;
        for (VariantsOption vo : EcoreUtil2.typeSelect(e.getOptions(), VariantsOption.class)) {
            for (Variant v : vo.getVariants()) {
                if (catalog == null || v.eIsProxy() || v.getKernel() == null || v.getKernel().eIsProxy()) {
                    complete = false;
                    continue;
                }
                var engine = catalog.find(v.getKernel().getEngine());
                engine.ifPresent(en -> engineCounters.addAll(en.info().counters()));
                complete &= engine.isPresent();
            }
        }
        return new ExperimentMetrics(counters, engineCounters, BuiltinMetrics.names(counters, engineCounters),
                complete);
    }

    private static String cgroupPath(org.schedlab.dsl.sched.CGroupDecl g) {
        String p = g.getName();
        int depth = 0;
        for (org.schedlab.dsl.sched.CGroupDecl c = g.getParent(); c != null && !c.eIsProxy() && depth < 64;
                c = c.getParent(), depth++) {
            p = c.getName() + "/" + p;
        }
        return p;
    }
}
