/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
/**
 * The engine SPI: an engine is a {@link org.schedlab.sim.spi.SchedulerEngine} registered as an OSGi
 * Declarative Services component and in {@code META-INF/services}; per run it creates a
 * {@link org.schedlab.sim.spi.Scheduler} whose hooks are named after the kernel's entry points, and it
 * charges cycles and takes locks through the {@link org.schedlab.sim.spi.Kernel}. Engines pass
 * {@code org.schedlab.sim.testing.EngineContractTest}.
 */
package org.schedlab.sim.spi;
