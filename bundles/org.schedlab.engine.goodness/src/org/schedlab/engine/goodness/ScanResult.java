/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.engine.goodness;

/**
 * The outcome of one pass of schedule()'s search: the task chosen, its
 * weight c, and whether the counters must be recalculated (c == 0 in the
 * kernel; {@code c <= 0 && nr_running > 0} with the slotizer).
 */
public record ScanResult(SchedEntity next, int c, boolean recalc) {
}
