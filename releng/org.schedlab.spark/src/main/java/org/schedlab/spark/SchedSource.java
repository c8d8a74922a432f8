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
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A .sched file as the executors receive it: its text and the text of every file it imports (transitively), each
 * under its absolute path on the driver, with the path as given on the command line and the file's SHA-256. An
 * executor writes the texts under a temporary folder at the same absolute paths, so that relative imports resolve
 * as on the driver, and loads the copy of the file. The library workloads ({@code lib/*.sched}) come with the dsl
 * bundle in the job and are not shipped.
 */
public final class SchedSource implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final Pattern IMPORT = Pattern.compile("(?m)^\\s*import\\s+\"([^\"]+)\"");

    private final String file;
    private final String hash;
    private final LinkedHashMap<String, byte[]> texts;

    private SchedSource(String file, String hash, LinkedHashMap<String, byte[]> texts) {
        this.file = file;
        this.hash = hash;
        this.texts = texts;
    }

    /**
     * Reads {@code file} and the files it imports.
     *
     * @param hash the SHA-256 of {@code file}'s bytes (the plans' {@code sourceHash})
     */
    public static SchedSource read(Path file, String hash) throws IOException {
        LinkedHashMap<String, byte[]> texts = new LinkedHashMap<>();
        Deque<Path> todo = new ArrayDeque<>();
        todo.add(file.toAbsolutePath().normalize());
        while (!todo.isEmpty()) {
            Path f = todo.poll();
            if (texts.containsKey(f.toString()) || !Files.isRegularFile(f)) {
                continue;
            }
            byte[] bytes = Files.readAllBytes(f);
            texts.put(f.toString(), bytes);
            Matcher m = IMPORT.matcher(new String(bytes, StandardCharsets.UTF_8));
            while (m.find()) {
                Path parent = f.getParent();
                todo.add((parent == null ? Path.of(m.group(1)) : parent.resolve(m.group(1))).normalize());
            }
        }
        return new SchedSource(file.toString(), hash, texts);
    }

    /** @return the file as given on the driver's command line (the plans' {@code source}) */
    public Path file() {
        return Path.of(file);
    }

    /** @return the SHA-256 of the file */
    public String hash() {
        return hash;
    }

    /** @return the absolute paths of the shipped files and their bytes, the file first */
    public Map<String, byte[]> texts() {
        return java.util.Collections.unmodifiableMap(texts);
    }

    /**
     * Writes every file under {@code root} at its absolute path.
     *
     * @return the copy of the file
     */
    public Path writeUnder(Path root) {
        Path main = null;
        try {
            for (Map.Entry<String, byte[]> e : texts.entrySet()) {
                Path target = root.resolve(Path.of(e.getKey()).getRoot().relativize(Path.of(e.getKey())));
                Files.createDirectories(target.getParent());
                Files.write(target, e.getValue());
                if (main == null) {
                    main = target;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the .sched files under " + root, e);
        }
        return main;
    }
}
