/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.plan.Published;
import org.schedlab.model.results.Run;
import org.schedlab.model.results.RunStatus;
import org.schedlab.sim.SimConfig;

/**
 * One published change on its way to a verdict ({@link Reproduction}): it asks for seed pairs (patched and
 * baseline cell, same seed) and takes them in seed order, whatever order they finish in, so that where it stops
 * depends only on the runs' values. After each pair from the {@code repeats}-th on it applies the stopping rule
 * ({@link Reproduction#converged}); it stops there or at the cap. A settled figure whose runs lasted their whole
 * duration (and whose window is not fixed) then runs its first {@code repeats} seeds at twice the duration.
 * Pairs asked for ahead of need (to keep an idle core busy) are withdrawn when it stops before it needs them: a
 * pool drops them (not yet started, or stopped where they are) unless another figure asked for them too.
 */
final class FigureRun {
    /**
     * How a figure's runs are asked for: {@code then} gets the run on the coordinator's thread; {@code withdraw}
     * says a run asked for is no longer needed ({@link CellRuns#withdraw}).
     */
    interface Runs {
        void submit(CellSpec cell, long seed, List<String> metrics, Consumer<Run> then);

        void withdraw(CellSpec cell, long seed, List<String> metrics);
    }

    private enum Stage {
        REPEATS, LENGTH, DONE
    }

    private final ExperimentPlan plan;
    private final Published figure;
    private final CellSpec patched;
    private final CellSpec base;
    private final List<String> metrics;
    private final Reproduction.Repeats repeats;
    private final Runs runs;
    private final FigureSamples samples;
    private final Map<Integer, Run[]> arrived = new HashMap<>();
    private FigureSamples doubled;
    private CellSpec patchedLonger;
    private CellSpec baseLonger;
    private Stage stage = Stage.REPEATS;
    private int requested;
    private int taken;
    private String problem;

    FigureRun(ExperimentPlan plan, Published figure, List<String> metrics, Reproduction.Repeats repeats, Runs runs) {
        this.plan = plan;
        this.figure = figure;
        this.patched = plan.cell(figure.cellLabel()).orElseThrow();
        this.base = plan.cell(figure.baselineLabel()).orElseThrow();
        this.metrics = metrics;
        this.repeats = repeats;
        this.runs = runs;
        this.samples = new FigureSamples(figure);
    }

    /** Asks for the first {@code repeats} pairs. */
    void start() {
        while (requested < repeats.repeats()) {
            ask(requested++, patched, base);
        }
    }

    boolean done() {
        return stage == Stage.DONE;
    }

    /** @return pairs asked for and not yet taken, while more may be needed; -1 when no more can be */
    int ahead() {
        return stage == Stage.REPEATS && requested < repeats.maxRepeats() ? requested - taken : -1;
    }

    /** Asks for the next pair before the stopping rule needs it (a core would idle otherwise). */
    void askAhead() {
        ask(requested++, patched, base);
    }

    /** @return what went wrong (a failed run), or null */
    String problem() {
        return problem;
    }

    ReproducedFigure row() {
        Published p = figure;
        Stats s = samples.change();
        Stats d = doubled == null ? null : doubled.change();
        boolean converged = s != null && Reproduction.converged(s, p.bandLow(), p.bandHigh())
                && (doubled == null || d != null && Reproduction.lengthConverged(s, d, p.bandLow(), p.bandHigh()));
        return new ReproducedFigure(p.id(), plan.name(), p.cellLabel() + " vs " + p.against(), p.metric(),
                p.value(), s, p.bandLow(), p.bandHigh(), samples.unaffected(), converged,
                Reproduction.verdict(s, p.bandLow(), p.bandHigh(), samples.unaffected(), converged), d);
    }

    private void ask(int index, CellSpec p, CellSpec b) {
        Stage asked = stage;
        long seed = plan.seed(plan.cells().get(0), index);
        runs.submit(p, seed, metrics, run -> arrive(asked, index, 0, run));
        runs.submit(b, seed, metrics, run -> arrive(asked, index, 1, run));
    }

    private void arrive(Stage asked, int index, int side, Run run) {
        if (asked != stage) {
            return;
        }
        arrived.computeIfAbsent(index, k -> new Run[2])[side] = run;
        Run[] pair;
        while (stage == asked && (pair = arrived.get(taken)) != null && pair[0] != null && pair[1] != null) {
            arrived.remove(taken);
            take(pair);
        }
    }

    private void take(Run[] pair) {
        for (int side = 0; side < 2; side++) {
            if (pair[side].getStatus() != RunStatus.OK) {
                CellSpec cell = side == 0 ? patched : base;
                problem = "figure " + figure.id() + ": " + cell.label() + " seed " + pair[side].getSeed() + " "
                        + pair[side].getStatus().getLiteral() + ": " + pair[side].getMessage();
                withdrawUnused();
                stage = Stage.DONE;
                return;
            }
        }
        taken++;
        if (stage == Stage.LENGTH) {
            doubled.add(pair[0], pair[1], patchedLonger.config().durationNs(), baseLonger.config().durationNs());
            if (taken == requested) {
                stage = Stage.DONE;
            }
            return;
        }
        samples.add(pair[0], pair[1], patched.config().durationNs(), base.config().durationNs());
        Stats s = samples.change();
        boolean settled = s != null && Reproduction.converged(s, figure.bandLow(), figure.bandHigh());
        if (taken >= repeats.repeats() && (settled || s == null) || taken >= repeats.maxRepeats()) {
            endRepeats(settled);
        } else if (requested == taken) {
            ask(requested++, patched, base);
        }
    }

    /**
     * The repeats are over: a settled figure of a steady rate runs again at twice the duration (an unconverged
     * one stays unconverged whatever that run gives, so it does not).
     */
    private void endRepeats(boolean settled) {
        withdrawUnused();
        if (!settled || figure.fixedWindow() || !samples.ranWholeDuration()) {
            stage = Stage.DONE;
            return;
        }
        stage = Stage.LENGTH;
        arrived.clear();
        patchedLonger = longer(patched);
        baseLonger = longer(base);
        doubled = new FigureSamples(figure);
        requested = Math.min(taken, repeats.repeats());
        taken = 0;
        for (int i = 0; i < requested; i++) {
            ask(i, patchedLonger, baseLonger);
        }
    }

    /** The repeats are over: the pairs asked for ahead of need and not taken are not needed. */
    private void withdrawUnused() {
        if (stage != Stage.REPEATS) {
            return;
        }
        for (int i = taken; i < requested; i++) {
            long seed = plan.seed(plan.cells().get(0), i);
            runs.withdraw(patched, seed, metrics);
            runs.withdraw(base, seed, metrics);
        }
    }

    /** @return the cell measuring twice its duration, same warm-up and seed (built once) */
    private static CellSpec longer(CellSpec cell) {
        SimConfig c = cell.config();
        return new CellSpec(cell.experiment(), cell.machineName(), cell.variantName(), cell.params(),
                c.withDuration(Math.multiplyExact(c.durationNs(), 2L)));
    }
}
