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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import org.schedlab.host.HostException;
import org.schedlab.host.HostProfile;
import org.schedlab.host.HostProfiler;
import org.schedlab.host.SystemShell;

/** {@code schedlab profile-host [--out FILE.sched] [--name NAME]}: measures this machine, writes a machine block. */
final class ProfileHostCommand implements Command {

    @Override
    public String name() {
        return "profile-host";
    }

    @Override
    public String summary() {
        return "measure this machine and write its machine block (profile-host [--out FILE.sched])";
    }

    @Override
    public String usage() {
        return """
				usage: schedlab profile-host [--out FILE.sched] [--name NAME] [--against OTHER.sched]
				  Measures the machine it runs on: CPUs and topology, clock, HZ, L2 cache (sysfs, procfs, getconf),
				  syscall cost and context switches (perf bench syscall / sched pipe, linux-perf), timer wakeup
				  latency (cyclictest, rt-tests), cross-CPU wakeup, cache-line transfer and memory latency (a small
				  C helper built with gcc). Writes a `machine NAME` block (default name host) to FILE.sched or
				  standard output, every value with its provenance (date, uname -r, CPU model, the command).
				  A figure whose program is missing is left out with a note; about four minutes. --against: then
				  prints every cost key beside its value in OTHER.sched (an earlier profile of this machine) and
				  whether the two agree within 10 %.
				Exit codes: 0 written, 3 this machine cannot be read (no sysfs, an unwritable FILE).""";
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        Options o = new Options(args, Set.of("--out", "--name", "--against"), Set.of());
        if (!o.positional().isEmpty()) {
            throw new UsageException("profile-host takes no file argument (use --out FILE.sched)");
        }
        String name = o.value("--name", "host");
        if (!name.matches("[a-zA-Z_][a-zA-Z0-9_]*(-[a-zA-Z0-9_]+)*")) {
            throw new UsageException("--name must be a machine name such as host or my-box, not '" + name + "'");
        }
        String against = null;
        if (o.value("--against", null) != null) {
            try {
                against = Files.readString(Path.of(o.value("--against", null)), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new InputException("cannot read " + o.value("--against", null) + ": " + e.getMessage());
            }
        }
        Path work = HostCommands.tempDir();
        try {
            HostProfile profile = new HostProfiler(new SystemShell(), Path.of("/"), work,
                    line -> err.println("profile-host: " + line)).measure(name);
            String text = profile.render();
            String target = o.value("--out", null);
            if (target == null) {
                out.print(text);
            } else {
                Files.writeString(Path.of(target), text, StandardCharsets.UTF_8);
                out.print(text);
                out.println("wrote " + target);
            }
            if (against != null) {
                out.println();
                out.print(org.schedlab.host.ProfileComparison.format(org.schedlab.host.ProfileComparison.compare(text,
                        against)));
            }
            return Main.OK;
        } catch (HostException e) {
            throw new InputException(e.getMessage());
        } catch (IOException e) {
            throw new InputException("cannot write " + o.value("--out", "") + ": " + e.getMessage());
        } finally {
            HostCommands.delete(work);
        }
    }
}
