/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.fuzz;

/** How long each fuzz test runs when fuzzing ({@code JAZZER_FUZZ=1}); without it each runs its corpus once. */
final class FuzzRuns {
    /** Inputs per fuzz test. */
    static final long EXECUTIONS = 100_000;
    /** A bound that only a hung run reaches (Jazzer's default, 5 min, would end the run before the inputs). */
    static final String MAX_DURATION = "2h";

    private FuzzRuns() {
    }
}
