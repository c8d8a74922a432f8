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
import java.util.Map;

import org.eclipse.xtext.EcoreUtil2;
import org.schedlab.dsl.eval.Dim;
import org.schedlab.dsl.eval.Env;
import org.schedlab.dsl.eval.Quantity;
import org.schedlab.dsl.eval.Units;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.plan.Published;
import org.schedlab.dsl.sched.BaselineOption;
import org.schedlab.dsl.sched.DurationOption;
import org.schedlab.dsl.sched.Experiment;
import org.schedlab.dsl.sched.ExperimentOption;
import org.schedlab.dsl.sched.Kernel;
import org.schedlab.dsl.sched.Machine;
import org.schedlab.dsl.sched.MachinesOption;
import org.schedlab.dsl.sched.MetricsOption;
import org.schedlab.dsl.sched.Model;
import org.schedlab.dsl.sched.PatchRef;
import org.schedlab.dsl.sched.PublishedOption;
import org.schedlab.dsl.sched.RepeatsOption;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.sched.SeedsOption;
import org.schedlab.dsl.sched.SweepOption;
import org.schedlab.dsl.sched.Tunable;
import org.schedlab.dsl.sched.Variant;
import org.schedlab.dsl.sched.VariantsOption;
import org.schedlab.dsl.sched.WarmupOption;
import org.schedlab.dsl.validation.SchedIssueCodes;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.spi.TunableInfo;
import org.schedlab.sim.workload.Workload;

/**
 * Translates validated experiments into {@link ExperimentPlan}s: one cell per sweep point x machine x variant, in
 * that nesting order, each with its machine profile, engine configuration, workload and run times, and the published
 * figures. Engines come from the {@link EngineCatalog} given to the constructor.
 *
 * <p>A cell simulates warm-up + duration; its metrics cover the measured duration ({@link SimConfig#warmupNs()}).
 * A published value's band is {@code value +- bandPercent %}; a value published without a band is shown and never
 * counted as outside. Published values belong to the first sweep point's cell (a ratio: the first point with the
 * ratio's parameter set to each of its two values).
 */
public final class ExperimentTranslator {

    /**
     * A kernel variant: an engine with version, patches and tunables.
     *
     * @param name   the variant's name in the file
     * @param engine the installed engine
     * @param config  version, patches, tunable overrides (values in the tunable's unit)
     * @param changes the variant's {@code change} lines: thread groups of the workload with other scheduling
     *                options, as chrt, renice, taskset or sched_setattr would set them on a running system
     */
    public record VariantPlan(String name, SchedulerEngine engine, SchedulerConfig config,
            List<org.schedlab.dsl.sched.GroupChange> changes) {
        public VariantPlan {
            changes = List.copyOf(changes);
        }

        /** A variant without changes. */
        public VariantPlan(String name, SchedulerEngine engine, SchedulerConfig config) {
            this(name, engine, config, List.of());
        }
    }

    /**
     * One point of the parameter sweep.
     *
     * @param parameters the swept parameters' values by name, as text with units ({@code rooms=10}); empty without
     *                   sweeps
     * @param workload   the workload with these values
     */
    public record SweepPoint(Map<String, String> parameters, Workload workload) {
        public SweepPoint {
            parameters = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        }
    }

    /**
     * Up to this many sweep points a plan holds each point's workload, built once; past it (a large sample) each cell
     * builds its workload when it runs ({@link CellRecipe}), from the parsed file, which must then stay loaded until
     * the plan has run (the command line and the workbench load a file once per run).
     */
    public static final int EAGER_POINTS = 1000;

    private final EngineCatalog engines;

    public ExperimentTranslator(EngineCatalog engines) {
        this.engines = engines;
    }

    /** @return a plan per experiment of the file, in file order */
    public List<ExperimentPlan> translate(Model model) throws TranslationException {
        List<ExperimentPlan> out = new ArrayList<>();
        for (Experiment e : EcoreUtil2.typeSelect(model.getElements(), Experiment.class)) {
            out.add(translate(e));
        }
        return out;
    }

