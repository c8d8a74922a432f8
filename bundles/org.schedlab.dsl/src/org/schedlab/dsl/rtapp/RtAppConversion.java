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

import org.schedlab.dsl.formatting2.SchedFormatting;

/** One rt-app conversion: reads the parsed JSON, collects problems, renders the .sched text. */
final class RtAppConversion {
    private final String name;
    private final List<RtAppImporter.Problem> problems = new ArrayList<>();
    private final Set<String> mutexes = new LinkedHashSet<>();
    private final Set<String> conds = new LinkedHashSet<>();
    private final Map<String, Integer> barrierUsers = new LinkedHashMap<>();
    private final Map<String, String> taskIds = new LinkedHashMap<>();
    private final Set<String> forked = new LinkedHashSet<>();
    private String defaultPolicy = "SCHED_OTHER";
    private double durationS = 10;

    RtAppConversion(String name) {
        this.name = name;
    }

    RtAppImporter.Result run(Json.Obj root) throws RtAppImporter.RtAppException {
        Json.Obj tasks = null;
        for (Json.Member m : root.members()) {
            switch (m.key()) {
                case "tasks" -> tasks = object(m);
                case "global" -> global(object(m));
                case "resources" -> resources(object(m));
                default -> drop(m, "top-level key \"" + m.key() + "\" is not part of rt-app's format");
            }
        }
        if (tasks == null) {
            throw new RtAppImporter.RtAppException("no \"tasks\" object", root.line(), root.column());
        }
        for (Json.Member t : tasks.members()) {
            taskIds.put(t.key(), Names.unique(Names.identifier(t.key(), "task"), taskIds.values()));
        }
        List<TaskText> texts = new ArrayList<>();
        for (Json.Member t : tasks.members()) {
            texts.add(new TaskText(t, object(t)));
        }
        problems.sort(java.util.Comparator.comparingInt(RtAppImporter.Problem::line).thenComparingInt(RtAppImporter.Problem::column));
        return new RtAppImporter.Result(render(texts), problems);
    }

    private Json.Obj object(Json.Member m) throws RtAppImporter.RtAppException {
        if (m.value() instanceof Json.Obj o) {
            return o;
        }
        throw new RtAppImporter.RtAppException("\"" + m.key() + "\" must be an object", m.line(), m.column());
    }

    private void drop(Json.Member m, String why) {
        problems.add(new RtAppImporter.Problem(m.line(), m.column(), true, why));
    }

    private void approximate(Json.Member m, String why) {
        problems.add(new RtAppImporter.Problem(m.line(), m.column(), false, why));
    }

    private void global(Json.Obj g) {
        for (Json.Member m : g.members()) {
            if (m.key().equals("duration") && m.value() instanceof Json.Num n) {
                if (n.value() > 0) {
                    durationS = n.value();
                } else {
                    approximate(m, "duration " + n.text() + " (run forever) becomes 10 s of simulated time");
                }
            } else if (m.key().equals("default_policy") && m.value() instanceof Json.Str s) {
                defaultPolicy = s.text();
            } else {
                drop(m, "global setting \"" + m.key() + "\" has no meaning in the simulator");
            }
        }
    }

    private void resources(Json.Obj r) {
        for (Json.Member m : r.members()) {
            String type = m.value() instanceof Json.Obj o ? o.members().stream()
                    .filter(x -> x.key().equals("type") && x.value() instanceof Json.Str).map(
                            x -> ((Json.Str) x.value()).text())
                    .findFirst().orElse("") : "";
            if (type.equals("mutex")) {
                mutexes.add(Names.identifier(m.key(), "mutex"));
            } else if (type.equals("wait")) {
                conds.add(Names.identifier(m.key(), "cond"));
            } else {
                drop(m, "resource \"" + m.key() + "\" of type \"" + type + "\" is not simulated");
            }
        }
    }

    /** A task's group header options and body, converted eagerly so that problems come out in file order. */
    private final class TaskText {
        final String id;
        int instances = 1;
        String options = "";
        final List<String> body = new ArrayList<>();

