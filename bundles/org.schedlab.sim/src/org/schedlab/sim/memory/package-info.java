/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
/**
 * The memory hierarchy of a simulated machine: the kernel data an engine touches as named cache lines
 * ({@link org.schedlab.sim.memory.CacheLine}), one last-level cache per CPU with its capacity, associativity
 * and line size, a coherence state per line and CPU (MESI reduced to an owner and a set of sharers), and the
 * front-side buses as shared resources on which misses, cache-to-cache transfers, write-backs and the traffic
 * of CPUs spinning on a contended lock queue ({@link org.schedlab.sim.memory.Bus}). Engines name the lines a
 * step reads and writes through {@link org.schedlab.sim.spi.Kernel#touch}; the cycles follow from where each
 * line is. {@link org.schedlab.sim.memory.MemoryGeometry#OFF} (the DSL's {@code memory model off}) turns it off.
 */
package org.schedlab.sim.memory;
