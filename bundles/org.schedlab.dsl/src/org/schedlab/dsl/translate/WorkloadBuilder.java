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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.xtext.EcoreUtil2;
import org.schedlab.dsl.eval.Dim;
import org.schedlab.dsl.eval.Env;
import org.schedlab.dsl.eval.Quantity;
import org.schedlab.dsl.sched.BklOption;
import org.schedlab.dsl.sched.CpuRange;
import org.schedlab.dsl.sched.CpusOption;
import org.schedlab.dsl.sched.GroupChange;
import org.schedlab.dsl.sched.GroupOption;
import org.schedlab.dsl.sched.ImageOption;
import org.schedlab.dsl.sched.ImagePart;
import org.schedlab.dsl.sched.InProcessOption;
import org.schedlab.dsl.sched.IndexVar;
import org.schedlab.dsl.sched.NiceOption;
import org.schedlab.dsl.sched.PolicyOption;
import org.schedlab.dsl.sched.SliceOption;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.validation.SchedIssueCodes;
import org.schedlab.dsl.sched.ThreadGroup;
import org.schedlab.dsl.sched.Workload;
import org.schedlab.sim.task.Policy;
import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.ImageSize;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.SchedAttrs;

/**
 * Builds a simulation {@link org.schedlab.sim.workload.Workload} from a {@code workload} declaration with its parameters
 * bound. A group {@code threads w x 4} becomes one {@link org.schedlab.sim.workload.ThreadGroup} of four threads
 * sharing an mm; {@code processes p x 4} four processes. A group with indices ({@code [r: rooms, u: users]}) has one
 * task per index tuple, each running the body with its own index values: processes become one group each; indexed
 * threads, and every group placed {@code in} a named process, are created by that process in declaration order
 * (threads by clone with CLONE_VM, processes by fork), which then waits for each of them to exit (as a JVM's main
 * thread joins its threads, or hackbench reaps its workers).
 */
public final class WorkloadBuilder {

    private static final int MAX_TASKS = 100_000;

    private WorkloadBuilder() {
    }

    /** @return the workload with parameters bound in {@code env} (unbound parameters take their defaults) */
    public static org.schedlab.sim.workload.Workload build(Workload w, Env env, String name)
            throws TranslationException {
        ResourceTable resources = new ResourceTable(w, env);
        ActionBuilder actions = new ActionBuilder(resources);
        List<org.schedlab.sim.workload.ThreadGroup> out = new ArrayList<>();
        Map<String, Integer> parents = new LinkedHashMap<>();
        Map<String, List<Action>> parentForks = new LinkedHashMap<>();
        Map<String, ThreadGroup> parentFirst = new LinkedHashMap<>();
        int tasks = 0;
        for (ThreadGroup g : EcoreUtil2.typeSelect(w.getMembers(), ThreadGroup.class)) {
            String process = process(g);
            if (process == null && g.isThreads() && !g.getIndices().isEmpty()) {
                process = g.getName();
            }
            List<Env> tuples = tuples(g, env);
            tasks += tuples.size() * (g.getIndices().isEmpty() ? count(g, env) : 1);
            if (tasks > MAX_TASKS) {
                throw new TranslationException("the workload would start more than " + MAX_TASKS + " tasks", g);
            }
            if (process != null) {
                if (!parents.containsKey(process)) {
                    parents.put(process, out.size());
                    out.add(null); // placeholder, filled below
                    parentForks.put(process, new ArrayList<>());
                    parentFirst.put(process, g);
                }
                int copies = g.getIndices().isEmpty() ? count(g, env) : 1;
                SchedAttrs attrs = ownAttrs(g, env);
                for (Env t : tuples) {
                    Program p = new Program(g.getName(), actions.actions(g.getActions(), t));
                    for (int i = 0; i < copies; i++) {
                        parentForks.get(process).add(new Action.Fork(p, g.isThreads(), attrs));
                    }
                }
            } else if (g.getIndices().isEmpty()) {
                out.add(group(g, g.getName(), count(g, env), new Program(g.getName(), actions.actions(g.getActions(), env)), env));
            } else {
                for (Env t : tuples) {
                    String n = g.getName() + suffix(g, t);
                    out.add(group(g, n, 1, new Program(g.getName(), actions.actions(g.getActions(), t)), env));
                }
            }
        }
        for (Map.Entry<String, Integer> e : parents.entrySet()) {
            // the parent clones its threads and forks its processes, then waits for each to exit
            List<Action> body = new ArrayList<>(parentForks.get(e.getKey()));
            for (int i = parentForks.get(e.getKey()).size(); i > 0; i--) {
                body.add(new Action.Wait());
            }
            ThreadGroup first = parentFirst.get(e.getKey());
            out.set(e.getValue(), group(first, e.getKey(), 1, new Program(e.getKey(), body), env)
                    .withBkl(false));
        }
        List<org.schedlab.sim.workload.ThreadGroup> groups = new ArrayList<>();
        for (org.schedlab.sim.workload.ThreadGroup g : out) {
            groups.add(g);
        }
        return new org.schedlab.sim.workload.Workload(name, groups);
    }