        TaskText(Json.Member task, Json.Obj o) throws RtAppImporter.RtAppException {
            id = taskIds.get(task.key());
            long loop = -1;
            String policy = defaultPolicy;
            Json.Member priority = null;
            Json.Member phases = null;
            List<String> events = new ArrayList<>();
            StringBuilder cpus = new StringBuilder();
            for (Json.Member m : o.members()) {
                switch (m.key()) {
                    case "instance" -> instances = (int) number(m);
                    case "loop" -> loop = (long) number(m);
                    case "policy" -> policy = string(m);
                    case "priority" -> priority = m;
                    case "cpus" -> cpus.append(cpus(m));
                    case "phases" -> phases = m;
                    default -> event(m, events);
                }
            }
            StringBuilder opts = new StringBuilder();
            String pol = policy(policy, task);
            if (!pol.equals("other")) {
                opts.append(" policy ").append(pol);
            }
            if (priority != null) {
                long p = (long) number(priority);
                if (pol.equals("fifo") || pol.equals("rr")) {
                    opts.append(" priority ").append(Math.max(1, Math.min(99, p)));
                } else {
                    opts.append(" nice ").append(Math.max(-20, Math.min(19, p)));
                }
            }
            if (cpus.length() > 0) {
                opts.append(" cpus ").append(cpus);
            }
            options = opts.toString();
            if (phases != null) {
                for (Json.Member ph : object(phases).members()) {
                    body.add(phase(ph));
                }
            }
            List<String> all = new ArrayList<>(events);
            all.addAll(body);
            body.clear();
            String inner = String.join("\n", all);
            body.add(loop < 0 ? "loop forever {\n" + inner + "\n}" : loop == 1 ? inner
                    : "loop " + loop + " {\n" + inner + "\n}");
            if (instances > 0) {
                for (String b : usedBarriers(inner)) {
                    barrierUsers.merge(b, instances, Integer::sum);
                }
            }
        }

        private String phase(Json.Member ph) throws RtAppImporter.RtAppException {
            long loop = 1;
            List<String> events = new ArrayList<>();
            for (Json.Member m : object(ph).members()) {
                if (m.key().equals("loop")) {
                    loop = (long) number(m);
                } else {
                    event(m, events);
                }
            }
            String inner = String.join("\n", events);
            String looped = loop < 0 ? "loop forever {\n" + inner + "\n}"
                    : loop == 1 ? inner : "loop " + loop + " {\n" + inner + "\n}";
            return "phase " + Names.identifier(ph.key(), "phase") + " {\n" + looped + "\n}";
        }
    }

    private static final String[] EVENTS = { "runtime", "run", "sleep", "timer", "yield", "lock", "unlock",
            "fork", "barrier", "delay", "wait", "signal", "broadcast" };

    private void event(Json.Member m, List<String> out) throws RtAppImporter.RtAppException {
        String kind = null;
        for (String e : EVENTS) {
            if (m.key().startsWith(e)) {
                kind = e;
                break;
            }
        }
        if (kind == null) {
            drop(m, "event \"" + m.key() + "\" has no equivalent in .sched; left out");
            out.add("// rt-app \"" + m.key() + "\" (line " + m.line() + ") not mapped");
            return;
        }
        switch (kind) {
            case "run", "runtime" -> out.add("compute " + us(m) + " us");
            case "sleep", "delay" -> out.add("sleep " + us(m) + " us");
            case "timer" -> {
                String period = null;
                boolean absolute = false; // rt-app's default "mode" is "relative"
                if (m.value() instanceof Json.Obj o) {
                    for (Json.Member x : o.members()) {
                        if (x.key().equals("period")) {
                            period = us(x);
                        } else if (x.key().equals("mode")) {
                            absolute = "absolute".equals(string(x));
                        }
                    }
                }
                if (period == null) {
                    drop(m, "timer without a period; left out");
                    out.add("// rt-app \"" + m.key() + "\" (line " + m.line() + ") not mapped");
                } else {
                    out.add("timer " + period + " us" + (absolute ? "" : " relative"));
                }
            }
            case "yield" -> out.add("yield");
            case "lock", "unlock" -> {
                String mutex = Names.identifier(string(m), "mutex");
                mutexes.add(mutex);
                out.add(kind + " " + mutex);
            }
            case "fork" -> {
                String target = taskIds.get(string(m));
                if (target == null) {
                    drop(m, "fork of unknown task \"" + string(m) + "\"; left out");
                    out.add("// rt-app \"" + m.key() + "\" (line " + m.line() + ") not mapped");
                } else {
                    forked.add(target);
                    out.add("fork thread " + target);
                }
            }
            case "wait" -> out.add(condWait(m));
            case "signal", "broadcast" -> {
                String cond = Names.identifier(string(m), "cond");
                conds.add(cond);
                out.add(kind + " " + cond);
            }
            default -> out.add("barrier " + Names.identifier(string(m), "barrier"));
        }
    }

    /** rt-app's {@code "wait" : { "ref" : COND, "mutex" : MUTEX }}: pthread_cond_wait. */
    private String condWait(Json.Member m) throws RtAppImporter.RtAppException {
        String ref = null;
        String mutex = null;
        if (m.value() instanceof Json.Obj o) {
            for (Json.Member x : o.members()) {
                if (x.key().equals("ref")) {
                    ref = string(x);
                } else if (x.key().equals("mutex")) {
                    mutex = string(x);
                }
            }
        }
        if (ref == null || mutex == null) {
            throw new RtAppImporter.RtAppException("\"" + m.key() + "\" needs { \"ref\" : COND, \"mutex\" : MUTEX }",
                    m.line(), m.column());
        }
        String cond = Names.identifier(ref, "cond");
        String mx = Names.identifier(mutex, "mutex");
        conds.add(cond);
        mutexes.add(mx);
        return "wait " + cond + " with " + mx;
    }

