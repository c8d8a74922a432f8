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

/**
 * A task's task_struct-and-kernel-stack block in the process-image model: two pages from alloc_task_struct
 * (2.4 include/asm-i386/processor.h, {@code __get_free_pages(GFP_KERNEL, 1)}), the task_struct at the bottom
 * and the pt_regs copy_thread writes at the top. Departure: the engines keep their own lines for the fields
 * their scheduler tests ({@code Kernel.taskLine}); these are the rest of the block.
 */
final class TaskBlock {
    final PageFrame[] frames;
    final CacheLine[] task;
    final CacheLine[] regs;

    TaskBlock(PageFrame[] frames, int lineBytes) {
        this.frames = frames;
        this.task = new CacheLine[ImageLayout.lines(ImageLayout.TASK_STRUCT_BYTES, lineBytes)];
        for (int i = 0; i < task.length; i++) {
            task[i] = frames[0].line(i);
        }
        PageFrame top = frames[frames.length - 1];
        this.regs = new CacheLine[ImageLayout.lines(ImageLayout.PT_REGS_BYTES, lineBytes)];
        for (int i = 0; i < regs.length; i++) {
            regs[i] = top.line(top.nrLines() - regs.length + i);
        }
    }
}
