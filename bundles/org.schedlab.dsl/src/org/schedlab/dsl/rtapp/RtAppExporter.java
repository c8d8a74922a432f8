/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.rtapp;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.schedlab.sim.workload.Action;
import org.schedlab.sim.workload.Distribution;
import org.schedlab.sim.workload.Program;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * The reverse of {@link RtAppImporter}: a translated workload as an rt-app JSON description
 * ({@code schedlab export rtapp FILE.sched}). Written: compute as {@code runtime} (rt-app's wall-clock busy loop,
 * whole microseconds; cycles at the machine's clock), sleep, yield, mutex lock/unlock (resources of type mutex),
 * condition wait/signal/broadcast (resources of type wait), barrier, fork of a thread (the child a task with
 * {@code instance 0}), the task's loop, phases with their loops, instance, policy, priority (nice for SCHED_OTHER,
 * BATCH and IDLE), cpus, and the duration. rt-app cannot express: pipes and sockets (send, recv, broadcast to
 * channels), user-space spin locks, exec, wait4, exit before the end, counters, random durations (their mean is
 * written), loops nested below the task or phase loop (unrolled up to {@value #MAX_UNROLL} events), processes with
 * their own address space (rt-app's tasks are threads of one process) and the big kernel lock. Each is a problem and
 * a comment in the JSON at its place ({@code /* ... *}{@code /}, which rt-app's parser skips), never dropped silently.
 */
public final class RtAppExporter {

    static final int MAX_UNROLL = 1000;

    /** The JSON and what it could not express exactly. */
    public record Result(String json, List<String> problems) {
        public Result {
            problems = List.copyOf(problems);
        }
    }

    private final List<String> problems = new ArrayList<>();
    private final Set<String> mutexes = new LinkedHashSet<>();
    private final Set<String> conds = new LinkedHashSet<>();
    private final Map<String, Program> forked = new LinkedHashMap<>();
    private final double mhz;
    private String where = "";

    private RtAppExporter(double mhz) {
        this.mhz = mhz;
    }

    /**
     * @param workload   the translated workload
     * @param durationNs the experiment's duration
     * @param mhz        the machine's clock, for computes in cycles
     */
    public static Result export(Workload workload, long durationNs, double mhz) {
        return new RtAppExporter(mhz).run(workload, durationNs);
    }

    private Result run(Workload w, long durationNs) {
        StringBuilder tasks = new StringBuilder();
        for (ThreadGroup g : w.groups()) {
            where = "task " + g.name();
            tasks.append(tasks.length() == 0 ? "" : ",\n").append(task(g.name(), g, g.program()));
        }
        for (int i = 0; i < forked.size(); i++) { // forked programs may fork others: the map grows while we go
            Program p = new ArrayList<>(forked.values()).get(i);
            where = "program " + p.name();
            tasks.append(",\n").append(task(p.name(), null, p));
        }
        StringBuilder b = new StringBuilder("{\n\t\"tasks\" : {\n").append(tasks).append("\n\t},\n");
        if (!mutexes.isEmpty() || !conds.isEmpty()) {
            List<String> res = new ArrayList<>();
            mutexes.forEach(m -> res.add("\t\t" + q(m) + " : { \"type\" : \"mutex\" }"));
            conds.forEach(c -> res.add("\t\t" + q(c) + " : { \"type\" : \"wait\" }"));
            b.append("\t\"resources\" : {\n").append(String.join(",\n", res)).append("\n\t},\n");
        }
        long seconds = (durationNs + 999_999_999L) / 1_000_000_000L;
        if (seconds * 1_000_000_000L != durationNs) {
            problem("duration " + durationNs / 1e6 + " ms: rt-app's duration is whole seconds; " + seconds + " s");
        }
        b.append("\t\"global\" : { \"duration\" : ").append(seconds).append(", \"default_policy\" : \"SCHED_OTHER\" }\n}\n");
        return new Result(b.toString(), problems);
    }

    private void problem(String p) {
        problems.add(where + ": " + p);
    }

    private String task(String name, ThreadGroup g, Program p) {
        List<String> fields = new ArrayList<>();
        if (g == null) {
            fields.add("\"instance\" : 0");
        } else {
            if (g.count() != 1) {
                fields.add("\"instance\" : " + g.count());
            }
            switch (g.policy()) {
                case FIFO, RR -> {
                    fields.add("\"policy\" : \"SCHED_" + g.policy().name() + "\"");
                    fields.add("\"priority\" : " + g.rtPriority());
                }
                default -> {
                    if (!g.policy().name().equals("OTHER")) {
                        fields.add("\"policy\" : \"SCHED_" + g.policy().name() + "\"");
                    }
                    if (g.nice() != 0) {
                        fields.add("\"priority\" : " + g.nice());
                    }
                }
            }
            if (!g.cpus().isEmpty()) {
                fields.add("\"cpus\" : " + g.cpus().toString().replace(" ", ""));
            }
            if (!g.threads()) {
                problem("processes (own address spaces) become threads: rt-app's tasks are threads of one process");
            }
            if (g.holdsBkl()) {
                problem("the big kernel lock has no rt-app equivalent; left out");
            }
        }
        List<Action> body = new ArrayList<>(p.actions());
        if (!body.isEmpty() && body.get(body.size() - 1) instanceof Action.Exit) {
            body.remove(body.size() - 1);
        }
        long loop = 1;
        if (body.size() == 1 && body.get(0) instanceof Action.Loop l) {
            loop = l.times() < 0 ? -1 : l.times();
            body = l.body();
        }
        fields.add("\"loop\" : " + loop);
        List<String> events = new ArrayList<>();
        List<String> phases = new ArrayList<>();
        for (Action a : body) {
            if (a instanceof Action.Phase ph) {
                phases.add(phase(ph));
            } else if (!phases.isEmpty()) {
                problem("an action after a phase: rt-app runs a task's events before its phases; wrapped in a phase");
                phases.add(phase(new Action.Phase("after_" + phases.size(), List.of(a))));
            } else {
                events(a, events, 0);
            }
        }
        fields.addAll(events);
        mergeComments(fields);
        if (!phases.isEmpty()) {
            fields.add("\"phases\" : {\n\t\t\t\t" + String.join(",\n\t\t\t\t", phases) + "\n\t\t\t}");
        }
        return "\t\t" + q(name) + " : {\n\t\t\t" + String.join(",\n\t\t\t", fields) + "\n\t\t}";
    }

    private String phase(Action.Phase ph) {
        List<Action> body = ph.body();
        long loop = 1;
        if (body.size() == 1 && body.get(0) instanceof Action.Loop l) {
            loop = l.times() < 0 ? -1 : l.times();
            body = l.body();
        }
        List<String> events = new ArrayList<>();
        events.add("\"loop\" : " + loop);
        for (Action a : body) {
            events(a, events, 0);
        }
        mergeComments(events);
        return q(ph.name()) + " : { " + String.join(", ", events) + " }";
    }

    /** Appends the rt-app events of {@code a}; keys get a running number (rt-app matches events by prefix). */
    private void events(Action a, List<String> out, int depth) {
        String n = Integer.toString(out.size());
        switch (a) {
            case Action.Compute c -> out.add("\"runtime" + n + "\" : " + micros(c.amount(), c.inCycles()));
            case Action.Sleep s -> out.add("\"sleep" + n + "\" : " + micros(s.ns(), false));
            case Action.Timer t -> out.add("\"timer" + n + "\" : { \"ref\" : \"tick" + n + "\", \"period\" : "
                    + Math.round(t.periodNs() / 1000.0) + (t.relative() ? "" : ", \"mode\" : \"absolute\"") + " }");
            case Action.Yield y -> out.add("\"yield" + n + "\" : \"\"");
            case Action.MutexLock l -> out.add("\"lock" + n + "\" : " + q(mutex(l.mutex().name())));
            case Action.MutexUnlock u -> out.add("\"unlock" + n + "\" : " + q(mutex(u.mutex().name())));
            case Action.CondWait w -> {
                conds.add(w.cond().name());
                out.add("\"wait" + n + "\" : { \"ref\" : " + q(w.cond().name()) + ", \"mutex\" : "
                        + q(mutex(w.mutex().name())) + " }");
            }
            case Action.CondSignal s -> out.add("\"signal" + n + "\" : " + q(cond(s.cond().name())));
            case Action.CondBroadcast s -> out.add("\"broadcast" + n + "\" : " + q(cond(s.cond().name())));
            case Action.Barrier b -> out.add("\"barrier" + n + "\" : " + q(b.point().name()));
            case Action.Fork f -> {
                if (!f.thread()) {
                    problem("fork of a process (" + f.child().name() + ") becomes a thread: rt-app forks threads");
                }
                forked.putIfAbsent(f.child().name(), f.child());
                out.add("\"fork" + n + "\" : " + q(f.child().name()));
            }
            case Action.Loop l -> unroll(l, out, depth);
            case Action.Phase ph -> {
                problem("phase " + ph.name() + " inside a loop: rt-app has phases only at the task level; its actions are "
                        + "inlined");
                ph.body().forEach(x -> events(x, out, depth + 1));
            }
            default -> {
                String what = a.getClass().getSimpleName().toLowerCase(Locale.ROOT);
                problem(what + " has no rt-app equivalent; left out");
                out.add("/* not expressible in rt-app: " + what + " */");
            }
        }
    }

    /** A comment for an action rt-app cannot express goes after the member before it (or before the next). */
    private static void mergeComments(List<String> items) {
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i).startsWith("/*")) {
                String c = items.remove(i);
                if (i > 0) {
                    items.set(i - 1, items.get(i - 1) + " " + c);
                } else if (!items.isEmpty()) {
                    items.set(0, c + " " + items.get(0));
                }
                i--;
            }
        }
    }

    private void unroll(Action.Loop l, List<String> out, int depth) {
        if (l.times() < 0 || (long) l.times() * Math.max(1, l.body().size()) > MAX_UNROLL) {
            problem("a loop nested below the task loop (" + (l.times() < 0 ? "forever" : l.times() + " times")
                    + ") cannot be expressed in rt-app; its body runs once");
            l.body().forEach(x -> events(x, out, depth + 1));
            return;
        }
        problem("a loop of " + l.times() + " nested below the task loop is unrolled (rt-app has one loop per task"
                + " and per phase)");
        for (int i = 0; i < l.times(); i++) {
            l.body().forEach(x -> events(x, out, depth + 1));
        }
    }

    private String mutex(String name) {
        mutexes.add(name);
        return name;
    }

    private String cond(String name) {
        conds.add(name);
        return name;
    }

    private String micros(Distribution d, boolean cycles) {
        double v = d.mean();
        if (!(d instanceof Distribution.Constant)) {
            problem("a random duration (" + d + ") becomes its mean: rt-app's durations are fixed");
        }
        double us = cycles ? v / mhz : v / 1000.0;
        if (cycles) {
            problem("compute of " + (long) v + " cycles becomes " + Math.round(us) + " us at " + mhz + " MHz");
        } else if (us != Math.rint(us)) {
            problem("a duration of " + (long) v + " ns is rounded to whole microseconds, as rt-app counts them");
        }
        return Long.toString(Math.round(us));
    }

    private static String q(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
