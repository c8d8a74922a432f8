/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.translate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.schedlab.dsl.eval.Dim;
import org.schedlab.dsl.eval.Env;
import org.schedlab.dsl.eval.EvalException;
import org.schedlab.dsl.eval.Evaluator;
import org.schedlab.dsl.eval.Quantity;
import org.schedlab.dsl.sched.Amount;
import org.schedlab.dsl.sched.BarrierWait;
import org.schedlab.dsl.sched.Broadcast;
import org.schedlab.dsl.sched.Compute;
import org.schedlab.dsl.sched.CondWait;
import org.schedlab.dsl.sched.Count;
import org.schedlab.dsl.sched.Exec;
import org.schedlab.dsl.sched.Exit;
import org.schedlab.dsl.sched.Exponential;
import org.schedlab.dsl.sched.Fixed;
import org.schedlab.dsl.sched.Fork;
import org.schedlab.dsl.sched.Lock;
import org.schedlab.dsl.sched.Loop;
import org.schedlab.dsl.sched.Normal;
import org.schedlab.dsl.sched.Phase;
import org.schedlab.dsl.sched.ProgramDecl;
import org.schedlab.dsl.sched.Recv;
import org.schedlab.dsl.sched.Send;
import org.schedlab.dsl.sched.Signal;
import org.schedlab.dsl.sched.Sleep;
import org.schedlab.dsl.sched.Timer;
import org.schedlab.dsl.sched.Uniform;
import org.schedlab.dsl.sched.Unlock;
import org.schedlab.dsl.sched.Wait;
import org.schedlab.dsl.sched.Yield;
import org.schedlab.dsl.validation.SchedIssueCodes;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.BarrierPoint;
import org.schedlab.sim.workload.Channel;
import org.schedlab.sim.workload.Cond;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Mutex;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.UserLock;

/** Turns the actions of a .sched program into {@link Action} records, one thread's index values bound in the env. */
final class ActionBuilder {

    private final ResourceTable resources;
    private final Map<ProgramDecl, Program> programs = new HashMap<>();
    private final Set<ProgramDecl> building = new HashSet<>();

    ActionBuilder(ResourceTable resources) {
        this.resources = resources;
    }

    List<Action> actions(List<org.schedlab.dsl.sched.Action> in, Env env) throws TranslationException {
        List<Action> out = new ArrayList<>(in.size());
        for (org.schedlab.dsl.sched.Action a : in) {
            out.add(action(a, env));
        }
        return out;
    }

