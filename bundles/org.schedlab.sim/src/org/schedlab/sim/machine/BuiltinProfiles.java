/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.machine;

import static org.schedlab.sim.machine.CostKey.*;

import org.schedlab.sim.memory.MemoryGeometry;

/**
 * The built-in machine profiles and the origin of every default cost. The published measurements listed in docs/costs.md
 * are cited as [T1]..[T11] in table order: [T1] lmbench on a ~1 GHz PIII (2.5.33), [T2] lat_ctx by process
 * count (2-way 550 MHz), [T3] lat_proc of seed 000, [T4] schedule() per call by rdtsc (Libenzi, dual PIII
 * 733), [T5] real switch 3-4x a yield-loop switch, [T6] recalculation loop 25-27k cycles, [T7] 38 cycles per
 * extra runnable task (Gooch, P6 core), [T8] runqueue_lock under load (Lahr), [T9] VolanoMark yields,
 * [T10] P4 lat_ctx 0.90 us and signal handler 3.09 us at 2.2 GHz (Molnar), [T11] syscall throughput
 * PIII versus P4. [U] marks a value no reachable source gives: a reasoned default, overridable.
 * Cycle counts measured on one P6-core clock are reused at another P6 clock (cycles, not time, are
 * what the core spends).
 *
 * <p>Memory hierarchy sources (docs/costs.md lists them): [M1] lmbench 2.0 on a 4-way Pentium III Xeon 700 with
 * 1 MB L2 under 2.5.68 (LKML, 2003): L1 4.35 ns, L2 13.06 ns, main memory 165.3 ns; [M2] Intel IA-32
 * optimization manual, the P6/P4 memory pipeline: a line crosses the bus in 4 data chunks (P6: 8 bytes at
 * 100 MHz, 40 ns per 32-byte line), the P4 reads 128-byte sectors at 800 MT/s, and its cache table; [M3] the
 * ProFusion chipset of the 8-way PIII Xeon servers (Netfinity 8500R class): two 100 MHz processor buses of four
 * CPUs, a coherence filter per bus, a read that must snoop the other bus is deferred and costs a second
 * transaction; [M4] the Coppermine PIII's on-die L2 (same core): 8-way, 32-byte lines; [M5] Itanium 2
 * memory latency on zx1 (35 cycles + 160 ns at 1.3 GHz), its 128-byte L3 lines and 128-bit 400 MT/s bus.
 */
final class BuiltinProfiles {
    private BuiltinProfiles() {
    }

