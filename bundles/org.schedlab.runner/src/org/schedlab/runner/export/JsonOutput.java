/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner.export;

import com.google.gson.FormattingStyle;
import com.google.gson.stream.JsonWriter;
import java.io.Writer;
import java.math.BigDecimal;

/**
 * The two things SchedLab's JSON files add to Gson's streaming {@link JsonWriter}: a writer set up the same way
 * for every export, and the number format. A double that is a whole number below 10^15 is written without a
 * fraction ({@code 12}, not {@code 12.0}); any other finite double in its shortest decimal form
 * ({@link BigDecimal#valueOf(double)}); NaN and the infinities, which JSON cannot express, as {@code null}.
 */
public final class JsonOutput {
    private JsonOutput() {
    }

    /**
     * A Gson writer on {@code out}: strict JSON, {@code null} members kept.
     *
     * @param readable two-space indentation, one member per line (result files people open); otherwise one
     *                 line with no spaces (traces with many thousands of events)
     */
    public static JsonWriter writer(Writer out, boolean readable) {
        JsonWriter j = new JsonWriter(out);
        j.setFormattingStyle(readable ? FormattingStyle.PRETTY : FormattingStyle.COMPACT);
        j.setSerializeNulls(true);
        j.setHtmlSafe(false);
        return j;
    }

    /** {@code v} as the number to hand to {@link JsonWriter#value(Number)}: {@code null} when not finite. */
    public static Number number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return null;
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return (long) v;
        }
        return BigDecimal.valueOf(v);
    }
}
