/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** {@link Shell} on the real machine: {@link ProcessBuilder}, output read concurrently, a timeout per command. */
public final class SystemShell implements Shell {

    @Override
    public Output run(List<String> command, Duration timeout) {
        String line = Shell.line(command);
        if (!has(command.get(0))) {
            throw new HostException(command.get(0) + " is not installed (needed for: " + line + ")", command.get(0));
        }
        try {
            Process p = new ProcessBuilder(command).start();
            p.getOutputStream().close();
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                throw new HostException(line + " did not finish within " + timeout.toSeconds() + " s");
            }
            return new Output(line, p.exitValue(), out.join(), err.join());
        } catch (IOException e) {
            throw new HostException("cannot run " + line + ": " + e.getMessage(), command.get(0));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HostException("interrupted while running " + line);
        }
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public boolean has(String program) {
        if (program.contains("/")) {
            return Files.isExecutable(Path.of(program));
        }
        String path = System.getenv().getOrDefault("PATH", "/usr/bin:/bin");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}
