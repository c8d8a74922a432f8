/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

class HelloTest {

    @Test
    void helloParsesWithoutDiagnostics() {
        String text = """
				machine duo { cpus 2 clock 700 MHz hz 100 }
				kernel reference { engine rr version "1.0" }
				variant rr = reference
				workload hello { threads worker x 4 { loop forever { compute 1 ms count work yield } } }
				experiment hello { workload hello machines duo variants rr duration 1 s metrics switches, work }
				""";
        assertNotNull(Sched.assertClean(text).model());
    }
}
