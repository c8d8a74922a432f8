/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import java.util.IdentityHashMap;
import java.util.Map;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.memory.CacheLine;
import org.schedlab.sim.memory.MemorySystem;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Mm;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.task.TaskState;
import org.schedlab.sim.workload.Program;

/**
 * The process image in the memory model (docs/engines.md, "The process image"): what 2.4.18's fork, execve,
 * exit and wait4 write and read, as lines on the CPU that runs each step, so that a child running on another
 * CPU than its parent pulls what the parent wrote (and the parent what the child freed) over the bus.
 *
 * <ul>
 * <li>fork (do_fork, copy_files, copy_fs, copy_sighand, copy_mm / dup_mmap / copy_page_range, on the parent's
 * CPU): the child's task_struct copied and pt_regs written in a block from alloc_task_struct; files_struct,
 * fs_struct, signal_struct, mm_struct and the vm_area_structs allocated and written; a page directory from
 * get_pgd_slow written in full (memset of the user part, memcpy of the kernel part); the page-table pages;
 * per present page the parent's PTE read (and write-protected if private and writable), get_page on its
 * struct page, the child's PTE written.</li>
 * <li>Then the parent, back in user mode, writes its dirty pages (copy-on-write faults while the child still
 * maps them); the child, when it first runs (on the CPU reschedule_idle chose), reads its pt_regs and switch
 * fields, sets its CPU in mm->cpu_vm_mask, walks the page directory and writes the same pages.</li>
 * <li>exit (do_exit on the child's CPU): exit_mmap (zap, put_page, page tables to the CPU's quicklist),
 * exit_files, exit_fs, exit_sighand, the task_struct's exit fields, and the parent's signal lines
 * (do_notify_parent).</li>
 * <li>wait4 (on the parent's CPU): the zombie's exit fields read, its block freed (release_task).</li>
 * <li>execve (on the exec'ing CPU): exit_mmap of the old image, then a new mm, page directory and vmas, and
 * the new program's present pages faulted in: page-cache pages mapped (get_page), private pages allocated
 * and written in full (zero-fill or copy of the file's data).</li>
 * </ul>
 *
 * <p>Threads (clone with CLONE_VM) share the image: only its user count changes. A process that never forks or
 * execs has no image, so workloads without fork and execve run as before. Sizes: {@link ImageLayout}.
 */
final class ProcessMemory {
    private final KernelImpl k;
    private final LineAccess access;
    private final PageAllocator alloc;
    private final int lineBytes;
    private final SlabPool mmCache;
    private final SlabPool vmaCache;
    private final SlabPool filesCache;
    private final SlabPool fsCache;
    private final SlabPool sigCache;
    private final Map<Mm, ProcessImage> images = new IdentityHashMap<>();
    private final Map<Task, TaskBlock> blocks = new IdentityHashMap<>();
    private final Map<Program, PageFrame[]> pageCache = new IdentityHashMap<>();

    ProcessMemory(KernelImpl k) {
        MemorySystem m = k.memory;
        this.k = k;
        this.access = new LineAccess(k);
        this.lineBytes = m.lineBytes();
        this.alloc = new PageAllocator(m, access, ImageLayout.pageBytes(k.machine().profile().arch()),
                k.machine().nrCpus());
        this.mmCache = new SlabPool(m, "mm_struct", ImageLayout.MM_STRUCT_BYTES);
        this.vmaCache = new SlabPool(m, "vm_area_struct", ImageLayout.VMA_BYTES);
        this.filesCache = new SlabPool(m, "files_struct", ImageLayout.FILES_BYTES);
        this.fsCache = new SlabPool(m, "fs_struct", ImageLayout.FS_BYTES);
        this.sigCache = new SlabPool(m, "signal_struct", ImageLayout.SIGNAL_BYTES);
    }

    /** do_fork of a process (new mm) on the parent's CPU, before the child is woken. */
    void fork(Cpu cpu, Task parent, Task child) {
        ProcessImage pi = imageOf(parent.mm(), contextOf(parent));
        TaskBlock pb = blockOf(parent);
        TaskBlock cb = new TaskBlock(alloc.allocBlock(cpu), lineBytes);
        blocks.put(child, cb);
        access.readAll(cpu, pb.task, 0, pb.task.length);
        access.writeAll(cpu, cb.task); // *p = *current
        access.writeAll(cpu, cb.regs); // copy_thread
        ProcessImage ci = new ProcessImage(pi.size, lineBytes, alloc.pageBytes());
        ci.files = written(cpu, filesCache);
        ci.fs = written(cpu, fsCache);
        ci.sig = written(cpu, sigCache);
        newMm(cpu, ci);
        copyPageRange(cpu, pi, ci);
        images.put(child.mm(), ci);
    }