    /** The PIII-700 cost table; the P4 and Itanium tables are derived from or beside it. */
    static CostTable piiiCosts() {
        return CostTable.builder()
                .set(SYSCALL, 330, "[T1] null syscall 0.33 us at ~1 GHz P6 = 330 cycles")
                .set(SCHEDULE, 400, "[T4]/[T5] 1,830-2,190 cycles per real switch = schedule 400 + scan"
                        + " ~150 + locks ~50 + switch 500 + mm 900; the yield-loop path without a switch"
                        + " (~600) is 3.3x cheaper, as [T5] says")
                .set(GOODNESS, 38, "[T7] 38 cycles per extra runnable task on the P6 core")
                .set(RECALC_PER_TASK, 40, "[U] one shift-add-store per task, same order as [T7]",
                        20, 80, "half to twice: three to six instructions on a line the walk just loaded")
                .set(TREE_STEP, 30, "[U] one pointer chase and compare, below [T7]'s loop body",
                        10, 60, "an L1 hit (a few cycles) to an L2 hit ([M1] 13 ns = 9 cycles) per node, plus"
                        + " compare and branch miss")
                .set(LIST_OP, 20, "[U] two or four pointer writes on cached lines",
                        10, 40, "two to four stores at one per cycle on L1 lines, up to twice the estimate"
                        + " with a neighbour in L2")
                .set(ENQUEUE_ACCOUNTING, 1_078, "seed 002's P4 figure 1,390 / 1.29 ([T10] cycle ratio P4/P6)")
                .set(BITMAP_SEARCH, 20, "[U] a few bsfl over the 140-bit priority bitmap",
                        10, 40, "five bsfl/test words at 1-4 cycles each, up to twice the estimate")
                .set(CONTEXT_SWITCH, 500, "[T4]/[T5] switch_to share of a 2,000-cycle real switch")
                .set(MM_SWITCH, 900, "[T4]/[T5] cr3 reload and TLB refill: the rest of the real switch")
                .set(MM_SWITCH_FLUSH, 0, "no PCID on P6: MM_SWITCH is a full TLB flush already")
                .set(CACHE_REFILL, 2_937, "[T2] lat_ctx 0K 8.37 us with 64 processes minus 3.03 us with 2:"
                        + " 5.34 us at 550 MHz")
                .set(CACHE_REFILL_8, 0, "not measured: the refill curve is lat_ctx's shape on the P6 [T2],"
                        + " scaled to CACHE_REFILL")
                .set(CACHE_REFILL_32, 0, "not measured (CACHE_REFILL_8)")
                .set(CACHE_REFILL_256, 0, "not measured (CACHE_REFILL_8)")
                .set(CACHE_REFILL_1024, 0, "not measured (CACHE_REFILL_8)")
                .set(SPIN_ACQUIRE, 24, "[U] lock decb on a cached line on P6",
                        15, 50, "a locked read-modify-write on the P6 core drains the store buffer: 15 to 50 cycles")
                .set(SPIN_RELEASE, 4, "[U] plain movb store (x86 spin_unlock has no lock prefix)",
                        1, 10, "one store retires in a cycle; behind a full store buffer it waits several")
                .set(CACHELINE_TRANSFER, 150, "[U] modified line over a 100 MHz PIII front-side bus",
                        100, 300, "HITM on a P6 bus: about a memory read ([M1] 165 ns = 115 cycles) to twice"
                        + " it with the implicit write-back")
                .set(IPI_SEND, 300, "[U] local APIC ICR write plus the 2.4 wait for delivery status",
                        150, 600, "the ICR write is tens of cycles; the wait for delivery status depends on"
                        + " APIC bus traffic")
                .set(IPI_RECEIVE, 600, "[U] interrupt entry, ack and exit: about twice [T1]'s syscall",
                        330, 1_200, "at least one [T1] syscall entry and exit, at most twice the estimate")
                .set(IPI_LATENCY, 2_000, "[U] APIC bus delivery, ns",
                        1_000, 5_000, "a message on the serial P6 APIC bus takes about 1 us idle, several"
                        + " under arbitration")
                .set(TIMER_INTERRUPT, 1_500, "[U] do_timer, process times, timer softirq: ~2.5x IPI_RECEIVE",
                        750, 3_000, "half to twice: do_timer's work grows with the timer list and the softirq")
                .set(INTERRUPT, 600, "[U] as IPI_RECEIVE",
                        330, 1_200, "as IPI_RECEIVE")
                .set(HALT_WAKE_LATENCY, 500, "[U] hlt to running on P6, ns",
                        100, 2_000, "P6 hlt has no deep sleep state: a few hundred ns, up to 2 us with"
                        + " chipset clock gating")
                .set(HALTED_IPI_LATENCY, 0, "IPI_LATENCY + HALT_WAKE_LATENCY: an IPI to a halted P6 is an IPI")
                .set(LONG_HALT_WAKE_LATENCY, 0, "P6 hlt has one depth: HALT_WAKE_LATENCY always")
                .set(LONG_HALT_AFTER, 0, "one halt depth (see LONG_HALT_WAKE_LATENCY)")
                .set(TIMER_DELIVERY_LATENCY, 0, "bare metal: the local APIC timer interrupts at its expiry")
                .set(TIMER_DELIVERY_SPREAD, 0, "bare metal: no delivery latency to spread (TIMER_DELIVERY_LATENCY)")
                .set(BACKGROUND_INTERVAL, 0, "none modelled: the seeds do not measure their machines' own work")
                .set(BACKGROUND_RUN, 0, "no background work (BACKGROUND_INTERVAL)")
                .set(CPU_SPEED_WINDOW, 0, "bare metal: every CPU runs at its clock")
                .set(CPU_SPEED_SPREAD, 0, "bare metal: every CPU runs at its clock (CPU_SPEED_WINDOW)")
                .set(CPU_SPEED_SLOW_WINDOW, 0, "bare metal: every CPU runs at its clock (CPU_SPEED_WINDOW)")
                .set(CPU_SPEED_SLOW_SPREAD, 0, "bare metal: every CPU runs at its clock (CPU_SPEED_WINDOW)")
                .set(CPU_SPEED_SLOW_ALIKE, 0, "bare metal: every CPU runs at its clock (CPU_SPEED_WINDOW)")
                .set(CPU_SPEED_SLOW_KERNEL_SPREAD, 0, "bare metal: every CPU runs at its clock (CPU_SPEED_WINDOW)")
                .set(POLL_NOTICE_LATENCY, 214, "[U] CACHELINE_TRANSFER 150 cycles at 700 MHz, ns",
                        143, 429, "CACHELINE_TRANSFER's range (100-300 cycles) at 700 MHz")
                .set(WAKEUP, 150, "[U] try_to_wake_up state test and set outside the queue operation",
                        75, 300, "half to twice: a few tests and stores on the task's lines, one of them"
                        + " possibly in L2")
                .set(FORK, 55_000, "[T3] fork+exit 118.7 us at 700 MHz = 83,090 cycles = fork 55,000"
                        + " + exit 22,000 + wait, two switches and wakeups ~6,000; a process fork charges the"
                        + " parent's copy-on-write faults (4 x COW_FAULT) of it after the wakeup")
                .set(EXEC, 500_000, "[T3] fork+execve 836.7 us minus fork+exit 118.7 us = 502,600 cycles")
                .set(EXIT, 22_000, "[T3] see FORK")
                .set(COW_FAULT, 1_200, "[I] trap entry and exit as [T1]'s null syscall 330 + copy_page's 128"
                        + " line reads and 128 line writes in the L2 at [M1]'s 13.06 ns, four in flight, 590"
                        + " + do_wp_page, alloc_page and the PTE ~300 [U]")
                .set(CHANNEL_OP, 250, "[T1] pipe latency 5.3 us = 4 pipe syscalls + 2 process switches:"
                        + " 5,300 - 4,000 switch - 4x330 entry leaves ~250 per operation")
                .set(SOCKET_OP, 250, "as CHANNEL_OP: the 2.4-era seeds do not tell a socket from a pipe")
                .set(SOCKET_REMOTE, 0, "not measured for the seeds' machines: a message read on another CPU costs"
                        + " the line transfers the memory model follows, nothing more")
                .set(PIPE_PACKET_WRITE, 0, "no packet-mode pipe on the seeds' machines: O_DIRECT pipes came with"
                        + " Linux 3.4")
                .set(PIPE_PACKET_READ, 0, "as PIPE_PACKET_WRITE")
                .set(CLONE, 0, "not measured for the seeds' machines: a clone costs FORK, whose [T3] value stands"
                        + " for a clone and a fork alike")
                .set(THREAD_START, 0, "not measured for the seeds' machines: FORK holds what [T3] measured of"
                        + " a clone; a thread starts at its first action")
                .set(PIPE_UNLOCKED, 0, "[T1] gives a pipe operation's whole cost only, no part of it outside"
                        + " the pipe's lock: all of CHANNEL_OP under it")
                .set(FUTEX_OP, 200, "[U] hash bucket lock and queue operation",
                        100, 400, "a spinlock and a few list operations (~100) up to a bucket line from"
                        + " memory (~115 more) and a longer hash chain")
                .set(USER_SPIN_ITERATION, 10, "[U] load and compare of a shared line (no pause on PIII)",
                        5, 30, "load, compare, branch on an L1 line (a few cycles) up to pipeline flushes on"
                        + " a line another CPU writes")
                .set(BALANCE_PER_TASK, 50, "[U] one task examined by load balancing",
                        25, 100, "half to twice: one task's lines read, one of them possibly from L2")
                .set(MEMORY_LATENCY, 165, "[M1] lmbench main memory 165.3 ns, 4-way PIII Xeon 700; ns")
                .set(BUS_LINE_TIME, 40, "[M2] 4 data chunks of 8 bytes at 100 MHz per 32-byte line; ns")
                .set(CROSS_BUS_LATENCY, 40, "[M3] a cross-bus read is deferred: one more transaction on the"
                        + " requester's bus, BUS_LINE_TIME; ns")
                .build();
    }

