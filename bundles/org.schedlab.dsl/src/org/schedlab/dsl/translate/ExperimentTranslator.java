package org.schedlab.dsl.translate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.xtext.EcoreUtil2;
import org.schedlab.dsl.eval.Dim;
import org.schedlab.dsl.eval.Env;
import org.schedlab.dsl.eval.Quantity;
import org.schedlab.dsl.eval.Units;
import org.schedlab.dsl.sched.Arg;
import org.schedlab.dsl.sched.BaselineOption;
import org.schedlab.dsl.sched.DurationOption;
import org.schedlab.dsl.sched.Experiment;
import org.schedlab.dsl.sched.ExperimentOption;
import org.schedlab.dsl.sched.Kernel;
import org.schedlab.dsl.sched.Machine;
import org.schedlab.dsl.sched.MachinesOption;
import org.schedlab.dsl.sched.MetricsOption;
import org.schedlab.dsl.sched.Model;
import org.schedlab.dsl.sched.PatchRef;
import org.schedlab.dsl.sched.PublishedOption;
import org.schedlab.dsl.sched.RepeatsOption;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.validation.SchedIssueCodes;
import org.schedlab.dsl.sched.SeedsOption;
import org.schedlab.dsl.sched.SweepOption;
import org.schedlab.dsl.sched.Tunable;
import org.schedlab.dsl.sched.Variant;
import org.schedlab.dsl.sched.VariantsOption;
import org.schedlab.dsl.sched.WarmupOption;
import org.schedlab.sim.spi.EngineInfo;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.spi.SchedulerEngine;
import org.schedlab.sim.spi.TunableInfo;

/**
 * Translates validated experiments into {@link ExperimentPlan}s: machine profiles, engines with their configurations,
 * one workload per sweep point, and the run parameters. Engines come from the {@link EngineCatalog} given to the
 * constructor.
 */
public final class ExperimentTranslator {

	private final EngineCatalog engines;

	public ExperimentTranslator(EngineCatalog engines) {
		this.engines = engines;
	}

	/** @return a plan per experiment of the file, in file order */
	public List<ExperimentPlan> translate(Model model) throws TranslationException {
		List<ExperimentPlan> out = new ArrayList<>();
		for (Experiment e : EcoreUtil2.typeSelect(model.getElements(), Experiment.class)) {
			out.add(translate(e));
		}
		return out;
	}

	/** @return the plan of one experiment */
	public ExperimentPlan translate(Experiment e) throws TranslationException {
		List<org.schedlab.sim.machine.MachineProfile> machines = new ArrayList<>();
		List<ExperimentPlan.VariantPlan> variants = new ArrayList<>();
		List<SweepOption> sweeps = new ArrayList<>();
		List<String> metrics = new ArrayList<>();
		List<PublishedOption> publishedOptions = new ArrayList<>();
		Long duration = null;
		long warmup = 0;
		int repeats = 1;
		List<Long> seeds = null;
		String baseline = null;
		for (ExperimentOption o : e.getOptions()) {
			if (o instanceof MachinesOption m) {
				for (Machine x : m.getMachines()) {
					machines.add(MachineBuilder.build(x));
				}
			} else if (o instanceof VariantsOption v) {
				for (Variant x : v.getVariants()) {
					variants.add(variant(x));
				}
			} else if (o instanceof SweepOption s) {
				sweeps.add(s);
			} else if (o instanceof BaselineOption b) {
				baseline = b.getBaseline().getName();
			} else if (o instanceof DurationOption d) {
				duration = time(d.getValue(), "the duration", 1);
			} else if (o instanceof WarmupOption w) {
				warmup = time(w.getValue(), "the warm-up", 0);
			} else if (o instanceof RepeatsOption r) {
				repeats = r.getCount();
			} else if (o instanceof SeedsOption s) {
				seeds = s.getSeeds().stream().map(Integer::longValue).toList();
			} else if (o instanceof MetricsOption m) {
				metrics.addAll(m.getMetrics());
			} else if (o instanceof PublishedOption p) {
				publishedOptions.add(p);
			}
		}
		require(!machines.isEmpty(), e, "experiment " + e.getName() + " names no machines: add `machines NAME, ...`");
		require(!variants.isEmpty(), e, "experiment " + e.getName() + " names no variants: add `variants NAME, ...`");
		require(duration != null, e, "experiment " + e.getName() + " has no duration: add for example `duration 10 s`");
		require(repeats >= 1 && repeats <= 1000, e, "repeats must be 1 to 1000");
		if (seeds == null) {
			List<Long> s = new ArrayList<>();
			for (int i = 1; i <= repeats; i++) {
				s.add((long) i);
			}
			seeds = s;
		}
		require(seeds.size() == repeats, e, "give one seed per repeat: " + repeats + " repeats, " + seeds.size()
				+ " seeds");
		if (baseline == null) {
			baseline = variants.get(0).name();
		}
		List<ExperimentPlan.PublishedValue> published = new ArrayList<>();
		for (PublishedOption p : publishedOptions) {
			published.addAll(published(p, baseline, sweeps));
		}
		return new ExperimentPlan(e.getName(), machines, variants, points(e, sweeps), duration, warmup, repeats, seeds,
				baseline, metrics, published);
	}