    /** @return the plan of one experiment */
    public ExperimentPlan translate(Experiment e) throws TranslationException {
        List<MachineProfile> machines = new ArrayList<>();
        List<VariantPlan> variants = new ArrayList<>();
        List<SweepOption> sweeps = new ArrayList<>();
        List<String> metrics = new ArrayList<>();
        List<PublishedOption> publishedOptions = new ArrayList<>();
        Long duration = null;
        boolean fixedWindow = false;
        long warmup = 0;
        int repeats = 1;
        List<Long> seeds = null;
        String baseline = null;
        for (ExperimentOption o : e.getOptions()) {
            if (o instanceof MachinesOption m) {
                for (Machine x : m.getMachines()) {
                    machines.add(MachineBuilder.build(x));
                }
            } else if (o instanceof VariantsOption v) {
                for (Variant x : v.getVariants()) {
                    variants.add(variant(x));
                }
            } else if (o instanceof SweepOption s) {
                sweeps.add(s);
            } else if (o instanceof BaselineOption b) {
                baseline = b.getBaseline().getName();
            } else if (o instanceof DurationOption d) {
                duration = time(d.getValue(), "the duration", 1);
                fixedWindow = d.isFixed();
            } else if (o instanceof WarmupOption w) {
                warmup = time(w.getValue(), "the warm-up", 0);
            } else if (o instanceof RepeatsOption r) {
                repeats = r.getCount();
            } else if (o instanceof SeedsOption s) {
                seeds = s.getSeeds().stream().map(Integer::longValue).toList();
            } else if (o instanceof MetricsOption m) {
                metrics.addAll(m.getMetrics());
            } else if (o instanceof PublishedOption p) {
                publishedOptions.add(p);
            }
        }
        require(!machines.isEmpty(), e, "experiment " + e.getName() + " names no machines: add `machines NAME, ...`");
        require(!variants.isEmpty(), e, "experiment " + e.getName() + " names no variants: add `variants NAME, ...`");
        require(duration != null, e, "experiment " + e.getName() + " has no duration: add for example `duration 10 s`");
        require(repeats >= 1 && repeats <= 1000, e, "repeats must be 1 to 1000");
        if (seeds == null) {
            List<Long> s = new ArrayList<>();
            for (int i = 1; i <= repeats; i++) {
                s.add((long) i);
            }
            seeds = s;
        }
        require(seeds.size() == repeats, e, "give one seed per repeat: " + repeats + " repeats, " + seeds.size()
                + " seeds");
        if (baseline == null) {
            baseline = variants.get(0).name();
        }
        List<SweepPoints.Point> swept = SweepPoints.expand(e, machines, seeds.get(0));
        Env arguments = SweepPoints.arguments(e);
        CellRecipe recipe = new CellRecipe(e, arguments, warmup, duration, seeds.get(0));
        boolean lazy = swept.size() > EAGER_POINTS;
        if (lazy) {
            Workload first = workload(e, swept.get(0), arguments); // its errors now (the validator built every point)
            for (VariantPlan v : variants) {
                WorkloadBuilder.changed(first, v.changes());
            }
        }
        List<CellSpec> cells = new ArrayList<>();
        for (SweepPoints.Point point : swept) {
            Workload workload = lazy ? null : workload(e, point, arguments);
            CellRecipe.LazyPoint kept = lazy ? recipe.lazy(point) : null;
            for (MachineProfile machine : machines) {
                for (VariantPlan v : variants) {
                    SchedulerConfig tunables = SweptSettings.tunables(v, point.tunables(), e);
                    cells.add(lazy ? recipe.cell(kept, point.label(), machine, v, tunables)
                            : recipe.cell(point, machine, v, tunables, WorkloadBuilder.changed(workload, v.changes())));
                }
            }
        }
        List<Published> published = new ArrayList<>();
        for (PublishedOption p : publishedOptions) {
            published.addAll(published(e.getName(), published.size(), p, baseline, sweeps, swept.get(0).label()));
        }
        if (fixedWindow) {
            published.replaceAll(Published::withFixedWindow);
        }
        return new ExperimentPlan(e.getName(), cells, baseline, repeats, metrics, published, null, null, seeds);
    }

    private static void require(boolean ok, Experiment e, String message) throws TranslationException {
        if (!ok) {
            throw new TranslationException(message, e, SchedPackage.Literals.ELEMENT__NAME);
        }
    }

