/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.machine;

/**
 * The kernel paths the cost model charges. Values are cycles unless {@link #unit()} says nanoseconds
 * (latencies that do not scale with the CPU clock). Each profile documents where each value comes from.
 */
public enum CostKey {
    /** System call entry and exit (lmbench "null syscall"). */
    SYSCALL(Unit.CYCLES),
    /** schedule(): fixed part, without the scan, locks and the switch. */
    SCHEDULE(Unit.CYCLES),
    /** One goodness() evaluation in the 2.2/2.4 scan. */
    GOODNESS(Unit.CYCLES),
    /** One task in the 2.2/2.4 counter recalculation loop. */
    RECALC_PER_TASK(Unit.CYCLES),
    /** One red-black tree node visited (CFS). */
    TREE_STEP(Unit.CYCLES),
    /** One run-queue list insertion or removal. */
    LIST_OP(Unit.CYCLES),
    /**
     * CFS enqueue_task / dequeue_task outside the tree walk: update_curr, load and nr_running accounting,
     * place_entity, sched_info and schedstats, the group-scheduling levels.
     */
    ENQUEUE_ACCOUNTING(Unit.CYCLES),
    /** One priority-bitmap search (O(1) sched_find_first_bit). */
    BITMAP_SEARCH(Unit.CYCLES),
    /** switch_to: registers, stack, FPU lazy state. */
    CONTEXT_SWITCH(Unit.CYCLES),
    /** Extra for switch_mm when the address space changes (page-table reload, TLB refill). */
    MM_SWITCH(Unit.CYCLES),
    /**
     * Extra for a switch to an address space whose TLB tag this CPU no longer holds: with PCID, x86-64 keeps the
     * last six (TLB_NR_DYN_ASIDS, arch/x86/mm/tlb.c, handed out round robin); a seventh mm reuses a tag and its
     * TLB entries are flushed and refilled. 0: no tags (every MM_SWITCH flushes, as before PCID).
     */
    MM_SWITCH_FLUSH(Unit.CYCLES),
    /**
     * Refilling the cache footprint of a task switched in cold: after 63 or more other switches on its CPU, or
     * after it last ran on another CPU. Nearer reuse pays a part of it (the simulation kernel's CacheRefill curve).
     * Where the refill curve is measured ({@link #CACHE_REFILL_8}), the extra per switch of a ring of 128 tasks on
     * one CPU over a ring of 2, and what a task that last ran on another CPU pays.
     */
    CACHE_REFILL(Unit.CYCLES),
    /**
     * A machine's own growth of a switch's cost with the number of tasks sharing a CPU, measured (profile-host):
     * the extra cycles per switch of a ring of 8 tasks yielding on one CPU over a ring of 2. With
     * {@link #CACHE_REFILL_32}, {@link #CACHE_REFILL} (128 tasks), {@link #CACHE_REFILL_256} and
     * {@link #CACHE_REFILL_1024}, the refill curve of the simulation kernel's CacheRefill; all four 0: not measured,
     * the curve is lat_ctx's shape on a P6 scaled to CACHE_REFILL.
     */
    CACHE_REFILL_8(Unit.CYCLES),
    /** The extra per switch of a ring of 32 tasks on one CPU over a ring of 2 (see {@link #CACHE_REFILL_8}). */
    CACHE_REFILL_32(Unit.CYCLES),
    /** The extra per switch of a ring of 256 tasks on one CPU over a ring of 2 (see {@link #CACHE_REFILL_8}). */
    CACHE_REFILL_256(Unit.CYCLES),
    /** The extra per switch of a ring of 1024 tasks on one CPU over a ring of 2 (see {@link #CACHE_REFILL_8}). */
    CACHE_REFILL_1024(Unit.CYCLES),
    /** Uncontended kernel spinlock acquire. */
    SPIN_ACQUIRE(Unit.CYCLES),
    /** Kernel spinlock release. */
    SPIN_RELEASE(Unit.CYCLES),
    /**
     * A cache line moving Modified from another CPU's cache (HITM): the lock word taken after another CPU held
     * it; with the memory model on, any line another CPU wrote.
     */
    CACHELINE_TRANSFER(Unit.CYCLES),
    /** Sending an inter-processor interrupt (APIC write). */
    IPI_SEND(Unit.CYCLES),
    /** Receiving an IPI: interrupt entry, ack, exit. */
    IPI_RECEIVE(Unit.CYCLES),
    /** IPI delivery latency from send to the target's interrupt entry. */
    IPI_LATENCY(Unit.NANOS),
    /** The timer interrupt without scheduler_tick (do_timer, accounting, softirq). */
    TIMER_INTERRUPT(Unit.CYCLES),
    /** Any other interrupt's entry and exit (timer callbacks that wake sleepers). */
    INTERRUPT(Unit.CYCLES),
    /** Time a halted CPU takes to resume after an interrupt. */
    HALT_WAKE_LATENCY(Unit.NANOS),
    /**
     * From the send of an IPI to a CPU halted shorter than LONG_HALT_AFTER to its interrupt entry, the halt's exit
     * included; 0: IPI_LATENCY + HALT_WAKE_LATENCY. In a KVM guest the host polls a halted vCPU for a while
     * (halt_poll_ns) and sees the interrupt without a kick, which can be faster than an IPI to a running vCPU.
     */
    HALTED_IPI_LATENCY(Unit.NANOS),
    /**
     * Time a CPU halted for at least LONG_HALT_AFTER takes to resume instead: a deeper cpuidle state's exit
     * latency on bare metal, or, in a KVM guest, a vCPU the host stopped polling (halt_poll_ns) and put to sleep.
     */
    LONG_HALT_WAKE_LATENCY(Unit.NANOS),
    /** How long a CPU must have been halted for LONG_HALT_WAKE_LATENCY to apply; 0: never. */
    LONG_HALT_AFTER(Unit.NANOS),
    /**
     * From a timer's expiry to its interrupt's entry on a running CPU (0 on bare metal; in a virtual machine the
     * host's timer and the interrupt's injection into the guest).
     */
    TIMER_DELIVERY_LATENCY(Unit.NANOS),
    /**
     * How far the 99th percentile of a timer's delivery lies above its mean (TIMER_DELIVERY_LATENCY): the
     * simulation draws each delivery from an exponential above a floor with that mean and that 99th percentile.
     * 0: every delivery takes TIMER_DELIVERY_LATENCY.
     *
     * @since 1.2
     */
    TIMER_DELIVERY_SPREAD(Unit.NANOS),
    /**
     * The machine's own work on a busy CPU (kernel threads, the bottom halves of interrupts, the programs beside the
     * workload): the mean time between two of its runs on one CPU. The simulation kernel gives every CPU a kernel
     * thread ({@code kworker/N}, SCHED_OTHER nice 0, bound to its CPU, lazy TLB) that sleeps an exponential time of
     * this mean and then runs an exponential time of BACKGROUND_RUN's mean; it is no task of the workload's (no
     * per-task metric counts it; CPU time and every CPU's switches do). 0: no background work.
     *
     * @since 1.3
     */
    BACKGROUND_INTERVAL(Unit.NANOS),
    /** The mean CPU time of one run of the machine's own work (BACKGROUND_INTERVAL). 0: no background work. */
    BACKGROUND_RUN(Unit.NANOS),
    /**
     * How long a virtual CPU's speed stays about the same (the host's other work on its core comes and goes): the
     * simulation kernel draws each CPU's speed anew every window of this length. 0: every CPU at its clock.
     *
     * @since 1.3
     */
    CPU_SPEED_WINDOW(Unit.NANOS),
    /**
     * How far a window's speed varies: the standard deviation of the time a CPU gains or loses in one
     * CPU_SPEED_WINDOW, in ns (the coefficient of variation of its speed times the window). 0: every CPU at its
     * clock.
     */
    CPU_SPEED_SPREAD(Unit.NANOS),
    /**
     * How long the slow part of a virtual CPU's speed stays about the same (the host's placement of the vCPU, its
     * neighbours for seconds): a second factor, drawn anew every window of this length, multiplies the
     * CPU_SPEED_WINDOW one. 0: no slow part.
     *
     * @since 1.4
     */
    CPU_SPEED_SLOW_WINDOW(Unit.NANOS),
    /**
     * The slow part's spread: its coefficient of variation times CPU_SPEED_SLOW_WINDOW, in ns, in the slow windows
     * whose CPUs run apart ({@link #CPU_SPEED_SLOW_ALIKE}). 0: no slow part. It slows user code; the kernel's own
     * paths take {@link #CPU_SPEED_SLOW_KERNEL_SPREAD} where that is measured.
     */
    CPU_SPEED_SLOW_SPREAD(Unit.NANOS),
    /**
     * How much of the time the CPUs run alike in the slow part: the share of slow windows in which every CPU runs at
     * its clock, times CPU_SPEED_SLOW_WINDOW, in ns (a host that slows one vCPU now and then, as a busy neighbour on
     * its core comes and goes). 0: every slow window draws its spread (as before 1.9).
     *
     * @since 1.9
     */
    CPU_SPEED_SLOW_ALIKE(Unit.NANOS),
    /**
     * The slow part's spread for the kernel's own paths (a CPU the host slows runs a system call less slower than a
     * spinning loop): its coefficient of variation times CPU_SPEED_SLOW_WINDOW, in ns, drawn with the same normal
     * deviate as the user code's, so that the slower CPU is slower for both. 0: the kernel's paths take the user
     * code's factor (as before 1.9).
     *
     * @since 1.9
     */
    CPU_SPEED_SLOW_KERNEL_SPREAD(Unit.NANOS),
    /** Time a polling idle CPU takes to see need_resched set by another CPU. */
    POLL_NOTICE_LATENCY(Unit.NANOS),
    /** try_to_wake_up bookkeeping outside the run-queue operation. */
    WAKEUP(Unit.CYCLES),
    /** fork (copy of the process; the child's first switch is charged separately). */
    FORK(Unit.CYCLES),
    /** execve (new image, new mm). */
    EXEC(Unit.CYCLES),
    /** do_exit (teardown, notify parent). */
    EXIT(Unit.CYCLES),
    /**
     * A new thread's own work before its program's first action (clone's child: ret_from_fork, glibc's start_thread
     * with set_robust_list and rseq, the first touches of its fresh stack), charged on its CPU when it first runs.
     * 0: a thread starts at its first action.
     *
     * @since 1.5
     */
    THREAD_START(Unit.CYCLES),
    /**
     * clone(CLONE_VM) in the parent: a thread's creation (copy_process without dup_mmap: the address space is
     * shared, not copied). 0: a clone costs {@link #FORK}, as in the built-in tables, whose [T3] fork stands for both.
     *
     * @since 1.10
     */
    CLONE(Unit.CYCLES),
    /** A copy-on-write fault that copies a page (trap, do_wp_page, copy_page), its lines' misses excepted. */
    COW_FAULT(Unit.CYCLES),
    /** One pipe send or receive beyond the system call itself (any channel not declared a socket). */
    CHANNEL_OP(Unit.CYCLES),
    /**
     * The part of a pipe's CHANNEL_OP that runs without its pipe->mutex (vfs_read and vfs_write's checks, the file
     * reference, the wakeup and fasync after the unlock), charged before the lock is taken; the rest is charged
     * holding it. 0: the whole operation under the mutex.
     *
     * @since 1.5
     */
    PIPE_UNLOCKED(Unit.CYCLES),
    /** One send or receive on a channel declared a socket (AF_UNIX stream: skb allocation, copy, queue). */
    SOCKET_OP(Unit.CYCLES),
    /**
     * What an AF_UNIX stream message costs more when it is read, and its skb freed, on another CPU than the one
     * that wrote it, beyond the line transfers the memory model follows (the slab's remote free, the memory
     * cgroup's uncharge on another CPU's stock and the allocator's slow path it leaves the writer): charged to the
     * reader, with the memory model on. 0: nothing more.
     *
     * @since 1.7
     */
    SOCKET_REMOTE(Unit.CYCLES),
    /**
     * What a write to a packet-mode pipe (pipe2 with O_DIRECT, Linux 3.4+) costs more than a write to a plain pipe
     * when it allocates: each message takes a page of its own (alloc_page and its memory cgroup charge, under
     * pipe->mutex) where a plain pipe's messages share one; a write that takes one of the pages the pipe kept from
     * earlier reads (pipe->tmp_page, two since Linux 6.15) pays nothing more. 0: nothing more.
     *
     * @since 1.8
     */
    PIPE_PACKET_WRITE(Unit.CYCLES),
    /**
     * What a read from a packet-mode pipe costs more than a read from a plain pipe when it frees: the page of the
     * message it empties is released (put_page and the cgroup's uncharge, under pipe->mutex), unless the pipe keeps
     * it for a later write (two pages since Linux 6.15), which costs nothing more. 0: nothing more.
     *
     * @since 1.8
     */
    PIPE_PACKET_READ(Unit.CYCLES),
    /** One futex wait or wake beyond the system call itself. */
    FUTEX_OP(Unit.CYCLES),
    /** One iteration of a user-space spin loop (user time). */
    USER_SPIN_ITERATION(Unit.CYCLES),
    /** One task examined by load balancing. */
    BALANCE_PER_TASK(Unit.CYCLES),
    /** Memory model: load latency of a line no cache holds (lmbench lat_mem_rd, large stride). */
    MEMORY_LATENCY(Unit.NANOS),
    /** Memory model: time one cache-line transaction occupies a front-side bus. */
    BUS_LINE_TIME(Unit.NANOS),
    /** Memory model: extra latency of a transfer between CPUs on different front-side buses. */
    CROSS_BUS_LATENCY(Unit.NANOS);

    /** Unit of a cost value. */
    public enum Unit {
        CYCLES, NANOS
    }

    private final Unit unit;

    CostKey(Unit unit) {
        this.unit = unit;
    }

    /** @return cycles or nanoseconds */
    public Unit unit() {
        return unit;
    }

    /**
     * @return the least value that still takes this key's own path: 1 ns for HALTED_IPI_LATENCY, whose 0 selects
     *         another path (IPI_LATENCY + HALT_WAKE_LATENCY), else 0. A microbenchmark that derives a key by
     *         simulating it at its least value (profile-host) must simulate the path it measures.
     */
    public long pathFloor() {
        return this == HALTED_IPI_LATENCY ? 1 : 0;
    }
}