	private static void require(boolean ok, Experiment e, String message) throws TranslationException {
		if (!ok) {
			throw new TranslationException(message, e, SchedPackage.Literals.ELEMENT__NAME);
		}
	}

	/** @return the engine, version, patches and tunables of a variant */
	public ExperimentPlan.VariantPlan variant(Variant v) throws TranslationException {
		Kernel k = v.getKernel();
		SchedulerEngine engine = engines.find(k.getEngine()).orElseThrow(() -> new TranslationException(
				"no engine " + k.getEngine() + " is installed; installed engines: " + String.join(", ", engines.ids()),
				k, SchedPackage.Literals.KERNEL__ENGINE, SchedIssueCodes.UNKNOWN_ENGINE));
		EngineInfo info = engine.info();
		List<String> patches = new ArrayList<>();
		for (PatchRef p : v.getPatches()) {
			patches.add(p.getId());
		}
		Map<String, String> tunables = new LinkedHashMap<>();
		for (Tunable t : v.getTunables()) {
			TunableInfo ti = info.tunable(t.getName()).orElseThrow(() -> new TranslationException(
					info.id() + " has no tunable " + t.getName(), t, SchedPackage.Literals.TUNABLE__NAME,
					SchedIssueCodes.UNKNOWN_TUNABLE));
			tunables.put(t.getName(), tunableText(t, ti));
		}
		return new ExperimentPlan.VariantPlan(v.getName(), engine, new SchedulerConfig(k.getVersion(),
				new java.util.TreeSet<>(patches), tunables));
	}

	/** @return the tunable's value as text in the tunable's own unit (2 ms for a ns tunable: "2000000") */
	static String tunableText(Tunable t, TunableInfo ti) throws TranslationException {
		Dim want = Units.dimOfTunableUnit(ti.unit());
		Quantity q = ResourceTable.quantity(t.getValue(), Env.defaults(), want, t.getName() + " (" + ti.unit() + ")");
		double v = Units.of(ti.unit()).map(q::in).orElse(q.value());
		return v == Math.rint(v) && Math.abs(v) < 9e15 ? Long.toString(Math.round(v)) : Double.toString(v);
	}

	private static long time(org.schedlab.dsl.sched.Expr e, String what, long min) throws TranslationException {
		Quantity q = ResourceTable.quantity(e, Env.defaults(), Dim.TIME, what);
		if (q.value() < min) {
			throw new TranslationException(what + " must be " + (min > 0 ? "positive" : "zero or more"), e);
		}
		return q.asLong();
	}

	/** @return the workload of each sweep point of {@code e} (the validator builds these to check arguments) */
	public static List<ExperimentPlan.SweepPoint> points(Experiment e) throws TranslationException {
		return points(e, EcoreUtil2.typeSelect(e.getOptions(), SweepOption.class));
	}