    /** @return the engine, version, patches and tunables of a variant */
    public VariantPlan variant(Variant v) throws TranslationException {
        Kernel k = v.getKernel();
        SchedulerEngine engine = engines.find(k.getEngine()).orElseThrow(() -> new TranslationException(
                "no engine " + k.getEngine() + " is installed; installed engines: " + String.join(", ", engines.ids()),
                k, SchedPackage.Literals.KERNEL__ENGINE, SchedIssueCodes.UNKNOWN_ENGINE));
        EngineInfo info = engine.info();
        List<String> patches = new ArrayList<>();
        for (PatchRef p : v.getPatches()) {
            patches.add(p.getId());
        }
        Map<String, String> tunables = new LinkedHashMap<>();
        for (Tunable t : v.getTunables()) {
            TunableInfo ti = info.tunable(t.getName()).orElseThrow(() -> new TranslationException(
                    info.id() + " has no tunable " + t.getName(), t, SchedPackage.Literals.TUNABLE__NAME,
                    SchedIssueCodes.UNKNOWN_TUNABLE));
            tunables.put(t.getName(), tunableText(t, ti));
        }
        return new VariantPlan(v.getName(), engine, new SchedulerConfig(k.getVersion(),
                new java.util.TreeSet<>(patches), tunables), v.getChanges());
    }

    /** @return the tunable's value as text in the tunable's own unit (2 ms for a ns tunable: "2000000") */
    static String tunableText(Tunable t, TunableInfo ti) throws TranslationException {
        Dim want = Units.dimOfTunableUnit(ti.unit());
        Quantity q = ResourceTable.quantity(t.getValue(), Env.defaults(), want, t.getName() + " (" + ti.unit() + ")");
        double v = Units.of(ti.unit()).map(q::in).orElse(q.value());
        return v == Math.rint(v) && Math.abs(v) < 9e15 ? Long.toString(Math.round(v)) : Double.toString(v);
    }

    private static long time(org.schedlab.dsl.sched.Expr e, String what, long min) throws TranslationException {
        Quantity q = ResourceTable.quantity(e, Env.defaults(), Dim.TIME, what);
        if (q.value() < min) {
            throw new TranslationException(what + " must be " + (min > 0 ? "positive" : "zero or more"), e);
        }
        return q.asLong();
    }

    /** @return the workload of each sweep point of {@code e} */
    public static List<SweepPoint> points(Experiment e) throws TranslationException {
        return points(e, SweepPoints.expand(e, null, 1), SweepPoints.arguments(e));
    }

    /**
     * Builds the workload of each sweep point of {@code e} one after the other, keeping none (the validator checks
     * the arguments of every point so, without holding a million workloads for a million-point sample).
     */
    public static void checkPoints(Experiment e) throws TranslationException {
        Env arguments = SweepPoints.arguments(e);
        for (SweepPoints.Point p : SweepPoints.expand(e, null, 1)) {
            workload(e, p, arguments);
        }
    }

    /**
     * @return the workload of sweep point {@code p} of {@code e}, built in {@code base} with the point's parameters;
     *         one build at a time per experiment (the parsed file is shared by the cells' workers)
     */
    static Workload workload(Experiment e, SweepPoints.Point p, Env base) throws TranslationException {
        return workload(e, p.params(), workloadName(e, p), base);
    }

    /** @return the workload of {@code e} named {@code name}, built in {@code base} with {@code params} */
    static Workload workload(Experiment e, Map<org.schedlab.dsl.sched.Param, Quantity> params, String name, Env base)
            throws TranslationException {
        Env env = base;
        for (Map.Entry<org.schedlab.dsl.sched.Param, Quantity> b : params.entrySet()) {
            env = env.with(b.getKey(), b.getValue());
        }
        synchronized (e) {
            return WorkloadBuilder.build(e.getWorkload(), env, name);
        }
    }

    /** @return the name of the workload of point {@code p}: the workload's, with the point's values */
    static String workloadName(Experiment e, SweepPoints.Point p) {
        return e.getWorkload().getName() + (p.label().isEmpty() ? "" : " " + p.label());
    }

