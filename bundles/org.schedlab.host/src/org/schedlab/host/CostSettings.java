/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.util.List;
import java.util.Locale;
import org.schedlab.host.ProbeRuns.Measured;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.MachineProfile;

/**
 * The cost lines a host profile is made of ({@code cost KEY = VALUE UNIT}, each with its provenance), and the
 * arithmetic every derivation shares: what a list of them gives a key, adding or replacing a line, ns to cycles.
 */
final class CostSettings {
    private CostSettings() {
    }

    /** @return the value {@code settings} give {@code key}, or the piii-700 table's */
    static long cyclesOf(List<HostProfile.Setting> settings, CostKey key) {
        String k = "cost " + key.name().toLowerCase(Locale.ROOT) + " = ";
        for (HostProfile.Setting s : settings) {
            if (s.text().startsWith(k)) {
                return Long.parseLong(s.text().substring(k.length()).split(" ")[0]);
            }
        }
        return dflt(key);
    }

    /** @return the piii-700 table's value of {@code k} (what a machine block starts from) */
    static long dflt(CostKey k) {
        return MachineProfile.piii700().costs().cycles(k);
    }

    /** Adds {@code s} to {@code settings}, in place of its key's line where they have one already. */
    static void put(List<HostProfile.Setting> settings, HostProfile.Setting s) {
        String key = s.text().substring(0, s.text().indexOf('=') + 1);
        settings.removeIf(x -> x.text().startsWith(key));
        settings.add(s);
    }

    /** @return the line {@code cost KEY = VALUE UNIT} with its provenance: the command, its spread and {@code how} */
    static HostProfile.Setting setting(CostKey key, long value, Measured m, String how) {
        String unit = key.unit() == CostKey.Unit.CYCLES ? "cycles" : "ns";
        return new HostProfile.Setting("cost " + key.name().toLowerCase(Locale.ROOT) + " = " + value + " " + unit,
                "`" + m.command() + "` (" + m.spread() + "): " + how + " = " + ProbeRuns.fmt(m.median()));
    }

    /** @return {@code ns} at {@code mhz}, in whole cycles (a negative time is none) */
    static long cycles(double ns, double mhz) {
        return Math.round(Math.max(0, ns) * mhz / 1000);
    }
}
