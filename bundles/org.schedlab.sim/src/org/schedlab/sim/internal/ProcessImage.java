/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.workload.ImageSize;

/**
 * The image of one address space (an mm) in the memory model: its present pages (private writable ones first,
 * then page-cache pages shared with every other mapping of the program), whether each page's PTE is writable,
 * its page directory and page-table pages, its mm_struct and vm_area_structs, and the per-process objects
 * (files_struct, fs_struct, signal_struct) its tasks share. The present pages are spread evenly over the
 * page-table pages, their PTEs consecutive (8 to a 32-byte line).
 */
final class ProcessImage {
    final PageFrame[] pages;
    final boolean[] writable;
    final int privatePages;
    /** Private pages written after fork by the parent and by the child. */
    final int dirty;
    final ImageSize size;
    final PageFrame[] ptes;
    PageFrame pgd;
    CacheLine[] mm;
    final CacheLine[][] vmas = new CacheLine[ImageLayout.VMAS][];
    CacheLine[] files;
    CacheLine[] fs;
    CacheLine[] sig;
    /** Tasks using the mm (mm_users). */
    int users = 1;
    private final int lineBytes;
    private final int perPte;

    /** An image of {@code size}: its present pages over at least {@link ImageLayout#PTE_PAGES} page tables. */
    ProcessImage(ImageSize size, int lineBytes, int pageBytes) {
        int present = size.present();
        this.size = size;
        this.pages = new PageFrame[present];
        this.writable = new boolean[present];
        this.privatePages = size.privatePages();
        this.dirty = size.dirty();
        this.lineBytes = lineBytes;
        int perPage = pageBytes / ImageLayout.PTE_BYTES;
        this.ptes = new PageFrame[Math.max(ImageLayout.PTE_PAGES, (present + perPage - 1) / perPage)];
        this.perPte = Math.max(1, (present + ptes.length - 1) / ptes.length);
    }

    /** @return the line holding page {@code i}'s PTE */
    CacheLine pteLine(int i) {
        return ptes[i / perPte].line((i % perPte) * ImageLayout.PTE_BYTES / lineBytes);
    }

    /** @return the page-directory line holding the entry of page-table page {@code r} */
    CacheLine pgdLine(int r) {
        int n = ImageLayout.PGD_SLOTS.length;
        int slot = r < n ? ImageLayout.PGD_SLOTS[r] : ImageLayout.PGD_SLOTS[1] + r - n + 1; // more library slots
        return pgd.line(slot * ImageLayout.PTE_BYTES / lineBytes);
    }

    /**
     * A user write to page {@code i} on {@code cpu}: nothing while the PTE is writable; else the
     * copy-on-write fault of 2.4.18 do_wp_page: the PTE and the page's struct page (TryLockPage) are touched;
     * a page only this mm still maps is made writable, another is copied into a new page.
     *
     * @return whether the fault copied the page
     */
    boolean write(int i, Cpu cpu, PageAllocator alloc, LineAccess access) {
        if (writable[i]) {
            return false;
        }
        PageFrame old = pages[i];
        CacheLine pte = pteLine(i);
        access.read(cpu, pte);
        access.write(cpu, old.structPage);
        boolean copied = old.count > 1;
        if (copied) {
            PageFrame copy = alloc.alloc(cpu);
            access.copy(cpu, old, copy);
            old.count--;
            pages[i] = copy;
        }
        access.write(cpu, pte);
        writable[i] = true;
        return copied;
    }

    /**
     * exit_mmap on {@code cpu} (the last user gone, or execve): zap_page_range clears every PTE and drops every
     * page (freed when no other mapping holds it), clear_page_tables scans the user page directory and frees
     * the page-table pages to this CPU's quicklist; the vmas, the mm and the page directory are freed.
     */
    void exitMmap(Cpu cpu, PageAllocator alloc, LineAccess access, SlabPool vmaCache, SlabPool mmCache) {
        CacheLine last = null;
        for (int i = 0; i < pages.length; i++) {
            CacheLine pte = pteLine(i);
            if (pte != last) {
                access.write(cpu, pte);
                last = pte;
            }
            PageFrame f = pages[i];
            f.count--;
            access.write(cpu, f.structPage);
            if (f.count == 0) {
                alloc.free(cpu, f);
            }
        }
        int userLines = ImageLayout.USER_PGD_ENTRIES * ImageLayout.PTE_BYTES / lineBytes;
        CacheLine[] dir = new CacheLine[Math.min(userLines, pgd.nrLines())];
        for (int j = 0; j < dir.length; j++) {
            dir[j] = pgd.line(j);
        }
        access.readAll(cpu, dir, 0, dir.length);
        for (int r = 0; r < ptes.length; r++) {
            access.write(cpu, pgdLine(r));
            alloc.pteFree(cpu, ptes[r]);
        }
        for (CacheLine[] v : vmas) {
            vmaCache.free(v);
        }
        access.write(cpu, pgd.structPage);
        alloc.free(cpu, pgd);
        mmCache.free(mm);
    }
}
