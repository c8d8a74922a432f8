/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import org.schedlab.sim.machine.Arch;

/**
 * The sizes of the process-image model (docs/engines.md, "The process image"; docs/workloads.md). Structure
 * sizes are those of 2.4.18 on i386 (include/linux/sched.h, mm.h, file.h, fs_struct.h, include/asm-i386/
 * ptrace.h) [I: summed from the definitions]. The image of a program (its present, private and dirty pages) is
 * a workload property: {@link org.schedlab.sim.workload.ImageSize}.
 */
final class ImageLayout {
    /** struct task_struct, 2.4.18 i386, including the 512-byte FPU save area of thread_struct [I]. */
    static final int TASK_STRUCT_BYTES = 1600;
    /** struct pt_regs, i386: 17 words, at the top of the child's kernel stack (copy_thread) [V]. */
    static final int PT_REGS_BYTES = 68;
    /** struct mm_struct, 2.4.18 i386 [I]. */
    static final int MM_STRUCT_BYTES = 180;
    /** struct vm_area_struct, 2.4.18 i386: 17 words [I]. */
    static final int VMA_BYTES = 68;
    /** struct files_struct with its embedded fd_array[32] and two 1,024-bit fd sets [I]. */
    static final int FILES_BYTES = 420;
    /** struct fs_struct [I]. */
    static final int FS_BYTES = 44;
    /** struct signal_struct: 64 k_sigaction of 20 bytes, count and lock [I]. */
    static final int SIGNAL_BYTES = 1292;
    /** The task_struct lines do_exit and exit_notify write (flags, mm, exit_code, state) and wait4 reads [I]. */
    static final int EXIT_TASK_LINES = 4;
    /** The task_struct lines switch_to reads of a task that never ran (thread.esp, thread.eip) [I]. */
    static final int SWITCH_TASK_LINES = 2;
    /** Page-table pages of a small i386 process: text at 0x08048000, libraries at 0x40000000, the stack below 0xc0000000: three 4 MB slots of the page directory [V: 2.4 ELF loader and TASK_UNMAPPED_BASE]. */
    static final int PTE_PAGES = 3;
    /** Their page-directory entries (address >> 22). */
    static final int[] PGD_SLOTS = {0x08048000 >>> 22, 0x40000000 >>> 22, 0xbffff000 >>> 22};
    /** i386 user page-directory entries (USER_PTRS_PER_PGD, 3 GB / 4 MB) that clear_page_tables scans. */
    static final int USER_PGD_ENTRIES = 768;
    /** Bytes of a page-table or page-directory entry on i386 without PAE. */
    static final int PTE_BYTES = 4;
    /**
     * vm_area_structs of a dynamically linked program: text, data and bss of the program, of ld.so and of libc,
     * heap, stack [I: the ELF loader's mappings of glibc 2.2].
     */
    static final int VMAS = 10;
    private ImageLayout() {
    }

    /** @return the page size of {@code arch}: 4 KB on i386 and x86-64, 16 KB on ia64 (the 2.6 default) */
    static int pageBytes(Arch arch) {
        return arch == Arch.IA64 ? 16384 : 4096;
    }

    /** @return lines spanned by {@code bytes} */
    static int lines(int bytes, int lineBytes) {
        return (bytes + lineBytes - 1) / lineBytes;
    }
}
