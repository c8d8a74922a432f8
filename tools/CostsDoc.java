/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
import java.util.List;
import org.schedlab.sim.machine.CostKey;
import org.schedlab.sim.machine.MachineProfile;

/** Prints the cost table of every built-in profile as markdown (tools/gen-costs-doc.sh writes docs/costs.md). */
public final class CostsDoc {
    public static void main(String[] args) {
        List<MachineProfile> ps = MachineProfile.builtIns();
        for (MachineProfile p : ps) {
            System.out.printf("### %s: %s%n%n", p.id(), p.title());
            System.out.printf("%d MHz, HZ %d, %d CPUs (%d per core), idle loop %s. Memory model: %s.%n%n",
                    p.mhz(), p.hz(), p.nrCpus(), p.threadsPerCore(), p.idlePolicy().name().toLowerCase(),
                    p.memory().enabled() ? String.format("%,d KB %d-way last-level cache per core, %d-byte lines,"
                            + " %d front-side bus%s, %,d-byte task blocks", p.memory().cacheKb(), p.memory().ways(),
                            p.memory().lineBytes(), p.memory().buses(), p.memory().buses() > 1 ? "es" : "",
                            p.memory().blockBytes()) : "off");
            System.out.println("| key | value | source | plausible range ([U] values) |");
            System.out.println("|---|---|---|---|");
            for (CostKey k : CostKey.values()) {
                String range = p.costs().range(k).map(r -> String.format("%,d .. %,d: %s", r.low(), r.high(),
                        r.reason().replace("|", "/"))).orElse("");
                System.out.printf("| `%s` | %,d %s | %s | %s |%n", k.name().toLowerCase(), p.costs().cycles(k),
                        k.unit() == CostKey.Unit.CYCLES ? "cycles" : "ns", p.costs().source(k).replace("|", "/"),
                        range);
            }
            System.out.println();
        }
    }
}