    /**
     * Memory: 1 MB 8-way L2 with 32-byte lines ([M1] machine, [M4] core), two front-side buses of four CPUs
     * ([M3]: that IBM's 8-way was a ProFusion machine is inferred), 8 KB task_struct-and-stack blocks (i386
     * 2.2/2.4). A machine that extends the profile with fewer CPUs spreads them evenly over the two buses in id
     * order (MemorySystem): a 4-CPU boot has two per bus, a 2-CPU boot one per bus. Which CPUs a smaller boot of
     * the 8-way used, or whether it was another machine, is [U].
     */
    static MachineProfile piii700() {
        return new MachineProfile("piii-700", "8-way Pentium III 700 MHz (seed 000)", Arch.I386, 700, 100, 8, 1,
                1024, IdlePolicy.HALT, piiiCosts(), new MemoryGeometry(true, 1024, 8, 32, 2, 8192));
    }

    /**
     * P4 costs: the P6 table scaled per [T10]/[T11]. Switch paths by the lat_ctx ratio 1,980 / 1,530 = 1.29
     * cycles; entry paths by the signal-handler ratio 6,798 / 2,620 = 2.6 cycles (P4's long pipeline);
     * locked instructions [U] about 100 cycles on NetBurst. Idle loop: HALT (default_idle). A 2.6.24 kernel on
     * a Prescott with MONITOR/MWAIT would run mwait_idle, which keeps the polling flag set and needs no IPI;
     * {@link IdlePolicy#POLL} is the closer choice there [U: the seed does not say which P4 it was].
     */
    static MachineProfile p4Ht3000() {
        CostTable c = piiiCosts()
                .with(SYSCALL, 860, "[T10] 330 x 2.6 (signal handler cycle ratio P4/P6)")
                .with(SCHEDULE, 516, "[T10] 400 x 1.29 (lat_ctx cycle ratio P4/P6)")
                .with(CONTEXT_SWITCH, 645, "[T10] 500 x 1.29")
                .with(MM_SWITCH, 1_161, "[T10] 900 x 1.29")
                .with(CACHE_REFILL, 3_789, "[T10] 2,937 x 1.29")
                .with(LIST_OP, 26, "[T10] 20 x 1.29",
                        13, 52, "the P6 range x 1.29")
                .with(ENQUEUE_ACCOUNTING, 1_390, "seed 002: 7,198,444,348 cycles / 60 s / 85,000 calls per s"
                        + " (TCP_RR: one enqueue or dequeue per switch) = 1,411 cycles per call, less ~20 of tree"
                        + " work charged as TREE_STEP")
                .with(TREE_STEP, 39, "[T10] 30 x 1.29",
                        13, 78, "the P6 range x 1.29")
                .with(SPIN_ACQUIRE, 100, "[U] a locked instruction on NetBurst",
                        50, 150, "NetBurst locked instructions: the pipeline drain is 50 to 150 cycles")
                .with(CACHELINE_TRANSFER, 300, "[U] modified line over an 800 MHz FSB at 3 GHz",
                        200, 600, "a memory read (MEMORY_LATENCY 120 ns = 360 cycles) less the prefetch"
                        + " overlap, to twice the estimate")
                .with(IPI_RECEIVE, 1_560, "[T10] 600 x 2.6",
                        860, 3_120, "the P6 range x 2.6")
                .with(INTERRUPT, 1_560, "[T10] 600 x 2.6",
                        860, 3_120, "the P6 range x 2.6")
                .with(TIMER_INTERRUPT, 3_900, "[T10] 1,500 x 2.6",
                        1_950, 7_800, "the P6 range x 2.6")
                .with(IPI_LATENCY, 1_500, "[U] xAPIC delivery, ns",
                        500, 3_000, "xAPIC messages go over the front-side bus: under a microsecond idle,"
                        + " more when busy")
                .with(POLL_NOTICE_LATENCY, 100, "[U] CACHELINE_TRANSFER at 3 GHz, ns",
                        67, 200, "CACHELINE_TRANSFER's range at 3 GHz")
                .with(FORK, 71_000, "[T10] 55,000 x 1.29")
                .with(COW_FAULT, 1_550, "[T10] 1,200 x 1.29")
                .with(EXIT, 28_400, "[T10] 22,000 x 1.29")
                .with(EXEC, 645_000, "[T10] 500,000 x 1.29")
                .with(CHANNEL_OP, 650, "[T10] 250 x 2.6")
                .with(SOCKET_OP, 650, "as CHANNEL_OP")
                .with(MEMORY_LATENCY, 120, "[U] [M2]'s i875P figure of 83-96 ns is with the prefetcher's help;"
                        + " a dependent large-stride read is slower; ns",
                        83, 165, "[M2]'s prefetched 83 ns up to the PIII's [M1] 165 ns")
                .with(BUS_LINE_TIME, 20, "[M2] a 128-byte sector: 16 transfers at 800 MT/s; ns")
                .with(CROSS_BUS_LATENCY, 0, "one bus");
        // Memory: Northwood 512 KB 8-way L2, 64-byte lines [M2], shared by the two hyper-threads; one bus.
        return new MachineProfile("p4-3000-ht", "Pentium 4 3 GHz with hyper-threading (seed 002)", Arch.I386,
                3000, 250, 2, 2, 1024, IdlePolicy.HALT, c, new MemoryGeometry(true, 512, 8, 64, 1, 8192));
    }

