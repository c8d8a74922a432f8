/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
/** The plain round-robin reference engine (id {@code rr}), so the kernel's tests need no Linux engine. */
package org.schedlab.sim.engine.rr;