	private static List<ExperimentPlan.SweepPoint> points(Experiment e, List<SweepOption> sweeps)
			throws TranslationException {
		Env base = Env.defaults();
		for (Arg a : e.getArgs()) {
			base.bind(a.getParam(), ResourceTable.quantity(a.getValue(), Env.defaults(),
					dimOf(a.getParam().getDefault()), "the value of " + a.getParam().getName()));
		}
		List<Env> envs = new ArrayList<>(List.of(base));
		List<Map<String, String>> labels = new ArrayList<>(List.of(new LinkedHashMap<>()));
		for (SweepOption s : sweeps) {
			List<Env> nextEnvs = new ArrayList<>();
			List<Map<String, String>> nextLabels = new ArrayList<>();
			for (int i = 0; i < envs.size(); i++) {
				for (org.schedlab.dsl.sched.Expr v : s.getValues()) {
					Quantity q = ResourceTable.quantity(v, Env.defaults(), dimOf(s.getParam().getDefault()),
							"a value of " + s.getParam().getName());
					nextEnvs.add(envs.get(i).with(s.getParam(), q));
					Map<String, String> l = new LinkedHashMap<>(labels.get(i));
					l.put(s.getParam().getName(), q.text());
					nextLabels.add(l);
				}
			}
			envs = nextEnvs;
			labels = nextLabels;
		}
		List<ExperimentPlan.SweepPoint> out = new ArrayList<>();
		for (int i = 0; i < envs.size(); i++) {
			String name = e.getWorkload().getName() + (labels.get(i).isEmpty() ? "" : " " + labels.get(i));
			out.add(new ExperimentPlan.SweepPoint(labels.get(i),
					WorkloadBuilder.build(e.getWorkload(), envs.get(i), name)));
		}
		return out;
	}

	private static Dim dimOf(org.schedlab.dsl.sched.Expr e) throws TranslationException {
		try {
			return org.schedlab.dsl.eval.Evaluator.dim(e);
		} catch (org.schedlab.dsl.eval.EvalException ex) {
			throw new TranslationException(ex.getMessage(), ex.where() == null ? e : ex.where());
		}
	}

	private static List<ExperimentPlan.PublishedValue> published(PublishedOption p, String baseline,
			List<SweepOption> sweeps) throws TranslationException {
		double band = number(p.getBand());
		List<ExperimentPlan.PublishedValue> out = new ArrayList<>();
		for (org.schedlab.dsl.sched.PublishedValue v : p.getValues()) {
			double b = v.getBand() == null ? band : number(v.getBand());
			String against = !p.isChange() ? null : v.getAgainst() != null ? v.getAgainst().getName() : baseline;
			Map<String, String> point = Map.of();
			Map<String, String> over = Map.of();
			if (p.isRatio() && v.getAt() != null) {
				SweepOption s = sweeps.stream().filter(x -> x.getParam().getName().equals(v.getAt())).findFirst()
						.orElseThrow(() -> new TranslationException("published ratio: " + v.getAt()
								+ " is not swept in this experiment", v));
				point = Map.of(v.getAt(), sweepValue(s, v.getAtValue()));
				over = Map.of(v.getAt(), sweepValue(s, v.getOverValue()));
			}
			out.add(new ExperimentPlan.PublishedValue(p.getMetric(), v.getVariant().getName(), v.getMachine().getName(),
					number(v.getValue()), b, v.getFigure(), against, number(v.getLow()), number(v.getHigh()), point,
					over));
		}
		return out;
	}

	/** @return {@code value} as a sweep point of {@code s} names it ({@link #points}) */
	private static String sweepValue(SweepOption s, org.schedlab.dsl.sched.Expr value) throws TranslationException {
		return ResourceTable.quantity(value, Env.defaults(), dimOf(s.getParam().getDefault()),
				"a value of " + s.getParam().getName()).text();
	}

	/**
	 * @return the value of a Number or Signed datatype rule's text (hidden whitespace may sit between its tokens),
	 *         NaN for null or unreadable text
	 */
	public static double number(String text) {
		if (text == null) {
			return Double.NaN;
		}
		try {
			return Double.parseDouble(text.replaceAll("\\s+", ""));
		} catch (NumberFormatException e) {
			return Double.NaN;
		}
	}
}
