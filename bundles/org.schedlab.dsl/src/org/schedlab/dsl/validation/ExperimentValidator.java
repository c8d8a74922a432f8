/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.validation;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.xtext.EcoreUtil2;
import org.eclipse.xtext.validation.Check;
import org.schedlab.dsl.eval.Env;
import org.schedlab.dsl.sched.Arg;
import org.schedlab.dsl.sched.BaselineOption;
import org.schedlab.dsl.sched.DurationOption;
import org.schedlab.dsl.sched.Experiment;
import org.schedlab.dsl.sched.ExperimentOption;
import org.schedlab.dsl.sched.Machine;
import org.schedlab.dsl.sched.MachinesOption;
import org.schedlab.dsl.sched.MetricsOption;
import org.schedlab.dsl.sched.PublishedOption;
import org.schedlab.dsl.sched.PublishedValue;
import org.schedlab.dsl.sched.RepeatsOption;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.sched.SeedsOption;
import org.schedlab.dsl.sched.SweepOption;
import org.schedlab.dsl.sched.Variant;
import org.schedlab.dsl.sched.VariantsOption;
import org.schedlab.dsl.sched.WarmupOption;
import org.schedlab.dsl.sched.Workload;
import org.schedlab.dsl.translate.BuiltinMetrics;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.ExperimentTranslator;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.dsl.translate.WorkloadBuilder;

/** Experiments: required and repeated options, baseline, published cells, metrics, seeds, arguments and sweeps. */
public class ExperimentValidator extends ValidatorSupport {

    @com.google.inject.Inject
    private EngineCatalog injectedCatalog;

    private static final List<Class<? extends ExperimentOption>> SINGLE = List.of(DurationOption.class,
            WarmupOption.class, RepeatsOption.class, SeedsOption.class, BaselineOption.class);

    @Check
    public void checkOptions(Experiment e) {
        List<ExperimentOption> opts = e.getOptions();
        if (EcoreUtil2.typeSelect(opts, MachinesOption.class).isEmpty()) {
            missing(e, "names no machines: add for example `machines piii-700`");
        }
        if (EcoreUtil2.typeSelect(opts, VariantsOption.class).isEmpty()) {
            missing(e, "names no kernel variants: add `variants NAME, ...`");
        }
        if (EcoreUtil2.typeSelect(opts, DurationOption.class).isEmpty()) {
            missing(e, "has no duration: add for example `duration 10 s`");
        }
        for (Class<? extends ExperimentOption> c : SINGLE) {
            List<? extends ExperimentOption> found = EcoreUtil2.typeSelect(opts, c);
            for (int i = 1; i < found.size(); i++) {
                error("this option is given twice; keep one", found.get(i), null, SchedIssueCodes.DUPLICATE_OPTION);
            }
        }
        List<RepeatsOption> repeats = EcoreUtil2.typeSelect(opts, RepeatsOption.class);
        int n = repeats.isEmpty() ? 1 : repeats.get(0).getCount();
        if (!repeats.isEmpty() && (n < 1 || n > 1000)) {
            error("repeats must be 1 to 1000, not " + n, repeats.get(0), SchedPackage.Literals.REPEATS_OPTION__COUNT,
                    SchedIssueCodes.OUT_OF_RANGE);
        }
        for (SeedsOption s : EcoreUtil2.typeSelect(opts, SeedsOption.class)) {
            if (s.getSeeds().size() != n) {
                error("give one seed per repeat: " + n + " repeat" + (n == 1 ? "" : "s") + ", " + s.getSeeds().size()
                        + " seeds", s, SchedPackage.Literals.SEEDS_OPTION__SEEDS, SchedIssueCodes.SEEDS_MISMATCH);
            }
        }
    }

    private void missing(Experiment e, String what) {
        error((e.getName() == null ? "the experiment " : "experiment " + e.getName() + " ") + what, e, SchedPackage.Literals.ELEMENT__NAME,
                SchedIssueCodes.MISSING_OPTION);
    }

