/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.cli.Main;
import org.schedlab.cli.tests.CliTest.Outcome;

/** {@code schedlab sensitivity}: the table per figure, the tornado files, and its errors. */
class SensitivityCliTest {

    @Test
    void tablePerFigureSortedBySwingAndTornadoFiles(@TempDir Path dir) {
        Outcome o = CliTest.schedlab("sensitivity", CliTest.examples().resolve("seed000_hartner_yield.sched")
                .toString(), "--only", "000-shell-2p", "--duration", "20ms", "--repeats", "2", "--out",
                dir.toString());
        assertEquals(Main.OK, o.code(), o.err());
        assertTrue(o.out().startsWith("000-shell-2p  lat_proc_shell  smp2/hartner vs stock  iterations"), o.out());
        assertTrue(o.out().lines().anyMatch(l -> l.matches("cost cacheline_transfer +100 cycles +300 cycles +[-+]\\d.*")),
                "the PIII's range of cacheline_transfer:\n" + o.out());
        assertTrue(o.out().contains("shell_work"), "a workload parameter with a range:\n" + o.out());
        List<Double> swings = o.out().lines().filter(l -> l.endsWith(" pp"))
                .map(l -> Double.parseDouble(l.substring(l.lastIndexOf("  ") + 2, l.length() - 3).trim())).toList();
        assertEquals(18 + 5, swings.size(), "18 [U] costs of piii-700, hello_work, shell_work and the image's"
                + " present_pages, private_pages, dirty_pages:\n" + o.out());
        for (int i = 1; i < swings.size(); i++) {
            assertTrue(swings.get(i - 1) >= swings.get(i), "sorted by swing:\n" + o.out());
        }
        assertTrue(Files.isRegularFile(dir.resolve("sensitivity-000-shell-2p.svg")));
        assertTrue(Files.isRegularFile(dir.resolve("sensitivity-000-shell-2p.png")));
    }

    @Test
    void badDurationIsAUsageError() {
        Outcome o = CliTest.schedlab("sensitivity", "x.sched", "--duration", "fast");
        assertEquals(Main.USAGE, o.code());
        assertTrue(o.err().contains("--duration needs a time such as 2s or 500ms, not 'fast'"), o.err());
    }

    @Test
    void badBudgetIsAUsageError() {
        Outcome o = CliTest.schedlab("sensitivity", "x.sched", "--budget", "soon");
        assertEquals(Main.USAGE, o.code());
        assertTrue(o.err().contains("--budget needs a time such as 2s or 500ms, not 'soon'"), o.err());
    }

    @Test
    void runsShorterThanASecondAreNotShortened(@TempDir Path dir) {
        Outcome o = CliTest.schedlab("sensitivity", CliTest.examples().resolve("seed000_hartner_yield.sched")
                .toString(), "--only", "000-shell-2p", "--budget", "1ms", "--out", dir.toString(), "--no-png");
        assertEquals(Main.OK, o.code(), o.err());
        assertFalse(o.err().contains("more than the budget"), "lmbench's 0.2 s runs stay whole:\n" + o.err());
        assertFalse(o.out().contains("n/a"), o.out());
    }

    @Test
    void aRangeThatMissesItsValueIsALocatedError(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("bad.sched");
        Files.writeString(f, """
				machine duo extends piii-700 { cpus 2 cost ipi_send = 300 cycles range 400 cycles .. 500 cycles }
				kernel k { engine goodness version "2.4.18-pre4" }
				variant stock = k
				workload w { threads t x 2 { loop forever { compute 1 ms count work yield } } }
				experiment e { workload w machines duo variants stock duration 10 ms }
				""");
        Outcome o = CliTest.schedlab("sensitivity", f.toString());
        assertEquals(Main.PROBLEMS, o.code(), o.out() + o.err());
        assertTrue(o.err().contains("does not contain the value 300 cycles"), o.err());
        assertFalse(o.err().contains("\tat "), o.err());
    }
}
