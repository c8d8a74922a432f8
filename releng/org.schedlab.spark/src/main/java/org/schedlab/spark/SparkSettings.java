/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.SparkConf;

/**
 * The Spark settings of a sweep: what spark-submit passed (master, jars, the user's spark-defaults.conf), plus
 * defaults that suit short independent tasks.
 */
final class SparkSettings {
    private SparkSettings() {
    }

    static SparkConf conf(Path file) {
        SparkConf conf = new SparkConf();
        conf.setIfMissing("spark.app.name", "schedlab sweep " + file.getFileName());
        // a task lost with its executor is run again; a few losses in a row are no reason to give up the sweep
        conf.setIfMissing("spark.task.maxFailures", "8");
        if (!conf.contains("spark.jars")) {
            conf.set("spark.jars", jobJars()); // started with plain java rather than spark-submit
        }
        String master = conf.get("spark.master", "");
        if (MasterCheck.isLoopback(master)) {
            conf.setIfMissing("spark.driver.host", "127.0.0.1");
            conf.setIfMissing("spark.driver.bindAddress", "127.0.0.1");
        }
        return conf;
    }

    /** @return the jars of the job folder this class was loaded from, comma-separated */
    static String jobJars() {
        try {
            Path jar = Path.of(SparkSettings.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(jar)) {
                return "";
            }
            try (Stream<Path> s = Files.list(jar.getParent())) {
                return s.filter(p -> p.toString().endsWith(".jar")).sorted().map(Path::toString)
                        .collect(Collectors.joining(","));
            }
        } catch (URISyntaxException e) {
            return "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
