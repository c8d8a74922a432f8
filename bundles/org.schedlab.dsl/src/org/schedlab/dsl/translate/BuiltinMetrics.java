package org.schedlab.dsl.translate;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The metrics an experiment may name besides its workload's counters ({@code count NAME} actions, reported per
 * simulated second). The runner computes these from {@link org.schedlab.sim.metrics.MetricsSnapshot}.
 */
public final class BuiltinMetrics {

	/** Metric name to description. */
	public static final Map<String, String> ALL;

	static {
		Map<String, String> m = new LinkedHashMap<>();
		m.put("switches", "context switches per simulated second");
		m.put("yield_calls", "sched_yield calls per simulated second");
		m.put("ipis", "reschedule IPIs sent per simulated second");
		m.put("ipis_suppressed", "IPIs not sent because the target CPU was polling, per second");
		m.put("wakeup_latency", "mean wakeup-to-run latency");
		m.put("runqueue", "mean run-queue length");
		m.put("runqueue_max", "largest sampled run-queue length");
		m.put("sched_cycles", "cycles spent in the scheduler (schedule, scan, recalc, queue operations, ...)");
		m.put("enqueue_dequeue_cycles", "cycles in enqueue and dequeue (seed 002's instrument)");
		m.put("yield_cycles", "cycles in sched_yield's scheduler part (yield_task_fair, the yield bit, the list move)");
		m.put("lock_spin_cycles", "cycles spent spinning on kernel spinlocks");
		m.put("idle_share", "share of CPU time spent idle, in %");
		m.put("elapsed", "simulated time until every task exited or the run ended");
		ALL = java.util.Collections.unmodifiableMap(m);
	}

	private BuiltinMetrics() {
	}
}
