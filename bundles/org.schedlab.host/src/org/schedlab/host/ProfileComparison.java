/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Two host profiles of one machine side by side ({@code profile-host --against FILE}): every cost key both give, its
 * two values and their ratio, and whether they agree within 10 % (a key that is 0 in both agrees). How far a machine's
 * own figures move from one profile to the next is what a simulated figure's agreement with the machine can rest on.
 *
 * @param key   the cost key
 * @param now   this profile's value, in its unit
 * @param other the other profile's value
 * @param unit  cycles or ns
 */
public record ProfileComparison(String key, long now, long other, String unit) {

    private static final Pattern COST = Pattern.compile("(?m)^\\s*cost\\s+(\\w+)\\s*=\\s*(\\d+)\\s*(\\w+)");
    private static final Pattern TAGS = Pattern.compile("(?m)^\\s*tlb\\s+tags\\s+(\\d+)");

    /** @return now / other, 1 when both are 0, infinity when only the other is */
    public double ratio() {
        return other == 0 ? (now == 0 ? 1 : Double.POSITIVE_INFINITY) : now / (double) other;
    }

    /** @return whether the two agree within 10 % of the other */
    public boolean agrees() {
        return Math.abs(ratio() - 1) <= 0.10;
    }

    /** @return the keys both profile texts give, in this one's order ({@code tlb tags} as the key tlb_tags) */
    public static List<ProfileComparison> compare(String now, String other) {
        Map<String, ProfileComparison> o = entries(other);
        List<ProfileComparison> out = new ArrayList<>();
        for (ProfileComparison n : entries(now).values()) {
            ProfileComparison v = o.get(n.key());
            if (v != null) {
                out.add(new ProfileComparison(n.key(), n.now(), v.now(), n.unit()));
            }
        }
        return out;
    }

    /** @return the cost lines and the tag count of a profile's text, each as a comparison with itself */
    private static Map<String, ProfileComparison> entries(String text) {
        Map<String, ProfileComparison> e = new LinkedHashMap<>();
        Matcher m = COST.matcher(text);
        while (m.find()) {
            long v = Long.parseLong(m.group(2));
            e.put(m.group(1), new ProfileComparison(m.group(1), v, v, m.group(3)));
        }
        m = TAGS.matcher(text);
        while (m.find()) {
            long v = Long.parseLong(m.group(1));
            e.put("tlb_tags", new ProfileComparison("tlb_tags", v, v, "tags"));
        }
        return e;
    }

    /** @return the table: one row a key, then {@code N of M keys within 10 %} */
    public static String format(List<ProfileComparison> rows) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%-26s %16s %16s %7s  %s%n", "key", "this run",
                "other profile", "ratio", "within 10 %"));
        int ok = 0;
        for (ProfileComparison r : rows) {
            ok += r.agrees() ? 1 : 0;
            b.append(String.format(Locale.ROOT, "%-26s %16s %16s %7s  %s%n", r.key(), r.now() + " " + r.unit(),
                    r.other() + " " + r.unit(), Double.isInfinite(r.ratio()) ? "-" : String.format(Locale.ROOT,
                            "%.2f", r.ratio()), r.agrees() ? "yes" : "NO"));
        }
        b.append(ok).append(" of ").append(rows.size()).append(" keys within 10 %\n");
        return b.toString();
    }
}
