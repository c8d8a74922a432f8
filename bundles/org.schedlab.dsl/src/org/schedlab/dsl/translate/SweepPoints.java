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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.eclipse.emf.ecore.EObject;
import org.schedlab.dsl.eval.Dim;
import org.schedlab.dsl.eval.Env;
import org.schedlab.dsl.eval.EvalException;
import org.schedlab.dsl.eval.Evaluator;
import org.schedlab.dsl.eval.Quantity;
import org.schedlab.dsl.plan.SweepValues;
import org.schedlab.dsl.sched.Arg;
import org.schedlab.dsl.sched.Experiment;
import org.schedlab.dsl.sched.Expr;
import org.schedlab.dsl.sched.Param;
import org.schedlab.dsl.sched.SampleOption;
import org.schedlab.dsl.sched.SampleTarget;
import org.schedlab.dsl.sched.SweepOption;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.CostRange;
import org.schedlab.sim.machine.MachineProfile;

/**
 * The points of an experiment's {@code sweep} and {@code sample} options, in file order: the product of the sweeps
 * (the first sweep outermost) times the points of each sample. A sweep goes over a workload parameter, a machine
 * cost ({@code sweep cost KEY = ...}, on every machine of the experiment) or an engine tunable
 * ({@code sweep set NAME = ...}, on every variant); its values are a list or a range
 * ({@code A .. B log N}, {@code A .. B points N}, {@code A .. B step S}, see {@link SweepValues}). A sample is a
 * Latin hypercube of N points over the declared ranges of parameters and costs, drawn from the experiment's first
 * seed.
 */
public final class SweepPoints {

    /**
     * One point.
     *
     * @param label    each swept name with its value as text: {@code rooms=10}, {@code cost.ipi_send=300 cycles},
     *                 {@code set.sched_latency_ns=20000000 ns}, {@code sample=3}
     * @param params   workload parameter values
     * @param costs    machine cost values (in the key's unit)
     * @param tunables engine tunable values (converted to each tunable's unit per variant)
     */
    public record Point(Map<String, String> label, Map<Param, Quantity> params, Map<CostKey, Long> costs,
            Map<String, Quantity> tunables) {
        Point with(String name, String text, Param p, Quantity q, CostKey k, String tunable) {
            Map<String, String> l = new LinkedHashMap<>(label);
            l.put(name, text);
            Map<Param, Quantity> ps = new LinkedHashMap<>(params);
            Map<CostKey, Long> cs = new LinkedHashMap<>(costs);
            Map<String, Quantity> ts = new LinkedHashMap<>(tunables);
            if (p != null) {
                ps.put(p, q);
            } else if (k != null) {
                cs.put(k, q.asLong());
            } else if (tunable != null) {
                ts.put(tunable, q);
            }
            return new Point(l, ps, cs, ts);
        }
    }

    private SweepPoints() {
    }

    /** @return the environment of the experiment's workload arguments ({@code workload w(a = 1)}) */
    public static Env arguments(Experiment e) throws TranslationException {
        Env base = Env.defaults();
        for (Arg a : e.getArgs()) {
            base.bind(a.getParam(), ResourceTable.quantity(a.getValue(), Env.defaults(),
                    dimOf(a.getParam().getDefault()), "the value of " + a.getParam().getName()));
        }
        return base;
    }

    /**
     * @param machines the experiment's machines (a sample over a cost takes the range they declare); null: the
     *                 costs of samples are not resolved (the validator, which needs the workloads only)
     * @param seed     the experiment's first seed (the samples' random stream)
     * @return every point, in the order the cells are reported; one empty point without sweeps
     */
    public static List<Point> expand(Experiment e, List<MachineProfile> machines, long seed)
            throws TranslationException {
        List<Point> points = new ArrayList<>(List.of(new Point(Map.of(), Map.of(), Map.of(), Map.of())));
        for (EObject o : e.getOptions()) {
            List<Point> next = new ArrayList<>();
            if (o instanceof SweepOption s) {
                List<Quantity> values = values(s);
                String name = name(s);
                CostKey key = s.getCost() == null ? null : costKey(s.getCost(), s);
                for (Point p : points) {
                    for (Quantity q : values) {
                        next.add(p.with(name, q.text(), s.getParam(), q, key, s.getTunable()));
                    }
                }
            } else if (o instanceof SampleOption s) {
                List<Point> sample = sample(s, machines, seed);
                for (Point p : points) {
                    for (Point q : sample) {
                        Point r = p;
                        for (Map.Entry<String, String> l : q.label().entrySet()) {
                            r = r.with(l.getKey(), l.getValue(), null, null, null, null);
                        }
                        Map<Param, Quantity> ps = new LinkedHashMap<>(r.params());
                        ps.putAll(q.params());
                        Map<CostKey, Long> cs = new LinkedHashMap<>(r.costs());
                        cs.putAll(q.costs());
                        next.add(new Point(r.label(), ps, cs, r.tunables()));
                    }
                }
            } else {
                continue;
            }
            if ((long) next.size() > SweepValues.MAX_POINTS) {
                throw new TranslationException("the sweeps give " + next.size() + " points, more than "
                        + SweepValues.MAX_POINTS, o);
            }
            points = next;
        }
        return points;
    }

    /** @return the label name of a sweep: the parameter, {@code cost.KEY} or {@code set.NAME} */
    static String name(SweepOption s) {
        if (s.getCost() != null) {
            return "cost." + s.getCost().toLowerCase(Locale.ROOT);
        }
        return s.getTunable() != null ? "set." + s.getTunable() : s.getParam().getName();
    }

