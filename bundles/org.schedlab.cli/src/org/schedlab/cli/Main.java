/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code schedlab} command line: dispatches to one {@link Command} per subcommand. User mistakes end as one
 * clear line on standard error and a documented exit code, never as a stack trace.
 *
 * <p>Exit codes: 0 success; 1 the command ran and found problems (validation errors, results outside their band);
 * 2 bad usage (unknown command or option); 3 bad input (missing or unreadable file); 4 a run failed.
 */
public final class Main {

    public static final int OK = 0;
    public static final int PROBLEMS = 1;
    public static final int USAGE = 2;
    public static final int BAD_INPUT = 3;
    public static final int RUN_FAILED = 4;

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, Command> commands = new TreeMap<>();

    public Main(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
        register(new RunCommand());
        register(new CheckCommand());
        register(new EnginesCommand());
        register(new BenchCommand());
        register(new ReproduceCommand());
        register(new CalibrateCommand());
        register(new ImportCommand());
        register(new LspCommand());
        register(new TraceCommand());
        register(new CompareTraceCommand());
        register(new ExportCommand());
        register(new ProfileHostCommand());
        register(new ValidateHostCommand());
        register(new SensitivityCommand());
        register(new SweepCommand());
    }

    /** Outside OSGi (tools/dev.sh): runs one command line and exits with its code. */
    public static void main(String[] args) {
        System.exit(new Main(System.out, System.err).run(args));
    }

    private void register(Command command) {
        commands.put(command.name(), command);
    }

    /** Runs one command line and returns the process exit code. */
    public int run(String... args) {
        if (args.length == 0 || isHelp(args[0])) {
            printUsage(out);
            return OK;
        }
        Command command = commands.get(args[0]);
        if (command == null) {
            err.println("schedlab: unknown command '" + args[0] + "' (commands: " + String.join(", ", commands.keySet())
                    + "; try schedlab --help)");
            return USAGE;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        if (Arrays.stream(rest).anyMatch(Main::isHelp)) { // `schedlab trace FILE --help` too
            out.println(command.usage());
            return OK;
        }
        try {
            return command.execute(rest, out, err);
        } catch (UsageException e) {
            err.println("schedlab " + command.name() + ": " + e.getMessage());
            err.println(command.usage());
            return USAGE;
        } catch (InputException e) {
            err.println("schedlab " + command.name() + ": " + e.getMessage());
            return BAD_INPUT;
        } catch (RuntimeException e) {
            err.println("schedlab " + command.name() + ": internal error: " + e);
            return RUN_FAILED;
        }
    }

    private static boolean isHelp(String arg) {
        return arg.equals("--help") || arg.equals("-h") || arg.equals("help");
    }

    private void printUsage(PrintStream stream) {
        stream.println("usage: schedlab <command> [options]   (schedlab <command> --help for details)");
        stream.println();
        stream.println("commands:");
        for (Command command : commands.values()) {
            stream.printf("  %-13s %s%n", command.name(), command.summary());
        }
        stream.println();
        stream.println("exit codes: 0 ok, 1 problems found, 2 bad usage, 3 bad input, 4 run failed");
    }
}
