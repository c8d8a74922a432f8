/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.validation;

import static org.schedlab.dsl.sched.SchedPackage.Literals.*;

import org.eclipse.xtext.validation.Check;
import org.schedlab.dsl.eval.Dim;
import org.schedlab.dsl.eval.Quantity;
import org.schedlab.dsl.sched.Amount;
import org.schedlab.dsl.sched.Arg;
import org.schedlab.dsl.sched.BarrierDecl;
import org.schedlab.dsl.sched.BarrierWait;
import org.schedlab.dsl.sched.Channel;
import org.schedlab.dsl.sched.Clock;
import org.schedlab.dsl.sched.Compute;
import org.schedlab.dsl.sched.Count;
import org.schedlab.dsl.sched.Recv;
import org.schedlab.dsl.sched.Cpus;
import org.schedlab.dsl.sched.MemoryBuses;
import org.schedlab.dsl.sched.TlbTags;
import org.schedlab.dsl.sched.DurationOption;
import org.schedlab.dsl.sched.Exponential;
import org.schedlab.dsl.sched.ExprIndex;
import org.schedlab.dsl.sched.Fixed;
import org.schedlab.dsl.sched.Hz;
import org.schedlab.dsl.sched.ImagePart;
import org.schedlab.dsl.sched.IndexVar;
import org.schedlab.dsl.sched.L2Cache;
import org.schedlab.dsl.sched.Lock;
import org.schedlab.dsl.sched.Loop;
import org.schedlab.dsl.sched.NiceOption;
import org.schedlab.dsl.sched.Normal;
import org.schedlab.dsl.sched.PolicyOption;
import org.schedlab.dsl.sched.Resource;
import org.schedlab.dsl.sched.Sleep;
import org.schedlab.dsl.sched.Timer;
import org.schedlab.dsl.sched.SweepOption;
import org.schedlab.dsl.sched.ThreadGroup;
import org.schedlab.dsl.sched.Uniform;
import org.schedlab.dsl.sched.WarmupOption;
import org.schedlab.dsl.translate.MachineBuilder;
import org.schedlab.sim.machine.MachineProfile;

/** Units (700 MHz, 5 us, 1 ms, 100 B, 20000 cycles) and ranges of every value. */
public class UnitValidator extends ValidatorSupport {

    @Check
    public void checkClock(Clock c) {
        if (expect(c, CLOCK__VALUE, Dim.FREQUENCY, "a clock") != null) {
            Quantity q = constant(c.getValue());
            if (q != null && (q.value() < 1e6 || q.value() > 1e11)) {
                error("a clock of " + q.text() + " is out of range: 1 MHz to 100 GHz", c, CLOCK__VALUE,
                        SchedIssueCodes.OUT_OF_RANGE);
            }
        }
    }

    @Check
    public void checkCpus(Cpus c) {
        if (c.getCount() < 1 || c.getCount() > 64) {
            error("a machine has 1 to 64 CPUs, not " + c.getCount(), c, CPUS__COUNT, SchedIssueCodes.OUT_OF_RANGE);
        }
        if (c.eIsSet(CPUS__THREADS_PER_CORE) && (c.getThreadsPerCore() < 1 || c.getThreadsPerCore() > 8)) {
            error("threads per core must be 1 to 8", c, CPUS__THREADS_PER_CORE, SchedIssueCodes.OUT_OF_RANGE);
        }
    }

    @Check
    public void checkHz(Hz h) {
        if (h.getValue() < 10 || h.getValue() > 10_000) {
            error("HZ must be 10 to 10000 (Linux offers 100, 250, 300 and 1000), not " + h.getValue(), h, HZ__VALUE,
                    SchedIssueCodes.OUT_OF_RANGE);
        }
    }

