package org.schedlab.cli;

import java.io.PrintStream;

/** One {@code schedlab} subcommand. */
interface Command {

	String name();

	String summary();

	String usage();

	/** Runs the command; throws {@link UsageException} or {@link InputException} for user mistakes. */
	int execute(String[] args, PrintStream out, PrintStream err);
}
