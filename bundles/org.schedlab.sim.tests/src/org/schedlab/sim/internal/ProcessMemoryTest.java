/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.memory.MemoryStats;
import org.schedlab.sim.spi.SchedFn;
import org.schedlab.sim.task.Task;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.ImageSize;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/** The process image in the memory model: which CPU holds what fork, the child's run, exit and wait4 touch. */
class ProcessMemoryTest {
    private static final Program CHILD = Program.of("child", new Action.Exit());
    private static final Program PARENT = Program.of("parent", new Action.Fork(CHILD, false), new Action.Wait());

    private static KernelImpl kernel(MachineProfile m) {
        return new KernelImpl(SimConfig.builder().machine(m).engine(new RoundRobinEngine())
                .workload(Workload.of("w", ThreadGroup.processes("parent", 1, PARENT))).duration(1_000_000)
                .checkInvariants(false).build());
    }

    private static KernelImpl piii(int cpus) {
        return kernel(MachineProfile.piii700().withCpus(cpus));
    }

    private static Task[] parentAndChild(KernelImpl k) {
        Task parent = k.newTask("parent", PARENT, k.newMm());
        Task child = k.newTask("parent/child", CHILD, k.newMm());
        KernelMutators.task().setParent(child, parent);
        return new Task[] {parent, child};
    }

    @Test
    void forkLeavesTheChildsImageModifiedOnTheParentsCpu() {
        KernelImpl k = piii(2);
        Task[] pc = parentAndChild(k);
        Cpu cpu0 = k.machine().cpu(0);
        k.images.fork(cpu0, pc[0], pc[1]);
        ProcessImage ci = k.images.image(pc[1].mm());
        ProcessImage pi = k.images.image(pc[0].mm());
        assertEquals(0, ci.pgd.line(0).owner(), "get_pgd_slow wrote the page directory on cpu0");
        assertEquals(0, ci.pteLine(0).owner(), "copy_page_range wrote the child's PTEs on cpu0");
        assertEquals(0, ci.mm[0].owner());
        assertEquals(0, k.images.block(pc[1]).task[0].owner(), "*p = *current on cpu0");
        assertSame(pi.pages[0], ci.pages[0], "the child maps the parent's pages");
        assertEquals(2, ci.pages[0].count, "get_page: the parent's and the child's mapping");
        assertEquals(0, ci.pages[0].structPage.owner());
        assertFalse(pi.writable[0], "the parent's private pages are write-protected for copy-on-write");
        assertFalse(ci.writable[0]);
    }

    @Test
    void theChildOnTheOtherCpuPullsWhatTheParentWroteAndItsExitPullsThePageCounts() {
        KernelImpl k = piii(2);
        Task[] pc = parentAndChild(k);
        Cpu cpu0 = k.machine().cpu(0);
        Cpu cpu1 = k.machine().cpu(1);
        k.images.fork(cpu0, pc[0], pc[1]);
        ProcessImage ci = k.images.image(pc[1].mm());
        k.images.parentReturns(cpu0, pc[0]);
        assertNotSame(ci.pages[0], k.images.image(pc[0].mm()).pages[0],
                "the parent wrote first: it copied the page, the child keeps the old one");
        MemoryStats before = k.memory.stats();
        k.images.childRuns(cpu1, pc[1]);
        MemoryStats run = k.memory.stats();
        long runTransfers = run.transfers() - before.transfers();
        // pt_regs, two task_struct lines, the mm line, three page-directory lines, then per dirty page its PTE
        // line and struct page
        assertTrue(runTransfers >= 3 + 2 + 1 + 3, "the child's first run pulls the parent's lines: " + runTransfers);
        assertTrue(ci.writable[0], "the child's write made its page writable (it maps it alone now)");
        assertEquals(1, ci.pages[0].count);
        assertTrue(ci.pgdLine(0).cachedOn(1));
        k.images.exit(cpu1, pc[1]);
        long exitTransfers = k.memory.stats().transfers() - run.transfers();
        assertTrue(exitTransfers >= ImageSize.DEFAULT.present() - ImageSize.DEFAULT.dirty(),
                "put_page on every struct page get_page wrote on cpu0: " + exitTransfers);
        assertEquals(1, k.images.image(pc[0].mm()).pages[ImageSize.DEFAULT.privatePages()].structPage.owner(),
                "the last put_page was on cpu1");
        assertNull(k.images.image(pc[1].mm()), "exit_mmap dropped the child's image");
        MemoryStats exited = k.memory.stats();
        k.images.release(cpu0, pc[1]);
        assertTrue(k.memory.stats().transfers() > exited.transfers(), "wait4 reads the zombie's exit fields from cpu1");
        assertNull(k.images.block(pc[1]));
    }

