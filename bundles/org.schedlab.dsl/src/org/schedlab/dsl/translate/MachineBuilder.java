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
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.schedlab.dsl.eval.Dim;
import org.schedlab.dsl.eval.Env;
import org.schedlab.dsl.eval.EvalException;
import org.schedlab.dsl.eval.Evaluator;
import org.schedlab.dsl.eval.Quantity;
import org.schedlab.dsl.sched.ArchSetting;
import org.schedlab.dsl.sched.Clock;
import org.schedlab.dsl.sched.CostOverride;
import org.schedlab.dsl.sched.Cpus;
import org.schedlab.dsl.sched.Expr;
import org.schedlab.dsl.sched.Hz;
import org.schedlab.dsl.sched.IdleSetting;
import org.schedlab.dsl.sched.L2Cache;
import org.schedlab.dsl.sched.Machine;
import org.schedlab.dsl.sched.MachineSetting;
import org.schedlab.dsl.sched.MemoryBuses;
import org.schedlab.dsl.sched.MemorySetting;
import org.schedlab.dsl.sched.ProfileSetting;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.sched.TlbTags;
import org.schedlab.dsl.validation.SchedIssueCodes;
import org.schedlab.sim.machine.Arch;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.IdlePolicy;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.memory.MemoryGeometry;

/**
 * Builds a {@link MachineProfile} from a {@code machine} declaration: start from the machine it extends (or the
 * built-in profile it names), then apply its settings in order. A machine with no profile in its chain starts from
 * the PIII-700 cost table with HZ 100 and must give its CPU count and clock.
 */
public final class MachineBuilder {

    private MachineBuilder() {
    }

    /** @return the profile of {@code m}, with id = the machine's name */
    public static MachineProfile build(Machine m) throws TranslationException {
        List<Machine> chain = chain(m);
        MachineProfile r = hasProfile(chain) ? null : blank(m, chain);
        List<MachineSetting> pending = new ArrayList<>();
        for (Machine x : chain) {
            for (MachineSetting s : x.getSettings()) {
                if (s instanceof ProfileSetting ps) {
                    r = MachineProfile.builtIn(ps.getId()).orElseThrow(() -> new TranslationException(
                            "no built-in profile \"" + ps.getId() + "\"; the built-in profiles are " + builtInIds(), ps,
                            SchedPackage.Literals.PROFILE_SETTING__ID, SchedIssueCodes.UNKNOWN_PROFILE));
                    for (MachineSetting d : pending) {
                        r = applyTo(r, d);
                    }
                    pending.clear();
                } else if (r == null) {
                    pending.add(s); // settings of a base without a profile apply on top of the profile
                } else {
                    r = applyTo(r, s);
                }
            }
        }
        String title = r.id().equals(m.getName()) ? r.title() : m.getName() + " (" + r.title() + ")";
        return new MachineProfile(m.getName(), title, r.arch(), r.mhz(), r.hz(), r.nrCpus(), r.threadsPerCore(),
                r.l2CacheKb(), r.idlePolicy(), r.costs(), r.memory(), r.tlbTags());
    }

    /** @return the machines {@code m} extends, the root first, ending with {@code m} */
    public static List<Machine> chain(Machine m) throws TranslationException {
        List<Machine> chain = new ArrayList<>();
        Set<Machine> seen = new HashSet<>();
        for (Machine x = m; x != null && !x.eIsProxy(); x = x.getBase()) {
            if (!seen.add(x)) {
                StringBuilder path = new StringBuilder();
                for (int i = chain.size() - 1; i >= 0; i--) {
                    path.append(chain.get(i).getName()).append(" -> ");
                }
                throw new TranslationException("machine " + m.getName() + " extends itself: " + path + x.getName(), m,
                        SchedPackage.Literals.MACHINE__BASE, SchedIssueCodes.EXTENDS_CYCLE);
            }
            chain.add(0, x);
        }
        return chain;
    }

    private static boolean hasProfile(List<Machine> chain) {
        return chain.stream().flatMap(x -> x.getSettings().stream()).anyMatch(s -> s instanceof ProfileSetting);
    }

