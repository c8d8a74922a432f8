/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.ArrayDeque;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.memory.MemorySystem;

/**
 * One kmem_cache of the process-image model (mm_struct, vm_area_struct, files_struct, fs_struct,
 * signal_struct): objects of a fixed number of lines, the object freed last allocated next. Departure: 2.4's
 * per-CPU object arrays (mm/slab.c, batchcount) hand objects between CPUs in batches; here every free is seen
 * by every CPU's next allocation, as a batch eventually is.
 */
final class SlabPool {
    private final MemorySystem memory;
    private final String name;
    private final int lines;
    private final ArrayDeque<CacheLine[]> free = new ArrayDeque<>();
    private int created;

    /** @param bytes the object's size: it spans bytes / line size lines, rounded up */
    SlabPool(MemorySystem memory, String name, int bytes) {
        this.memory = memory;
        this.name = name;
        this.lines = Math.max(1, (bytes + memory.lineBytes() - 1) / memory.lineBytes());
    }

    /** kmem_cache_alloc: @return the object freed last, or a new one */
    CacheLine[] alloc() {
        CacheLine[] o = free.pollFirst();
        if (o != null) {
            return o;
        }
        o = new CacheLine[lines];
        int id = created++;
        for (int i = 0; i < lines; i++) {
            o[i] = memory.staticLine(name + " " + id + " +" + i * memory.lineBytes());
        }
        return o;
    }

    /** kmem_cache_free. */
    void free(CacheLine[] o) {
        free.addFirst(o);
    }

    /** @return the lines per object */
    int lines() {
        return lines;
    }
}
