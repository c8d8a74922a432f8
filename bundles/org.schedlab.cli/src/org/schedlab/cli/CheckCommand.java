/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

import org.schedlab.dsl.SchedDiagnostic;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.translate.InstalledEngines;

/** {@code schedlab check FILE...}: validates files and prints {@code file:line:column: severity: message}. */
final class CheckCommand implements Command {

    @Override
    public String name() {
        return "check";
    }

    @Override
    public String summary() {
        return "validate .sched files and print their diagnostics";
    }

    @Override
    public String usage() {
        return """
				usage: schedlab check FILE.sched...
				  Parses and validates each file; prints one line per problem as file:line:column: severity: message.
				  Exit code 1 if any file has an error.""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            throw new UsageException("no file given");
        }
        SchedLoader loader = new SchedLoader(org.schedlab.dsl.translate.EngineCatalog.of(InstalledEngines.started()));
        int errors = 0;
        int warnings = 0;
        for (String arg : args) {
            if (arg.startsWith("-")) {
                throw new UsageException("unknown option " + arg);
            }
            SchedLoader.Loaded loaded;
            try {
                loaded = loader.load(Path.of(arg));
            } catch (IOException e) {
                throw new InputException(e.getMessage());
            }
            for (SchedDiagnostic d : loaded.diagnostics()) {
                out.println(d);
                if (d.isError()) {
                    errors++;
                } else if (d.severity() == SchedDiagnostic.Severity.WARNING) {
                    warnings++;
                }
            }
        }
        out.println(args.length + " file(s) checked: " + errors + " error(s), " + warnings + " warning(s)");
        return errors > 0 ? Main.PROBLEMS : Main.OK;
    }
}