    private static MachineProfile blank(Machine m, List<Machine> chain) throws TranslationException {
        Cpus cpus = null;
        Clock clock = null;
        for (Machine x : chain) {
            for (MachineSetting s : x.getSettings()) {
                cpus = s instanceof Cpus c ? c : cpus;
                clock = s instanceof Clock c ? c : clock;
            }
        }
        if (cpus == null || clock == null) {
            throw new TranslationException("machine " + m.getName() + " needs `cpus N` and `clock F` (for example"
                    + " clock 700 MHz), or `extends` a built-in profile: " + builtInIds(), m,
                    SchedPackage.Literals.ELEMENT__NAME, SchedIssueCodes.MACHINE_INCOMPLETE);
        }
        MachineProfile base = MachineProfile.piii700();
        return new MachineProfile(m.getName(), m.getName(), Arch.I386, mhz(clock.getValue()), 100,
                Math.max(1, cpus.getCount()), 1, base.l2CacheKb(), IdlePolicy.HALT, base.costs(), base.memory());
    }

    private static MachineProfile applyTo(MachineProfile r, MachineSetting s) throws TranslationException {
        if (s instanceof Cpus c) {
            int tpc = c.getThreadsPerCore() > 0 ? c.getThreadsPerCore() : r.threadsPerCore();
            if (c.getCount() < 1 || c.getCount() > 64) {
                throw new TranslationException("cpus must be 1 to 64, not " + c.getCount(), c,
                        SchedPackage.Literals.CPUS__COUNT, SchedIssueCodes.OUT_OF_RANGE);
            }
            if (c.getCount() % tpc != 0) {
                throw new TranslationException(c.getCount() + " CPUs cannot be split into cores of " + tpc
                        + " hyper-threads: give a multiple of " + tpc + " or `cpus N threads per core 1`", c,
                        SchedPackage.Literals.CPUS__COUNT, SchedIssueCodes.CPUS_NOT_MULTIPLE);
            }
            return new MachineProfile(r.id(), r.title(), r.arch(), r.mhz(), r.hz(), c.getCount(), tpc, r.l2CacheKb(),
                    r.idlePolicy(), r.costs(), r.memory(), r.tlbTags());
        }
        if (s instanceof Clock c) {
            return new MachineProfile(r.id(), r.title(), r.arch(), mhz(c.getValue()), r.hz(), r.nrCpus(),
                    r.threadsPerCore(), r.l2CacheKb(), r.idlePolicy(), r.costs(), r.memory(), r.tlbTags());
        }
        if (s instanceof Hz h) {
            if (h.getValue() < 10 || h.getValue() > 10_000) {
                throw new TranslationException("HZ must be 10 to 10000 (the kernel offers 100, 250, 1000), not "
                        + h.getValue(), h, SchedPackage.Literals.HZ__VALUE, SchedIssueCodes.OUT_OF_RANGE);
            }
            return r.withHz(h.getValue());
        }
        if (s instanceof L2Cache l) {
            Quantity q = value(l.getValue(), Dim.SIZE, "an L2 cache size (for example 1 MB)");
            int kb = (int) (q.value() / 1024);
            // the memory model's cache follows when the L2 is the profile's last level (not the Itanium 2's L3)
            boolean l2IsLast = r.memory().cacheKb() == r.l2CacheKb();
            MemoryGeometry g = l2IsLast ? r.memory().withCacheKb(kb) : r.memory();
            if (l.getWays() != 0 || l.getLine() != null) {
                if (!l2IsLast) {
                    throw new TranslationException("the memory model's cache here is not the L2 (it is " + r.memory()
                            .cacheKb() + " KB, the profile's last level), so the L2's ways and line size do not shape it",
                            l, SchedPackage.Literals.L2_CACHE__WAYS);
                }
                g = l2Shape(l, g);
            }
            return new MachineProfile(r.id(), r.title(), r.arch(), r.mhz(), r.hz(), r.nrCpus(), r.threadsPerCore(),
                    kb, r.idlePolicy(), r.costs(), g, r.tlbTags());
        }
        if (s instanceof MemoryBuses b) {
            if (b.getCount() < 1 || b.getCount() > 8) {
                throw new TranslationException("memory buses must be 1 to 8, not " + b.getCount(), b,
                        SchedPackage.Literals.MEMORY_BUSES__COUNT, SchedIssueCodes.OUT_OF_RANGE);
            }
            return r.withMemory(r.memory().withBuses(b.getCount()));
        }
        if (s instanceof TlbTags t) {
            if (t.getCount() < 1 || t.getCount() > MachineProfile.MAX_TLB_TAGS) {
                throw new TranslationException(tlbTagsRange(t.getCount()), t, SchedPackage.Literals.TLB_TAGS__COUNT,
                        SchedIssueCodes.OUT_OF_RANGE);
            }
            return r.withTlbTags(t.getCount());
        }
        if (s instanceof ArchSetting a) {
            Arch arch = arch(a);
            return new MachineProfile(r.id(), r.title(), arch, r.mhz(), r.hz(), r.nrCpus(), r.threadsPerCore(),
                    r.l2CacheKb(), r.idlePolicy(), r.costs(), r.memory(), r.tlbTags());
        }
        if (s instanceof IdleSetting i) {
            return r.withIdlePolicy(idlePolicy(i));
        }
        if (s instanceof MemorySetting ms) {
            boolean on = "on".equals(ms.getState());
            if (on && r.memory().cacheKb() <= 0) {
                throw new TranslationException("machine " + r.id() + " has no memory hierarchy to switch on (extend a"
                        + " built-in profile)", ms, SchedPackage.Literals.MEMORY_SETTING__STATE);
            }
            return r.withMemory(r.memory().withEnabled(on));
        }
        CostOverride c = (CostOverride) s;
        CostKey key = costKey(c);
        Dim want = key.unit() == CostKey.Unit.CYCLES ? Dim.CYCLES : Dim.TIME;
        Quantity q = value(c.getValue(), want, key.unit() == CostKey.Unit.CYCLES ? "cycles (for example 330 cycles)"
                : "a time (for example 2 us)");
        if (q.value() < 0) {
            throw new TranslationException("a cost cannot be negative", c, SchedPackage.Literals.COST_OVERRIDE__VALUE);
        }
        MachineProfile set = r.withCost(key, q.asLong(), "set in " + r.id() + " (.sched cost override)");
        return c.getLow() == null ? set : set.withCosts(set.costs().withRange(key, costRange(c, q, want)));
    }

