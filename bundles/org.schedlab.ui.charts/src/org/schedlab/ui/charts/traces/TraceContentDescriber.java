/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.ui.charts.traces;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

import org.eclipse.core.runtime.QualifiedName;
import org.eclipse.core.runtime.content.IContentDescription;
import org.eclipse.core.runtime.content.ITextContentDescriber;

/**
 * Tells a trace file by its first 8 KB, so that a {@code .txt} or {@code .json} file opens in the trace timeline only
 * when it is one. {@code ftrace} (the default): the tracefs header {@code # tracer:}, trace-cmd report's
 * {@code cpus=N}, or an event line {@code TASK-PID [CPU] ... SECONDS.MICROS: EVENT:}. {@code json}: a Chrome trace
 * event document, {@code "traceEvents"} near its start.
 */
public class TraceContentDescriber implements ITextContentDescriber {

    private static final int HEAD = 8192;
    private static final Pattern EVENT_LINE = Pattern
            .compile("^\\s*\\S.*-\\d+\\s+(\\([ \\d-]+\\)\\s+)?\\[\\d+\\].*\\s\\d+\\.\\d+: [\\w:]+:.*");

    private final boolean json;

    /** The ftrace describer. */
    public TraceContentDescriber() {
        this(false);
    }

    TraceContentDescriber(boolean json) {
        this.json = json;
    }

    /** The Chrome trace JSON describer. */
    public static final class Json extends TraceContentDescriber {
        public Json() {
            super(true);
        }
    }

    @Override
    public int describe(InputStream contents, IContentDescription description) throws IOException {
        return describe(new InputStreamReader(contents, StandardCharsets.UTF_8), description);
    }

    @Override
    public int describe(Reader contents, IContentDescription description) throws IOException {
        char[] buf = new char[HEAD];
        int n = 0;
        for (int r; n < HEAD && (r = contents.read(buf, n, HEAD - n)) > 0;) {
            n += r;
        }
        String head = new String(buf, 0, n);
        return (json ? isChromeTrace(head) : isFtrace(head)) ? VALID : INVALID;
    }

    /** @return whether {@code head}, a file's start, is a Chrome trace event document */
    public static boolean isChromeTrace(String head) {
        return head.stripLeading().startsWith("{") && head.contains("\"traceEvents\"");
    }

    /** @return whether {@code head}, a file's start, is ftrace text */
    public static boolean isFtrace(String head) {
        String[] lines = head.split("\n");
        for (int i = 0; i < lines.length && i < 40; i++) {
            String s = lines[i].strip();
            if (s.startsWith("# tracer:") || s.matches("cpus=\\d+") || EVENT_LINE.matcher(lines[i]).matches()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public QualifiedName[] getSupportedOptions() {
        return new QualifiedName[0];
    }
}
