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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.host.HostException;
import org.schedlab.host.HostFacts;
import org.schedlab.host.SystemShell;
import org.schedlab.host.validate.ValidationRow;
import org.schedlab.host.validate.ValidationSuite;
import org.schedlab.host.validate.ValidationTable;
import org.schedlab.host.validate.Validator;

/** {@code schedlab validate-host [--quick] [--profile FILE.sched]}: the real kernel against the eevdf engine. */
final class ValidateHostCommand implements Command {

    @Override
    public String name() {
        return "validate-host";
    }

    @Override
    public String summary() {
        return "run a fixed suite on this kernel and simulated with eevdf on the host profile (validate-host [--quick])";
    }

    @Override
    public String usage() {
        return """
				usage: schedlab validate-host [--quick] [--profile FILE.sched] [--repeats N]
				  Runs each case of the fixed suite on the real kernel (threads.c with 4, 64, 450 threads; hackbench
				  groups 1, 4, 10; perf bench sched pipe; rt-app periodic task beside CPU hogs; CPU hogs at nice
				  levels on one CPU; stress-ng --yield), 3 times (--repeats N), then simulates each with the eevdf
				  engine on the machine of FILE.sched (default host.sched, written by `schedlab profile-host --out
				  host.sched`), and prints: case  metric  measured (min..max)  simulated  ratio  verdict.
				  ok: within +-25 % of the measured median (CPU shares: 5 points). --quick: short runs, once each.
				  A case whose program is missing or not permitted is reported as skipped. docs/validation.md.
				Exit codes: 0 every row ok, 1 some row is not, 3 no profile or an unreadable one.""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        Options o = new Options(args, Set.of("--profile", "--repeats"), Set.of("--quick"));
        if (!o.positional().isEmpty()) {
            throw new UsageException("validate-host takes no file argument (use --profile FILE.sched)");
        }
        boolean quick = o.flag("--quick");
        int repeats = o.intValue("--repeats", quick ? 1 : ValidationSuite.REPEATS, 1, 50);
        Path profile = Path.of(o.value("--profile", "host.sched"));
        if (!Files.isRegularFile(profile)) {
            throw new InputException("no host profile " + profile + ": run `schedlab profile-host --out " + profile
                    + "` first");
        }
        String machine = machineName(profile);
        SystemShell shell = new SystemShell();
        Path work = HostCommands.tempDir();
        try {
            String release = shell.run(List.of("uname", "-r"), Duration.ofSeconds(10)).stdout().trim();
            int cpus = new HostFacts(Path.of("/"), shell).onlineCpus().size();
            long t0 = System.nanoTime();
            List<ValidationRow> rows = new Validator(shell, work, line -> err.println("validate-host: " + line)).run(
                    ValidationSuite.cases(cpus, quick), repeats, profile, machine, release, cpus,
                    EngineCatalog.of(InstalledEngines.started()));
            out.println("validate-host: kernel " + release + ", " + cpus + " CPUs, profile " + profile + " (machine "
                    + machine + "), eevdf " + Validator.eevdfVersion(release) + ", " + repeats + " run(s) per case"
                    + (quick ? ", quick" : ""));
            out.print(ValidationTable.format(rows));
            out.printf("%s (%.0f s)%n", Validator.summary(rows), (System.nanoTime() - t0) / 1e9);
            return rows.stream().allMatch(r -> r.verdict().equals("ok")) ? Main.OK : Main.PROBLEMS;
        } catch (HostException e) {
            throw new InputException(e.getMessage());
        } finally {
            HostCommands.delete(work);
        }
    }

    /** @return the name of the first machine block of {@code profile} */
    static String machineName(Path profile) {
        try {
            Matcher m = Pattern.compile("(?m)^\\s*machine\\s+([A-Za-z_][A-Za-z0-9_-]*)").matcher(Files.readString(
                    profile));
            if (!m.find()) {
                throw new InputException(profile + ": no machine block (write one with schedlab profile-host)");
            }
            return m.group(1);
        } catch (IOException e) {
            throw new InputException("cannot read " + profile + ": " + e.getMessage());
        }
    }
}
