/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
/**
 * The simulated machine: profiles with their documented cost tables, CPUs with their cursors and time
 * books, the idle loop policies and kernel spinlocks. Built-in profiles: {@code piii-700} (seed 000),
 * {@code p4-3000-ht} (seed 002), {@code itanium2} (seed 004); see {@code BuiltinProfiles} for the origin of
 * every constant.
 */
package org.schedlab.sim.machine;