    /** @return {@code g} with the associativity (1 to 16) and the line size (a power of two, 16 to 512 bytes) given */
    private static MemoryGeometry l2Shape(L2Cache l, MemoryGeometry g) throws TranslationException {
        int ways = l.getWays() != 0 ? l.getWays() : g.ways();
        if (ways < 1 || ways > 16) {
            throw new TranslationException("the memory model's cache has 1 to 16 ways, not " + ways, l,
                    SchedPackage.Literals.L2_CACHE__WAYS, SchedIssueCodes.OUT_OF_RANGE);
        }
        int line = g.lineBytes();
        if (l.getLine() != null) {
            double bytes = value(l.getLine(), Dim.SIZE, "a line size (for example 64 B)").value();
            if (bytes < 16 || bytes > 512 || bytes != Math.rint(bytes) || Integer.bitCount((int) bytes) != 1) {
                throw new TranslationException("a cache line is a power of two from 16 to 512 bytes, not " + bytes, l,
                        SchedPackage.Literals.L2_CACHE__LINE, SchedIssueCodes.OUT_OF_RANGE);
            }
            line = (int) bytes;
        }
        return g.withShape(ways, line);
    }

    /** @return the plausible range of a {@code cost KEY = V range LOW .. HIGH} line, which must contain V */
    private static org.schedlab.sim.machine.CostRange costRange(CostOverride c, Quantity value, Dim want)
            throws TranslationException {
        Quantity low = value(c.getLow(), want, "the range's low end in the cost's unit");
        Quantity high = value(c.getHigh(), want, "the range's high end in the cost's unit");
        if (low.value() < 0 || high.value() < low.value()) {
            throw new TranslationException("a cost range needs 0 <= low <= high, not " + low.text() + " .. "
                    + high.text(), c, SchedPackage.Literals.COST_OVERRIDE__LOW);
        }
        if (value.value() < low.value() || value.value() > high.value()) {
            throw new TranslationException("the range " + low.text() + " .. " + high.text() + " does not contain the"
                    + " value " + value.text(), c, SchedPackage.Literals.COST_OVERRIDE__LOW);
        }
        return new org.schedlab.sim.machine.CostRange(low.asLong(), high.asLong(), "declared in the .sched file");
    }