    /** clone(CLONE_VM): one more user of the parent's image, if it has one. */
    void forkThread(Task parent) {
        ProcessImage pi = images.get(parent.mm());
        if (pi != null) {
            pi.users++;
        }
    }

    /** The parent back in user mode after fork: it writes its dirty pages. */
    void parentReturns(Cpu cpu, Task parent) {
        ProcessImage pi = images.get(parent.mm());
        if (pi != null) {
            writeDirty(cpu, pi);
        }
    }

    /** A forked child's first run, on {@code cpu}: switch_to, switch_mm, ret_from_fork, then its dirty pages. */
    void childRuns(Cpu cpu, Task child) {
        TaskBlock b = blocks.get(child);
        ProcessImage ci = images.get(child.mm());
        if (b == null || ci == null) {
            return;
        }
        access.readAll(cpu, b.task, 0, Math.min(ImageLayout.SWITCH_TASK_LINES, b.task.length));
        access.readAll(cpu, b.regs, 0, b.regs.length);
        access.write(cpu, ci.mm[0]); // set_bit(cpu, &next->cpu_vm_mask)
        for (int r = 0; r < ci.ptes.length; r++) {
            access.read(cpu, ci.pgdLine(r));
        }
        writeDirty(cpu, ci);
    }

    /**
     * do_exit on {@code cpu}: the mm and the per-process objects if {@code t} was their last user, then the
     * notification.
     *
     * @return whether {@code t} has a block (a process forked, or a process that forked): its exit is split
     */
    boolean exit(Cpu cpu, Task t) {
        ProcessImage img = images.get(t.mm());
        if (img != null && --img.users == 0) {
            images.remove(t.mm());
            img.exitMmap(cpu, alloc, access, vmaCache, mmCache);
            access.readAll(cpu, img.files, 0, img.files.length); // close_files
            access.write(cpu, img.files[0]);
            filesCache.free(img.files);
            access.write(cpu, img.fs[0]);
            fsCache.free(img.fs);
            access.write(cpu, img.sig[0]);
            sigCache.free(img.sig);
        }
        TaskBlock b = blocks.get(t);
        if (b == null) {
            return false;
        }
        for (int i = 0; i < ImageLayout.EXIT_TASK_LINES && i < b.task.length; i++) {
            access.write(cpu, b.task[i]);
        }
        Task parent = t.parent();
        TaskBlock pb = parent == null ? null : blocks.get(parent);
        if (pb != null) {
            access.write(cpu, pb.task[1]); // the parent's pending signals (do_notify_parent)
            ProcessImage pi = images.get(parent.mm());
            if (pi != null) {
                access.write(cpu, pi.sig[0]); // its siglock
            }
        }
        return true;
    }

    /** wait4 / release_task on {@code cpu}: the zombie's exit fields read, its block freed. */
    void release(Cpu cpu, Task t) {
        TaskBlock b = blocks.remove(t);
        if (b == null) {
            return;
        }
        access.readAll(cpu, b.task, 0, Math.min(ImageLayout.EXIT_TASK_LINES, b.task.length));
        alloc.freeBlock(cpu, b.frames);
    }

    /** execve on {@code cpu}: {@code t} leaves {@code old} for {@code now}, running {@code program}. */
    void exec(Cpu cpu, Task t, Mm old, Mm now, Program program) {
        ProcessImage img = images.remove(old);
        CacheLine[] files = null;
        CacheLine[] fs = null;
        CacheLine[] sig = null;
        if (img != null) {
            files = img.files;
            fs = img.fs;
            sig = img.sig;
            if (--img.users == 0) {
                img.exitMmap(cpu, alloc, access, vmaCache, mmCache);
            } else {
                images.put(old, img);
            }
        }
        ProcessImage ni = new ProcessImage(contextOf(t).image, lineBytes, alloc.pageBytes());
        ni.files = files != null ? files : filesCache.alloc();
        ni.fs = fs != null ? fs : fsCache.alloc();
        ni.sig = sig != null ? sig : sigCache.alloc();
        newMm(cpu, ni);
        PageFrame[] cached = pageCacheOf(program, ni);
        for (int r = 0; r < ni.ptes.length; r++) {
            ni.ptes[r] = alloc.pteAlloc(cpu);
        }
        CacheLine last = null;
        for (int i = 0; i < ni.pages.length; i++) {
            PageFrame f;
            if (i < ni.privatePages) {
                f = alloc.alloc(cpu);
                access.clear(cpu, f);
                ni.writable[i] = true;
            } else {
                f = cached[i - ni.privatePages];
                f.count++;
                access.write(cpu, f.structPage);
            }
            ni.pages[i] = f;
            CacheLine pte = ni.pteLine(i);
            if (pte != last) {
                access.write(cpu, pte);
                last = pte;
            }
        }
        images.put(now, ni);
    }

    /** @return the image of {@code mm}, or null (for tests) */
    ProcessImage image(Mm mm) {
        return images.get(mm);
    }

