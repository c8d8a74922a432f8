/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.runner.AtomicFiles;
import org.schedlab.runner.CellStore;
import org.schedlab.runner.ResultFiles;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.SweepRunner;
import org.schedlab.runner.dsl.DslPlans;
import org.schedlab.runner.export.ParquetExporter;

/**
 * A 200-cell sweep on a Spark standalone cluster on 127.0.0.1 (a master and one-core workers started from the
 * Maven artifacts, {@link LocalSparkCluster}) gives the local sweep's results byte for byte: the same cell files
 * (their names carry each cell's digest), CSV and Parquet; also when a worker dies mid-sweep, and when the driver is
 * killed and the sweep resumed.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SparkClusterIT {
    /** 2 ipi_send costs x 100 Latin points of the work: 200 cells of 20 simulated ms, one run each. */
    private static final String SWEEP = """
            machine duo extends piii-700 { cpus 2 }
            kernel k { engine goodness version "2.4.18-pre4" }
            variant stock = k
            workload w(n = 4, work = 1 ms range 200 us .. 2 ms) {
            	threads t x n { loop forever { compute work count work yield } }
            }
            experiment e {
            	workload w machines duo variants stock duration 20 ms
            	sweep cost ipi_send = 150 cycles .. 600 cycles points 2
            	sample 100 latin over (work)
            	metrics work, switches
            }
            """;
    private static final long DRIVER_TIMEOUT_S = 150;

    @TempDir
    static Path dir;
    private static Path file;
    private static Path local;
    private static LocalSparkCluster cluster;
    private static Process worker1;

    @BeforeAll
    static void clusterAndLocalSweep() throws Exception {
        file = dir.resolve("s.sched");
        Files.writeString(file, SWEEP);
        cluster = new LocalSparkCluster(Path.of(System.getProperty("schedlab.sparkHome")), dir);
        cluster.startMaster();
        worker1 = cluster.startWorker("worker1", 1);
        local = dir.resolve("local");
        ExperimentPlan plan = DslPlans.load(file).get(0);
        SweepRunner.Swept s = new SweepRunner().run(plan, 2, RunMonitor.NONE,
                new CellStore(CellStore.folder(local, plan)));
        assertEquals(200, s.ran());
        ResultFiles.write(s.result(), local, "e");
        AtomicFiles.write(local.resolve("e.parquet"), out -> ParquetExporter.write(s.result(), out));
    }

    @AfterAll
    static void stopCluster() throws InterruptedException {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void aSweepOnTheClusterGivesTheLocalResults() throws Exception {
        Path out = dir.resolve("cluster");
        Process driver = driver("driver1", out);
        String log = finish(driver, "driver1");
        assertTrue(log.contains("e: 200 cells run, 0 resumed"), log);
        assertSameAsLocal(out);
    }

    @Test
    @Order(2)
    void aSweepSurvivesAWorkerKilledMidSweep() throws Exception {
        cluster.startWorker("worker2", 2);
        Path out = dir.resolve("killed-worker");
        Process driver = driver("driver2", out);
        int before = waitForCells(out, 30, driver, "driver2");
        LocalSparkCluster.kill(worker1);
        String log = finish(driver, "driver2");
        assertTrue(before < 200, "the worker died mid-sweep, after " + before + " cells");
        assertTrue(log.contains("e: 200 cells run, 0 resumed"), log);
        assertSameAsLocal(out);
    }

    @Test
    @Order(3)
    void aKilledDriverResumesWhereItStopped() throws Exception {
        cluster.startWorker("worker3", 2);
        Path out = dir.resolve("killed-driver");
        Process first = driver("driver3", out);
        waitForCells(out, 40, first, "driver3");
        LocalSparkCluster.kill(first);
        int kept = cells(out).size();
        assertTrue(kept >= 40 && kept < 200, kept + " cells kept by the killed driver");
        String log = finish(driver("driver4", out, "--resume"), "driver4");
        Matcher m = Pattern.compile("e: (\\d+) cells run, (\\d+) resumed").matcher(log);
        assertTrue(m.find(), log);
        assertEquals(kept, Integer.parseInt(m.group(2)), "every cell written before the kill is reused");
        assertEquals(200 - kept, Integer.parseInt(m.group(1)), "and only the others run");
        assertSameAsLocal(out);
    }

    @Test
    @Order(4)
    void anUnreachableMasterIsAClearError() throws Exception {
        Process driver = cluster.start("driver5", "org.apache.spark.deploy.SparkSubmit",
                submitArgs("spark://127.0.0.1:" + LocalSparkCluster.freePort(), dir.resolve("nowhere")));
        assertTrue(driver.waitFor(DRIVER_TIMEOUT_S, TimeUnit.SECONDS));
        String log = cluster.log("driver5");
        assertEquals(3, driver.exitValue(), log);
        assertTrue(log.contains("cannot reach the Spark master at spark://127.0.0.1:"), log);
        assertFalse(log.contains("\tat "), "no stack trace: " + log);
    }

    private static Process driver(String name, Path out, String... more) throws Exception {
        return cluster.start(name, "org.apache.spark.deploy.SparkSubmit",
                submitArgs(cluster.masterUrl(), out, more));
    }

    /** spark-submit's arguments for the job of target/job, then the driver's. */
    private static String[] submitArgs(String master, Path out, String... more) throws IOException {
        Path job = Path.of(System.getProperty("schedlab.job"));
        String jars;
        try (Stream<Path> s = Files.list(job)) {
            jars = s.filter(p -> !p.getFileName().toString().equals("org.schedlab.spark.jar")).map(Path::toString)
                    .sorted().collect(Collectors.joining(","));
        }
        List<String> a = new ArrayList<>(List.of("--master", master, "--conf", "spark.ui.enabled=false", "--conf",
                "spark.executor.memory=512m", "--class", SparkSweep.class.getName(), "--jars", jars,
                job.resolve("org.schedlab.spark.jar").toString(), file.toString(), "--out", out.toString(),
                "--parquet"));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    private static String finish(Process driver, String name) throws InterruptedException {
        boolean ended = driver.waitFor(DRIVER_TIMEOUT_S, TimeUnit.SECONDS);
        String log = cluster.log(name);
        assertTrue(ended, name + " still running after " + DRIVER_TIMEOUT_S + " s: " + log);
        assertEquals(0, driver.exitValue(), log);
        return log;
    }

    /** @return the cells written when at least {@code n} are */
    private static int waitForCells(Path out, int n, Process driver, String name) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DRIVER_TIMEOUT_S);
        while (System.nanoTime() < deadline && driver.isAlive()) {
            int c = cells(out).size();
            if (c >= n) {
                return c;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("fewer than " + n + " cells written: " + cluster.log(name));
    }

    private static List<String> cells(Path out) throws IOException {
        Path cells = out.resolve("e.cells");
        if (!Files.isDirectory(cells)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(cells)) {
            return s.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(CellStore.EXTENSION)).sorted()
                    .toList();
        }
    }

    private static void assertSameAsLocal(Path out) throws IOException {
        assertEquals(cells(local), cells(out), "the same cells under the same digests");
        for (String f : List.of("e.csv", "e.parquet")) {
            assertArrayEquals(Files.readAllBytes(local.resolve(f)), Files.readAllBytes(out.resolve(f)), f);
        }
    }
}