    /**
     * @return the scheduling attributes a thread of a process sets after its clone (its group's nice, policy, CPUs
     *         and slice), or null when its group gives none and it keeps its creator's
     */
    private static SchedAttrs ownAttrs(ThreadGroup g, Env env) throws TranslationException {
        boolean own = g.getOptions().stream().anyMatch(o -> o instanceof NiceOption || o instanceof PolicyOption
                || o instanceof CpusOption || o instanceof SliceOption
                || o instanceof org.schedlab.dsl.sched.CGroupOption);
        return own ? SchedAttrs.of(group(g, g.getName(), 1, new Program(g.getName(), List.of()), env)) : null;
    }

    private static String process(ThreadGroup g) {
        for (GroupOption o : g.getOptions()) {
            if (o instanceof InProcessOption p) {
                return p.getProcess();
            }
        }
        return null;
    }

    private static int count(ThreadGroup g, Env env) throws TranslationException {
        return g.getCount() == null ? 1 : (int) ResourceTable.count(g.getCount(), env, 0, MAX_TASKS, "a task count");
    }

    /** @return one environment per index tuple (row-major), or just {@code env} for a group without indices */
    static List<Env> tuples(ThreadGroup g, Env env) throws TranslationException {
        List<Env> out = new ArrayList<>(List.of(env));
        for (IndexVar v : g.getIndices()) {
            long n = ResourceTable.count(v.getRange(), env, 0, MAX_TASKS, "the range of index " + v.getName());
            List<Env> next = new ArrayList<>();
            for (Env e : out) {
                for (int i = 0; i < n; i++) {
                    next.add(e.with(v, Quantity.number(i)));
                }
                if (next.size() > MAX_TASKS) {
                    throw new TranslationException("the indices of " + g.getName() + " give more than " + MAX_TASKS
                            + " tasks", g);
                }
            }
            out = next;
        }
        return out;
    }

    private static String suffix(ThreadGroup g, Env t) throws TranslationException {
        StringBuilder sb = new StringBuilder();
        for (IndexVar v : g.getIndices()) {
            try {
                sb.append('-').append(t.valueOf(v).asLong());
            } catch (org.schedlab.dsl.eval.EvalException e) {
                throw new TranslationException(e.getMessage(), v);
            }
        }
        return sb.toString();
    }

    private static org.schedlab.sim.workload.ThreadGroup group(ThreadGroup g, String name, int count, Program p,
            Env env) throws TranslationException {
        return withOptions(new org.schedlab.sim.workload.ThreadGroup(name, count, p, g.isThreads(), Policy.OTHER, 0, 0,
                Set.of(), false), g.getOptions(), env);
    }