    /** @return the block of {@code t}, or null (for tests) */
    TaskBlock block(Task t) {
        return blocks.get(t);
    }

    private void writeDirty(Cpu cpu, ProcessImage img) {
        int n = img.dirty;
        for (int i = 0; i < n; i++) {
            if (img.write(i, cpu, alloc, access)) {
                k.charge(cpu, SchedFn.PROCESS, CostKey.COW_FAULT);
            }
        }
    }

    /** mm_alloc, get_pgd_slow and the vm_area_structs of a new image, written on {@code cpu}. */
    private void newMm(Cpu cpu, ProcessImage img) {
        img.mm = written(cpu, mmCache);
        img.pgd = alloc.alloc(cpu);
        access.clear(cpu, img.pgd);
        for (int v = 0; v < img.vmas.length; v++) {
            img.vmas[v] = written(cpu, vmaCache);
        }
    }

    /** copy_page_range of every vma: the child's page tables, the parent's PTEs write-protected, get_page. */
    private void copyPageRange(Cpu cpu, ProcessImage pi, ProcessImage ci) {
        for (int r = 0; r < ci.ptes.length; r++) {
            ci.ptes[r] = alloc.pteAlloc(cpu);
            access.write(cpu, ci.pgdLine(r));
        }
        CacheLine lastParent = null;
        CacheLine lastChild = null;
        for (int i = 0; i < pi.pages.length; i++) {
            CacheLine pp = pi.pteLine(i);
            if (pp != lastParent) {
                access.read(cpu, pp);
                lastParent = pp;
            }
            if (i < pi.privatePages) {
                access.write(cpu, pp); // ptep_set_wrprotect
                pi.writable[i] = false;
            }
            PageFrame f = pi.pages[i];
            f.count++;
            access.write(cpu, f.structPage); // get_page
            ci.pages[i] = f;
            CacheLine cp = ci.pteLine(i);
            if (cp != lastChild) {
                access.write(cpu, cp);
                lastChild = cp;
            }
        }
    }

    private CacheLine[] written(Cpu cpu, SlabPool pool) {
        CacheLine[] o = pool.alloc();
        access.writeAll(cpu, o);
        return o;
    }

    /** @return the image of {@code mm}, built untouched (cold) for a process that was never forked */
    private ProcessImage imageOf(Mm mm, TaskContext c) {
        ProcessImage img = images.get(mm);
        if (img != null) {
            return img;
        }
        img = new ProcessImage(c.image, lineBytes, alloc.pageBytes());
        PageFrame[] cached = pageCacheOf(c.program, img);
        for (int i = 0; i < img.pages.length; i++) {
            PageFrame f = i < img.privatePages ? alloc.newFrame() : cached[i - img.privatePages];
            f.count++;
            img.pages[i] = f;
            img.writable[i] = i < img.privatePages;
        }
        img.pgd = alloc.newFrame();
        for (int r = 0; r < img.ptes.length; r++) {
            img.ptes[r] = alloc.newFrame();
        }
        img.mm = mmCache.alloc();
        for (int v = 0; v < img.vmas.length; v++) {
            img.vmas[v] = vmaCache.alloc();
        }
        img.files = filesCache.alloc();
        img.fs = fsCache.alloc();
        img.sig = sigCache.alloc();
        img.users = 0;
        for (Task t : k.allTasks()) {
            if (t.mm() == mm && t.state() != TaskState.ZOMBIE) {
                img.users++; // threads created before the image was
            }
        }
        img.users = Math.max(1, img.users);
        images.put(mm, img);
        return img;
    }

    /** @return the block of {@code t}, a fresh one (cold) for a task that was not forked */
    private TaskBlock blockOf(Task t) {
        TaskBlock b = blocks.get(t);
        if (b == null) {
            b = new TaskBlock(new PageFrame[] {alloc.newFrame(), alloc.newFrame()}, lineBytes);
            blocks.put(t, b);
        }
        return b;
    }

    /**
     * @return the page-cache pages of {@code program}'s shared mappings (text, read-only data) for {@code img}, each
     *         held once by the page cache (more are made when an image of the program needs more)
     */
    private PageFrame[] pageCacheOf(Program program, ProcessImage img) {
        int need = img.pages.length - img.privatePages;
        PageFrame[] fs = pageCache.get(program);
        if (fs == null || fs.length < need) {
            PageFrame[] more = java.util.Arrays.copyOf(fs == null ? new PageFrame[0] : fs, need);
            for (int i = fs == null ? 0 : fs.length; i < need; i++) {
                more[i] = alloc.newFrame();
                more[i].count = 1;
            }
            pageCache.put(program, more);
            fs = more;
        }
        return fs;
    }

    private static TaskContext contextOf(Task t) {
        return (TaskContext) KernelMutators.task().context(t);
    }
}
