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
import org.schedlab.host.HostProfile;
import org.schedlab.host.HostProfiler;
import org.schedlab.host.SystemShell;
import org.schedlab.host.validate.ValidationCase;
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
				usage: schedlab validate-host [--quick] [--profile FILE.sched] [--repeats N] [--only REGEX] [--measured DIR]
				                             [--no-case-state]
				  Runs each case of the fixed suite on the real kernel (threads.c with 4, 64, 450 threads; hackbench
				  with processes, threads and pipes; perf bench sched messaging and pipe; rt-app's periodic task and
				  cyclictest beside CPU hogs; CPU hogs at nice levels on one CPU; stress-ng --yield and --pipe; two
				  SCHED_RR hogs), 3 times (--repeats N), and each case's changes (nice, SCHED_BATCH, SCHED_IDLE,
				  SCHED_FIFO, a slice request, CPU affinity, sched_rr_timeslice_ms) beside it; then simulates each
				  with the eevdf engine on the machine of FILE.sched (default host.sched, written by `schedlab
				  profile-host --out host.sched`), and prints two tables:
				    case  metric  measured (min..max)  simulated  ratio  verdict
				    case  change  metric  measured change (min..max)  simulated change  verdict
				  ok: within +-25 % of the measured median (CPU shares and missed deadlines: 5 points); a change is ok
				  when its sign agrees and it is within +-25 % of the measured change (5 points). Every case also has
				  a row for its context switches per second (its own programs', getrusage). Two replays
				  (replay-hackbench, replay-rtapp) record the programs' sched events (tracefs, root), import the
				  trace as a workload, simulate it and compare switch rate and CPU busy time. --quick: short
				  runs, once each. --only: the cases whose name matches REGEX. A case whose program is missing or not
				  permitted is reported as skipped; a sysctl a change sets is restored when it ends, also on Ctrl-C
				  or SIGTERM. Each real run is followed by the share of the CPUs' time the host stole meanwhile
				  (/proc/stat's steal: a virtual CPU that was ready and not run), and the end by its median and
				  largest. --measured DIR: keep the real side's figures and traces in DIR; when DIR holds them
				  already, run no program and simulate against them (after a change of the model or the profile).
				  Before each case's runs (not with --quick), the cost keys the host's state moves within minutes
				  (syscall, channel_op, pipe_unlocked, socket_op, cacheline_transfer, poll_notice_latency,
				  context_switch, mm_switch, mm_switch_flush, socket_remote, halted_ipi_latency, fork, exit,
				  cow_fault) are measured
				  again as profile-host measures them, with a quarter of its iterations, kept with the real side,
				  and the case is simulated with them in place of the profile's; a third table prints them.
				  Before each case whose workers are processes (hackbench, perf bench sched messaging), their
				  exit work is measured as well (glibc's exit(0) beyond _exit(0) in a forked child, hostprobe
				  libcexit; for perf's workers also a perf worker's CPU time after the kick in `perf bench sched
				  messaging -g 4 -l 1` less a hackbench worker's, perf record) and simulated as exit_work.
				  --no-case-state: simulate every case on the profile alone.
				  docs/validation.md.
				Exit codes: 0 every row ok, 1 some row is not, 3 no profile or an unreadable one.""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        Options o = new Options(args, Set.of("--profile", "--repeats", "--only", "--measured"), Set.of("--quick",
                "--no-case-state"));
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
            List<ValidationCase> cases = ValidationSuite.cases(cpus, quick);
            String only = o.value("--only", null);
            java.util.function.Predicate<String> chosen = id -> true;
            if (only != null) {
                Pattern p;
                try {
                    p = Pattern.compile(only);
                } catch (java.util.regex.PatternSyntaxException e) {
                    throw new UsageException("--only takes a regular expression: " + e.getDescription());
                }
                chosen = id -> p.matcher(id).find();
                cases = cases.stream().filter(c -> p.matcher(c.id()).find()).toList();
                if (cases.isEmpty() && !chosen.test("replay-hackbench") && !chosen.test("replay-rtapp")) {
                    throw new UsageException("--only " + only + " matches no case");
                }
            }
            java.util.function.Consumer<String> progress = line -> err.println("validate-host: " + line);
            EngineCatalog engines = EngineCatalog.of(InstalledEngines.started());
            Validator validator = new Validator(shell, work, progress);
            if (o.flag("--no-case-state")) {
                validator.ignoringState();
            } else if (!quick) {
                validator.measuringState(new HostProfiler(shell, Path.of("/"), work, progress, engines));
            }
            Validator.Result result = validator.run(cases, repeats, profile, machine, release, cpus, engines, chosen,
                    quick, o.value("--measured", null) == null ? null : Path.of(o.value("--measured", null)));
            List<ValidationRow> rows = result.rows();
            out.println("validate-host: kernel " + release + ", " + cpus + " CPUs, profile " + profile + " (machine "
                    + machine + "), eevdf " + Validator.eevdfVersion(release) + ", " + repeats + " run(s) per case"
                    + (quick ? ", quick" : "") + "; context switches: the case's own programs' (getrusage)");
            out.print(ValidationTable.format(rows));
            out.println(Validator.summary(rows));
            boolean changesOk = true;
            if (!result.changes().isEmpty()) {
                out.println();
                out.print(ValidationTable.formatChanges(result.changes()));
                out.println(Validator.changeSummary(result.changes()));
                changesOk = result.changes().stream().allMatch(r -> r.verdict().equals("ok"));
            }
            String states = ValidationTable.formatStates(result.states(), HostProfile.blockLines(Files.readString(
                    profile)));
            if (!states.isEmpty()) {
                out.println();
                out.print(states);
            }
            out.printf("(%.0f s)%n", (System.nanoTime() - t0) / 1e9);
            return rows.stream().allMatch(r -> r.verdict().equals("ok")) && changesOk ? Main.OK : Main.PROBLEMS;
        } catch (HostException e) {
            throw new InputException(e.getMessage());
        } catch (IOException e) {
            throw new InputException("cannot read " + profile + ": " + e.getMessage());
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