    /**
     * @return the workload of each point, built in {@code base} (the experiment's arguments, and for
     *         {@code schedlab sensitivity} a parameter moved to an end of its range) with the point's parameters
     */
    public static List<SweepPoint> points(Experiment e, List<SweepPoints.Point> swept, Env base)
            throws TranslationException {
        List<SweepPoint> out = new ArrayList<>();
        for (SweepPoints.Point p : swept) {
            out.add(new SweepPoint(p.label(), workload(e, p, base)));
        }
        return out;
    }

    private static Dim dimOf(org.schedlab.dsl.sched.Expr e) throws TranslationException {
        try {
            return org.schedlab.dsl.eval.Evaluator.dim(e);
        } catch (org.schedlab.dsl.eval.EvalException ex) {
            throw new TranslationException(ex.getMessage(), ex.where() == null ? e : ex.where());
        }
    }

    /**
     * @return the figures of one {@code published} block; {@code before} figures came earlier in the experiment
     *         (a figure without an id is {@code experiment-N}, N counting from 1 over the experiment's figures)
     */
    private static List<Published> published(String experiment, int before, PublishedOption p, String baseline,
            List<SweepOption> sweeps, Map<String, String> firstPoint) throws TranslationException {
        double band = number(p.getBand());
        List<Published> out = new ArrayList<>();
        for (org.schedlab.dsl.sched.PublishedValue v : p.getValues()) {
            double b = v.getBand() == null ? band : number(v.getBand());
            String id = v.getFigure() != null ? v.getFigure() : experiment + "-" + (before + out.size() + 1);
            String machine = v.getMachine().getName();
            String variant = v.getVariant().getName();
            double value = number(v.getValue());
            if (p.isChange()) {
                // a change's band: 'within LOW .. HIGH' (in %), or '+- B %' as B percentage points around it
                String against = v.getAgainst() != null ? v.getAgainst().getName() : baseline;
                double low = number(v.getLow());
                double high = number(v.getHigh());
                low = !Double.isNaN(low) ? low : Double.isNaN(b) ? Double.NEGATIVE_INFINITY : value - b;
                high = !Double.isNaN(high) ? high : Double.isNaN(b) ? Double.POSITIVE_INFINITY : value + b;
                out.add(Published.change(id, machine, variant, firstPoint, p.getMetric(), value, against, low, high));
            } else if (p.isRatio() && v.getAt() != null) {
                // the ratio's points: the first sweep point with the ratio's parameter set to each of its values
                SweepOption s = sweeps.stream()
                        .filter(x -> x.getParam() != null && x.getParam().getName().equals(v.getAt())).findFirst()
                        .orElseThrow(() -> new TranslationException("published ratio: " + v.getAt()
                                + " is not swept in this experiment", v));
                Map<String, String> at = new LinkedHashMap<>(firstPoint);
                at.put(v.getAt(), sweepValue(s, v.getAtValue()));
                Map<String, String> over = new LinkedHashMap<>(firstPoint);
                over.put(v.getAt(), sweepValue(s, v.getOverValue()));
                out.add(Published.ratio(id, machine, variant, at, over, p.getMetric(), value,
                        Double.isNaN(b) ? Double.POSITIVE_INFINITY : b / 100));
            } else if (Double.isNaN(b)) {
                out.add(new Published(id, machine, variant, firstPoint, p.getMetric(), value, "",
                        Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY));
            } else {
                out.add(Published.relative(id, machine, variant, firstPoint, p.getMetric(), value, "", b / 100));
            }
        }
        return out;
    }

    /** @return {@code value} as a sweep point of {@code s} names it ({@link #points}) */
    private static String sweepValue(SweepOption s, org.schedlab.dsl.sched.Expr value) throws TranslationException {
        return ResourceTable.quantity(value, Env.defaults(), dimOf(s.getParam().getDefault()),
                "a value of " + s.getParam().getName()).text();
    }

    /**
     * @return the value of a Number or Signed datatype rule's text (hidden whitespace may sit between its tokens),
     *         NaN for null or unreadable text
     */
    public static double number(String text) {
        if (text == null) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(text.replaceAll("\\s+", ""));
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