    @Check
    public void checkBaselineAndPublished(Experiment e) {
        Set<Variant> variants = new HashSet<>();
        EcoreUtil2.typeSelect(e.getOptions(), VariantsOption.class).forEach(v -> variants.addAll(v.getVariants()));
        Set<Machine> machines = new HashSet<>();
        EcoreUtil2.typeSelect(e.getOptions(), MachinesOption.class).forEach(m -> machines.addAll(m.getMachines()));
        for (BaselineOption b : EcoreUtil2.typeSelect(e.getOptions(), BaselineOption.class)) {
            if (b.getBaseline() != null && !b.getBaseline().eIsProxy() && !variants.contains(b.getBaseline())) {
                error("the baseline " + b.getBaseline().getName() + " is not one of the experiment's variants", b,
                        SchedPackage.Literals.BASELINE_OPTION__BASELINE, SchedIssueCodes.BASELINE_NOT_IN_VARIANTS);
            }
        }
        for (PublishedOption p : EcoreUtil2.typeSelect(e.getOptions(), PublishedOption.class)) {
            for (PublishedValue v : p.getValues()) {
                if (v.getVariant() != null && !v.getVariant().eIsProxy() && !variants.contains(v.getVariant())) {
                    error("variant " + v.getVariant().getName() + " is not in this experiment's variants", v,
                            SchedPackage.Literals.PUBLISHED_VALUE__VARIANT,
                            SchedIssueCodes.PUBLISHED_CELL_NOT_IN_EXPERIMENT);
                }
                if (v.getMachine() != null && !v.getMachine().eIsProxy() && !machines.contains(v.getMachine())) {
                    error("machine " + v.getMachine().getName() + " is not in this experiment's machines", v,
                            SchedPackage.Literals.PUBLISHED_VALUE__MACHINE,
                            SchedIssueCodes.PUBLISHED_CELL_NOT_IN_EXPERIMENT);
                }
                if (v.getAgainst() != null && !v.getAgainst().eIsProxy() && !variants.contains(v.getAgainst())) {
                    error("variant " + v.getAgainst().getName() + " is not in this experiment's variants", v,
                            SchedPackage.Literals.PUBLISHED_VALUE__AGAINST,
                            SchedIssueCodes.PUBLISHED_CELL_NOT_IN_EXPERIMENT);
                }
                checkPublishedForm(p, v);
                checkRatioForm(e, p, v);
            }
        }
    }

    /** A ratio names one swept parameter at two of its points; 'at ... over' belongs to a ratio only. */
    private void checkRatioForm(Experiment e, PublishedOption p, PublishedValue v) {
        if (!p.isRatio()) {
            if (v.getAt() != null) {
                error("'at ... over' belongs to a published ratio: write `published ratio " + p.getMetric()
                        + " { ... }`", v, SchedPackage.Literals.PUBLISHED_VALUE__AT, SchedIssueCodes.PUBLISHED_FORM);
            }
            return;
        }
        if (v.getAgainst() != null || v.getLow() != null) {
            error("a published ratio takes no 'vs' or 'within'; its band is `band B %` of the ratio", v,
                    SchedPackage.Literals.PUBLISHED_VALUE__VARIANT, SchedIssueCodes.PUBLISHED_FORM);
        }
        if (v.getAt() == null) {
            error("a published ratio names two points of a sweep: `VARIANT on MACHINE at PARAM = A over B = RATIO`", v,
                    SchedPackage.Literals.PUBLISHED_VALUE__VARIANT, SchedIssueCodes.PUBLISHED_FORM);
        } else if (EcoreUtil2.typeSelect(e.getOptions(), SweepOption.class).stream()
                .noneMatch(s -> s.getParam() != null && v.getAt().equals(s.getParam().getName()))) {
            error(v.getAt() + " is not swept in this experiment: add `sweep " + v.getAt() + " = A, B`", v,
                    SchedPackage.Literals.PUBLISHED_VALUE__AT, SchedIssueCodes.PUBLISHED_FORM);
        }
    }

    /** A change is a % against a baseline ('vs' or the experiment's), an absolute value is not; bands are ordered. */
    private void checkPublishedForm(PublishedOption p, PublishedValue v) {
        if (!p.isChange() && (v.getAgainst() != null || v.getLow() != null)) {
            error("'vs' and 'within' belong to a published change: write `published change " + p.getMetric()
                    + " { ... }`", v, SchedPackage.Literals.PUBLISHED_VALUE__VARIANT,
                    SchedIssueCodes.PUBLISHED_FORM);
        }
        double low = org.schedlab.dsl.translate.ExperimentTranslator.number(v.getLow());
        double high = org.schedlab.dsl.translate.ExperimentTranslator.number(v.getHigh());
        if (low > high) {
            error("the band " + v.getLow() + " .. " + v.getHigh() + " is empty: its low end is above its high end", v,
                    SchedPackage.Literals.PUBLISHED_VALUE__LOW, SchedIssueCodes.PUBLISHED_FORM);
        }
    }