    @Check
    public void checkL2(L2Cache l) {
        expect(l, L2_CACHE__VALUE, Dim.SIZE, "an L2 cache size");
        if (l.getWays() != 0 && (l.getWays() < 1 || l.getWays() > 16)) {
            error("the memory model's cache has 1 to 16 ways, not " + l.getWays(), l, L2_CACHE__WAYS,
                    SchedIssueCodes.OUT_OF_RANGE);
        }
        if (l.getLine() != null) {
            Quantity q = expect(l, L2_CACHE__LINE, Dim.SIZE, "a line size") == null ? null : constant(l.getLine());
            if (q != null && (q.value() < 16 || q.value() > 512 || !q.isWhole()
                    || Long.bitCount(Math.round(q.value())) != 1)) {
                error("a cache line is a power of two from 16 to 512 bytes, not " + q.text(), l, L2_CACHE__LINE,
                        SchedIssueCodes.OUT_OF_RANGE);
            }
        }
    }

    @Check
    public void checkBuses(MemoryBuses b) {
        if (b.getCount() < 1 || b.getCount() > 8) {
            error("memory buses must be 1 to 8, not " + b.getCount(), b, MEMORY_BUSES__COUNT,
                    SchedIssueCodes.OUT_OF_RANGE);
        }
    }

    @Check
    public void checkTlbTags(TlbTags t) {
        if (t.getCount() < 1 || t.getCount() > MachineProfile.MAX_TLB_TAGS) {
            error(MachineBuilder.tlbTagsRange(t.getCount()), t, TLB_TAGS__COUNT,
                    SchedIssueCodes.OUT_OF_RANGE);
        }
    }

    @Check
    public void checkDims(Resource r) {
        for (int i = 0; i < r.getDims().size(); i++) {
            Quantity q = constant(r.getDims().get(i));
            if (q != null && (q.dim() != Dim.NONE || !q.isWhole() || q.value() < 1)) {
                error("a dimension of " + r.getName() + " must be a whole number of at least 1", r, RESOURCE__DIMS, i,
                        SchedIssueCodes.OUT_OF_RANGE);
            }
        }
    }

    @Check
    public void checkChannel(Channel c) {
        if (c.getCapacity() != null && expect(c, CHANNEL__CAPACITY, Dim.NONE, "a capacity (in messages)") != null) {
            range(c, CHANNEL__CAPACITY, 1, 1_000_000, "a capacity");
        }
        if (c.getBuffer() != null) {
            expect(c, CHANNEL__BUFFER, Dim.SIZE, "a buffer");
        }
        if (c.getMessage() != null) {
            expect(c, CHANNEL__MESSAGE, Dim.SIZE, "a message size");
        }
        if ("flag".equals(c.getKind()) && (c.getCapacity() != null || c.getBuffer() != null)) {
            error("a flag holds one wakeup: it takes no capacity or buffer", c, CHANNEL__KIND,
                    SchedIssueCodes.OUT_OF_RANGE);
        }
        if (c.isUnix() && !"socket".equals(c.getKind())) {
            error("unix names a socket's family: write `unix socket`", c, CHANNEL__UNIX, SchedIssueCodes.OUT_OF_RANGE);
        }
        if (c.isPacket() && (!"pipe".equals(c.getKind()) || c.getBuffer() != null)) {
            error("packet names a pipe made with O_DIRECT, whose slots each hold one message: write `pipe packet"
                    + " capacity N` (16 for a 64 KB pipe)", c, CHANNEL__PACKET, SchedIssueCodes.OUT_OF_RANGE);
        }
        if (c.getMessage() != null && c.getCapacity() != null && !c.isUnix() && !"pipe".equals(c.getKind())) {
            error("a message size beside a capacity is read for a unix socket or a pipe only (a queue or a socket of"
                    + " another kind: `buffer B message M`)", c, CHANNEL__MESSAGE, SchedIssueCodes.OUT_OF_RANGE);
        }
    }

    @Check
    public void checkBarrier(BarrierDecl b) {
        if (expect(b, BARRIER_DECL__PARTIES, Dim.NONE, "parties") != null) {
            range(b, BARRIER_DECL__PARTIES, 1, 10_000_000, "parties");
        }
    }

