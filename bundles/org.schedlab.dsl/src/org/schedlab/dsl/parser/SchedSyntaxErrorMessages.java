/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.parser;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the parser's messages ({@code missing RULE_ID at 'version'}, {@code mismatched input 'x' expecting '{'},
 * {@code extraneous input 'x' expecting ...}, {@code no viable alternative at input 'x'}) into what the user must
 * write, naming the construct being parsed and its form ({@code a kernel needs a name: kernel NAME { ... }}).
 * Plain text in, plain text out, so it is tested without a parser.
 */
public final class SchedSyntaxErrorMessages {

    /** The form of each construct, by the grammar rule that parses it. */
    static final Map<String, String> FORMS = Map.ofEntries(
            Map.entry("Machine", "machine NAME [extends BASE] { cpus N ... }"),
            Map.entry("Kernel", "kernel NAME { engine ENGINE version \"VERSION\" }"),
            Map.entry("Variant", "variant NAME = KERNEL [+ \"PATCH\" ...] [{ set TUNABLE = VALUE }]"),
            Map.entry("Workload", "workload NAME [(PARAM = VALUE, ...)] { ... }"),
            Map.entry("Experiment", "experiment NAME { workload W machines M, ... variants V, ... }"),
            Map.entry("Import", "import \"FILE.sched\""),
            Map.entry("Tunable", "set NAME = VALUE"),
            Map.entry("Param", "NAME = VALUE"),
            Map.entry("ThreadGroup", "threads NAME [x COUNT] { ACTIONS }"),
            Map.entry("ProgramDecl", "program NAME { ACTIONS }"),
            Map.entry("Channel", "channel NAME [capacity N]"),
            Map.entry("SpinLockDecl", "spinlock NAME"),
            Map.entry("MutexDecl", "mutex NAME"),
            Map.entry("CondDecl", "cond NAME"),
            Map.entry("BarrierDecl", "barrier NAME parties N"));

    /** What each construct is called in a message. */
    static final Map<String, String> NAMES = Map.ofEntries(Map.entry("Machine", "a machine"),
            Map.entry("Kernel", "a kernel"), Map.entry("Variant", "a variant"), Map.entry("Workload", "a workload"),
            Map.entry("Experiment", "an experiment"), Map.entry("Import", "an import"),
            Map.entry("Tunable", "a tunable setting"), Map.entry("Param", "a parameter"),
            Map.entry("ThreadGroup", "a thread group"), Map.entry("ProgramDecl", "a program"),
            Map.entry("Channel", "a channel"), Map.entry("SpinLockDecl", "a spinlock"),
            Map.entry("MutexDecl", "a mutex"), Map.entry("CondDecl", "a condition variable"),
            Map.entry("BarrierDecl", "a barrier"));

    private static final Pattern MISSING = Pattern.compile("missing (\\S+) at '(.*)'", Pattern.DOTALL);
    private static final Pattern MISMATCHED = Pattern.compile("mismatched input '(.*)' expecting (\\S+)",
            Pattern.DOTALL);
    private static final Pattern EXTRANEOUS = Pattern.compile("extraneous input '(.*)' expecting (\\S+)",
            Pattern.DOTALL);
    private static final Pattern NO_VIABLE = Pattern.compile("no viable alternative at input '(.*)'", Pattern.DOTALL);
    private static final String TOP_LEVEL = "a file declares imports, then machine, kernel, variant, workload and "
            + "experiment blocks";

    private SchedSyntaxErrorMessages() {
    }

    /** As {@link #friendly(String, String, String)} right after the construct's keyword. */
    public static String friendly(String parserMessage, String rule) {
        String form = rule == null ? null : FORMS.get(rule);
        return friendly(parserMessage, rule, form == null ? null : form.substring(0, form.indexOf(' ')));
    }

    /**
     * @param parserMessage the parser's message (null: none)
     * @param rule          the grammar rule being parsed when the error occurred ({@code Kernel}, ...; null or
     *                      {@code Model} at the top level)
     * @param previous      the last token the construct has so far (its keyword, when the name is what is missing);
     *                      null when unknown
     * @return the friendly message; the parser's own, tidied, when it is not one of the common forms
     */
    public static String friendly(String parserMessage, String rule, String previous) {
        String message = parserMessage == null ? "syntax error" : parserMessage;
        String what = rule == null ? null : NAMES.get(rule);
        String form = rule == null ? null : FORMS.get(rule);
        String write = form == null ? "" : ": " + form;
        boolean atName = form != null && previous != null
                && (form.startsWith(previous + " ") || rule.equals("ThreadGroup") && previous.equals("processes"));
        Matcher m = MISSING.matcher(message);
        if (m.matches()) {
            if (m.group(1).equals("RULE_ID") && atName) {
                return needsName(what, m.group(2), write);
            }
            if (m.group(1).equals("EOF")) {
                return input(m.group(2)) + " cannot start a declaration; " + TOP_LEVEL;
            }
            return (what == null ? "" : "in " + what + ", ") + token(m.group(1)) + " is missing before "
                    + input(m.group(2)) + write;
        }
        m = MISMATCHED.matcher(message);
        if (m.matches()) {
            if (m.group(2).equals("RULE_ID") && atName) {
                return needsName(what, m.group(1), write);
            }
            return (what == null ? "" : "in " + what + ", ") + "expected " + token(m.group(2)) + " but found "
                    + input(m.group(1)) + (what == null ? "; " + TOP_LEVEL : write);
        }
        m = EXTRANEOUS.matcher(message);
        if (m.matches()) {
            return input(m.group(1)) + " does not belong here" + (what == null ? "" : " in " + what)
                    + " (expected " + token(m.group(2)) + ")" + (what == null ? "; " + TOP_LEVEL : write);
        }
        m = NO_VIABLE.matcher(message);
        if (m.matches()) {
            if (what == null) {
                return input(m.group(1)) + " cannot start a declaration; " + TOP_LEVEL;
            }
            return input(m.group(1)) + " is not understood here, in " + what + write;
        }
        return message.replace("RULE_ID", "a name").replace("RULE_STRING", "a quoted string")
                .replace("RULE_INT", "a whole number").replace("'<EOF>'", "the end of the file");
    }

    private static String needsName(String what, String found, String write) {
        return what + " needs a name" + (isKeyword(found) ? " ('" + found + "' is a keyword)" : "") + write;
    }

    /** @return a token the parser expects, as a user reads it */
    static String token(String t) {
        return switch (t) {
        case "RULE_ID" -> "a name";
        case "RULE_STRING" -> "a quoted string (\"...\")";
        case "RULE_INT" -> "a whole number";
        case "EOF" -> "the end of the file";
        default -> t.startsWith("'") ? t : "'" + t + "'";
        };
    }

    /** @return the input the parser stopped at, as a user reads it */
    static String input(String text) {
        return text.equals("<EOF>") ? "the end of the file" : "'" + text.replace("\n", "\\n") + "'";
    }

    private static boolean isKeyword(String text) {
        return text.matches("[a-z]+") && KEYWORDS.contains(" " + text + " ");
    }

    private static final String KEYWORDS = " machine extends profile cpus threads per core clock hz l2 cache arch idle "
            + "memory model on off cost kernel engine version variant set workload channel capacity buffer message "
            + "sync spinlock mutex cond barrier parties program processes x nice policy priority in bkl compute yield "
            + "to sleep lock spins yields forever unlock wait with signal send recv broadcast except fork thread exec "
            + "exit loop experiment import machines variants baseline warmup duration repeats metrics ";
}
