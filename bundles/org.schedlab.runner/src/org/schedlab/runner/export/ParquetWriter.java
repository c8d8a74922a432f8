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
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A small Apache Parquet writer for flat tables, without dependencies: one row group, one uncompressed PLAIN data
 * page (format v1) per column, text columns as UTF-8 BYTE_ARRAY, numbers as DOUBLE or INT64, each column optional
 * (a null is a missing value, written as definition level 0). The footer is Thrift compact protocol, as the format
 * specifies (github.com/apache/parquet-format). Enough for a sweep's results, which a data scientist opens with
 * pandas, Polars, DuckDB or Spark; not a general writer (no nesting, compression, dictionaries or statistics).
 */
public final class ParquetWriter {
    /** A column's physical type. */
    public enum Type {
        /** UTF-8 text (BYTE_ARRAY, logical type STRING). */
        STRING(6),
        /** 64-bit IEEE 754. */
        DOUBLE(5),
        /** 64-bit signed integer. */
        INT64(2);

        final int id;

        Type(int id) {
            this.id = id;
        }
    }

    /**
     * One column.
     *
     * @param name   its name
     * @param type   its type
     * @param values one per row: String, Double or Long by type, or null for a missing value
     */
    public record Column(String name, Type type, List<?> values) {
        public Column {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(type, "type");
            values = java.util.Collections.unmodifiableList(new ArrayList<>(values));
        }
    }

    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

    private ParquetWriter() {
    }

    /** Writes {@code columns} (all of the same length) as one Parquet file to {@code out}. */
    public static void write(List<Column> columns, OutputStream out) throws IOException {
        long rows = columns.isEmpty() ? 0 : columns.get(0).values().size();
        for (Column c : columns) {
            if (c.values().size() != rows) {
                throw new IllegalArgumentException("column " + c.name() + " has " + c.values().size() + " values, not "
                        + rows);
            }
        }
        CountingStream file = new CountingStream(out);
        file.write(MAGIC);
        List<long[]> chunks = new ArrayList<>(); // offset, size
        for (Column c : columns) {
            byte[] page = page(c);
            Thrift header = new Thrift();
            header.i32(1, 0); // DATA_PAGE
            header.i32(2, page.length);
            header.i32(3, page.length);
            header.structBegin(5); // DataPageHeader
            header.i32(1, (int) rows);
            header.i32(2, 0); // PLAIN
            header.i32(3, 3); // definition levels: RLE
            header.i32(4, 3); // repetition levels: RLE
            header.structEnd();
            header.stop();
            long offset = file.count;
            file.write(header.bytes());
            file.write(page);
            chunks.add(new long[] {offset, file.count - offset});
        }
        byte[] footer = footer(columns, rows, chunks);
        file.write(footer);
        file.write(new byte[] {(byte) footer.length, (byte) (footer.length >>> 8), (byte) (footer.length >>> 16),
                (byte) (footer.length >>> 24)});
        file.write(MAGIC);
        file.flush();
    }

    /** @return the page: definition levels (length-prefixed RLE, bit width 1), then the present values, PLAIN */
    private static byte[] page(Column c) {
        ByteArrayOutputStream levels = new ByteArrayOutputStream();
        List<?> v = c.values();
        int i = 0;
        while (i < v.size()) {
            boolean present = v.get(i) != null;
            int run = 1;
            while (i + run < v.size() && (v.get(i + run) != null) == present) {
                run++;
            }
            Thrift.varint(levels, (long) run << 1); // an RLE run
            levels.write(present ? 1 : 0);
            i += run;
        }
        ByteArrayOutputStream page = new ByteArrayOutputStream();
        int n = levels.size();
        page.write(n);
        page.write(n >>> 8);
        page.write(n >>> 16);
        page.write(n >>> 24);
        page.writeBytes(levels.toByteArray());
        for (Object o : v) {
            if (o == null) {
                continue;
            }
            switch (c.type()) {
                case STRING -> {
                    byte[] b = o.toString().getBytes(StandardCharsets.UTF_8);
                    littleEndian(page, b.length, 4);
                    page.writeBytes(b);
                }
                case DOUBLE -> littleEndian(page, Double.doubleToRawLongBits(((Number) o).doubleValue()), 8);
                case INT64 -> littleEndian(page, ((Number) o).longValue(), 8);
            }
        }
        return page.toByteArray();
    }

    private static byte[] footer(List<Column> columns, long rows, List<long[]> chunks) {
        Thrift t = new Thrift();
        t.i32(1, 1); // version
        t.listBegin(2, 12, columns.size() + 1); // schema: the root, then one leaf per column
        t.elementBegin();
        t.string(4, "schema");
        t.i32(5, columns.size());
        t.structEnd();
        for (Column c : columns) {
            t.elementBegin();
            t.i32(1, c.type().id);
            t.i32(3, 1); // OPTIONAL
            t.string(4, c.name());
            if (c.type() == Type.STRING) {
                t.i32(6, 0); // converted type UTF8
                t.structBegin(10); // logicalType
                t.structBegin(1); // STRING
                t.structEnd();
                t.structEnd();
            }
            t.structEnd();
        }
        t.i64(3, rows);
        t.listBegin(4, 12, 1); // one row group
        t.elementBegin();
        t.listBegin(1, 12, columns.size());
        long total = 0;
        for (int i = 0; i < columns.size(); i++) {
            Column c = columns.get(i);
            long[] chunk = chunks.get(i);
            total += chunk[1];
            t.elementBegin(); // ColumnChunk
            t.i64(2, chunk[0] + chunk[1]);
            t.structBegin(3); // ColumnMetaData
            t.i32(1, c.type().id);
            t.listBegin(2, 5, 2); // encodings: PLAIN, RLE
            t.rawVarint32(0);
            t.rawVarint32(3);
            t.listBegin(3, 8, 1);
            t.rawString(c.name());
            t.i32(4, 0); // UNCOMPRESSED
            t.i64(5, rows);
            t.i64(6, chunk[1]);
            t.i64(7, chunk[1]);
            t.i64(9, chunk[0]);
            t.structEnd();
            t.structEnd();
        }
        t.i64(2, total);
        t.i64(3, rows);
        t.structEnd();
        t.string(6, "schedlab");
        t.stop();
        return t.bytes();
    }

    private static void littleEndian(ByteArrayOutputStream out, long v, int bytes) {
        for (int i = 0; i < bytes; i++) {
            out.write((int) (v >>> (8 * i)));
        }
    }

    /** An output stream that counts the bytes written. */
    private static final class CountingStream extends OutputStream {
        private final OutputStream out;
        long count;

        CountingStream(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }
    }
}