    /**
     * @return {@code base} with the scheduling options of a declaration or of a variant's {@code change} applied in
     *         order (nice, policy and priority, CPUs, slice, the big kernel lock, the image); {@code in} is the
     *         declaration's business and is skipped here
     */
    static org.schedlab.sim.workload.ThreadGroup withOptions(org.schedlab.sim.workload.ThreadGroup base,
            List<GroupOption> options, Env env) throws TranslationException {
        org.schedlab.sim.workload.ThreadGroup g = base;
        for (GroupOption o : options) {
            if (o instanceof NiceOption n) {
                g = g.withPolicy(g.policy(), (int) ResourceTable.count(n.getValue(), env, -20, 19, "nice"),
                        g.rtPriority());
            } else if (o instanceof PolicyOption po) {
                Policy policy = policy(po);
                int prio = policy.isRealTime() ? 1 : 0;
                if (po.getPriority() != null) {
                    if (!policy.isRealTime()) {
                        throw new TranslationException("only fifo and rr take a priority (1 to 99); "
                                + po.getPolicy() + " tasks are ordered by nice", po.getPriority());
                    }
                    prio = (int) ResourceTable.count(po.getPriority(), env, 1, 99, "a real-time priority");
                }
                g = g.withPolicy(policy, g.nice(), prio);
            } else if (o instanceof CpusOption c) {
                g = g.withCpus(cpus(c));
            } else if (o instanceof SliceOption so) {
                g = g.withSlice(slice(so, env));
            } else if (o instanceof BklOption) {
                g = g.withBkl(true);
            } else if (o instanceof ImageOption io) {
                g = g.withImage(image(io, env));
            } else if (o instanceof org.schedlab.dsl.sched.CGroupOption co) {
                g = g.withCGroup(CGroupBuilder.of(co.getCgroup(), env));
            }
        }
        for (GroupOption o : options) {
            if (o instanceof org.schedlab.dsl.sched.SessionOption so && g.cgroup() == null) {
                g = g.withCGroup(CGroupBuilder.autogroup(so.getSession())); // autogroups hold root-group tasks only
            }
        }
        return g;
    }

    /**
     * @return {@code w} with a variant's {@code change} lines applied: each names a thread group of the workload (an
     *         indexed group by its declared name: every instance changes) and gives it other scheduling options
     * @throws TranslationException at the change when the workload has no such group, or the change moves it into
     *                              another process
     */
    public static org.schedlab.sim.workload.Workload changed(org.schedlab.sim.workload.Workload w,
            List<GroupChange> changes) throws TranslationException {
        if (changes.isEmpty()) {
            return w;
        }
        List<org.schedlab.sim.workload.ThreadGroup> groups = new ArrayList<>(w.groups());
        for (GroupChange c : changes) {
            if (c.getCgroup() != null) {
                groups = new ArrayList<>(CGroupBuilder.changed(new org.schedlab.sim.workload.Workload(w.name(), groups),
                        c).groups());
                continue;
            }
            for (GroupOption o : c.getOptions()) {
                if (o instanceof InProcessOption) {
                    throw new TranslationException("a change cannot move a thread group into another process", o);
                }
            }
            boolean found = false;
            for (int i = 0; i < groups.size(); i++) {
                org.schedlab.sim.workload.ThreadGroup g = groups.get(i);
                String n = g.name();
                if (n.equals(c.getGroup()) || n.startsWith(c.getGroup() + "-")) {
                    groups.set(i, withOptions(g, c.getOptions(), Env.defaults()));
                    found = true;
                }
                List<Action> body = new ArrayList<>(g.program().actions());
                boolean forked = false;
                for (int a = 0; a < body.size(); a++) {
                    if (body.get(a) instanceof Action.Fork f && f.thread() && f.child().name().equals(c.getGroup())) {
                        SchedAttrs from = f.attrs() != null ? f.attrs() : SchedAttrs.of(g);
                        org.schedlab.sim.workload.ThreadGroup as = new org.schedlab.sim.workload.ThreadGroup(
                                f.child().name(), 1, f.child(), true, from.policy(), from.nice(), from.rtPriority(),
                                from.cpus(), false, org.schedlab.sim.workload.ImageSize.DEFAULT, from.sliceNs(),
                                from.cgroup());
                        body.set(a, new Action.Fork(f.child(), true, SchedAttrs.of(withOptions(as, c.getOptions(),
                                Env.defaults()))));
                        forked = true;
                    }
                }
                if (forked) {
                    groups.set(i, new org.schedlab.sim.workload.ThreadGroup(g.name(), g.count(), new Program(
                            g.program().name(), body), g.threads(), g.policy(), g.nice(), g.rtPriority(), g.cpus(),
                            g.holdsBkl(), g.image(), g.sliceNs(), g.cgroup()));
                    found = true;
                }
            }
            if (!found) {
                throw new TranslationException("the workload " + w.name() + " has no thread group " + c.getGroup()
                        + " to change (it has " + String.join(", ", groups.stream().map(
                                org.schedlab.sim.workload.ThreadGroup::name).distinct().limit(8).toList()) + ")",
                        c, SchedPackage.Literals.GROUP_CHANGE__GROUP);
            }
        }
        return new org.schedlab.sim.workload.Workload(w.name(), groups);
    }

