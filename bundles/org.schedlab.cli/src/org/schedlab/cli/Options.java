/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A small parser for {@code --name value} options and positional arguments; unknown options are usage errors. */
final class Options {

    private final Map<String, String> values = new HashMap<>();
    private final List<String> positional = new ArrayList<>();

    Options(String[] args, Set<String> withValue, Set<String> flags) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.startsWith("--")) {
                String name = a;
                String value = null;
                int eq = a.indexOf('=');
                if (eq > 0) {
                    name = a.substring(0, eq);
                    value = a.substring(eq + 1);
                }
                if (withValue.contains(name)) {
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            throw new UsageException(name + " needs a value");
                        }
                        value = args[++i];
                    }
                    values.put(name, value);
                } else if (flags.contains(name) && value == null) {
                    values.put(name, "true");
                } else {
                    throw new UsageException("unknown option " + a);
                }
            } else if (a.startsWith("-") && a.length() > 1) {
                throw new UsageException("unknown option " + a);
            } else {
                positional.add(a);
            }
        }
    }

    List<String> positional() {
        return positional;
    }

    boolean flag(String name) {
        return values.containsKey(name);
    }

    String value(String name, String dflt) {
        return values.getOrDefault(name, dflt);
    }

    int intValue(String name, int dflt, int min, int max) {
        String v = values.get(name);
        if (v == null) {
            return dflt;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n < min || n > max) {
                throw new UsageException(name + " must be between " + min + " and " + max + ", not " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new UsageException(name + " needs a whole number, not '" + v + "'");
        }
    }
}
