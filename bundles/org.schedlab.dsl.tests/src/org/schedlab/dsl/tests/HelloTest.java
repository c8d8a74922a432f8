package org.schedlab.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.schedlab.dsl.SchedLoader;

class HelloTest {

	@Test
	void helloParsesWithoutDiagnostics() throws Exception {
		String text = """
				machine duo { cpus 2 clock 700 MHz hz 100 }
				kernel reference { engine rr version "1.0" }
				variant rr = reference
				workload hello { threads worker x 4 { loop forever { compute 1 ms count work yield } } }
				experiment hello { workload hello machines duo variants rr duration 1 s metrics switches, work }
				""";
		SchedLoader.Loaded loaded = new SchedLoader().loadText("hello.sched", text);
		assertNotNull(loaded.model());
		assertEquals(java.util.List.of(), loaded.diagnostics());
	}
}