    @Check
    public void checkGroup(ThreadGroup g) {
        if (g.getCount() != null && expect(g, THREAD_GROUP__COUNT, Dim.NONE, "a task count") != null) {
            range(g, THREAD_GROUP__COUNT, 0, 100_000, "a task count");
        }
    }

    @Check
    public void checkIndexVar(IndexVar v) {
        if (expect(v, INDEX_VAR__RANGE, Dim.NONE, "an index range") != null) {
            range(v, INDEX_VAR__RANGE, 0, 100_000, "an index range");
        }
    }

    @Check
    public void checkNice(NiceOption n) {
        if (expect(n, NICE_OPTION__VALUE, Dim.NONE, "nice") != null) {
            range(n, NICE_OPTION__VALUE, -20, 19, "nice");
        }
    }

    @Check
    public void checkImagePart(ImagePart p) {
        String what = "the " + p.getName() + " pages";
        if (expect(p, IMAGE_PART__VALUE, Dim.NONE, what) != null) {
            range(p, IMAGE_PART__VALUE, 0, org.schedlab.sim.workload.ImageSize.MAX_PAGES, what);
        }
    }

    @Check
    public void checkPriority(PolicyOption p) {
        if (p.getPriority() != null && expect(p, POLICY_OPTION__PRIORITY, Dim.NONE, "a priority") != null) {
            range(p, POLICY_OPTION__PRIORITY, 1, 99, "a real-time priority");
        }
    }

    @Check
    public void checkCompute(Compute c) {
        Dim d = amount(c.getAmount(), null, "compute");
        if (d != null && d != Dim.TIME && d != Dim.CYCLES) {
            error("compute takes a time (1 ms) or cycles (20000 cycles), not " + d.words()
                    + (d == Dim.NONE ? ": add a unit" : ""), c, COMPUTE__AMOUNT,
                    d == Dim.NONE ? SchedIssueCodes.MISSING_UNIT : SchedIssueCodes.WRONG_UNIT);
        }
    }

    @Check
    public void checkSleep(Sleep s) {
        amount(s.getAmount(), Dim.TIME, "sleep");
    }

    @Check
    public void checkTimer(Timer t) {
        expect(t, TIMER__PERIOD, Dim.TIME, "timer");
    }

    @Check
    public void checkRecvWithin(Recv r) {
        if (r.getWithin() != null) {
            expect(r, RECV__WITHIN, Dim.TIME, "a receive's time limit");
        }
    }

    @Check
    public void checkBarrierPoll(BarrierWait b) {
        if (b.getPoll() != null) {
            expect(b, BARRIER_WAIT__POLL, Dim.TIME, "a barrier's poll period");
        }
    }

    /** Checks every argument of a distribution; returns the common dimension (null if reported). */
    private Dim amount(Amount a, Dim want, String what) {
        if (a instanceof Fixed) {
            return want == null ? dimOrNull(a, FIXED__VALUE) : expect(a, FIXED__VALUE, want, what);
        }
        org.eclipse.emf.ecore.EStructuralFeature[] fs = a instanceof Uniform
                ? new org.eclipse.emf.ecore.EStructuralFeature[] { UNIFORM__LOW, UNIFORM__HIGH }
                : a instanceof Exponential ? new org.eclipse.emf.ecore.EStructuralFeature[] { EXPONENTIAL__MEAN }
                        : new org.eclipse.emf.ecore.EStructuralFeature[] { NORMAL__MEAN, NORMAL__SD };
        Dim first = want == null ? dimOrNull(a, fs[0]) : want;
        if (first == null) {
            return null;
        }
        for (org.eclipse.emf.ecore.EStructuralFeature f : fs) {
            if (expect(a, f, first, what) == null) {
                return null;
            }
        }
        return first;
    }

