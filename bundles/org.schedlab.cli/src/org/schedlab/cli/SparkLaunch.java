/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * How {@code schedlab sweep --spark MASTER_URL} starts the sweep's Spark driver as a child process. The product does
 * not carry Spark: the driver is the job the build assembles ({@code releng/org.schedlab.spark/target/job}:
 * org.schedlab.spark.jar and the plain-Java bundles with their dependencies), started with
 * {@code $SPARK_HOME/bin/spark-submit} when SPARK_HOME names a Spark installation, otherwise with the Spark runtime
 * the build assembles ({@code releng/org.schedlab.spark.runtime/target/spark-home}) through Spark's own launcher,
 * which adds the JVM options Spark needs, as spark-submit does. The driver runs on this command's Java (>= 21).
 */
final class SparkLaunch {
    static final String DRIVER_CLASS = "org.schedlab.spark.SparkSweep";
    static final String JOB_JAR = "org.schedlab.spark.jar";

    private SparkLaunch() {
    }

    /**
     * Fails at once when {@code master} is a standalone master URL none of whose masters accepts a connection
     * (the driver would find out only after starting Spark, half a minute later on a busy machine).
     */
    static void requireReachable(String master) {
        if (!master.startsWith("spark://")) {
            return; // local[N], yarn, k8s://...: Spark reports those
        }
        String why = null;
        for (String hostPort : master.substring("spark://".length()).split(",")) {
            java.net.URI uri = java.net.URI.create("spark://" + hostPort);
            if (uri.getHost() == null || uri.getPort() < 0) {
                throw new InputException("bad master URL " + master + ": expected spark://HOST:PORT");
            }
            try (java.net.Socket socket = new java.net.Socket()) {
                socket.connect(new java.net.InetSocketAddress(uri.getHost(), uri.getPort()), 5000);
                return;
            } catch (IOException e) {
                why = e.getMessage();
            }
        }
        throw new InputException("cannot reach the Spark master at " + master + " (" + why + "); is it running?");
    }

    /** @return the job folder: SCHEDLAB_SPARK_JOB, else the build's, under schedlab.home */
    static Path jobDir() {
        Path dir = located("SCHEDLAB_SPARK_JOB", "releng/org.schedlab.spark/target/job");
        if (!Files.isRegularFile(dir.resolve(JOB_JAR))) {
            throw new InputException("no Spark job at " + dir + " (" + JOB_JAR + " and the jars it needs): build it"
                    + " with ./mvnw -B verify -DskipTests, or set SCHEDLAB_SPARK_JOB to the folder");
        }
        return dir;
    }

    /** @return the Spark runtime the build assembles, for machines without SPARK_HOME */
    static Path builtRuntime() {
        Path home = located("SCHEDLAB_SPARK_RUNTIME", "releng/org.schedlab.spark.runtime/target/spark-home");
        try (Stream<Path> jars = Files.list(home.resolve("jars"))) {
            if (jars.anyMatch(p -> p.getFileName().toString().startsWith("spark-launcher"))) {
                return home;
            }
        } catch (IOException e) {
            // below
        }
        throw new InputException("no Spark found: SPARK_HOME is not set and the Spark runtime of the build is not at "
                + home + "; build it with ./mvnw -B verify -DskipTests, or set SPARK_HOME to a Spark 4 installation");
    }

    private static Path located(String variable, String inBuild) {
        String set = System.getenv(variable);
        if (set != null && !set.isBlank()) {
            return Path.of(set);
        }
        return Path.of(System.getProperty("schedlab.home", ".")).resolve(inBuild);
    }

    /**
     * @return the environment of the child: Spark's variables and this command's Java; for a master on this machine
     *         (local[N], spark://127.0.0.1 or localhost) also SPARK_LOCAL_IP, so that Spark does not look for a
     *         network address (and warn that the host name resolves to 127.0.0.1)
     */
    static Map<String, String> environment(Path sparkHome, String master) {
        Map<String, String> env = new java.util.HashMap<>(Map.of("SPARK_HOME", sparkHome.toString(),
                "SPARK_SCALA_VERSION", "2.13", "JAVA_HOME", System.getProperty("java.home")));
        if (master.startsWith("local") || master.matches("spark://(127\\.0\\.0\\.1|localhost)(:\\d+)?")) {
            env.put("SPARK_LOCAL_IP", "127.0.0.1");
        }
        return env;
    }

    /**
     * @param driverArgs the driver's arguments (FILE and options)
     * @return the command that submits the driver to {@code master} in client mode
     */
    static List<String> command(String master, Path job, List<String> driverArgs) {
        List<String> submit = new ArrayList<>(List.of("--master", master, "--class", DRIVER_CLASS, "--jars",
                dependencies(job), job.resolve(JOB_JAR).toString()));
        submit.addAll(driverArgs);
        String sparkHome = System.getenv("SPARK_HOME");
        if (sparkHome != null && !sparkHome.isBlank()) {
            Path script = Path.of(sparkHome, "bin", "spark-submit");
            if (!Files.isExecutable(script)) {
                throw new InputException("SPARK_HOME is " + sparkHome + " but it has no bin/spark-submit");
            }
            List<String> c = new ArrayList<>(List.of(script.toString()));
            c.addAll(submit);
            return c;
        }
        Path home = builtRuntime();
        List<String> c = new ArrayList<>(List.of(java(), "-cp", home.resolve("jars") + "/*",
                "org.apache.spark.launcher.Main", "org.apache.spark.deploy.SparkSubmit"));
        c.addAll(submit);
        return launcherOutput(c, home, master);
    }

    /** Runs Spark's launcher (as bin/spark-class does) and answers with the Java command it prints. */
    private static List<String> launcherOutput(List<String> launcher, Path home, String master) {
        try {
            ProcessBuilder pb = new ProcessBuilder(launcher).redirectError(ProcessBuilder.Redirect.INHERIT);
            pb.environment().putAll(environment(home, master));
            Process p = pb.start();
            byte[] out = readAll(p.getInputStream());
            if (p.waitFor() != 0) {
                throw new InputException("Spark's launcher in " + home + " failed (exit " + p.exitValue() + ")");
            }
            return Arrays.stream(new String(out, StandardCharsets.UTF_8).split("\0"))
                    .map(s -> s.replaceAll("^\n+|\n+$", "")).filter(s -> !s.isEmpty()).toList();
        } catch (IOException e) {
            throw new InputException("cannot start Spark's launcher: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InputException("interrupted while starting Spark");
        }
    }

    private static byte[] readAll(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        in.transferTo(b);
        return b.toByteArray();
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** @return the job's jars but the driver's own, comma-separated (spark-submit's --jars) */
    private static String dependencies(Path job) {
        try (Stream<Path> s = Files.list(job)) {
            return s.filter(p -> p.toString().endsWith(".jar") && !p.getFileName().toString().equals(JOB_JAR))
                    .sorted().map(Path::toString).collect(Collectors.joining(","));
        } catch (IOException e) {
            throw new InputException("cannot list the Spark job at " + job + ": " + e.getMessage());
        }
    }
}
