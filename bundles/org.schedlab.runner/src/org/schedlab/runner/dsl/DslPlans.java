/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.dsl;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.schedlab.dsl.SchedDiagnostic;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.ExperimentTranslator;
import org.schedlab.dsl.translate.InstalledEngines;
import org.schedlab.dsl.translate.TranslationException;

/**
 * The bridge from the .sched language to the runner: loads and validates a file and translates its experiments
 * ({@link ExperimentTranslator}) into {@link ExperimentPlan}s that name the file and its SHA-256.
 */
public final class DslPlans {
    private DslPlans() {
    }

    /** A .sched file with errors; {@link #getMessage()} lists them one per line. */
    public static final class InvalidSourceException extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient List<SchedDiagnostic> diagnostics;

        public InvalidSourceException(List<SchedDiagnostic> diagnostics) {
            super(String.join("\n", diagnostics.stream().filter(SchedDiagnostic::isError)
                    .map(SchedDiagnostic::toString).toList()));
            this.diagnostics = List.copyOf(diagnostics);
        }

        /** @return every diagnostic of the file (errors and warnings) */
        public List<SchedDiagnostic> diagnostics() {
            return diagnostics;
        }
    }

    /** Loads {@code file} with the installed engines ({@link InstalledEngines#catalog()}). */
    public static List<ExperimentPlan> load(Path file) throws IOException, InvalidSourceException,
            TranslationException {
        return load(file, InstalledEngines.catalog());
    }

    /**
     * Loads, validates and translates every experiment of {@code file}.
     *
     * @throws IOException            when the file cannot be read
     * @throws InvalidSourceException when it has errors
     * @throws TranslationException   when an experiment cannot be simulated (for example a missing engine)
     */
    public static List<ExperimentPlan> load(Path file, EngineCatalog engines) throws IOException,
            InvalidSourceException, TranslationException {
        SchedLoader.Loaded loaded = new SchedLoader(engines).load(file);
        if (loaded.hasErrors() || loaded.model() == null) {
            throw new InvalidSourceException(loaded.diagnostics());
        }
        String hash = sha256(file);
        List<ExperimentPlan> plans = new ArrayList<>();
        for (ExperimentPlan p : new ExperimentTranslator(engines).translate(loaded.model())) {
            plans.add(p.withSource(file, hash));
        }
        return plans;
    }

    /** @return the SHA-256 of the file's bytes, lower-case hex */
    public static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[8192];
            for (int r; (r = in.read(buf)) > 0;) {
                md.update(buf, 0, r);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
