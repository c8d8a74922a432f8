/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.spark;

/** Turns a failed Spark job into one line a user can act on. */
final class Failures {
    private Failures() {
    }

    static String explain(Throwable e) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            all.append(t).append('\n');
        }
        String first = String.valueOf(e.getMessage()).lines().findFirst().orElse(e.toString());
        if (all.indexOf("UnsupportedClassVersionError") >= 0) {
            return "the executors run a Java older than 21; SchedLab's classes need a JDK >= 21 on every worker"
                    + " (JAVA_HOME in the workers' conf/spark-env.sh)";
        }
        if (all.indexOf("ClassNotFoundException: org.schedlab") >= 0) {
            return "the executors do not have the SchedLab job jars (spark.jars): " + first;
        }
        return first;
    }
}