    /**
     * Itanium 2: no reachable source gives any Itanium figure (docs/costs.md), so every value
     * is [U]; HZ is a parameter (ia64 defconfig 250, older kernels 1024).
     */
    static MachineProfile itanium2(int hz) {
        CostTable c = piiiCosts()
                .with(SYSCALL, 200, "[U] ia64 epc/break fast path",
                        100, 1_000, "the epc fast path is tens of cycles; a break with a full state save"
                        + " about a thousand")
                .with(SCHEDULE, 600, "[U] larger than P6: more state in the task struct",
                        300, 1_200, "half to twice")
                .with(CONTEXT_SWITCH, 1_500, "[U] large register file and RSE flush",
                        750, 3_000, "the RSE flush depends on how many stacked registers are dirty")
                .with(MM_SWITCH, 700, "[U] region register reload, no full TLB flush",
                        350, 1_400, "half to twice")
                .with(CACHE_REFILL, 2_937, "[U] the P6 figure [T2]",
                        1_500, 6_000, "the P6 figure on a 6 MB L3 with 128-byte lines: half to twice")
                .with(SPIN_ACQUIRE, 30, "[U] cmpxchg.acq on a cached line",
                        15, 60, "half to twice")
                .with(CACHELINE_TRANSFER, 250, "[U] 400 MHz FSB at 1.5 GHz",
                        150, 500, "a memory read (183 ns = 275 cycles) at most; a shorter snoop path at least")
                .with(IPI_SEND, 400, "[U] SAPIC write",
                        200, 800, "half to twice")
                .with(IPI_RECEIVE, 1_200, "[U] interruption entry and exit",
                        600, 2_400, "half to twice")
                .with(IPI_LATENCY, 5_000, "[U] 'a few to tens of us' (seed 004's discussion), ns",
                        1_000, 20_000, "'a few to tens of us' (seed 004's discussion)")
                .with(TIMER_INTERRUPT, 3_000, "[U] 2.5x IPI_RECEIVE as on P6",
                        1_500, 6_000, "half to twice")
                .with(INTERRUPT, 1_200, "[U] as IPI_RECEIVE",
                        600, 2_400, "as IPI_RECEIVE")
                .with(HALT_WAKE_LATENCY, 5_000, "[U] PAL_HALT_LIGHT exit, ns",
                        1_000, 20_000, "PAL_HALT_LIGHT exit: a few to tens of us as IPI_LATENCY")
                .with(POLL_NOTICE_LATENCY, 170, "[U] CACHELINE_TRANSFER at 1.5 GHz, ns",
                        100, 333, "CACHELINE_TRANSFER's range at 1.5 GHz")
                .with(MEMORY_LATENCY, 183, "[M5] zx1: 35 cycles + 160 ns at 1.3 GHz; the 4-way chipset's is [U]; ns",
                        150, 300, "[M5]'s zx1 figure near the low end; another chipset's up to 300 ns")
                .with(BUS_LINE_TIME, 20, "[M5] 128-byte line, 8 transfers of 16 bytes at 400 MT/s; ns")
                .with(CROSS_BUS_LATENCY, 0, "one bus");
        // Memory: 6 MB L3 with 128-byte lines [M5], 12-way as on McKinley (Madison's is [U]); one bus; 32 KB
        // task-and-stack blocks [U] (ia64 kernel stacks).
        return new MachineProfile("itanium2", "Itanium 2 1.5 GHz, 4-way (seed 004)", Arch.IA64, 1500, hz, 4, 1,
                256, IdlePolicy.HALT, c, new MemoryGeometry(true, 6144, 12, 128, 1, 32768));
    }
}
