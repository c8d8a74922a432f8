/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.schedlab.dsl.translate.BuiltinMetrics;
import org.schedlab.sim.SimResult;
import org.schedlab.sim.metrics.CpuResult;
import org.schedlab.sim.metrics.MetricsSnapshot;
import org.schedlab.sim.spi.SchedFn;

/**
 * The metrics an experiment may name, read from one run's {@link SimResult}:
 * <ul>
 * <li>{@code switches}: context switches per simulated second (1/s); {@code yield_calls}: sched_yield calls
 * per simulated second (1/s)</li>
 * <li>{@code ipis}: reschedule IPIs sent per second; {@code ipis_suppressed}: IPIs not sent because the
 * target was polling, per second (1/s)</li>
 * <li>{@code sched_cycles}: cycles of every scheduler function (cycles); {@code enqueue_dequeue_cycles}
 * (seed 002's instrument), {@code lock_spin_cycles}; {@code cycles_<fn>} any one {@link SchedFn}
 * ({@code cycles_schedule}, {@code cycles_recalc}, ...)</li>
 * <li>{@code wakeup_latency}, {@code wakeup_latency_max}, {@code wakeup_latency_p99}: wakeup-to-run (ns)</li>
 * <li>{@code runqueue}: mean run-queue length, {@code runqueue_max} the largest sample (tasks);
 * {@code idle}: idle share of CPU time (%)</li>
 * <li>{@code elapsed}: simulated time until every task exited or the run ended (s)</li>
 * <li>a workload counter's name: its rate per simulated second ({@code name/s}); {@code <name>_total}
 * its total; {@code <name>_tasks}, {@code <name>_per_task}, {@code <name>_zero_tasks} and {@code <name>_deviation},
 * the columns threads.c prints, over the tasks whose program counts it; the rate and total for the engine's own
 * counters (the goodness engine's {@code goodness_evaluations},
 * {@code recalculations}, {@code task_line_misses}, ...)</li>
 * </ul>
 */
public final class MetricCatalog {
    private MetricCatalog() {
    }

    /**
     * A value of one metric.
     *
     * @param name  metric name
     * @param unit  unit (never empty)
     * @param value value in unit
     */
    public record Value(String name, String unit, double value) {
    }

    /** @return the metrics of a plan that names none: switches, then every workload counter */
    public static List<String> defaults(SimResult r) {
        List<String> names = new ArrayList<>();
        names.add("switches");
        names.addAll(r.metrics().counters().keySet());
        return names;
    }

    /**
     * @return the metric's value in {@code r}
     * @throws IllegalArgumentException when no metric has this name in this run
     */
    public static Value value(String name, SimResult r) {
        return find(name, r).orElseThrow(() -> new IllegalArgumentException("unknown metric '" + name
                + "' (not a built-in metric and not a counter of the workload)"));
    }

    /** @return the metric's value in {@code r}, if there is one by this name */
    public static Optional<Value> find(String name, SimResult r) {
        MetricsSnapshot m = r.metrics();
        Value builtIn = builtIn(name, m);
        if (builtIn != null) {
            return Optional.of(builtIn);
        }
        if (m.counters().containsKey(name)) {
            return Optional.of(new Value(name, name + "/s", m.rate(name)));
        }
        Long engineCount = m.engineCounters().get(name);
        if (engineCount != null) {
            return Optional.of(new Value(name, name + "/s", perSecond(engineCount, m)));
        }
        if (name.endsWith("_total")) {
            String counter = name.substring(0, name.length() - "_total".length());
            Long total = m.counters().get(counter);
            if (total == null) {
                total = m.engineCounters().get(counter);
            }
            if (total != null) {
                return Optional.of(new Value(name, counter, total));
            }
        }
        Value perTask = perTask(name, m);
        if (perTask != null) {
            return Optional.of(perTask);
        }
        if (name.startsWith("cycles_")) {
            String fn = name.substring("cycles_".length()).toUpperCase(Locale.ROOT);
            for (SchedFn f : SchedFn.values()) {
                if (f.name().equals(fn)) {
                    return Optional.of(new Value(name, "cycles", m.cycles(f)));
                }
            }
        }
        return Optional.empty();
    }

    /** @return the voluntary and involuntary switches of every task (those that exited too, as far as kept) */
    private static long taskSwitches(MetricsSnapshot m) {
        long n = 0;
        for (var t : m.tasks()) {
            n += t.voluntarySwitches() + t.involuntarySwitches();
        }
        for (var t : m.exitedTasks()) {
            n += t.voluntarySwitches() + t.involuntarySwitches();
        }
        return n;
    }

