/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.views;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.Run;
import org.schedlab.runner.Comparisons;

/**
 * The cell a chart view shows: a machine column (the machine with its sweep point, {@link Comparisons#columnLabel}),
 * a variant and a run (repeat index, each run has its own seed), and which cells are overlaid with it.
 *
 * @param machine the machine column, or null for the result's first
 * @param variant the variant, or null for the result's first
 * @param run     the run index within the cell (0 for the first seed)
 * @param overlay what is drawn together with the cell
 */
public record CellPick(String machine, String variant, int run, Overlay overlay) {

    /** What a view overlays with the picked cell. */
    public enum Overlay {
        /** the cell alone */
        CELL("this cell"),
        /** every variant on the cell's machine */
        VARIANTS("variants of the machine"),
        /** every machine under the cell's variant */
        MACHINES("machines of the variant");

        private final String label;

        Overlay(String label) {
            this.label = label;
        }

        /** @return the label of the overlay combo */
        public String label() {
            return label;
        }
    }

    /** @return the machine columns of {@code result}, in cell order */
    public static List<String> machines(ExperimentResult result) {
        Set<String> out = new LinkedHashSet<>();
        result.getCells().forEach(c -> out.add(Comparisons.columnLabel(c)));
        return List.copyOf(out);
    }

    /** @return the variants of {@code result}, in cell order */
    public static List<String> variants(ExperimentResult result) {
        Set<String> out = new LinkedHashSet<>();
        result.getCells().forEach(c -> out.add(c.getVariant()));
        return List.copyOf(out);
    }

    /** @return the picked cell of {@code result} (the first machine or variant when those are null), or null */
    public Cell cell(ExperimentResult result) {
        return find(result, machine, variant);
    }

    /** @return the picked run of the picked cell, or null when the cell has no such run */
    public Run runOf(Cell cell) {
        return cell == null || run >= cell.getRuns().size() ? null : cell.getRuns().get(run);
    }

    /** @return the cells to draw: the picked one and those the overlay adds, each with runs, in result order */
    public List<Cell> cells(ExperimentResult result) {
        Cell picked = cell(result);
        List<Cell> out = new ArrayList<>();
        if (picked == null) {
            return out;
        }
        for (Cell c : result.getCells()) {
            boolean sameMachine = Comparisons.columnLabel(c).equals(Comparisons.columnLabel(picked));
            boolean sameVariant = c.getVariant().equals(picked.getVariant());
            boolean wanted = switch (overlay) {
            case CELL -> c == picked;
            case VARIANTS -> sameMachine;
            case MACHINES -> sameVariant;
            };
            if (wanted && !c.getRuns().isEmpty()) {
                out.add(c);
            }
        }
        return out;
    }

    /** @return the legend name of {@code c} under this overlay: what differs between the series */
    public String seriesName(Cell c) {
        return switch (overlay) {
        case CELL -> Comparisons.cellLabel(c);
        case VARIANTS -> c.getVariant();
        case MACHINES -> Comparisons.columnLabel(c);
        };
    }

    private static Cell find(ExperimentResult result, String machine, String variant) {
        for (Cell c : result.getCells()) {
            if ((machine == null || machine.equals(Comparisons.columnLabel(c)))
                    && (variant == null || variant.equals(c.getVariant()))) {
                return c;
            }
        }
        return null;
    }

    /** @return what the chart's title says about the pick */
    public String describe(ExperimentResult result) {
        Cell c = cell(result);
        if (c == null) {
            return result.getName() + ": no cell " + Objects.toString(machine, "?") + "/" + Objects.toString(variant, "?");
        }
        Run r = runOf(c);
        String seed = r == null ? "" : ", seed " + r.getSeed();
        return switch (overlay) {
        case CELL -> Comparisons.cellLabel(c) + seed;
        case VARIANTS -> "variants on " + Comparisons.columnLabel(c) + (run == 0 ? ", first run" : ", run " + (run + 1));
        case MACHINES -> "machines under " + c.getVariant() + (run == 0 ? ", first run" : ", run " + (run + 1));
        };
    }
}