    private Action action(org.schedlab.dsl.sched.Action a, Env env) throws TranslationException {
        if (a instanceof Compute c) {
            Quantity probe = probe(c.getAmount(), env);
            if (probe.dim() != Dim.TIME && probe.dim() != Dim.CYCLES) {
                throw new TranslationException("compute takes a time (1 ms) or cycles (20000 cycles), not "
                        + probe.dim().words(), c);
            }
            return new Action.Compute(distribution(c.getAmount(), env, probe.dim()), probe.dim() == Dim.CYCLES);
        }
        if (a instanceof Sleep s) {
            return new Action.Sleep(distribution(s.getAmount(), env, Dim.TIME));
        }
        if (a instanceof Timer t) {
            Quantity q = ResourceTable.quantity(t.getPeriod(), env, Dim.TIME, "a timer period");
            if (q.asLong() <= 0) {
                throw new TranslationException("a timer period must be positive (10 ms), not " + q.text(), t);
            }
            return new Action.Timer(q.asLong(), t.isRelative());
        }
        if (a instanceof Yield y) {
            if (y.getTarget() == null) {
                return new Action.Yield();
            }
            if (!y.getTarget().getIndices().isEmpty()) {
                throw new TranslationException("yield to names a thread group without indices ("
                        + y.getTarget().getName() + " has them)", y);
            }
            return new Action.YieldTo(y.getTarget().getName());
        }
        if (a instanceof Lock l) {
            return lock(l, env);
        }
        if (a instanceof Unlock u) {
            Object o = resources.resolveOne(u.getTarget(), env);
            if (o instanceof UserLock ul) {
                return new Action.SpinUnlock(ul);
            }
            if (o instanceof Mutex m) {
                return new Action.MutexUnlock(m);
            }
            throw kind(u, "unlock", "a spinlock or a mutex", o);
        }
        if (a instanceof CondWait w) {
            Object c = resources.resolveOne(w.getTarget(), env);
            Object m = resources.resolveOne(w.getMutex(), env);
            if (!(c instanceof Cond cond)) {
                throw kind(w, "wait ... with", "a cond", c);
            }
            if (!(m instanceof Mutex mutex)) {
                throw kind(w, "wait ... with", "a mutex after `with`", m);
            }
            return new Action.CondWait(cond, mutex);
        }
        if (a instanceof Signal s) {
            Object c = resources.resolveOne(s.getTarget(), env);
            if (c instanceof Cond cond) {
                return new Action.CondSignal(cond);
            }
            throw kind(s, "signal", "a cond", c);
        }
        if (a instanceof Broadcast b) {
            return broadcast(b, env);
        }
        if (a instanceof Send s) {
            return new Action.Send(channel(s, resources.resolveOne(s.getTarget(), env), "send"));
        }
        if (a instanceof Recv r) {
            Channel ch = channel(r, resources.resolveOne(r.getTarget(), env), "recv");
            if (r.getWithin() == null) {
                return new Action.Recv(ch);
            }
            Quantity q = ResourceTable.quantity(r.getWithin(), env, Dim.TIME, "a receive's time limit");
            if (q.asLong() <= 0) {
                throw new TranslationException("a receive's time limit must be positive (2 ms), not " + q.text(), r);
            }
            return new Action.Recv(ch, q.asLong());
        }
        if (a instanceof BarrierWait b) {
            Object o = resources.resolveOne(b.getTarget(), env);
            if (o instanceof BarrierPoint p) {
                if (b.getPoll() == null) {
                    return new Action.Barrier(p);
                }
                Quantity q = ResourceTable.quantity(b.getPoll(), env, Dim.TIME, "a barrier's poll period");
                if (q.asLong() <= 0) {
                    throw new TranslationException("a barrier's poll period must be positive (10 ms), not "
                            + q.text(), b);
                }
                return new Action.Barrier(p, q.asLong());
            }
            throw kind(b, "barrier", "a barrier", o);
        }
        if (a instanceof Fork f) {
            return new Action.Fork(program(f.getProgram(), f.getActions(), "child", env), f.isThread());
        }
        if (a instanceof Exec e) {
            return new Action.Exec(program(e.getProgram(), e.getActions(), "exec", env));
        }
        if (a instanceof Exit) {
            return new Action.Exit();
        }
        if (a instanceof Wait) {
            return new Action.Wait();
        }
        if (a instanceof Loop l) {
            int times = l.isForever() ? -1
                    : (int) ResourceTable.count(l.getTimes(), env, 0, Integer.MAX_VALUE, "a loop count");
            return new Action.Loop(times, actions(l.getActions(), env));
        }
        if (a instanceof Phase p) {
            return new Action.Phase(p.getName(), actions(p.getActions(), env));
        }
        Count c = (Count) a;
        long delta = c.getDelta() == null ? 1
                : ResourceTable.count(c.getDelta(), env, Long.MIN_VALUE, Long.MAX_VALUE, "a count increment");
        return new Action.Count(c.getCounter(), delta);
    }

    private Action lock(Lock l, Env env) throws TranslationException {
        Object o = resources.resolveOne(l.getTarget(), env);
        if (o instanceof Mutex m) {
            if (l.getSpins() != null || l.getYields() != null || l.isYieldsForever()) {
                throw new TranslationException("a mutex blocks in the kernel: spins and yields apply to a spinlock",
                        l, null, SchedIssueCodes.RESOURCE_KIND);
            }
            return new Action.MutexLock(m);
        }
        if (!(o instanceof UserLock ul)) {
            throw kind(l, "lock", "a spinlock or a mutex", o);
        }
        int spins = l.getSpins() == null ? 0
                : (int) ResourceTable.count(l.getSpins(), env, 0, Integer.MAX_VALUE, "spins");
        int yields = l.getYields() == null ? Integer.MAX_VALUE
                : (int) ResourceTable.count(l.getYields(), env, 0, Integer.MAX_VALUE, "yields");
        return new Action.SpinLock(ul, spins, yields);
    }

