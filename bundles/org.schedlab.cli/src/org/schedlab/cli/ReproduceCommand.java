package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

import org.schedlab.model.results.ExperimentResult;
import org.schedlab.runner.Comparisons;
import org.schedlab.runner.ExperimentPlan;
import org.schedlab.runner.PublishedRow;

/**
 * {@code schedlab reproduce}: runs every seed experiment in examples/ (the experiments that carry published
 * values) and prints one row per published figure, simulated beside published with the band it must fall in.
 */
final class ReproduceCommand implements Command {

	@Override
	public String name() {
		return "reproduce";
	}

	@Override
	public String summary() {
		return "run the seed experiments in examples/ and compare them with the published figures";
	}

	@Override
	public String usage() {
		return """
				usage: schedlab reproduce [--only ID,...] [--dir DIR] [--jobs N]
				  Runs every experiment with published values in DIR (default: the examples/ folder beside the
				  schedlab launcher) and prints one row per published figure:
				    ID  experiment  cell  metric  published  simulated  band  ok|OUTSIDE
				  (changes in % against the baseline variant, as the seeds print their delta rows)
				  --only ID,...   only the figures with these ids (e.g. seed000-8p,seed003)
				  --jobs N        worker threads (default: one per core)
				Exit codes: 0 every figure inside its band, 1 some figure OUTSIDE (or a file failed), 2 bad usage.""";
	}

	@Override
	public int execute(String[] args, PrintStream out, PrintStream err) {
		Options o = new Options(args, Set.of("--only", "--dir", "--jobs"), Set.of());
		if (!o.positional().isEmpty()) {
			throw new UsageException("takes no file arguments (use --dir)");
		}
		Set<String> only = new LinkedHashSet<>();
		String onlyArg = o.value("--only", "");
		if (!onlyArg.isBlank()) {
			Arrays.stream(onlyArg.split(",")).map(String::trim).filter(s -> !s.isEmpty()).forEach(only::add);
		}
		int jobs = o.intValue("--jobs", 0, 1, 256);
		Path dir = Path.of(o.value("--dir", defaultExamples().toString()));
		List<Path> files = schedFiles(dir);
		long start = System.nanoTime();
		List<PublishedRow> rows = new ArrayList<>();
		boolean failed = false;
		for (Path file : files) {
			List<ExperimentPlan> plans = RunCommand.load(file, err);
			if (plans == null) {
				failed = true;
				continue;
			}
			for (ExperimentPlan plan : plans) {
				if (plan.published().isEmpty() || !selected(plan, only)) {
					continue;
				}
				ExperimentResult result = RunCommand.runWithProgress(plan, jobs, err);
				for (String problem : Comparisons.problems(result)) {
					err.println("schedlab reproduce: " + file.getFileName() + ": " + problem);
					failed = true;
				}
				Comparisons.published(result).stream().filter(r -> only.isEmpty() || only.contains(r.id()))
						.forEach(rows::add);
			}
		}
		if (rows.isEmpty()) {
			err.println("schedlab reproduce: no published figure " + (only.isEmpty() ? "found in " + dir
					: "with id " + String.join(", ", only) + " in " + dir));
			return Main.PROBLEMS;
		}
		PublishedTable.print(rows, out);
		long outside = rows.stream().filter(r -> !r.ok()).count();
		out.printf(Locale.ROOT, "%d figures: %d ok, %d OUTSIDE (%.1f s)%n", rows.size(), rows.size() - outside,
				outside, (System.nanoTime() - start) / 1e9);
		return outside > 0 || failed ? Main.PROBLEMS : Main.OK;
	}

	private static boolean selected(ExperimentPlan plan, Set<String> only) {
		return only.isEmpty() || plan.published().stream().anyMatch(p -> only.contains(p.id()));
	}

	static Path defaultExamples() {
		String home = System.getProperty("schedlab.home");
		return home != null ? Path.of(home, "examples") : Path.of("examples");
	}

	private static List<Path> schedFiles(Path dir) {
		if (!Files.isDirectory(dir)) {
			throw new InputException("no examples folder: " + dir);
		}
		try (Stream<Path> s = Files.list(dir)) {
			return s.filter(p -> p.toString().endsWith(".sched")).sorted().toList();
		} catch (IOException e) {
			throw new InputException("cannot list " + dir + ": " + e.getMessage());
		}
	}
}
