/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
/**
 * Experiment execution: an {@link org.schedlab.dsl.plan.ExperimentPlan} (the expanded matrix of
 * {@link org.schedlab.dsl.plan.CellSpec}s) runs on {@link org.schedlab.runner.ExperimentRunner}'s thread pool
 * into the EMF results model; {@link org.schedlab.runner.Comparisons} reads deltas and published-versus-simulated
 * rows back out as plain objects; {@link org.schedlab.runner.ResultFiles} and
 * {@link org.schedlab.runner.AtomicFiles} write files atomically.
 */
package org.schedlab.runner;
