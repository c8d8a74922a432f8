/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.ide;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.schedlab.dsl.sched.SchedPackage;
import org.schedlab.dsl.translate.EngineCatalog;
import org.schedlab.dsl.validation.SchedIssueCodes;

/**
 * Quick fixes for the validation errors that name a value the engines do not have (unknown engine, version, patch,
 * tunable, metric): replace the wrong value with one of the alternatives the error message lists, nearest first.
 * Shared by the language server's code actions ({@link SchedCodeActions}) and the editor.
 */
public final class SchedQuickFixes {

    /** At most this many fixes for one error. */
    public static final int MAX_FIXES = 5;

    /** The feature whose alternatives fix each issue code. */
    private static final Map<String, EStructuralFeature> FEATURES = Map.of(
            SchedIssueCodes.UNKNOWN_ENGINE, SchedPackage.Literals.KERNEL__ENGINE,
            SchedIssueCodes.UNKNOWN_VERSION, SchedPackage.Literals.KERNEL__VERSION,
            SchedIssueCodes.UNKNOWN_PATCH, SchedPackage.Literals.PATCH_REF__ID,
            SchedIssueCodes.UNKNOWN_TUNABLE, SchedPackage.Literals.TUNABLE__NAME,
            SchedIssueCodes.UNKNOWN_METRIC, SchedPackage.Literals.METRICS_OPTION__METRICS);

    /**
     * One fix: replace the flagged text with {@code replacement}.
     *
     * @param title       what the fix does, for the menu
     * @param replacement the new text (quoted where the value is a string)
     */
    public record Fix(String title, String replacement) {
    }

    private SchedQuickFixes() {
    }

    /** @return whether {@code issueCode} has quick fixes */
    public static boolean fixable(String issueCode) {
        return issueCode != null && FEATURES.containsKey(issueCode);
    }

    /**
     * @param issueCode the validator's code ({@link SchedIssueCodes})
     * @param element   the model object the error is on (or one inside it)
     * @param wrong     the flagged text as written
     * @return the fixes, the alternatives nearest to {@code wrong} first; empty when there is nothing to offer
     */
    public static List<Fix> fixes(String issueCode, EObject element, String wrong, EngineCatalog catalog) {
        if (!fixable(issueCode) || element == null) {
            return List.of();
        }
        List<SchedAlternatives.Alternative> alternatives = SchedAlternatives.of(FEATURES.get(issueCode), element,
                catalog);
        if (alternatives == null) {
            return List.of();
        }
        String bare = unquote(wrong);
        return alternatives.stream().filter(a -> !unquote(a.text()).equals(bare))
                .sorted(Comparator.comparingInt((SchedAlternatives.Alternative a) -> distance(bare, unquote(a.text())))
                        .thenComparing(SchedAlternatives.Alternative::text))
                .limit(MAX_FIXES).map(a -> new Fix("Change to " + a.text(), a.text())).toList();
    }

    private static String unquote(String s) {
        String t = s.strip();
        if (t.length() >= 2 && (t.startsWith("\"") && t.endsWith("\"") || t.startsWith("'") && t.endsWith("'"))) {
            t = t.substring(1, t.length() - 1);
        }
        return t.toLowerCase(Locale.ROOT);
    }

    /** @return the edit distance (insertions, deletions, substitutions) between two strings */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
