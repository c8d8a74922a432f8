/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.export;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;

/** The Thrift compact protocol's encoding of structs, as Parquet's footer and page headers use it. */
final class Thrift {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final Deque<Integer> outer = new ArrayDeque<>();
    private int lastId;

    void i32(int id, int v) {
        field(id, 5);
        varint(out, zigzag(v));
    }

    void i64(int id, long v) {
        field(id, 6);
        varint(out, zigzag(v));
    }

    void string(int id, String s) {
        field(id, 8);
        rawString(s);
    }

    /** Starts a struct-valued field. */
    void structBegin(int id) {
        field(id, 12);
        elementBegin();
    }

    /** Starts a struct that is an element of a list. */
    void elementBegin() {
        outer.push(lastId);
        lastId = 0;
    }

    /** Ends the current struct. */
    void structEnd() {
        out.write(0);
        lastId = outer.pop();
    }

    /** Ends the top-level struct. */
    void stop() {
        out.write(0);
    }

    /** Starts a list field of {@code size} elements of compact type {@code elementType}. */
    void listBegin(int id, int elementType, int size) {
        field(id, 9);
        if (size < 15) {
            out.write(size << 4 | elementType);
        } else {
            out.write(0xf0 | elementType);
            varint(out, size);
        }
    }

    /** An i32 list element. */
    void rawVarint32(int v) {
        varint(out, zigzag(v));
    }

    /** A string list element. */
    void rawString(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        varint(out, b.length);
        out.writeBytes(b);
    }

    byte[] bytes() {
        return out.toByteArray();
    }

    private void field(int id, int type) {
        int delta = id - lastId;
        if (delta > 0 && delta <= 15) {
            out.write(delta << 4 | type);
        } else {
            out.write(type);
            varint(out, zigzag(id));
        }
        lastId = id;
    }

    private static long zigzag(long v) {
        return (v << 1) ^ (v >> 63);
    }

    /** Writes {@code v} as an unsigned LEB128 varint. */
    static void varint(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7fL) != 0) {
            out.write((int) ((v & 0x7f) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }
}