    @Check
    public void checkMetrics(Experiment e) {
        Workload w = e.getWorkload();
        if (w == null || w.eIsProxy()) {
            return;
        }
        ExperimentMetrics metrics = ExperimentMetrics.of(e, EngineCatalog.forContext(e, injectedCatalog));
        Set<String> counters = metrics.counters();
        Set<String> valid = metrics.names();
        for (MetricsOption m : EcoreUtil2.typeSelect(e.getOptions(), MetricsOption.class)) {
            for (int i = 0; i < m.getMetrics().size(); i++) {
                if (!valid.contains(m.getMetrics().get(i))) {
                    // every engine known: no run could report it (the run would fail at its end); else a warning,
                    // as an engine the catalog does not have may count it
                    String text = "no metric " + m.getMetrics().get(i) + "; workload " + w.getName() + " counts "
                            + (counters.isEmpty() ? "nothing" : String.join(", ", counters))
                            + (metrics.engineCounters().isEmpty() ? ""
                                    : ", its engines count " + String.join(", ", metrics.engineCounters()))
                            + ", and the built-in metrics are " + String.join(", ", BuiltinMetrics.ALL.keySet());
                    if (metrics.complete()) {
                        error(text, m, SchedPackage.Literals.METRICS_OPTION__METRICS, i,
                                SchedIssueCodes.UNKNOWN_METRIC);
                    } else {
                        warning(text, m, SchedPackage.Literals.METRICS_OPTION__METRICS, i,
                                SchedIssueCodes.UNKNOWN_METRIC);
                    }
                }
            }
        }
        for (PublishedOption p : EcoreUtil2.typeSelect(e.getOptions(), PublishedOption.class)) {
            if (!valid.contains(p.getMetric())) {
                warning("no metric " + p.getMetric() + " in this experiment", p,
                        SchedPackage.Literals.PUBLISHED_OPTION__METRIC, SchedIssueCodes.UNKNOWN_METRIC);
            }
        }
    }

    @Check
    public void checkArguments(Experiment e) {
        Map<Object, EObject> fixed = new HashMap<>();
        for (Arg a : e.getArgs()) {
            if (a.getParam() != null && fixed.put(a.getParam(), a) != null) {
                error(a.getParam().getName() + " is given twice", a, SchedPackage.Literals.ARG__PARAM,
                        SchedIssueCodes.DUPLICATE_OPTION);
            }
        }
        Set<Object> swept = new HashSet<>();
        for (SweepOption s : EcoreUtil2.typeSelect(e.getOptions(), SweepOption.class)) {
            if (s.getParam() == null || s.getParam().eIsProxy()) {
                continue;
            }
            if (fixed.containsKey(s.getParam())) {
                error(s.getParam().getName() + " is both fixed in the workload's arguments and swept; drop one", s,
                        SchedPackage.Literals.SWEEP_OPTION__PARAM, SchedIssueCodes.PARAM_FIXED_AND_SWEPT);
            } else if (!swept.add(s.getParam())) {
                error(s.getParam().getName() + " is swept twice", s, SchedPackage.Literals.SWEEP_OPTION__PARAM,
                        SchedIssueCodes.DUPLICATE_OPTION);
            }
        }
    }

    /** Builds the workload of every sweep point when it builds with its defaults (else the workload reports). */
    @Check
    public void checkSweepPointsBuild(Experiment e) {
        Workload w = e.getWorkload();
        if (!clean(e) || w == null || w.eIsProxy() || !clean(w)) {
            return;
        }
        try {
            WorkloadBuilder.build(w, Env.defaults(), w.getName());
        } catch (TranslationException | RuntimeException ex) {
            return;
        }
        try {
            ExperimentTranslator.checkPoints(e);
        } catch (TranslationException ex) {
            if (!reportedStatically(ex) || !EcoreUtil2.isAncestor(e, ex.where())) {
                report(ex, e, SchedPackage.Literals.EXPERIMENT__WORKLOAD, "with these arguments, ");
            }
        } catch (RuntimeException ex) {
            error("with these arguments, workload " + w.getName() + " cannot be built: " + ex.getMessage(), e,
                    SchedPackage.Literals.EXPERIMENT__WORKLOAD, SchedIssueCodes.INVALID_WORKLOAD);
        }
    }
}
