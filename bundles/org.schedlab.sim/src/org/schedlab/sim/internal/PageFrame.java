/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.memory.MemorySystem;

/**
 * One physical page frame of the process-image model: its cache lines (created when first touched) and its
 * {@code struct page} line (2.4 include/linux/mm.h: {@code count} and {@code flags} share one line of the
 * 32-byte-line PIII), with the reference count {@code get_page} / {@code put_page} keep.
 */
final class PageFrame {
    final int pfn;
    final CacheLine structPage;
    private final CacheLine[] lines;
    private final MemorySystem memory;
    private final int pageBytes;
    /** References: mappings, plus one for a page-cache page; 0 on the free list. */
    int count;

    PageFrame(MemorySystem memory, int pfn, int pageBytes, CacheLine structPage) {
        this.memory = memory;
        this.pfn = pfn;
        this.pageBytes = pageBytes;
        this.structPage = structPage;
        this.lines = new CacheLine[pageBytes / memory.lineBytes()];
    }

    /** @return the frame's lines */
    int nrLines() {
        return lines.length;
    }

    /** @return line {@code i} of the frame */
    CacheLine line(int i) {
        CacheLine l = lines[i];
        if (l == null) {
            l = memory.pageLine(pfn, pageBytes, i, "page " + pfn + " +" + i * memory.lineBytes());
            lines[i] = l;
        }
        return l;
    }
}
