/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.schedlab.model.ResultsResources;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.model.results.RunStatus;
import org.schedlab.runner.chart.ChartFiles;
import org.schedlab.runner.export.CsvExporter;
import org.schedlab.runner.export.JsonExporter;

/**
 * Writes a result's files next to each other, each one atomically ({@link AtomicFiles}):
 * {@code NAME.schedresult} (XMI), {@code NAME.csv}, {@code NAME.json} and, on request, the charts.
 * A cancelled result is not written at all, so a cancelled run never replaces an earlier complete result.
 */
public final class ResultFiles {
    private ResultFiles() {
    }

    /** Which files to write. */
    public enum Format {
        XMI("." + ResultsResources.EXTENSION), CSV(".csv"), JSON(".json");

        private final String suffix;

        Format(String suffix) {
            this.suffix = suffix;
        }

        /** @return the file name suffix, with the dot */
        public String suffix() {
            return suffix;
        }
    }

    /** @return the path {@code dir/baseName + format's suffix} */
    public static Path path(Path dir, String baseName, Format format) {
        return dir.resolve(baseName + format.suffix());
    }

    /**
     * Writes the result in the given formats, plus SVG (and PNG when {@code png}) charts when {@code charts}.
     *
     * @return the files written
     * @throws CancellationException when the result or the monitor is cancelled (nothing more is written)
     */
    public static List<Path> write(ExperimentResult result, Path dir, String baseName, List<Format> formats,
                                   boolean charts, boolean png, RunMonitor monitor) throws IOException {
        if (result.getStatus() == RunStatus.CANCELLED) {
            throw new CancellationException("the run was cancelled; no result files were written");
        }
        List<Path> written = new ArrayList<>();
        for (Format f : formats) {
            Path p = path(dir, baseName, f);
            AtomicFiles.write(p, out -> {
                switch (f) {
                    case XMI -> ResultsResources.save(result, out);
                    case CSV -> CsvExporter.write(result, out);
                    case JSON -> JsonExporter.write(result, out);
                    default -> throw new IllegalStateException(f.name());
                }
            }, monitor::isCancelled);
            written.add(p);
        }
        if (charts) {
            written.addAll(ChartFiles.write(result, dir, baseName, png, monitor));
        }
        return written;
    }

    /** Writes XMI, CSV and JSON, no charts. */
    public static List<Path> write(ExperimentResult result, Path dir, String baseName) throws IOException {
        return write(result, dir, baseName, List.of(Format.values()), false, false, RunMonitor.NONE);
    }
}
