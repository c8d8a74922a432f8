/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.runner;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The values of a swept parameter as the cells' labels carry them ({@code 64}, {@code 150 cycles},
 * {@code 1500000 ns}): numbers in one unit, or text. The Parquet columns and the workbench's sweep chart read them
 * so.
 */
public final class ParameterValues {
    private static final Pattern NUMBER = Pattern.compile("(-?[0-9]+(?:\\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)(?: (\\S+))?");

    /**
     * Numbers in one unit.
     *
     * @param unit   their unit ({@code ""} for plain counts)
     * @param values one per value given, null where the value was null
     */
    public record Numbers(String unit, List<Double> values) {
        public Numbers {
            values = Collections.unmodifiableList(new ArrayList<>(values));
        }
    }

    private ParameterValues() {
    }

    /** @return the values as numbers when every non-null one is a number with the same unit, else empty */
    public static Optional<Numbers> numbers(List<String> values) {
        String unit = null;
        List<Double> numbers = new ArrayList<>();
        for (String v : values) {
            if (v == null) {
                numbers.add(null);
                continue;
            }
            Matcher m = NUMBER.matcher(v);
            String u = m.matches() ? (m.group(2) == null ? "" : m.group(2)) : null;
            if (u == null || (unit != null && !unit.equals(u))) {
                return Optional.empty();
            }
            unit = u;
            numbers.add(Double.parseDouble(m.group(1)));
        }
        return Optional.of(new Numbers(unit == null ? "" : unit, numbers));
    }
}
