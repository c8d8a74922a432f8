/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.dsl.translate.TranslationException;
import org.schedlab.sim.workload.CGroup;
import org.schedlab.sim.workload.ThreadGroup;
import org.schedlab.sim.workload.Workload;

/**
 * cgroup declarations become the simulation's task groups: paths, weights in the kernel's unit, limits, a
 * session's autogroup, a variant's change of a group's settings; settings the kernel refuses are located errors.
 */
class CGroupTranslationTest {

    private static final String FILE = """
			machine duo { cpus 2 clock 2 GHz hz 250 }
			kernel linux { engine rr version "1.0" }
			variant free = linux
			variant capped = linux { change cgroup web { max 20 ms per 100 ms } }
			workload w {
				cgroup web { weight 200  max 150 ms per 100 ms  burst 10 ms }
				cgroup batch in web { shares 512 }
				processes server x 2 cgroup web { loop forever { compute 1 ms } }
				processes cron cgroup batch { loop forever { compute 1 ms sleep 5 ms } }
				processes shell session login { loop forever { compute 1 ms } }
				processes plain { loop forever { compute 1 ms } }
			}
			experiment e { workload w machines duo variants free, capped duration 100 ms
				metrics nr_throttled_web, usage_usec_web_batch }
			""";

    private static List<ExperimentPlan> plans(String text) throws TranslationException {
        SchedLoader.Loaded l = Sched.load(text);
        assertFalse(l.hasErrors(), () -> l.diagnostics().toString());
        return Sched.loader().translate(l);
    }

    /** @return the first error: a diagnostic of the file, or what translating it threw, as FILE:LINE: message */
    private static String error(String text) {
        SchedLoader.Loaded l = Sched.load(text);
        if (l.hasErrors()) {
            return l.diagnostics().stream().filter(d -> d.isError()).findFirst().orElseThrow().toString();
        }
        TranslationException e = assertThrows(TranslationException.class, () -> Sched.loader().translate(l));
        return "test.sched:" + e.line() + ": " + e.getMessage();
    }

    private static ThreadGroup group(Workload w, String name) {
        return w.groups().stream().filter(g -> g.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void declarationsBecomeTaskGroups() throws Exception {
        ExperimentPlan p = plans(FILE).get(0);
        Workload free = p.cells().get(0).config().workload();
        CGroup web = group(free, "server").cgroup();
        assertEquals("web", web.name());
        assertEquals(2048, web.shares(), "cpu.weight 200 is 2048 shares");
        assertEquals(150_000_000L, web.quotaNs());
        assertEquals(100_000_000L, web.periodNs());
        assertEquals(10_000_000L, web.burstNs());
        CGroup batch = group(free, "cron").cgroup();
        assertEquals("web/batch", batch.name());
        assertEquals(web, batch.parent());
        assertEquals(512, batch.shares());
        assertTrue(group(free, "shell").cgroup().auto(), "a session's autogroup");
        assertNull(group(free, "plain").cgroup());
        Workload capped = p.cells().get(1).config().workload();
        assertEquals(20_000_000L, group(capped, "server").cgroup().quotaNs(), "the variant's cpu.max");
        assertEquals(20_000_000L, group(capped, "cron").cgroup().parent().quotaNs(), "the child sees its parent's");
        assertEquals(2048, group(capped, "server").cgroup().shares(), "what the change does not name stays");
    }

    @Test
    void whatTheKernelRefusesIsALocatedError() {
        String small = error(FILE.replace("max 150 ms per 100 ms", "max 500 us per 100 ms"));
        assertTrue(small.startsWith("test.sched:6:") && small.contains("a quota below 1 ms is refused"), small);
        String period = error(FILE.replace("max 150 ms per 100 ms", "max 150 ms per 2 s"));
        assertTrue(period.contains("1 ms .. 1 s"), period);
        String burst = error(FILE.replace("burst 10 ms", "burst 200 ms"));
        assertTrue(burst.contains("burst"), burst);
        String weight = error(FILE.replace("weight 200", "weight 20000"));
        assertTrue(weight.contains("cpu.weight"), weight);
        String change = error(FILE.replace("change cgroup web", "change cgroup nosuch"));
        assertTrue(change.contains("nosuch"), change);
    }
}