    private static Set<Integer> cpus(CpusOption c) throws TranslationException {
        Set<Integer> cpus = new TreeSet<>();
        for (CpuRange r : c.getCpus()) {
            int last = r.eIsSet(SchedPackage.Literals.CPU_RANGE__LAST) ? r.getLast() : r.getFirst();
            if (last < r.getFirst() || last > 63) {
                throw new TranslationException("CPUs are numbered 0 to 63 and a range goes up: " + r.getFirst() + ".."
                        + last, r);
            }
            for (int i = r.getFirst(); i <= last; i++) {
                cpus.add(i);
            }
        }
        return cpus;
    }

    /**
     * @return a {@code slice} option's request in ns: sched_setattr's sched_runtime, which the kernel clamps to
     *         0.1 ms .. 100 ms; a value outside is refused here rather than silently clamped
     */
    static long slice(SliceOption so, Env env) throws TranslationException {
        Quantity q = ResourceTable.quantity(so.getValue(), env, Dim.TIME, "a slice");
        long ns = q.asLong();
        if (ns < 100_000 || ns > 100_000_000) {
            throw new TranslationException("a slice is 0.1 ms to 100 ms (sched_setattr clamps sched_runtime to that"
                    + " range), not " + q.text(), so);
        }
        return ns;
    }

    /** @return the sizes of an {@code image(present = .., private = .., dirty = ..)} option, defaults for the rest */
    static ImageSize image(ImageOption o, Env env) throws TranslationException {
        long[] v = {ImageSize.DEFAULT.present(), ImageSize.DEFAULT.privatePages(), ImageSize.DEFAULT.dirty()};
        List<String> names = List.of("present", "private", "dirty");
        boolean[] seen = new boolean[3];
        for (ImagePart part : o.getParts()) {
            int i = names.indexOf(part.getName());
            if (i < 0) {
                throw new TranslationException("an image has present, private and dirty pages, not `"
                        + part.getName() + "`", part);
            }
            if (seen[i]) {
                throw new TranslationException("`" + part.getName() + "` is given twice", part);
            }
            seen[i] = true;
            v[i] = ResourceTable.count(part.getValue(), env, 0, ImageSize.MAX_PAGES, "the " + part.getName()
                    + " pages");
        }
        try {
            return new ImageSize((int) v[0], (int) v[1], (int) v[2]);
        } catch (IllegalArgumentException e) {
            throw new TranslationException(e.getMessage(), o);
        }
    }

    /** @return the policy a {@code policy} option names: other (normal), fifo, rr, batch, idle */
    public static Policy policy(PolicyOption po) throws TranslationException {
        String n = po.getPolicy().toUpperCase(Locale.ROOT);
        if (n.equals("NORMAL")) {
            return Policy.OTHER;
        }
        for (Policy p : Policy.values()) {
            if (p.name().equals(n)) {
                return p;
            }
        }
        throw new TranslationException("no scheduling policy " + po.getPolicy()
                + "; use other (SCHED_OTHER, also normal), fifo, rr, batch or idle", po,
                SchedPackage.Literals.POLICY_OPTION__POLICY, SchedIssueCodes.UNKNOWN_POLICY);
    }
}
