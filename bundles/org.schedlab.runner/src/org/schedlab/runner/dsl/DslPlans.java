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
import java.util.Map;
import org.schedlab.dsl.SchedDiagnostic;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.translate.ExperimentTranslator;
import org.schedlab.dsl.translate.ServiceLoaderEngineCatalog;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.runner.CellSpec;
import org.schedlab.runner.ExperimentPlan;
import org.schedlab.runner.Published;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.machine.MachineProfile;

/**
 * The bridge from the .sched language to the runner: loads and validates a file, translates its experiments
 * ({@link ExperimentTranslator}) and expands each into an {@link ExperimentPlan} of cells, sweep points x
 * machines x variants in that nesting order (the translator's order).
 *
 * <p>A cell simulates warm-up + duration (the translator's convention); its metrics cover the whole run.
 * A published value's band is {@code value +- bandPercent %}; a value published without a band is shown
 * and never counted as outside. Published values belong to the first sweep point's cell.
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

    /** Loads {@code file} with the engines {@link java.util.ServiceLoader} finds. */
    public static List<ExperimentPlan> load(Path file) throws IOException, InvalidSourceException,
            TranslationException {
        return load(file, new ServiceLoaderEngineCatalog());
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
        for (org.schedlab.dsl.translate.ExperimentPlan p : new ExperimentTranslator(engines).translate(
                loaded.model())) {
            plans.add(plan(p, file, hash));
        }
        return plans;
    }

    /** @return the runner's plan for one translated experiment */
    public static ExperimentPlan plan(org.schedlab.dsl.translate.ExperimentPlan p, Path source, String sourceHash) {
        long firstSeed = p.seeds().isEmpty() ? 1 : p.seeds().get(0);
        List<CellSpec> cells = new ArrayList<>();
        for (org.schedlab.dsl.translate.ExperimentPlan.SweepPoint point : p.points()) {
            for (MachineProfile m : p.machines()) {
                for (org.schedlab.dsl.translate.ExperimentPlan.VariantPlan v : p.variants()) {
                    SimConfig config = SimConfig.builder().machine(m).engine(v.engine(), v.config())
                            .workload(point.workload()).warmup(p.warmupNs()).duration(p.durationNs())
                            .seed(firstSeed).build();
                    cells.add(new CellSpec(p.name(), m.id(), v.name(), point.parameters(), config));
                }
            }
        }
        Map<String, String> firstPoint = p.points().isEmpty() ? Map.of() : p.points().get(0).parameters();
        List<Published> published = new ArrayList<>();
        int n = 0;
        for (org.schedlab.dsl.translate.ExperimentPlan.PublishedValue v : p.published()) {
            n++;
            String id = v.figure() != null ? v.figure() : p.name() + "-" + n;
            if (v.isChange()) {
                // a change's band: 'within LOW .. HIGH' (in %), or '+- B %' as B percentage points around it
                double b = v.bandPercent();
                double low = !Double.isNaN(v.low()) ? v.low() : Double.isNaN(b) ? Double.NEGATIVE_INFINITY : v.value() - b;
                double high = !Double.isNaN(v.high()) ? v.high() : Double.isNaN(b) ? Double.POSITIVE_INFINITY
                        : v.value() + b;
                published.add(Published.change(id, v.machine(), v.variant(), firstPoint, v.metric(), v.value(),
                        v.against(), low, high));
                continue;
            }
            if (v.isRatio()) {
                // the ratio's points: the first sweep point with the ratio's parameter set to each of its values
                Map<String, String> at = new java.util.TreeMap<>(firstPoint);
                at.putAll(v.point());
                Map<String, String> over = new java.util.TreeMap<>(firstPoint);
                over.putAll(v.over());
                double fraction = Double.isNaN(v.bandPercent()) ? Double.POSITIVE_INFINITY : v.bandPercent() / 100;
                published.add(Published.ratio(id, v.machine(), v.variant(), at, over, v.metric(), v.value(),
                        fraction));
                continue;
            }
            published.add(Double.isNaN(v.bandPercent())
                    ? new Published(id, v.machine(), v.variant(), firstPoint, v.metric(), v.value(), "",
                            Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY)
                    : Published.relative(id, v.machine(), v.variant(), firstPoint, v.metric(), v.value(), "",
                            v.bandPercent() / 100));
        }
        return new ExperimentPlan(p.name(), cells, p.baseline(), p.repeats(), p.metrics(), published, source,
                sourceHash, p.seeds());
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
