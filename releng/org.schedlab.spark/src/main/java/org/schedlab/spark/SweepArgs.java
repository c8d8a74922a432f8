/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.spark;

import java.nio.file.Path;

/**
 * The driver's arguments, as {@code schedlab sweep} takes them.
 *
 * @param file    the .sched file, as given
 * @param outDir  where the results and the cell folders go (default: the file's folder)
 * @param repeat  runs per cell (0: the file's)
 * @param resume  keep the cells already finished
 * @param parquet also write EXPERIMENT.parquet
 * @param handoff where to leave the results for the command line (null: write them here)
 */
record SweepArgs(Path file, Path outDir, int repeat, boolean resume, boolean parquet, Path handoff) {

    /** @throws IllegalArgumentException for bad usage (the message says what) */
    static SweepArgs parse(String[] args) {
        Path file = null;
        Path outDir = null;
        Path handoff = null;
        int repeat = 0;
        boolean resume = false;
        boolean parquet = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
            case "--resume" -> resume = true;
            case "--parquet" -> parquet = true;
            case "--out" -> outDir = Path.of(value(args, ++i, a));
            case "--handoff" -> handoff = Path.of(value(args, ++i, a));
            case "--repeat" -> repeat = count(value(args, ++i, a));
            default -> {
                if (a.startsWith("--") || file != null) {
                    throw new IllegalArgumentException(a.startsWith("--") ? "unknown option " + a
                            : "expected exactly one FILE.sched");
                }
                file = Path.of(a);
            }
            }
        }
        if (file == null) {
            throw new IllegalArgumentException("no file given");
        }
        if (outDir == null) {
            Path parent = file.toAbsolutePath().getParent();
            outDir = parent == null ? Path.of(".") : parent;
        }
        return new SweepArgs(file, outDir, repeat, resume, parquet, handoff);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static int count(String v) {
        try {
            int n = Integer.parseInt(v);
            if (n >= 1 && n <= 1000) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException("--repeat takes a whole number from 1 to 1000, not " + v);
    }
}