    private Action broadcast(Broadcast b, Env env) throws TranslationException {
        List<Object> targets = resources.resolve(b.getTarget(), env);
        if (targets.size() == 1 && targets.get(0) instanceof Cond cond && b.getExcept() == null) {
            return new Action.CondBroadcast(cond);
        }
        List<Object> except = b.getExcept() == null ? List.of() : resources.resolve(b.getExcept(), env);
        List<Channel> channels = new ArrayList<>();
        for (Object o : targets) {
            if (!except.contains(o)) {
                channels.add(channel(b, o, "broadcast"));
            }
        }
        return new Action.Broadcast(channels);
    }

    private Program program(ProgramDecl ref, List<org.schedlab.dsl.sched.Action> inline, String name, Env env)
            throws TranslationException {
        if (ref == null) {
            return new Program(name, actions(inline, env));
        }
        Program p = programs.get(ref);
        if (p != null) {
            return p;
        }
        if (!building.add(ref)) {
            throw new TranslationException("program " + ref.getName()
                    + " starts itself (through fork or exec): recursive programs cannot be simulated", ref);
        }
        try {
            // a program's body sees the workload's parameters only, never a thread's indices
            p = new Program(ref.getName(), actions(ref.getActions(), env));
        } finally {
            building.remove(ref);
        }
        programs.put(ref, p);
        return p;
    }

    private static Channel channel(org.schedlab.dsl.sched.Action a, Object o, String verb) throws TranslationException {
        if (o instanceof Channel c) {
            return c;
        }
        throw kind(a, verb, "a channel", o);
    }

    private static TranslationException kind(org.schedlab.dsl.sched.Action a, String verb, String want, Object got) {
        return new TranslationException(verb + " needs " + want + ", and " + got + " is not one", a, null,
                SchedIssueCodes.RESOURCE_KIND);
    }

    /** Evaluates a distribution's first argument to learn its dimension. */
    private static Quantity probe(Amount a, Env env) throws TranslationException {
        org.schedlab.dsl.sched.Expr first = a instanceof Fixed f ? f.getValue()
                : a instanceof Uniform u ? u.getLow()
                        : a instanceof Exponential e ? e.getMean() : ((Normal) a).getMean();
        try {
            return Evaluator.eval(first, env);
        } catch (EvalException ex) {
            throw new TranslationException(ex.getMessage(), ex.where() == null ? a : ex.where());
        }
    }

    private static Distribution distribution(Amount a, Env env, Dim dim) throws TranslationException {
        if (a instanceof Fixed f) {
            return Distribution.constant(nonNegative(f.getValue(), env, dim));
        }
        if (a instanceof Uniform u) {
            long lo = nonNegative(u.getLow(), env, dim);
            long hi = nonNegative(u.getHigh(), env, dim);
            if (hi < lo) {
                throw new TranslationException("uniform(low, high) needs low <= high", u);
            }
            return new Distribution.Uniform(lo, hi);
        }
        if (a instanceof Exponential e) {
            long mean = nonNegative(e.getMean(), env, dim);
            if (mean == 0) {
                throw new TranslationException("an exponential distribution needs a positive mean", e);
            }
            return new Distribution.Exponential(mean);
        }
        Normal n = (Normal) a;
        return new Distribution.Normal(nonNegative(n.getMean(), env, dim), nonNegative(n.getSd(), env, dim));
    }

    private static long nonNegative(org.schedlab.dsl.sched.Expr e, Env env, Dim dim) throws TranslationException {
        Quantity q = ResourceTable.quantity(e, env, dim, "this amount");
        if (q.value() < 0) {
            throw new TranslationException("an amount cannot be negative: " + q.text(), e);
        }
        return q.asLong();
    }
}
