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
import java.util.List;

import org.schedlab.dsl.eval.Dim;
import org.schedlab.dsl.eval.Env;
import org.schedlab.dsl.eval.Quantity;
import org.schedlab.dsl.sched.BurstSetting;
import org.schedlab.dsl.sched.CGroupDecl;
import org.schedlab.dsl.sched.CGroupSetting;
import org.schedlab.dsl.sched.MaxSetting;
import org.schedlab.dsl.sched.SharesSetting;
import org.schedlab.dsl.sched.WeightSetting;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.CGroup;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.SchedAttrs;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * The {@code cgroup} declarations of a workload as the simulation's {@link CGroup}s, with the limits the kernel
 * puts on each setting (cpu.weight 1..10000, cpu.shares 2..262144, a quota of at least 1 ms, a period of 1 ms to
 * 1 s, a burst up to the quota), and a variant's {@code change cgroup} applied to every task of the group.
 */
final class CGroupBuilder {
    private CGroupBuilder() {
    }

    /** @return the group {@code d} declares, its parents first; the name is its path, {@code web/batch} */
    static CGroup of(CGroupDecl d, Env env) throws TranslationException {
        List<CGroupDecl> chain = new ArrayList<>();
        for (CGroupDecl c = d; c != null; c = c.getParent()) {
            if (chain.contains(c)) {
                throw new TranslationException("cgroup " + d.getName() + " is its own ancestor", d);
            }
            chain.add(0, c);
        }
        CGroup parent = null;
        for (CGroupDecl c : chain) {
            String name = parent == null ? c.getName() : parent.name() + "/" + c.getName();
            parent = with(CGroup.of(name, parent), c.getSettings(), env);
        }
        return parent;
    }

    /** @return {@code g} with {@code settings} applied in order */
    static CGroup with(CGroup g, List<CGroupSetting> settings, Env env) throws TranslationException {
        for (CGroupSetting s : settings) {
            try {
                if (s instanceof WeightSetting w) {
                    long weight = ResourceTable.count(w.getValue(), env, 1, 10_000, "cpu.weight");
                    g = g.withShares(Math.max(CGroup.MIN_SHARES, Math.round(weight * 1024.0 / 100)));
                } else if (s instanceof SharesSetting sh) {
                    g = g.withShares(ResourceTable.count(sh.getValue(), env, CGroup.MIN_SHARES, CGroup.MAX_SHARES,
                            "cpu.shares"));
                } else if (s instanceof MaxSetting m) {
                    if (m.isUnlimited()) {
                        g = g.withMax(CGroup.NO_LIMIT, g.periodNs(), 0);
                    } else {
                        long quota = time(m.getQuota(), env, "a quota");
                        long period = time(m.getPeriod(), env, "a period");
                        g = g.withMax(quota, period, Math.min(g.burstNs(), quota));
                    }
                } else if (s instanceof BurstSetting b) {
                    g = g.withMax(g.quotaNs(), g.periodNs(), time(b.getValue(), env, "a burst"));
                }
            } catch (IllegalArgumentException e) {
                throw new TranslationException(e.getMessage().replaceFirst("^group [^:]*: ", "")
                        + " (cgroup " + g.name() + ")", s);
            }
        }
        return g;
    }

    private static long time(org.schedlab.dsl.sched.Expr e, Env env, String what) throws TranslationException {
        Quantity q = ResourceTable.quantity(e, env, Dim.TIME, what);
        return q.asLong();
    }

    /** @return the autogroup of session {@code name} (a group the kernel makes per setsid(), nice 0: 1024 shares) */
    static CGroup autogroup(String name) {
        return new CGroup("autogroup-" + name, null, CGroup.DEFAULT_SHARES, CGroup.NO_LIMIT, CGroup.DEFAULT_PERIOD_NS,
                0, true);
    }

    /**
     * @return {@code w} with the group named {@code name} (and so every group below it) changed by {@code settings}
     * @throws TranslationException at the change when no task is in such a group
     */
    static Workload changed(Workload w, org.schedlab.dsl.sched.GroupChange c) throws TranslationException {
        boolean[] found = {false};
        List<ThreadGroup> groups = new ArrayList<>();
        for (ThreadGroup g : w.groups()) {
            groups.add(new ThreadGroup(g.name(), g.count(), program(g.program(), c, found), g.threads(), g.policy(),
                    g.nice(), g.rtPriority(), g.cpus(), g.holdsBkl(), g.image(), g.sliceNs(),
                    replace(g.cgroup(), c, found)));
        }
        if (!found[0]) {
            throw new TranslationException("the workload " + w.name() + " has no task in a cgroup " + c.getCgroup(), c,
                    org.schedlab.dsl.sched.SchedPackage.Literals.GROUP_CHANGE__CGROUP);
        }
        return new Workload(w.name(), groups);
    }

    private static Program program(Program p, org.schedlab.dsl.sched.GroupChange c, boolean[] found)
            throws TranslationException {
        List<Action> body = new ArrayList<>();
        boolean changed = false;
        for (Action a : p.actions()) {
            if (a instanceof Action.Fork f) {
                SchedAttrs at = f.attrs();
                SchedAttrs nat = at == null || at.cgroup() == null ? at : new SchedAttrs(at.policy(), at.nice(),
                        at.rtPriority(), at.cpus(), at.sliceNs(), replace(at.cgroup(), c, found));
                Program child = program(f.child(), c, found);
                if (nat != at || child != f.child()) {
                    a = new Action.Fork(child, f.thread(), nat);
                    changed = true;
                }
            }
            body.add(a);
        }
        return changed ? new Program(p.name(), body) : p;
    }

    private static CGroup replace(CGroup g, org.schedlab.dsl.sched.GroupChange c, boolean[] found)
            throws TranslationException {
        if (g == null) {
            return null;
        }
        CGroup parent = replace(g.parent(), c, found);
        CGroup out = parent == g.parent() ? g : g.withParent(parent);
        String last = g.name().substring(g.name().lastIndexOf('/') + 1);
        if (last.equals(c.getCgroup()) || g.name().equals(c.getCgroup())) {
            found[0] = true;
            out = with(out, c.getSettings(), Env.defaults());
        }
        return out;
    }
}