    /** @return the values of one sweep: its list, or the points of its range */
    static List<Quantity> values(SweepOption s) throws TranslationException {
        Dim want = s.getParam() != null ? dimOf(s.getParam().getDefault())
                : s.getCost() != null ? costDim(costKey(s.getCost(), s)) : dimOf(s.getValues().get(0));
        String what = "a value of " + name(s);
        List<Quantity> out = new ArrayList<>();
        for (Expr v : s.getValues()) {
            out.add(ResourceTable.quantity(v, Env.defaults(), want, what));
        }
        if (s.getTo() == null) {
            return out;
        }
        if (out.size() != 1) {
            throw new TranslationException("a range has one start: `sweep " + name(s) + " = A .. B points N`", s);
        }
        double from = out.get(0).value();
        double to = ResourceTable.quantity(s.getTo(), Env.defaults(), want, what).value();
        List<Double> points;
        try {
            if (s.getStep() != null) {
                points = SweepValues.step(from, to, ResourceTable.quantity(s.getStep(), Env.defaults(), want,
                        "the step of " + name(s)).value());
            } else if (s.isLog()) {
                points = SweepValues.log(from, to, s.getCount());
            } else {
                points = SweepValues.linear(from, to, s.getCount());
            }
        } catch (IllegalArgumentException ex) {
            throw new TranslationException(ex.getMessage(), s);
        }
        return points.stream().map(v -> new Quantity(v, want)).toList();
    }

    /** @return the points of a Latin hypercube sample over its targets' declared ranges */
    static List<Point> sample(SampleOption s, List<MachineProfile> machines, long seed) throws TranslationException {
        List<SampleTarget> targets = s.getTargets();
        double[] low = new double[targets.size()];
        double[] high = new double[targets.size()];
        Dim[] dims = new Dim[targets.size()];
        for (int d = 0; d < targets.size(); d++) {
            SampleTarget t = targets.get(d);
            if (t.getCost() != null) {
                CostKey k = costKey(t.getCost(), t);
                CostRange r = machines == null ? new CostRange(0, 0, "not resolved") : commonRange(k, machines, t);
                low[d] = r.low();
                high[d] = r.high();
                dims[d] = costDim(k);
            } else {
                Param p = t.getParam();
                if (p.getLow() == null) {
                    throw new TranslationException(p.getName() + " has no declared range: write `" + p.getName()
                            + " = VALUE range LOW .. HIGH` in the workload's parameters", t);
                }
                dims[d] = dimOf(p.getDefault());
                low[d] = ResourceTable.quantity(p.getLow(), Env.defaults(), dims[d], "the range of " + p.getName())
                        .value();
                high[d] = ResourceTable.quantity(p.getHigh(), Env.defaults(), dims[d], "the range of "
                        + p.getName()).value();
            }
        }
        double[][] u;
        try {
            u = SweepValues.latin(s.getCount(), targets.size(), seed);
        } catch (IllegalArgumentException ex) {
            throw new TranslationException(ex.getMessage(), s);
        }
        List<Point> out = new ArrayList<>();
        for (int i = 0; i < u.length; i++) {
            Point p = new Point(Map.of(), Map.of(), Map.of(), Map.of()).with("sample", Integer.toString(i + 1), null,
                    null, null, null);
            for (int d = 0; d < targets.size(); d++) {
                SampleTarget t = targets.get(d);
                Quantity q = new Quantity(SweepValues.scale(u[i][d], low[d], high[d]), dims[d]);
                if (t.getCost() != null) {
                    p = p.with("cost." + t.getCost().toLowerCase(Locale.ROOT), q.text(), null, q,
                            costKey(t.getCost(), t), null);
                } else {
                    p = p.with(t.getParam().getName(), q.text(), t.getParam(), q, null, null);
                }
            }
            out.add(p);
        }
        return out;
    }

    private static CostRange commonRange(CostKey k, List<MachineProfile> machines, EObject where)
            throws TranslationException {
        CostRange common = null;
        for (MachineProfile m : machines) {
            Optional<CostRange> r = m.costs().range(k);
            String key = k.name().toLowerCase(Locale.ROOT);
            if (r.isEmpty()) {
                throw new TranslationException("machine " + m.id() + " declares no range for cost " + key
                        + ": write `cost " + key + " = VALUE range LOW .. HIGH` in it", where);
            }
            if (common != null && (common.low() != r.get().low() || common.high() != r.get().high())) {
                throw new TranslationException("the machines declare different ranges for cost " + key
                        + "; sample them in separate experiments", where);
            }
            common = r.get();
        }
        if (common == null) {
            throw new TranslationException("the experiment names no machines", where);
        }
        return common;
    }

    /** @return the cost key a sweep or sample names (case-insensitive) */
    static CostKey costKey(String name, EObject where) throws TranslationException {
        for (CostKey k : CostKey.values()) {
            if (k.name().equalsIgnoreCase(name)) {
                return k;
            }
        }
        throw new TranslationException("no cost " + name + " in the cost table (docs/costs.md)", where);
    }

    static Dim costDim(CostKey k) {
        return k.unit() == CostKey.Unit.CYCLES ? Dim.CYCLES : Dim.TIME;
    }

    static Dim dimOf(Expr e) throws TranslationException {
        try {
            return Evaluator.dim(e);
        } catch (EvalException ex) {
            throw new TranslationException(ex.getMessage(), ex.where() == null ? e : ex.where());
        }
    }
}
