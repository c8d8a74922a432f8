/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The temporary folder profile-host and validate-host build and run their helpers in. */
final class HostCommands {

    private HostCommands() {
    }

    static Path tempDir() {
        try {
            return Files.createTempDirectory("schedlab-host-");
        } catch (IOException e) {
            throw new InputException("cannot create a temporary folder: " + e.getMessage());
        }
    }

    static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind is not worth failing the command for
        }
    }
}
