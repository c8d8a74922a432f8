package org.schedlab.ui.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.schedlab.dsl.translate.ExperimentPlan.PublishedValue;
import org.schedlab.dsl.translate.ExperimentPlan.SweepPoint;
import org.schedlab.dsl.translate.ExperimentPlan.VariantPlan;
import org.schedlab.runner.CellSpec;
import org.schedlab.runner.ExperimentPlan;
import org.schedlab.runner.Published;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.machine.MachineProfile;

/**
 * Turns an experiment translated from a .sched file into the runner's plan: one cell per sweep point x machine x
 * variant, each running warm-up + measured duration with the experiment's seeds.
 */
final class PlanBridge {

	private PlanBridge() {
	}

	static ExperimentPlan toRunnerPlan(org.schedlab.dsl.translate.ExperimentPlan plan, Path source) {
		List<CellSpec> cells = new ArrayList<>();
		long seed = plan.seeds().isEmpty() ? 1 : plan.seeds().get(0);
		for (SweepPoint point : plan.points()) {
			for (MachineProfile machine : plan.machines()) {
				for (VariantPlan variant : plan.variants()) {
					SimConfig config = SimConfig.builder().machine(machine).engine(variant.engine(), variant.config())
							.workload(point.workload()).duration(plan.warmupNs() + plan.durationNs()).seed(seed)
							.build();
					cells.add(new CellSpec(plan.name(), machine.id(), variant.name(), point.parameters(), config));
				}
			}
		}
		List<Published> published = new ArrayList<>();
		int n = 0;
		for (PublishedValue p : plan.published()) {
			String id = plan.name() + "-" + (++n);
			if (Double.isNaN(p.bandPercent())) {
				// no tolerance given: shown side by side, never judged
				published.add(new Published(id, p.machine(), p.variant(), Map.of(), p.metric(), p.value(), "",
						Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY));
			} else {
				published.add(Published.relative(id, p.machine(), p.variant(), Map.of(), p.metric(), p.value(), "",
						p.bandPercent() / 100));
			}
		}
		return new ExperimentPlan(plan.name(), cells, plan.baseline(), Math.max(1, plan.repeats()), plan.metrics(),
				published, source, sha256(source), plan.seeds());
	}

	private static String sha256(Path file) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
		} catch (IOException | NoSuchAlgorithmException e) {
			return null;
		}
	}
}
