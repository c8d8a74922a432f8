/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.IdlePolicy;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.BarrierPoint;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Cond;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Mutex;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.UserLock;
import org.schedlab.sim.workload.Workload;

/**
 * Generates random workloads and machines from a seed, for property-based tests: every workload action
 * appears (compute with each distribution, yield, sleep, user spinlocks, futex mutexes, condition
 * variables, channels and broadcast, barriers, fork/exec/exit/wait, loops, phases, counters), with
 * random policies, nice values and CPU affinity. Programs may block forever (a lost wakeup is a
 * legitimate outcome); they never break the workload's own rules (unlocking a lock not held).
 */
public final class RandomWorkloads {
    private final SplittableRandom rnd;
    private int objects;

    /** @param seed the generator's seed: equal seeds give equal workloads */
    public RandomWorkloads(long seed) {
        this.rnd = new SplittableRandom(seed);
    }

    /** @return a random built-in machine with 1 to {@code maxCpus} CPUs and a random idle loop */
    public MachineProfile machine(int maxCpus) {
        List<MachineProfile> all = MachineProfile.builtIns();
        MachineProfile p = all.get(rnd.nextInt(all.size()));
        int tpc = p.threadsPerCore();
        int cpus = tpc * (1 + rnd.nextInt(Math.max(1, maxCpus / tpc)));
        IdlePolicy idle = IdlePolicy.values()[rnd.nextInt(IdlePolicy.values().length)];
        return p.withCpus(cpus).withIdlePolicy(idle);
    }

    /**
     * @return {@code w} with each thread group in one of four task groups or the root: a weighted group, a child of
     *         it, a group with a bandwidth limit of 1 ms up to two CPUs per period (with a burst at times), and an
     *         autogroup
     */
    public Workload withGroups(Workload w) {
        org.schedlab.sim.workload.CGroup a = org.schedlab.sim.workload.CGroup.of("a", null).withShares(
                2 + rnd.nextInt(4096));
        org.schedlab.sim.workload.CGroup b = org.schedlab.sim.workload.CGroup.of("a/b", a).withShares(
                2 + rnd.nextInt(4096));
        long period = 1_000_000L * (2 + rnd.nextInt(99));
        long quota = 1_000_000L + (long) (rnd.nextDouble() * 2 * period);
        org.schedlab.sim.workload.CGroup c = org.schedlab.sim.workload.CGroup.of("c", null).withMax(quota, period,
                rnd.nextBoolean() ? 0 : quota / 2);
        org.schedlab.sim.workload.CGroup s = new org.schedlab.sim.workload.CGroup("autogroup-s", null, 1024,
                org.schedlab.sim.workload.CGroup.NO_LIMIT, period, 0, true);
        org.schedlab.sim.workload.CGroup[] choice = {null, a, b, c, s};
        List<ThreadGroup> groups = new ArrayList<>();
        for (ThreadGroup g : w.groups()) {
            groups.add(g.withCGroup(choice[rnd.nextInt(choice.length)]));
        }
        return new Workload(w.name(), groups);
    }

    /**
     * @return {@code w} with each thread group in one of two weighted task groups or the root, as kernels before
     *         2.6.26 have them (one level deep, no bandwidth limit)
     */
    public Workload withWeightedGroups(Workload w) {
        org.schedlab.sim.workload.CGroup[] choice = {null,
            org.schedlab.sim.workload.CGroup.of("a", null).withShares(2 + rnd.nextInt(4096)),
            org.schedlab.sim.workload.CGroup.of("b", null).withShares(2 + rnd.nextInt(4096))};
        List<ThreadGroup> groups = new ArrayList<>();
        for (ThreadGroup g : w.groups()) {
            groups.add(g.withCGroup(choice[rnd.nextInt(choice.length)]));
        }
        return new Workload(w.name(), groups);
    }

    /** @return a random workload for a machine of {@code nrCpus} CPUs */
    public Workload workload(int nrCpus) {
        List<ThreadGroup> groups = new ArrayList<>();
        int kinds = 1 + rnd.nextInt(4);
        for (int i = 0; i < kinds; i++) {
            groups.addAll(group("g" + i, nrCpus));
        }
        return new Workload("random", groups);
    }

    private List<ThreadGroup> group(String name, int nrCpus) {
        int n = 1 + rnd.nextInt(6);
        return switch (rnd.nextInt(8)) {
            case 0 -> List.of(attrs(ThreadGroup.processes(name, n, program(name, computeYield())), nrCpus));
            case 1 -> List.of(attrs(ThreadGroup.threads(name, n, program(name, mutexSection())), nrCpus));
            case 2 -> List.of(attrs(ThreadGroup.threads(name, n, program(name, spinSection())), nrCpus));
            case 3 -> pingPong(name, nrCpus);
            case 4 -> List.of(attrs(ThreadGroup.threads(name, n, program(name, barrier(n))), nrCpus));
            case 5 -> List.of(attrs(ThreadGroup.processes(name, n, program(name, forkWait())), nrCpus));
            case 6 -> condPair(name, nrCpus);
            default -> List.of(attrs(ThreadGroup.processes(name, n, program(name, sleeper())), nrCpus));
        };
    }

