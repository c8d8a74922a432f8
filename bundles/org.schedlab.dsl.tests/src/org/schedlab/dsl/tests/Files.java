/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Finds the repository's .sched files from the test's working directory (the test bundle, or the repository). */
final class Files {

    private Files() {
    }

    /** @return the repository root: the first ancestor with bundles/org.schedlab.dsl/lib */
    static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (java.nio.file.Files.isDirectory(p.resolve("bundles/org.schedlab.dsl/lib"))) {
                return p;
            }
        }
        throw new IllegalStateException("run the tests inside the repository (no bundles/org.schedlab.dsl/lib above "
                + Path.of("").toAbsolutePath() + ")");
    }

    static List<Path> library() {
        return sched(root().resolve("bundles/org.schedlab.dsl/lib"));
    }

    static List<Path> examples() {
        return sched(root().resolve("examples"));
    }

    private static List<Path> sched(Path dir) {
        try (Stream<Path> s = java.nio.file.Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".sched")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
