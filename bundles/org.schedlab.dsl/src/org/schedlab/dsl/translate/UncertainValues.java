/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.translate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.eclipse.xtext.EcoreUtil2;
import org.schedlab.dsl.eval.Dim;
import org.schedlab.dsl.eval.Env;
import org.schedlab.dsl.eval.Quantity;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.sched.Arg;
import org.schedlab.dsl.sched.Experiment;
import org.schedlab.dsl.sched.Param;
import org.schedlab.dsl.sched.SampleOption;
import org.schedlab.dsl.sched.SampleTarget;
import org.schedlab.dsl.sched.SweepOption;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.CostRange;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.workload.Workload;

/**
 * The uncertain ([U]) values of an experiment, each with its plausible range: every cost key with a range on one
 * of the experiment's machines (the built-in profiles' ranges, docs/costs.md, or {@code cost K = V range A .. B}),
 * and every workload parameter declared {@code name = V range A .. B} that the experiment neither sets nor sweeps.
 * {@code schedlab sensitivity} moves each to either end of its range, one at a time.
 */
public final class UncertainValues {

    /** Which end of a range. */
    public enum End {
        LOW, HIGH
    }

    /** Moves one uncertain value of a cell to an end of its range (a cell without the value stays as it is). */
    @FunctionalInterface
    public interface Shift {
        SimConfig at(CellSpec cell, End end);
    }

    /**
     * One uncertain value.
     *
     * @param name    {@code cost cacheline_transfer} or the parameter's name
     * @param nominal its value as text with unit
     * @param low     the low end of its range
     * @param high    the high end
     * @param reason  why the range is plausible (costs); for parameters, where it is declared
     * @param shift   the cells' configurations at either end
     */
    public record Uncertain(String name, String nominal, String low, String high, String reason, Shift shift) {
    }

    private UncertainValues() {
    }

    /** @return the uncertain values of {@code e}, whose translation is {@code plan}: costs in key order, then parameters */
    public static List<Uncertain> of(Experiment e, ExperimentPlan plan) throws TranslationException {
        List<Uncertain> out = new ArrayList<>();
        Set<CostKey> sweptCosts = new HashSet<>();
        Set<Param> fixed = new HashSet<>();
        for (Arg a : e.getArgs()) {
            fixed.add(a.getParam());
        }
        for (SweepOption s : EcoreUtil2.typeSelect(e.getOptions(), SweepOption.class)) {
            if (s.getCost() != null) {
                sweptCosts.add(SweepPoints.costKey(s.getCost(), s));
            } else if (s.getParam() != null) {
                fixed.add(s.getParam());
            }
        }
        for (SampleOption s : EcoreUtil2.typeSelect(e.getOptions(), SampleOption.class)) {
            for (SampleTarget t : s.getTargets()) {
                if (t.getCost() != null) {
                    sweptCosts.add(SweepPoints.costKey(t.getCost(), t));
                } else {
                    fixed.add(t.getParam());
                }
            }
        }
        for (CostKey k : CostKey.values()) {
            if (!sweptCosts.contains(k)) {
                cost(k, plan).ifPresent(out::add);
            }
        }
        for (Param p : e.getWorkload().getParams()) {
            if (p.getLow() != null && !fixed.contains(p)) {
                out.add(param(e, p, plan.seed(plan.cells().get(0), 0)));
            }
        }
        return out;
    }

    private static Optional<Uncertain> cost(CostKey k, ExperimentPlan plan) {
        String unit = k.unit() == CostKey.Unit.CYCLES ? " cycles" : " ns";
        for (CellSpec c : plan.cells()) {
            Optional<CostRange> r = c.config().machine().costs().range(k);
            if (r.isPresent()) {
                long nominal = c.config().machine().costs().cycles(k);
                Shift shift = (cell, end) -> {
                    SimConfig x = cell.config();
                    Optional<CostRange> range = x.machine().costs().range(k);
                    if (range.isEmpty()) {
                        return x;
                    }
                    long v = end == End.LOW ? range.get().low() : range.get().high();
                    MachineProfile m = x.machine().withCost(k, v, "schedlab sensitivity: " + end);
                    return new SimConfig(m, x.engine(), x.scheduler(), x.workload(), x.durationNs(), x.seed(),
                            x.checkInvariants(), x.traceLimit(), x.warmupNs());
                };
                return Optional.of(new Uncertain("cost " + k.name().toLowerCase(Locale.ROOT), nominal + unit,
                        r.get().low() + unit, r.get().high() + unit, r.get().reason(), shift));
            }
        }
        return Optional.empty();
    }

    private static Uncertain param(Experiment e, Param p, long seed) throws TranslationException {
        Dim dim = SweepPoints.dimOf(p.getDefault());
        String what = "the range of " + p.getName();
        Quantity nominal = ResourceTable.quantity(p.getDefault(), Env.defaults(), dim, "the value of " + p.getName());
        Quantity low = ResourceTable.quantity(p.getLow(), Env.defaults(), dim, what);
        Quantity high = ResourceTable.quantity(p.getHigh(), Env.defaults(), dim, what);
        if (nominal.value() < low.value() || nominal.value() > high.value()) {
            throw new TranslationException("the range " + low.text() + " .. " + high.text() + " of " + p.getName()
                    + " does not contain its value " + nominal.text(), p);
        }
        List<SweepPoints.Point> points = SweepPoints.expand(e, null, seed);
        Map<End, Map<Map<String, String>, Workload>> workloads = new HashMap<>();
        for (End end : End.values()) {
            Env base = SweepPoints.arguments(e).with(p, end == End.LOW ? low : high);
            Map<Map<String, String>, Workload> byPoint = new HashMap<>();
            List<ExperimentTranslator.SweepPoint> built = ExperimentTranslator.points(e, points, base);
            for (ExperimentTranslator.SweepPoint sp : built) {
                byPoint.put(new java.util.TreeMap<>(sp.parameters()), sp.workload());
            }
            workloads.put(end, byPoint);
        }
        Shift shift = (cell, end) -> {
            SimConfig x = cell.config();
            Workload w = workloads.get(end).get(new java.util.TreeMap<>(cell.params()));
            return w == null ? x : new SimConfig(x.machine(), x.engine(), x.scheduler(), w, x.durationNs(), x.seed(),
                    x.checkInvariants(), x.traceLimit(), x.warmupNs());
        };
        return new Uncertain(p.getName(), nominal.text(), low.text(), high.text(),
                "declared in workload " + e.getWorkload().getName(), shift);
    }
}
