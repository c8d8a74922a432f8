/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.tests;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A test-only reader of flat, uncompressed, PLAIN-encoded Parquet files, written from the format specification
 * (Thrift compact footer, data page v1, RLE definition levels), to read back what ParquetWriter wrote: column
 * name, physical type and values (null for a missing one).
 */
final class ParquetReader {
    /** A column read back: its name, its Parquet physical type number and its values. */
    record Column(String name, int type, List<Object> values) {
    }

    private final ByteBuffer buf;
    private int pos;

    private ParquetReader(byte[] file) {
        this.buf = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    }

    static Map<String, Column> read(byte[] file) {
        String head = new String(file, 0, 4, StandardCharsets.US_ASCII);
        String tail = new String(file, file.length - 4, 4, StandardCharsets.US_ASCII);
        if (!head.equals("PAR1") || !tail.equals("PAR1")) {
            throw new IllegalArgumentException("not a Parquet file");
        }
        ParquetReader r = new ParquetReader(file);
        int footerLength = r.buf.getInt(file.length - 8);
        r.pos = file.length - 8 - footerLength;
        Map<Integer, Object> meta = r.struct();
        @SuppressWarnings("unchecked")
        List<Map<Integer, Object>> schema = (List<Map<Integer, Object>>) meta.get(2);
        @SuppressWarnings("unchecked")
        Map<Integer, Object> group = ((List<Map<Integer, Object>>) meta.get(4)).get(0);
        @SuppressWarnings("unchecked")
        List<Map<Integer, Object>> chunks = (List<Map<Integer, Object>>) group.get(1);
        long rows = (Long) meta.get(3);
        Map<String, Column> out = new LinkedHashMap<>();
        for (int i = 0; i < chunks.size(); i++) {
            Map<Integer, Object> leaf = schema.get(i + 1);
            String name = new String((byte[]) leaf.get(4), StandardCharsets.UTF_8);
            int type = ((Long) leaf.get(1)).intValue();
            @SuppressWarnings("unchecked")
            Map<Integer, Object> cm = (Map<Integer, Object>) chunks.get(i).get(3);
            r.pos = ((Long) cm.get(9)).intValue();
            r.struct(); // page header
            out.put(name, new Column(name, type, r.values(type, (int) rows)));
        }
        return out;
    }

    private List<Object> values(int type, int rows) {
        int levelsLength = buf.getInt(pos);
        pos += 4;
        int end = pos + levelsLength;
        boolean[] present = new boolean[rows];
        int i = 0;
        while (pos < end) {
            long header = varint();
            if ((header & 1) != 0) {
                throw new IllegalArgumentException("bit-packed levels are not read here");
            }
            int run = (int) (header >>> 1);
            boolean value = buf.get(pos++) != 0;
            for (int k = 0; k < run; k++) {
                present[i++] = value;
            }
        }
        List<Object> out = new ArrayList<>();
        for (boolean p : present) {
            if (!p) {
                out.add(null);
            } else if (type == 6) {
                int n = buf.getInt(pos);
                out.add(new String(buf.array(), pos + 4, n, StandardCharsets.UTF_8));
                pos += 4 + n;
            } else if (type == 5) {
                out.add(buf.getDouble(pos));
                pos += 8;
            } else {
                out.add(buf.getLong(pos));
                pos += 8;
            }
        }
        return out;
    }

    private Map<Integer, Object> struct() {
        Map<Integer, Object> fields = new LinkedHashMap<>();
        int last = 0;
        while (true) {
            int b = buf.get(pos++) & 0xff;
            if (b == 0) {
                return fields;
            }
            int delta = b >>> 4;
            int type = b & 0x0f;
            int id = delta != 0 ? last + delta : (int) unzigzag(varint());
            fields.put(id, value(type));
            last = id;
        }
    }

    private Object value(int type) {
        return switch (type) {
            case 1 -> Boolean.TRUE;
            case 2 -> Boolean.FALSE;
            case 3 -> (long) buf.get(pos++);
            case 4, 5, 6 -> unzigzag(varint());
            case 7 -> {
                double d = buf.getDouble(pos);
                pos += 8;
                yield d;
            }
            case 8 -> {
                int n = (int) varint();
                byte[] b = new byte[n];
                System.arraycopy(buf.array(), pos, b, 0, n);
                pos += n;
                yield b;
            }
            case 9 -> {
                int h = buf.get(pos++) & 0xff;
                int size = h >>> 4 == 15 ? (int) varint() : h >>> 4;
                List<Object> l = new ArrayList<>();
                for (int k = 0; k < size; k++) {
                    l.add(value(h & 0x0f));
                }
                yield l;
            }
            case 12 -> struct();
            default -> throw new IllegalArgumentException("Thrift type " + type + " is not read here");
        };
    }

    private long varint() {
        long v = 0;
        for (int shift = 0;; shift += 7) {
            int b = buf.get(pos++) & 0xff;
            v |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
        }
    }

    private static long unzigzag(long v) {
        return (v >>> 1) ^ -(v & 1);
    }
}
