/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.workload;

/**
 * The image of a process's program in the memory model (docs/engines.md, "The process image"): what a fork
 * copies and an exit or execve tears down. No source gives it for the seeds' programs [U]; the defaults are
 * lmbench lat_proc's, reasoned in docs/workloads.md.
 *
 * @param present      present pages (the resident set): each costs a fork a PTE copy and get_page, an exit
 *                     put_page
 * @param privatePages present private writable pages (data, bss, GOT, heap, stack), write-protected at fork,
 *                     allocated and written by execve; at most {@code present}
 * @param dirty        private pages the parent writes after fork returns and the child before it exits or
 *                     execs (copy-on-write faults); at most {@code privatePages}
 */
public record ImageSize(int present, int privatePages, int dirty) {
    /** Largest accepted number of present pages (1 GB of 4 KB pages). */
    public static final int MAX_PAGES = 1 << 18;
    /**
     * lat_proc's image [U]: 110 present pages (a small program linked against glibc 2.2 shows 350 to 600 KB
     * resident in ps listings of the time), 12 private writable, 4 dirty (the stack, libc's data and bss, a GOT
     * page).
     */
    public static final ImageSize DEFAULT = new ImageSize(110, 12, 4);

    public ImageSize {
        if (present < 0 || present > MAX_PAGES) {
            throw new IllegalArgumentException("present pages must be 0 to " + MAX_PAGES + ": " + present);
        }
        if (privatePages < 0 || privatePages > present) {
            throw new IllegalArgumentException("private pages must be 0 to the present pages (" + present + "): "
                    + privatePages);
        }
        if (dirty < 0 || dirty > privatePages) {
            throw new IllegalArgumentException("dirty pages must be 0 to the private pages (" + privatePages
                    + "): " + dirty);
        }
    }
}
