/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host.validate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.schedlab.host.HostException;

/**
 * The real side of a validation kept in a folder ({@code validate-host --measured DIR}), so that the same
 * measurements can be simulated again after a change of the model or of the profile, on this machine or another:
 * {@code measured.tsv} (one line per repetition and metric: {@code run KEY INDEX METRIC VALUE}; one per case that
 * could not run: {@code skipped KEY REASON}; one per replay without a trace: {@code unrecorded ID REASON}; one per
 * cost key the host's state moves, as measured just before a case's runs: {@code state CASE COST-LINE}) and each
 * replay's recorded trace ({@code ID.trace}). Values are written with all their digits.
 *
 * @param measured per case or change key, its repetitions' figures
 * @param skipped  per key, why it did not run
 * @param traces   per replay id, its recorded trace or why there is none ({@link Path} or {@link String})
 * @param states   per case id, the drifting cost keys measured just before its runs ({@code cost KEY = VALUE UNIT}
 *                 lines, {@link org.schedlab.host.HostProfiler#drifting}); none for a real side kept before them
 */
public record MeasuredRuns(Map<String, List<Map<String, Double>>> measured, Map<String, String> skipped,
        Map<String, Object> traces, Map<String, List<String>> states) {

    public static final String FILE = "measured.tsv";

    /** A real side without the host's state at each case. */
    public MeasuredRuns(Map<String, List<Map<String, Double>>> measured, Map<String, String> skipped,
            Map<String, Object> traces) {
        this(measured, skipped, traces, Map.of());
    }

    /** @return whether {@code dir} holds a kept real side */
    public static boolean exists(Path dir) {
        return Files.isRegularFile(dir.resolve(FILE));
    }

    /** Writes this real side into {@code dir} (made if missing), copying the traces there. */
    public void save(Path dir) {
        StringBuilder b = new StringBuilder("# validate-host's real side (docs/validation.md): run KEY INDEX METRIC "
                + "VALUE | skipped KEY REASON | unrecorded ID REASON | state CASE COST-LINE\n");
        measured.forEach((key, runs) -> {
            for (int i = 0; i < runs.size(); i++) {
                for (Map.Entry<String, Double> e : runs.get(i).entrySet()) {
                    b.append("run\t").append(key).append('\t').append(i).append('\t').append(e.getKey()).append('\t')
                            .append(e.getValue()).append('\n');
                }
            }
        });
        skipped.forEach((key, why) -> b.append("skipped\t").append(key).append('\t').append(oneLine(why)).append('\n'));
        states.forEach((key, lines) -> lines.forEach(l -> b.append("state\t").append(key).append('\t')
                .append(oneLine(l)).append('\n')));
        try {
            Files.createDirectories(dir);
            for (Map.Entry<String, Object> e : traces.entrySet()) {
                if (e.getValue() instanceof Path p) {
                    Files.copy(p, dir.resolve(e.getKey() + ".trace"), StandardCopyOption.REPLACE_EXISTING);
                } else {
                    b.append("unrecorded\t").append(e.getKey()).append('\t').append(oneLine(String.valueOf(e.getValue())))
                            .append('\n');
                }
            }
            Path tmp = dir.resolve(FILE + ".part");
            Files.writeString(tmp, b, StandardCharsets.UTF_8);
            Files.move(tmp, dir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new HostException("cannot keep the measurements in " + dir + ": " + e.getMessage());
        }
    }

    /**
     * @param replayIds the replays to look for: a trace {@code ID.trace} in {@code dir}, else its {@code unrecorded}
     *                  line, else "not recorded"
     * @return the real side kept in {@code dir}
     */
    public static MeasuredRuns load(Path dir, List<String> replayIds) {
        Map<String, List<Map<String, Double>>> measured = new LinkedHashMap<>();
        Map<String, String> skipped = new LinkedHashMap<>();
        Map<String, Object> traces = new LinkedHashMap<>();
        Map<String, List<String>> states = new LinkedHashMap<>();
        Path file = dir.resolve(FILE);
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new HostException("cannot read " + file + ": " + e.getMessage());
        }
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t", -1);
            try {
                switch (f[0]) {
                    case "run" -> {
                        List<Map<String, Double>> runs = measured.computeIfAbsent(f[1], k -> new ArrayList<>());
                        int i = Integer.parseInt(f[2]);
                        while (runs.size() <= i) {
                            runs.add(new LinkedHashMap<>());
                        }
                        runs.get(i).put(f[3], Double.parseDouble(f[4]));
                    }
                    case "skipped" -> skipped.put(f[1], f[2]);
                    case "unrecorded" -> traces.put(f[1], f[2]);
                    case "state" -> states.computeIfAbsent(f[1], k -> new ArrayList<>()).add(f[2]);
                    default -> throw new IllegalArgumentException("unknown kind " + f[0]);
                }
            } catch (RuntimeException e) {
                throw new HostException(file + ":" + (n + 1) + ": not a kept measurement (" + e.getMessage() + ")");
            }
        }
        for (String id : replayIds) {
            Path trace = dir.resolve(id + ".trace");
            if (Files.isRegularFile(trace)) {
                traces.put(id, trace);
            } else {
                traces.putIfAbsent(id, "not recorded in " + dir);
            }
        }
        return new MeasuredRuns(measured, skipped, traces, states);
    }

    private static String oneLine(String s) {
        return s.replace('\t', ' ').replace('\n', ' ');
    }
}
