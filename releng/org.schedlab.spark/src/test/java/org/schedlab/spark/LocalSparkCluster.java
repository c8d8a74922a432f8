/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Spark standalone cluster on 127.0.0.1 for the tests: a master and workers as child JVMs of this test's Java
 * (>= 21), started from the Spark runtime the build assembles (releng/org.schedlab.spark.runtime/target/spark-home)
 * with the command Spark's launcher builds, as bin/spark-class does. Every port is a free one; {@link #close} kills
 * every process it started, with their children (the executors).
 */
final class LocalSparkCluster implements AutoCloseable {
    private final Path sparkHome;
    private final Path dir;
    private final List<Process> processes = new ArrayList<>();
    private final int masterPort = freePort();
    private final int masterUiPort = freePort();

    LocalSparkCluster(Path sparkHome, Path dir) {
        this.sparkHome = sparkHome;
        this.dir = dir;
    }

    String masterUrl() {
        return "spark://127.0.0.1:" + masterPort;
    }

    void startMaster() throws IOException, InterruptedException {
        start("master", "org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
                Integer.toString(masterPort), "--webui-port", Integer.toString(masterUiPort));
    }

    /** Starts a worker of one core and 1 GB and waits until the master counts {@code aliveAfter} workers. */
    Process startWorker(String name, int aliveAfter) throws IOException, InterruptedException {
        Path work = Files.createDirectories(dir.resolve(name));
        Process p = start(name, "org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--cores", "1",
                "--memory", "1g", "--webui-port", Integer.toString(freePort()), "--work-dir", work.toString(),
                masterUrl());
        long deadline = System.nanoTime() + 90_000_000_000L;
        while (aliveWorkers() < aliveAfter) {
            if (System.nanoTime() > deadline || !p.isAlive()) {
                throw new IllegalStateException(name + " did not register with the master: " + log(name));
            }
            Thread.sleep(200);
        }
        return p;
    }

    /** Starts {@code mainClass} with Spark's JVM options, its output in {@code NAME.log}. */
    Process start(String name, String mainClass, String... args) throws IOException, InterruptedException {
        List<String> launcher = new ArrayList<>(List.of(java(), "-cp", sparkHome.resolve("jars") + "/*",
                "org.apache.spark.launcher.Main", mainClass));
        launcher.addAll(Arrays.asList(args));
        ProcessBuilder lb = new ProcessBuilder(launcher).redirectError(ProcessBuilder.Redirect.INHERIT);
        lb.environment().putAll(environment());
        Process l = lb.start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        l.getInputStream().transferTo(out);
        if (l.waitFor() != 0) {
            throw new IllegalStateException("Spark's launcher failed for " + mainClass);
        }
        List<String> command = Arrays.stream(out.toString(StandardCharsets.UTF_8).split("\0"))
                .map(s -> s.replaceAll("^\n+|\n+$", "")).filter(s -> !s.isEmpty()).toList();
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile());
        pb.environment().putAll(environment());
        Process p = pb.start();
        processes.add(p);
        if (mainClass.endsWith(".Master")) {
            waitForPort(masterUiPort, p, name);
        }
        return p;
    }

    String log(String name) {
        try {
            List<String> lines = Files.readAllLines(dir.resolve(name + ".log"));
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** Kills {@code p} and its children at once (SIGKILL), as a machine that dies. */
    static void kill(Process p) throws InterruptedException {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        p.waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        for (Process p : processes.reversed()) {
            kill(p);
        }
    }

    Map<String, String> environment() {
        return Map.of("SPARK_HOME", sparkHome.toString(), "SPARK_SCALA_VERSION", "2.13", "JAVA_HOME",
                System.getProperty("java.home"), "SPARK_LOCAL_IP", "127.0.0.1", "SPARK_LOCAL_DIRS",
                dir.toString());
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private int aliveWorkers() {
        try {
            HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + masterUiPort + "/json/")).build(),
                    HttpResponse.BodyHandlers.ofString());
            Matcher m = Pattern.compile("\"aliveworkers\"\\s*:\\s*(\\d+)").matcher(r.body());
            return m.find() ? Integer.parseInt(m.group(1)) : 0;
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        }
    }

    private void waitForPort(int port, Process p, String name) throws InterruptedException {
        long deadline = System.nanoTime() + 90_000_000_000L;
        while (System.nanoTime() < deadline && p.isAlive()) {
            try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(200);
            }
        }
        throw new IllegalStateException(name + " did not start: " + log(name));
    }

    static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port", e);
        }
    }
}
