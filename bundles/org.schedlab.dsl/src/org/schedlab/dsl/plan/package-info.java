/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
/**
 * The expanded experiment ({@link org.schedlab.dsl.plan.ExperimentPlan}: cells with their simulation configuration,
 * repeats, seeds, metrics and published figures), made by the translator from a .sched file or built in code, and
 * run by org.schedlab.runner.
 */
package org.schedlab.dsl.plan;
