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
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.memory.MemorySystem;

/**
 * The page allocator of the process-image model, as 2.4.18 mm/page_alloc.c and include/asm-i386/pgalloc.h
 * behave for the pages a fork, exit or execve moves:
 *
 * <ul>
 * <li>{@code __free_pages_ok} puts a freed page at the head of its order's free list and {@code rmqueue} takes
 * the head: the page freed last is the next one allocated, wherever it was last written. Both take
 * {@code zone->lock}, one line shared by every CPU. Two-page blocks ({@code alloc_task_struct}, order 1) have
 * their own list. Departure: no buddy merging or splitting.</li>
 * <li>Page-table pages go through the freeing CPU's {@code pte_quicklist} ({@code pte_free_fast}): a CPU's
 * {@code pte_alloc_one_fast} reuses the pages the same CPU freed (already zero: zap cleared every entry);
 * with its list empty {@code pte_alloc_one} takes a page and {@code clear_page}s it.
 * {@code check_pgt_cache} trims a list above {@code pgt_cache_water[1]} = 50 pages down to 25 (mm/memory.c),
 * from the idle loop in the kernel, here when a free passes the mark.</li>
 * </ul>
 */
final class PageAllocator {
    static final int PGT_CACHE_LOW = 25;
    static final int PGT_CACHE_HIGH = 50;
    private final MemorySystem memory;
    private final LineAccess access;
    private final int pageBytes;
    /** zone->lock's line, made at the first allocation (static lines made before the engines' would move theirs). */
    private CacheLine zoneLock;
    private final ArrayDeque<PageFrame> free = new ArrayDeque<>();
    private final ArrayDeque<PageFrame[]> freeBlocks = new ArrayDeque<>();
    private final ArrayDeque<PageFrame>[] pteQuicklist;
    private int nextPfn;

    @SuppressWarnings("unchecked")
    PageAllocator(MemorySystem memory, LineAccess access, int pageBytes, int nrCpus) {
        this.memory = memory;
        this.access = access;
        this.pageBytes = pageBytes;
        this.pteQuicklist = new ArrayDeque[nrCpus];
        for (int i = 0; i < nrCpus; i++) {
            pteQuicklist[i] = new ArrayDeque<>();
        }
    }

    /** @return the page size, bytes */
    int pageBytes() {
        return pageBytes;
    }

    /** Takes zone->lock: its line, pulled Modified. */
    private void zoneLock(Cpu cpu) {
        if (zoneLock == null) {
            zoneLock = memory.staticLine("zone->lock");
        }
        access.write(cpu, zoneLock);
    }

    /** A frame nobody has used: its lines are cached nowhere. */
    PageFrame newFrame() {
        int pfn = nextPfn++;
        return new PageFrame(memory, pfn, pageBytes, memory.staticLine("struct page " + pfn));
    }

    /** __get_free_page on {@code cpu}: @return the page freed last, its count 1 */
    PageFrame alloc(Cpu cpu) {
        zoneLock(cpu);
        PageFrame f = free.pollFirst();
        if (f == null) {
            f = newFrame();
        }
        f.count = 1;
        access.write(cpu, f.structPage);
        return f;
    }

    /** __free_pages_ok on {@code cpu} (the last put_page already wrote the struct page). */
    void free(Cpu cpu, PageFrame f) {
        f.count = 0;
        zoneLock(cpu);
        free.addFirst(f);
    }

    /** alloc_task_struct on {@code cpu}: two pages, the pair freed last. */
    PageFrame[] allocBlock(Cpu cpu) {
        zoneLock(cpu);
        PageFrame[] b = freeBlocks.pollFirst();
        if (b == null) {
            b = new PageFrame[] {newFrame(), newFrame()};
        }
        access.write(cpu, b[0].structPage);
        return b;
    }

    /** free_task_struct on {@code cpu}. */
    void freeBlock(Cpu cpu, PageFrame[] b) {
        access.write(cpu, b[0].structPage);
        zoneLock(cpu);
        freeBlocks.addFirst(b);
    }

    /** pte_alloc_one_fast, else pte_alloc_one (a page from the allocator, cleared) on {@code cpu}. */
    PageFrame pteAlloc(Cpu cpu) {
        PageFrame f = pteQuicklist[cpu.id()].pollFirst();
        if (f != null) {
            access.write(cpu, f.line(0)); // ret[0] = ret[1]: the list link word
            f.count = 1;
            return f;
        }
        f = alloc(cpu);
        access.clear(cpu, f);
        return f;
    }

    /** pte_free_fast on {@code cpu}, and check_pgt_cache's trim. */
    void pteFree(Cpu cpu, PageFrame f) {
        access.write(cpu, f.line(0)); // the list link word
        f.count = 0;
        ArrayDeque<PageFrame> q = pteQuicklist[cpu.id()];
        q.addFirst(f);
        if (q.size() > PGT_CACHE_HIGH) {
            while (q.size() > PGT_CACHE_LOW) {
                PageFrame p = q.pollFirst();
                access.write(cpu, p.structPage);
                free(cpu, p);
            }
        }
    }
}
