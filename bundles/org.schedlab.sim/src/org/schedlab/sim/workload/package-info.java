/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
/**
 * Workloads: thread groups running programs of {@link org.schedlab.sim.workload.Action}s. Workload objects
 * (channels, locks, barriers) are descriptors without run state, so one workload can be simulated many
 * times, in parallel.
 */
package org.schedlab.sim.workload;
