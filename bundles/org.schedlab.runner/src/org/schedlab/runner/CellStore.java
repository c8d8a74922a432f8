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
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.stream.Stream;
import org.schedlab.dsl.plan.CellSpec;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.model.ResultsResources;
import org.schedlab.model.results.Cell;
import org.schedlab.model.results.ExperimentResult;
import org.schedlab.sim.SimConfig;

/**
 * The finished cells of a sweep, one file each in a folder beside the result ({@code EXPERIMENT.cells/}), so that an
 * interrupted sweep (Ctrl-C, kill -9, power loss) resumes where it stopped. Each file is written atomically
 * ({@link AtomicFiles}): a cell is there whole or not at all. A file's name carries a digest of everything that
 * decides the cell's runs (the .sched file's SHA-256, the cell's label, machine with its costs, engine and its
 * configuration, seeds, durations, metrics and the SchedLab version), so a changed file or option never reuses a
 * stale cell.
 */
public final class CellStore {
    /** The extension of a stored cell. */
    public static final String EXTENSION = "." + ResultsResources.EXTENSION;
    private final Path dir;

    public CellStore(Path dir) {
        this.dir = dir;
    }

    /** @return the folder of the cells of {@code plan} beside its results in {@code outDir} */
    public static Path folder(Path outDir, ExperimentPlan plan) {
        return outDir.resolve(plan.name() + ".cells");
    }

    public Path dir() {
        return dir;
    }

    /** @return the stored cell of {@code cell} under {@code plan}, if a finished one is there */
    public Optional<Cell> read(ExperimentPlan plan, CellSpec cell) throws IOException {
        Path f = file(plan, cell);
        if (!Files.isRegularFile(f)) {
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(f)) {
            ExperimentResult r = ResultsResources.load(in);
            return r.getCells().isEmpty() ? Optional.empty() : Optional.of(r.getCells().get(0));
        }
    }

    /** Writes {@code result}, a one-cell result of {@code cell}, atomically. */
    public void write(ExperimentPlan plan, CellSpec cell, ExperimentResult result) throws IOException {
        AtomicFiles.write(file(plan, cell), out -> ResultsResources.save(result, out));
    }

    /**
     * Writes a one-cell result of {@code cell} serialised elsewhere as {@link #write} serialises it (a sweep whose
     * cells run in other processes), atomically.
     */
    public void write(ExperimentPlan plan, CellSpec cell, byte[] serialised) throws IOException {
        AtomicFiles.write(file(plan, cell), out -> out.write(serialised));
    }

    /** @return how many cells are stored */
    public long count() throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(EXTENSION)).count();
        }
    }

    /** Deletes every stored cell (a sweep started afresh). */
    public void clear() throws IOException {
        delete(name -> name.endsWith(EXTENSION));
    }

    /** Deletes the temporary files of writes a killed process left half done (never read as cells). */
    public void removeUnfinished() throws IOException {
        delete(name -> name.startsWith(".") && name.endsWith(".tmp"));
    }

    private void delete(java.util.function.Predicate<String> which) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(p -> which.test(p.getFileName().toString())).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** @return the file of {@code cell}: its label made safe, and 16 hex digits of the digest of its runs */
    Path file(ExperimentPlan plan, CellSpec cell) {
        String safe = cell.label().replaceAll("[^A-Za-z0-9_.=,-]", "_");
        if (safe.length() > 80) {
            safe = safe.substring(0, 80);
        }
        return dir.resolve(safe + "-" + digest(plan, cell) + EXTENSION);
    }

    static String digest(ExperimentPlan plan, CellSpec cell) {
        SimConfig config = cell.config(); // once: a lazy cell builds it on each call
        StringBuilder key = new StringBuilder();
        key.append(plan.name()).append('\n').append(plan.sourceHash()).append('\n').append(cell.label()).append('\n')
                .append(config.durationNs()).append(' ').append(config.warmupNs()).append('\n')
                .append(plan.metrics()).append('\n').append(config.machine()).append('\n')
                .append(config.scheduler()).append('\n').append(config.engine().info().id())
                .append('\n').append(ExperimentRunner.SCHEDLAB_VERSION).append('\n');
        for (int r = 0; r < plan.repeats(); r++) {
            key.append(plan.seed(cell, r)).append(' ');
        }
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(key.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
