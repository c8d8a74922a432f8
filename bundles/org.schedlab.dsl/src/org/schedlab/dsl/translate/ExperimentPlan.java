package org.schedlab.dsl.translate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.schedlab.sim.SimConfig;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.workload.Workload;

/**
 * One experiment of a .sched file as plain objects the runner uses: machines x variants x sweep points, each run
 * {@code repeats} times with the given seeds.
 *
 * @param name       experiment name
 * @param machines   machine profiles; {@link MachineProfile#id()} is the name used in the file
 * @param variants   kernel variants in file order
 * @param points     the workload per parameter sweep point (one point without sweeps)
 * @param durationNs measured simulated time, after the warm-up
 * @param warmupNs   simulated time before measuring (0: none); a cell runs {@code warmupNs + durationNs} and its
 *                   metrics cover the last {@code durationNs} only ({@link SimConfig#warmupNs()})
 * @param repeats    runs per cell
 * @param seeds      one seed per repeat
 * @param baseline   the variant deltas are computed against (the first variant when the file names none)
 * @param metrics    what to report, in file order (built-in metrics and workload counter names)
 * @param published  published values to print beside the simulated ones
 */
public record ExperimentPlan(String name, List<MachineProfile> machines, List<VariantPlan> variants,
		List<SweepPoint> points, long durationNs, long warmupNs, int repeats, List<Long> seeds, String baseline,
		List<String> metrics, List<PublishedValue> published) {

	public ExperimentPlan {
		Objects.requireNonNull(name, "name");
		machines = List.copyOf(machines);
		variants = List.copyOf(variants);
		points = List.copyOf(points);
		seeds = List.copyOf(seeds);
		metrics = List.copyOf(metrics);
		published = List.copyOf(published);
	}

	/**
	 * A kernel variant: an engine with version, patches and tunables.
	 *
	 * @param name   the variant's name in the file
	 * @param engine the installed engine
	 * @param config version, patches, tunable overrides (values in the tunable's unit)
	 */
	public record VariantPlan(String name, SchedulerEngine engine, SchedulerConfig config) {
	}

	/**
	 * One point of the parameter sweep.
	 *
	 * @param parameters the swept parameters' values by name, as text with units ({@code rooms=10}); empty without
	 *                   sweeps
	 * @param workload   the workload with these values
	 */
	public record SweepPoint(Map<String, String> parameters, Workload workload) {
		public SweepPoint {
			parameters = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(parameters));
		}
	}

	/**
	 * A published measurement.
	 *
	 * @param metric      what was measured (a metric name of the experiment)
	 * @param variant     variant name
	 * @param machine     machine name
	 * @param value       the published value
	 * @param bandPercent the tolerance in percent the simulated value should fall in (NaN: none given)
	 * @param figure      the figure's id (e.g. {@code 000-8p}), null when the file names none
	 * @param against     for a published change: the baseline variant the % change is measured against; else null
	 * @param low         for a change: the band's low end in % (NaN: none)
	 * @param high        for a change: the band's high end in % (NaN: none)
	 */
	public record PublishedValue(String metric, String variant, String machine, double value, double bandPercent,
			String figure, String against, double low, double high, Map<String, String> point,
			Map<String, String> over) {

		public PublishedValue {
			point = point == null ? Map.of() : Map.copyOf(point);
			over = over == null ? Map.of() : Map.copyOf(over);
		}

		/** An absolute value or a change (no ratio). */
		public PublishedValue(String metric, String variant, String machine, double value, double bandPercent,
				String figure, String against, double low, double high) {
			this(metric, variant, machine, value, bandPercent, figure, against, low, high, Map.of(), Map.of());
		}

		/** An absolute published value. */
		public PublishedValue(String metric, String variant, String machine, double value, double bandPercent) {
			this(metric, variant, machine, value, bandPercent, null, null, Double.NaN, Double.NaN);
		}

		/** @return true for a % change against a baseline variant */
		public boolean isChange() {
			return against != null;
		}

		/**
		 * @return true for a ratio ({@code published ratio}): the metric at sweep point {@link #point} divided by
		 *         the metric at {@link #over} (both {@code param -> value}, as a sweep point's parameters)
		 */
		public boolean isRatio() {
			return !over.isEmpty();
		}
	}

	/**
	 * One simulated run: a cell of the matrix with one seed.
	 *
	 * @param machine the machine
	 * @param variant the variant
	 * @param point   the sweep point
	 * @param repeat  0-based repeat index
	 * @param config  the simulation configuration (its warm-up and measured duration are the plan's)
	 */
	public record Run(MachineProfile machine, VariantPlan variant, SweepPoint point, int repeat, SimConfig config) {
	}

	/** @return every run of the experiment: points x machines x variants x repeats, in that nesting order */
	public List<Run> runs() {
		List<Run> out = new ArrayList<>();
		for (SweepPoint p : points) {
			for (MachineProfile m : machines) {
				for (VariantPlan v : variants) {
					for (int i = 0; i < repeats; i++) {
						SimConfig c = SimConfig.builder().machine(m).engine(v.engine(), v.config())
								.workload(p.workload()).warmup(warmupNs).duration(durationNs).seed(seeds.get(i))
								.build();
						out.add(new Run(m, v, p, i, c));
					}
				}
			}
		}
		return out;
	}
}
