/**
 * Experiment execution: an {@link org.schedlab.dsl.plan.ExperimentPlan} (the expanded matrix of
 * {@link org.schedlab.dsl.plan.CellSpec}s) runs on {@link org.schedlab.runner.ExperimentRunner}'s thread pool
 * into the EMF results model; {@link org.schedlab.runner.Comparisons} reads deltas and published-versus-simulated
 * rows back out as plain objects; {@link org.schedlab.runner.ResultFiles} and
 * {@link org.schedlab.runner.AtomicFiles} write files atomically.
 */
package org.schedlab.runner;