    /** @return the share of {@code timer} actions that found their period already over, % (0 without timers) */
    private static double missedPercent(MetricsSnapshot m) {
        long calls = m.counters().getOrDefault("timer_activations", 0L);
        return calls == 0 ? 0 : 100.0 * m.counters().getOrDefault("timer_missed", 0L) / calls;
    }

    private static Value builtIn(String name, MetricsSnapshot m) {
        return switch (name) {
            case "switches" -> new Value(name, "1/s", m.contextSwitchRate());
            case "task_switches" -> new Value(name, "1/s", perSecond(taskSwitches(m), m));
            case "yield_calls" -> new Value(name, "1/s", m.yieldRate());
            case "ipis" -> new Value(name, "1/s", perSecond(m.ipisSent(), m));
            case "ipis_suppressed" -> new Value(name, "1/s", perSecond(m.ipisSuppressed(), m));
            case "sched_cycles" -> new Value(name, "cycles", m.schedulerCycles());
            case "enqueue_dequeue_cycles" -> new Value(name, "cycles", m.cycles(SchedFn.ENQUEUE)
                    + m.cycles(SchedFn.DEQUEUE));
            case "lock_spin_cycles" -> new Value(name, "cycles", m.cycles(SchedFn.LOCK_SPIN));
            case "yield_cycles" -> new Value(name, "cycles", m.cycles(SchedFn.YIELD));
            case "wakeup_latency" -> new Value(name, "ns", m.wakeupLatency().mean());
            case "wakeup_latency_max" -> new Value(name, "ns", m.wakeupLatency().max());
            case "wakeup_latency_p99" -> new Value(name, "ns", m.wakeupLatency().quantileUpperNs(0.99));
            case "timer_latency" -> new Value(name, "ns", m.timerLatency().mean());
            case "timer_latency_max" -> new Value(name, "ns", m.timerLatency().max());
            case "timer_latency_p99" -> new Value(name, "ns", m.timerLatency().quantileUpperNs(0.99));
            case "missed_deadlines" -> new Value(name, "%", missedPercent(m));
            case "runqueue" -> new Value(name, "tasks", m.runQueueMean());
            case "runqueue_max" -> new Value(name, "tasks", m.runQueueMax());
            case "idle", "idle_share" -> new Value(name, "%", idlePercent(m));
            case "elapsed" -> new Value(name, "s", m.elapsedNs() / 1e9);
            default -> null;
        };
    }

    /**
     * threads.c's columns for any workload counter C, over the tasks whose program counts it: {@code C_tasks},
     * {@code C_per_task} (rate per task), {@code C_zero_tasks} (tasks that never counted in the window) and
     * {@code C_deviation} (sum of (c_i - avg)^2 / (n avg^2), avg the mean count).
     */
    private static Value perTask(String name, MetricsSnapshot m) {
        for (String suffix : BuiltinMetrics.COUNTER_SUFFIXES) {
            if (suffix.equals("_total") || !name.endsWith(suffix)) {
                continue; // totals are read with the engine counters' totals
            }
            String counter = name.substring(0, name.length() - suffix.length());
            if (!m.counters().containsKey(counter)) {
                continue;
            }
            List<Long> counts = new ArrayList<>();
            for (var t : m.tasks()) {
                Long v = t.counters().get(counter);
                if (v != null) {
                    counts.add(v);
                }
            }
            int n = counts.size();
            double avg = n == 0 ? 0 : counts.stream().mapToLong(Long::longValue).sum() / (double) n;
            return switch (suffix) {
                case "_tasks" -> new Value(name, "tasks", n);
                case "_per_task" -> new Value(name, counter + "/s", n == 0 ? 0 : m.rate(counter) / n);
                case "_zero_tasks" -> new Value(name, "tasks", counts.stream().filter(v -> v == 0).count());
                default -> new Value(name, "1", avg == 0 ? 0
                        : counts.stream().mapToDouble(v -> (v - avg) * (v - avg)).sum() / (n * avg * avg));
            };
        }
        return null;
    }

    private static double perSecond(long count, MetricsSnapshot m) {
        return m.elapsedNs() == 0 ? 0 : count * 1e9 / m.elapsedNs();
    }

    private static double idlePercent(MetricsSnapshot m) {
        long idle = 0;
        long total = 0;
        for (CpuResult c : m.cpus()) {
            idle += c.idleNs();
            total += c.totalNs();
        }
        return total == 0 ? 0 : 100.0 * idle / total;
    }
}