    private Dim dimOrNull(org.eclipse.emf.ecore.EObject o, org.eclipse.emf.ecore.EStructuralFeature f) {
        try {
            return org.schedlab.dsl.eval.Evaluator.dim((org.schedlab.dsl.sched.Expr) o.eGet(f));
        } catch (org.schedlab.dsl.eval.EvalException ex) {
            if (!"unresolved name".equals(ex.getMessage())) {
                error(ex.getMessage(), o, f, SchedIssueCodes.BAD_EXPRESSION);
            }
            return null;
        }
    }

    private static Dim silentDim(org.schedlab.dsl.sched.Param p) {
        try {
            return org.schedlab.dsl.eval.Evaluator.dim(p.getDefault());
        } catch (org.schedlab.dsl.eval.EvalException ex) {
            return null;
        }
    }

    @Check
    public void checkLock(Lock l) {
        if (l.getSpins() != null && expect(l, LOCK__SPINS, Dim.NONE, "spins") != null) {
            range(l, LOCK__SPINS, 0, Integer.MAX_VALUE, "spins");
        }
        if (l.getYields() != null && expect(l, LOCK__YIELDS, Dim.NONE, "yields") != null) {
            range(l, LOCK__YIELDS, 0, Integer.MAX_VALUE, "yields");
        }
    }

    @Check
    public void checkLoop(Loop l) {
        if (l.getTimes() != null && expect(l, LOOP__TIMES, Dim.NONE, "a loop count") != null) {
            range(l, LOOP__TIMES, 0, Integer.MAX_VALUE, "a loop count");
        }
    }

    @Check
    public void checkCount(Count c) {
        if (c.getDelta() != null) {
            expect(c, COUNT__DELTA, Dim.NONE, "a count increment");
        }
    }

    @Check
    public void checkIndex(ExprIndex i) {
        expect(i, EXPR_INDEX__VALUE, Dim.NONE, "an index");
    }

    @Check
    public void checkDuration(DurationOption d) {
        if (expect(d, DURATION_OPTION__VALUE, Dim.TIME, "a duration") != null) {
            Quantity q = constant(d.getValue());
            if (q != null && q.value() <= 0) {
                error("a duration must be positive", d, DURATION_OPTION__VALUE, SchedIssueCodes.OUT_OF_RANGE);
            }
        }
    }

    @Check
    public void checkWarmup(WarmupOption w) {
        if (expect(w, WARMUP_OPTION__VALUE, Dim.TIME, "a warm-up") != null) {
            Quantity q = constant(w.getValue());
            if (q != null && q.value() < 0) {
                error("a warm-up cannot be negative", w, WARMUP_OPTION__VALUE, SchedIssueCodes.OUT_OF_RANGE);
            }
        }
    }

    @Check
    public void checkArg(Arg a) {
        if (a.getParam() != null && !a.getParam().eIsProxy()) {
            Dim want = silentDim(a.getParam());
            if (want != null) {
                expect(a, ARG__VALUE, want, a.getParam().getName());
            }
        }
    }

    @Check
    public void checkSweep(SweepOption s) {
        if (s.getParam() == null || s.getParam().eIsProxy()) {
            return;
        }
        Dim want = silentDim(s.getParam());
        if (want == null) {
            return;
        }
        for (int i = 0; i < s.getValues().size(); i++) {
            try {
                Dim d = org.schedlab.dsl.eval.Evaluator.dim(s.getValues().get(i));
                if (d != want) {
                    error(s.getParam().getName() + " is " + want.words() + ", not " + d.words(), s,
                            SWEEP_OPTION__VALUES, i,
                            d == Dim.NONE ? SchedIssueCodes.MISSING_UNIT : SchedIssueCodes.WRONG_UNIT);
                }
            } catch (org.schedlab.dsl.eval.EvalException ex) {
                error(ex.getMessage(), s, SWEEP_OPTION__VALUES, i, SchedIssueCodes.BAD_EXPRESSION);
            }
        }
    }
}
