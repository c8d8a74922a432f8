/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Writes files so that readers see either the old file or the complete new one: the content goes to a
 * temporary file in the target's folder ({@code .name.*.tmp}), is forced to disk, and is renamed over
 * the target in one atomic step. If the writer throws or the write is cancelled, the temporary file is
 * deleted and the target is untouched.
 */
public final class AtomicFiles {
    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    private AtomicFiles() {
    }

    /** What to write. */
    @FunctionalInterface
    public interface Content {
        /** Writes the whole content to {@code out} (the caller closes it). */
        void writeTo(OutputStream out) throws IOException;
    }

    /** Writes {@code content} to {@code target} atomically. */
    public static void write(Path target, Content content) throws IOException {
        write(target, content, () -> false);
    }

    /** Writes {@code text} (UTF-8) to {@code target} atomically. */
    public static void writeString(Path target, String text) throws IOException {
        write(target, out -> out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
    }

    /**
     * Writes {@code content} to {@code target} atomically unless {@code cancelled} says so before the rename.
     *
     * @throws CancellationException when cancelled (nothing was written, the target is untouched)
     * @throws IOException           when writing fails (the target is untouched)
     */
    public static void write(Path target, Content content, BooleanSupplier cancelled) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        Files.createDirectories(dir);
        Path tmp = dir.resolve("." + abs.getFileName() + "." + Long.toHexString(RANDOM.nextLong()) + ".tmp");
        // CREATE_NEW with default attributes: the file gets the usual permissions (umask), unlike
        // Files.createTempFile's owner-only ones, and a name clash fails instead of sharing a file
        FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW);
        boolean moved = false;
        try {
            try (ch;
                 OutputStream out = new BufferedOutputStream(Channels.newOutputStream(ch))) {
                content.writeTo(out);
                out.flush();
                ch.force(true);
            }
            if (cancelled.getAsBoolean()) {
                throw new CancellationException("cancelled: " + target + " not written");
            }
            move(tmp, abs);
            moved = true;
        } finally {
            if (!moved) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    private static void move(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the file system of " + target.getParent() + " cannot rename atomically", e);
        }
    }
}