    /** @return the message for a {@code tlb tags N} out of range */
    public static String tlbTagsRange(int n) {
        return "tlb tags must be 1 to " + MachineProfile.MAX_TLB_TAGS + " (the address spaces a CPU keeps tagged), not "
                + n;
    }

    /** @return the cost key a {@code cost} line names (case-insensitive: syscall, SYSCALL) */
    public static CostKey costKey(CostOverride c) throws TranslationException {
        for (CostKey k : CostKey.values()) {
            if (k.name().equalsIgnoreCase(c.getKey())) {
                return k;
            }
        }
        throw new TranslationException("no cost " + c.getKey() + "; the cost table has " + costKeys(), c,
                SchedPackage.Literals.COST_OVERRIDE__KEY, SchedIssueCodes.UNKNOWN_COST);
    }

    /** @return the architecture an {@code arch} line names */
    public static Arch arch(ArchSetting a) throws TranslationException {
        for (Arch x : Arch.values()) {
            if (x.name().equalsIgnoreCase(a.getArch())) {
                return x;
            }
        }
        throw new TranslationException("no architecture " + a.getArch() + "; use one of " + names(Arch.values()), a,
                SchedPackage.Literals.ARCH_SETTING__ARCH, SchedIssueCodes.UNKNOWN_ARCH);
    }

    /** @return the idle policy an {@code idle} line names */
    public static IdlePolicy idlePolicy(IdleSetting i) throws TranslationException {
        for (IdlePolicy x : IdlePolicy.values()) {
            if (x.name().equalsIgnoreCase(i.getPolicy())) {
                return x;
            }
        }
        throw new TranslationException("no idle policy " + i.getPolicy() + "; use one of "
                + names(IdlePolicy.values()), i, SchedPackage.Literals.IDLE_SETTING__POLICY, SchedIssueCodes.UNKNOWN_IDLE_POLICY);
    }

    private static long mhz(Expr e) throws TranslationException {
        Quantity q = value(e, Dim.FREQUENCY, "a clock frequency (for example 700 MHz)");
        long mhz = Math.round(q.value() / 1e6);
        if (mhz < 1 || mhz > 100_000) {
            throw new TranslationException("a clock of " + q.text() + " is out of range (1 MHz to 100 GHz)", e);
        }
        return mhz;
    }

    static Quantity value(Expr e, Dim want, String what) throws TranslationException {
        Quantity q;
        try {
            q = Evaluator.eval(e, Env.defaults());
        } catch (EvalException ex) {
            throw new TranslationException(ex.getMessage(), ex.where() == null ? e : ex.where());
        }
        if (q.dim() != want) {
            throw new TranslationException("expected " + what + ", got " + q.dim().words()
                    + (q.dim() == Dim.NONE ? " without a unit" : ""), e);
        }
        return q;
    }

    /** @return "piii-700, p4-3000-ht, itanium2" */
    public static String builtInIds() {
        return String.join(", ", MachineProfile.builtIns().stream().map(MachineProfile::id).toList());
    }

    private static String costKeys() {
        return names(CostKey.values());
    }

    private static String names(Enum<?>[] values) {
        StringBuilder sb = new StringBuilder();
        for (Enum<?> v : values) {
            sb.append(sb.length() == 0 ? "" : ", ").append(v.name().toLowerCase(Locale.ROOT));
        }
        return sb.toString();
    }
}