    private ThreadGroup attrs(ThreadGroup g, int nrCpus) {
        int r = rnd.nextInt(10);
        if (r == 0) {
            g = g.withPolicy(rnd.nextBoolean() ? Policy.FIFO : Policy.RR, 0, 1 + rnd.nextInt(99));
        } else if (r == 1) {
            g = g.withPolicy(Policy.OTHER, rnd.nextInt(40) - 20, 0);
        } else if (r == 2) {
            g = g.withPolicy(Policy.BATCH, 0, 0);
        }
        if (nrCpus > 1 && rnd.nextInt(4) == 0) {
            g = g.withCpus(Set.of(rnd.nextInt(nrCpus)));
        }
        return g;
    }

    private Program program(String name, List<Action> body) {
        if (rnd.nextInt(4) == 0) {
            return Program.of(name, new Action.Phase("p-" + name, List.of(new Action.Loop(1 + rnd.nextInt(50), body))));
        }
        return Program.of(name, new Action.Loop(-1, body));
    }

    private Action compute() {
        long mean = Time.us(1 + rnd.nextInt(3000));
        Distribution d = switch (rnd.nextInt(4)) {
            case 0 -> Distribution.constant(mean);
            case 1 -> new Distribution.Uniform(mean / 2, mean * 3 / 2);
            case 2 -> new Distribution.Exponential(mean);
            default -> new Distribution.Normal(mean, mean / 4.0);
        };
        return rnd.nextInt(5) == 0 ? Action.Compute.cycles(mean) : new Action.Compute(d, false);
    }

    private List<Action> computeYield() {
        return List.of(compute(), new Action.Count("work", 1), new Action.Yield());
    }

    private List<Action> mutexSection() {
        Mutex m = new Mutex("m" + objects++);
        return List.of(new Action.MutexLock(m), compute(), new Action.Count("work", 1), new Action.MutexUnlock(m),
                compute());
    }

    private List<Action> spinSection() {
        UserLock l = new UserLock("l" + objects++);
        return List.of(new Action.SpinLock(l, rnd.nextInt(200), rnd.nextInt(5)), compute(),
                new Action.Count("work", 1), new Action.SpinUnlock(l), compute());
    }

    private List<Action> barrier(int parties) {
        BarrierPoint b = new BarrierPoint("b" + objects++, parties);
        return List.of(compute(), new Action.Barrier(b), new Action.Count("rounds", 1));
    }

    private List<Action> forkWait() {
        Program child = Program.of("child", compute(), new Action.Exit());
        if (rnd.nextBoolean()) {
            child = Program.of("child", new Action.Exec(Program.of("image", compute())));
        }
        return List.of(new Action.Fork(child, rnd.nextBoolean()), new Action.Wait(), new Action.Count("forks", 1));
    }

    private List<Action> sleeper() {
        return List.of(new Action.Sleep(new Distribution.Exponential(Time.us(100 + rnd.nextInt(5000)))), compute());
    }

    private List<ThreadGroup> pingPong(String name, int nrCpus) {
        int cap = 1 + rnd.nextInt(4);
        List<Channel> outs = new ArrayList<>();
        int receivers = 1 + rnd.nextInt(3);
        List<ThreadGroup> groups = new ArrayList<>();
        for (int i = 0; i < receivers; i++) {
            Channel ch = Channel.pipe(name + "-c" + i, cap);
            outs.add(ch);
            groups.add(attrs(ThreadGroup.processes(name + "-rx" + i, 1,
                    program(name, List.of(new Action.Recv(ch), compute(), new Action.Count("messages", 1)))), nrCpus));
        }
        groups.add(attrs(ThreadGroup.processes(name + "-tx", 1,
                program(name, List.of(compute(), new Action.Broadcast(outs)))), nrCpus));
        return groups;
    }

    private List<ThreadGroup> condPair(String name, int nrCpus) {
        Mutex m = new Mutex(name + "-m");
        Cond c = new Cond(name + "-c");
        List<Action> waiter = List.of(new Action.MutexLock(m), new Action.CondWait(c, m), new Action.MutexUnlock(m),
                compute(), new Action.Count("signals", 1));
        List<Action> signaller = List.of(compute(), new Action.MutexLock(m),
                rnd.nextBoolean() ? new Action.CondSignal(c) : new Action.CondBroadcast(c), new Action.MutexUnlock(m));
        return List.of(attrs(ThreadGroup.threads(name + "-w", 1 + rnd.nextInt(3), program(name, waiter)), nrCpus),
                attrs(ThreadGroup.threads(name + "-s", 1, program(name, signaller)), nrCpus));
    }
}
