/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.tests;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.schedlab.host.HostException;
import org.schedlab.host.Shell;

/**
 * The outputs recorded on a 2-CPU AMD EPYC VM (2026-12-01, Linux 6.18.44, Debian 12 packages: linux-perf 6.1,
 * rt-tests 2.4, stress-ng 0.15.06, rt-app 1.0) in {@code recorded/}, and a {@link Shell} that replays them.
 */
final class Recorded {

    private Recorded() {
    }

    static String text(String name) {
        try (InputStream in = Recorded.class.getResourceAsStream("/recorded/" + name)) {
            if (in == null) {
                throw new IllegalStateException("recorded/" + name + " is missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static Shell.Output output(String command, String name) {
        return new Shell.Output(command, 0, text(name), "");
    }

    static final List<String> ROOT_FILES = List.of("sys/devices/system/cpu/online",
            "sys/devices/system/cpu/cpu0/topology/thread_siblings_list",
            "sys/devices/system/cpu/cpuidle/current_driver", "proc/cpuinfo", "proc/config.gz");

    /** @return the recorded sysfs and procfs files, copied below {@code dir} */
    static Path root(Path dir) throws IOException {
        for (String f : ROOT_FILES) {
            Path target = dir.resolve(f);
            Files.createDirectories(target.getParent());
            try (InputStream in = Recorded.class.getResourceAsStream("/recorded/root/" + f)) {
                Files.copy(in, target);
            }
        }
        return dir;
    }

    /** A shell that answers each command whose line contains a key with that key's recorded file. */
    static final class ReplayShell implements Shell {
        final Map<String, List<String>> answers = new LinkedHashMap<>();
        final Map<String, Integer> asked = new LinkedHashMap<>();
        final List<String> ran = new ArrayList<>();
        String missing = "";

        /** Answers with {@code files} in turn (a measurement whose runs differ, the warm-up run first). */
        ReplayShell answer(String contains, String... files) {
            answers.put(contains, List.of(files));
            return this;
        }

        @Override
        public Output run(List<String> command, Duration timeout) {
            String line = Shell.line(command);
            ran.add(line);
            if (command.get(0).equals(missing)) {
                throw new HostException(missing + " is not installed", missing);
            }
            if (command.get(0).equals("uname")) {
                return new Output(line, 0, command.get(1).equals("-r") ? "6.18.44-fc-v1045\n" : "x86_64\n", "");
            }
            if (command.get(0).equals("gcc")) {
                return new Output(line, 0, "", "");
            }
            for (Map.Entry<String, List<String>> e : answers.entrySet()) {
                if (line.contains(e.getKey())) {
                    int n = asked.merge(e.getKey(), 1, Integer::sum) - 1;
                    return new Output(line, 0, text(e.getValue().get(n % e.getValue().size())), "");
                }
            }
            throw new AssertionError("no recorded output for: " + line);
        }

        @Override
        public boolean has(String program) {
            return !program.equals(missing);
        }
    }
}