    @Test
    void onOneCpuNothingCrosses() {
        KernelImpl k = piii(1);
        Task[] pc = parentAndChild(k);
        Cpu cpu0 = k.machine().cpu(0);
        k.images.fork(cpu0, pc[0], pc[1]);
        k.images.parentReturns(cpu0, pc[0]);
        k.images.childRuns(cpu0, pc[1]);
        k.images.exit(cpu0, pc[1]);
        k.images.release(cpu0, pc[1]);
        MemoryStats s = k.memory.stats();
        assertEquals(0, s.transfers());
        assertEquals(0, s.invalidations());
        assertTrue(s.memoryMisses() > 0, "the first fork's lines come from memory");
    }

    @Test
    void theNextForkReusesTheFreedBlockAndPageDirectory() {
        KernelImpl k = piii(2);
        Task[] pc = parentAndChild(k);
        Cpu cpu0 = k.machine().cpu(0);
        Cpu cpu1 = k.machine().cpu(1);
        k.images.fork(cpu0, pc[0], pc[1]);
        PageFrame pgd = k.images.image(pc[1].mm()).pgd;
        PageFrame[] block = k.images.block(pc[1]).frames;
        k.images.childRuns(cpu1, pc[1]);
        k.images.exit(cpu1, pc[1]);
        k.images.release(cpu0, pc[1]);
        Task second = k.newTask("parent/child", CHILD, k.newMm());
        KernelMutators.task().setParent(second, pc[0]);
        MemoryStats before = k.memory.stats();
        k.images.fork(cpu0, pc[0], second);
        assertSame(block, k.images.block(second).frames, "alloc_task_struct returns the block freed last");
        assertSame(pgd, k.images.image(second.mm()).pgd, "the page directory freed last is allocated next");
        assertTrue(k.memory.stats().transfers() - before.transfers()
                >= ImageSize.DEFAULT.present() - ImageSize.DEFAULT.dirty(),
                "get_page pulls back every struct page the child's exit put on cpu1");
    }

    @Test
    void aThreadsExitLeavesTheImageToItsOtherUsers() {
        KernelImpl k = piii(2);
        Task[] pc = parentAndChild(k);
        Task thread = k.newTask("parent/thread", CHILD, pc[0].mm());
        Cpu cpu0 = k.machine().cpu(0);
        k.images.fork(cpu0, pc[0], pc[1]);
        ProcessImage pi = k.images.image(pc[0].mm());
        assertEquals(2, pi.users, "the parent and its thread, created before the image was");
        k.images.exit(cpu0, thread);
        assertSame(pi, k.images.image(pc[0].mm()), "the parent still maps it");
        assertEquals(1, pi.users);
    }

    @Test
    void withTheMemoryModelOffThereIsNoImage() {
        MachineProfile m = MachineProfile.piii700().withCpus(2);
        KernelImpl k = kernel(m.withMemory(m.memory().withEnabled(false)));
        assertNull(k.images);
        assertNotNull(piii(2).images);
    }

    @Test
    void aCopyOnWriteFaultThatCopiesCostsCowFault() {
        KernelImpl k = piii(1);
        Task[] pc = parentAndChild(k);
        Cpu cpu0 = k.machine().cpu(0);
        k.images.fork(cpu0, pc[0], pc[1]);
        long before = k.metrics().cycles(SchedFn.PROCESS);
        k.images.parentReturns(cpu0, pc[0]);
        long after = k.metrics().cycles(SchedFn.PROCESS);
        long cow = k.costs().cycles(CostKey.COW_FAULT);
        assertTrue(after - before >= ImageSize.DEFAULT.dirty() * cow, (after - before) + " cycles");
        long again = k.metrics().cycles(SchedFn.PROCESS);
        k.images.childRuns(cpu0, pc[1]);
        long child = k.metrics().cycles(SchedFn.PROCESS) - again;
        assertTrue(child < cow, "the child's faults only make its pages writable: " + child + " cycles");
    }
}