    private static List<String> usedBarriers(String body) {
        List<String> out = new ArrayList<>();
        for (String l : body.split("\n")) {
            if (l.startsWith("barrier ")) {
                out.add(l.substring(8).trim());
            }
        }
        return out;
    }

    private String render(List<TaskText> tasks) {
        StringBuilder b = new StringBuilder();
        b.append("// imported from rt-app JSON by `schedlab import rtapp`\n");
        b.append("workload ").append(name).append(" {\n");
        for (String m : mutexes) {
            b.append("mutex ").append(m).append('\n');
        }
        for (String c : conds) {
            b.append("cond ").append(c).append('\n');
        }
        for (Map.Entry<String, Integer> e : barrierUsers.entrySet()) {
            b.append("barrier ").append(e.getKey()).append(" parties ").append(e.getValue()).append('\n');
        }
        for (TaskText t : tasks) {
            if (forked.contains(t.id)) {
                b.append("program ").append(t.id).append(" {\n").append(String.join("\n", t.body)).append("\n}\n");
            }
        }
        for (TaskText t : tasks) {
            if (t.instances > 0) {
                b.append("threads ").append(t.id).append(t.instances == 1 ? "" : " x " + t.instances)
                        .append(t.options).append(" {\n").append(String.join("\n", t.body)).append("\n}\n");
            }
        }
        b.append("}\n\n");
        b.append("kernel reference {\nengine rr\nversion \"1.0\"\n}\n\nvariant rr = reference\n\n");
        b.append("experiment ").append(name).append(" {\nworkload ").append(name).append("\nmachines piii-700\n")
                .append("variants rr\nduration ").append(seconds(durationS)).append("\nmetrics switches\n}\n");
        try {
            return indentComments(SchedFormatting.format(b.toString()));
        } catch (IllegalArgumentException e) {
            return b.toString();
        }
    }

    /** The formatter leaves comments where they are: indent each like the code line before it. */
    private static String indentComments(String text) {
        String[] lines = text.split("\n", -1);
        for (int i = 1; i < lines.length; i++) {
            if (lines[i].startsWith("// rt-app")) {
                String prev = lines[i - 1];
                String indent = prev.substring(0, prev.length() - prev.stripLeading().length());
                lines[i] = indent + (prev.endsWith("{") ? "\t" : "") + lines[i];
            }
        }
        return String.join("\n", lines);
    }

    private static String seconds(double s) {
        return s == Math.rint(s) ? (long) s + " s" : Math.round(s * 1000) + " ms";
    }

    private String policy(String rtapp, Json.Member task) {
        return switch (rtapp.toUpperCase(Locale.ROOT)) {
            case "SCHED_OTHER", "OTHER", "SCHED_NORMAL" -> "other";
            case "SCHED_FIFO", "FIFO" -> "fifo";
            case "SCHED_RR", "RR" -> "rr";
            case "SCHED_BATCH", "BATCH" -> "batch";
            case "SCHED_IDLE", "IDLE" -> "idle";
            default -> {
                approximate(task, "policy " + rtapp + " of task \"" + task.key()
                        + "\" is not simulated; the task runs as SCHED_OTHER");
                yield "other";
            }
        };
    }

    private static double number(Json.Member m) throws RtAppImporter.RtAppException {
        if (m.value() instanceof Json.Num n) {
            return n.value();
        }
        throw new RtAppImporter.RtAppException("\"" + m.key() + "\" must be a number", m.line(), m.column());
    }

    private static String us(Json.Member m) throws RtAppImporter.RtAppException {
        double v = number(m);
        if (v < 0) {
            throw new RtAppImporter.RtAppException("\"" + m.key() + "\" must not be negative", m.line(), m.column());
        }
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    private static String string(Json.Member m) throws RtAppImporter.RtAppException {
        if (m.value() instanceof Json.Str s) {
            return s.text();
        }
        throw new RtAppImporter.RtAppException("\"" + m.key() + "\" must be a string", m.line(), m.column());
    }

    private static String cpus(Json.Member m) throws RtAppImporter.RtAppException {
        List<String> out = new ArrayList<>();
        if (m.value() instanceof Json.Arr a) {
            for (Json.Value v : a.items()) {
                if (!(v instanceof Json.Num n) || n.value() < 0 || n.value() > 63) {
                    throw new RtAppImporter.RtAppException("cpus are numbers 0 to 63", v.line(), v.column());
                }
                out.add(Long.toString((long) n.value()));
            }
        } else {
            out.add(Long.toString((long) number(m)));
        }
        return String.join(", ", out);
    }
}
