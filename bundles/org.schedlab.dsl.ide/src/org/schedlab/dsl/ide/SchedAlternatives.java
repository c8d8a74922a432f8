/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ide;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.xtext.EcoreUtil2;
import org.schedlab.dsl.sched.Experiment;
import org.schedlab.dsl.sched.Kernel;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.sched.Variant;
import org.schedlab.dsl.translate.BuiltinMetrics;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.MachineBuilder;
import org.schedlab.dsl.validation.ExperimentMetrics;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.PatchInfo;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.spi.TunableInfo;

/**
 * What may stand at a feature whose values come from the installed engines rather than from the file: engine ids,
 * the kernel's versions, the patches that apply to its version, its tunables, cost keys, built-in profiles and the
 * experiment's metrics. Content assist proposes them; quick fixes offer the nearest ones for a wrong value.
 */
public final class SchedAlternatives {

    /**
     * One value as written in the file (quoted for a string feature).
     *
     * @param text        the value
     * @param description one line for the proposal list
     * @param patch       the patch, for a patch (documentation), else null
     */
    public record Alternative(String text, String description, PatchInfo patch) {
    }

    private SchedAlternatives() {
    }

    /**
     * @param feature a feature of the .sched model ({@code SchedPackage.Literals})
     * @param model   the object at the place in question (or one inside it)
     * @return the values allowed at {@code feature}, or null when its values are not the engines' business
     */
    public static List<Alternative> of(EStructuralFeature feature, EObject model, EngineCatalog catalog) {
        if (is(feature, SchedPackage.Literals.KERNEL__ENGINE)) {
            return engines(catalog);
        } else if (is(feature, SchedPackage.Literals.KERNEL__VERSION)) {
            return versions(model, catalog);
        } else if (is(feature, SchedPackage.Literals.PATCH_REF__ID)) {
            return patches(model, catalog);
        } else if (is(feature, SchedPackage.Literals.TUNABLE__NAME)) {
            return tunables(model, catalog);
        } else if (is(feature, SchedPackage.Literals.COST_OVERRIDE__KEY)) {
            return costKeys();
        } else if (is(feature, SchedPackage.Literals.PROFILE_SETTING__ID)) {
            return profiles();
        } else if (is(feature, SchedPackage.Literals.METRICS_OPTION__METRICS)
                || is(feature, SchedPackage.Literals.PUBLISHED_OPTION__METRIC)) {
            return metrics(model, catalog);
        }
        return null;
    }

    private static boolean is(EStructuralFeature f, EStructuralFeature literal) {
        return AssignedFeature.same(f, literal);
    }

    static List<Alternative> engines(EngineCatalog catalog) {
        List<Alternative> out = new ArrayList<>();
        for (SchedulerEngine e : catalog.engines()) {
            out.add(new Alternative(e.info().id(), e.info().title(), null));
        }
        return out;
    }

    static List<Alternative> versions(EObject model, EngineCatalog catalog) {
        Kernel k = EcoreUtil2.getContainerOfType(model, Kernel.class);
        SchedulerEngine e = k == null || k.getEngine() == null ? null : catalog.find(k.getEngine()).orElse(null);
        List<Alternative> out = new ArrayList<>();
        if (e != null) {
            for (String v : e.info().versions()) {
                out.add(new Alternative("\"" + v + "\"", e.info().title() + " " + v, null));
            }
        }
        return out;
    }

    static List<Alternative> patches(EObject model, EngineCatalog catalog) {
        EngineInfo info = info(model, catalog);
        Variant v = EcoreUtil2.getContainerOfType(model, Variant.class);
        String version = v == null || v.getKernel() == null || v.getKernel().eIsProxy() ? null
                : v.getKernel().getVersion();
        List<Alternative> out = new ArrayList<>();
        if (info != null) {
            for (PatchInfo p : info.patches()) {
                if (version == null || p.appliesTo().contains(version)) {
                    out.add(new Alternative("\"" + p.id() + "\"", p.title() + " (" + p.author() + ", " + p.date() + ")",
                            p));
                }
            }
        }
        return out;
    }

    static List<Alternative> tunables(EObject model, EngineCatalog catalog) {
        EngineInfo info = info(model, catalog);
        List<Alternative> out = new ArrayList<>();
        if (info != null) {
            for (TunableInfo t : info.tunables()) {
                out.add(new Alternative(t.name(), t.unit() + ", default " + t.defaultValue() + ": " + t.description(),
                        null));
            }
        }
        return out;
    }

    static List<Alternative> costKeys() {
        List<Alternative> out = new ArrayList<>();
        for (CostKey k : CostKey.values()) {
            out.add(new Alternative(k.name().toLowerCase(Locale.ROOT), k.unit() == CostKey.Unit.CYCLES ? "cycles" : "ns",
                    null));
        }
        return out;
    }

    static List<Alternative> profiles() {
        List<Alternative> out = new ArrayList<>();
        for (String id : MachineBuilder.builtInIds().split(", ")) {
            out.add(new Alternative("\"" + id + "\"", "built-in machine profile", null));
        }
        return out;
    }

    static List<Alternative> metrics(EObject model, EngineCatalog catalog) {
        Experiment e = EcoreUtil2.getContainerOfType(model, Experiment.class);
        List<Alternative> out = new ArrayList<>();
        if (e != null) {
            ExperimentMetrics m = ExperimentMetrics.of(e, catalog);
            for (String name : m.names()) {
                out.add(new Alternative(name, metricDescription(name, m), null));
            }
        }
        return out;
    }

    private static String metricDescription(String name, ExperimentMetrics m) {
        String builtIn = BuiltinMetrics.ALL.get(name);
        if (builtIn != null) {
            return builtIn;
        }
        if (m.counters().contains(name)) {
            return "the workload's counter, per second";
        }
        if (m.engineCounters().contains(name)) {
            return "the engine's counter, per second";
        }
        if (name.startsWith("cycles_")) {
            return "cycles in one scheduler function";
        }
        return "derived from a counter (total, or threads.c's per-task columns)";
    }

    private static EngineInfo info(EObject model, EngineCatalog catalog) {
        Variant v = EcoreUtil2.getContainerOfType(model, Variant.class);
        if (v == null || v.getKernel() == null || v.getKernel().eIsProxy()) {
            return null;
        }
        return catalog.find(v.getKernel().getEngine()).map(SchedulerEngine::info).orElse(null);
    }
}
