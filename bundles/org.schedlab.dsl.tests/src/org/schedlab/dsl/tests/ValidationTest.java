package org.schedlab.dsl.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.dsl.tests.Sched.PRELUDE;
import static org.schedlab.dsl.tests.Sched.assertIssue;

import org.junit.jupiter.api.Test;
import org.schedlab.dsl.SchedDiagnostic;
import org.schedlab.dsl.validation.SchedIssueCodes;

/** One test per validation rule: the exact issue code at the exact line and column. */
class ValidationTest {

	private static final String RUN = "experiment e { workload spin machines duo variants base duration 1 s }\n";

	@Test
	void unknownEngineListsTheInstalledOnes() {
		SchedDiagnostic d = assertIssue("kernel k { engine nosuch version \"1\" }\n", SchedIssueCodes.UNKNOWN_ENGINE,
				"nosuch");
		assertTrue(d.message().contains("rr, toy"), d.message());
	}

	@Test
	void unknownVersionListsTheModelledOnes() {
		SchedDiagnostic d = assertIssue("kernel k { engine toy version \"3.0\" }\n", SchedIssueCodes.UNKNOWN_VERSION,
				"\"3.0\"");
		assertTrue(d.message().contains("1.0, 2.0"), d.message());
	}

	@Test
	void unknownPatchListsTheValidOnesForThatVersion() {
		SchedDiagnostic d = assertIssue(PRELUDE + "kernel toy2 { engine toy version \"2.0\" }\n"
				+ "variant v = toy2 + \"no-such-patch\"\n", SchedIssueCodes.UNKNOWN_PATCH, "\"no-such-patch\"");
		assertTrue(d.message().contains("the patches for 2.0 are big-lock-2002"), d.message());
		assertTrue(!d.message().contains("fast-path-2001"), d.message());
	}

	@Test
	void patchForAnotherVersionSaysWhichVersionsItAppliesTo() {
		SchedDiagnostic d = assertIssue(PRELUDE + "kernel toy2 { engine toy version \"2.0\" }\n"
				+ "variant v = toy2 + \"fast-path-2001\"\n", SchedIssueCodes.PATCH_NOT_APPLICABLE, "\"fast-path-2001\"");
		assertTrue(d.message().contains("applies to toy 1.0, not to 2.0"), d.message());
	}

	@Test
	void patchAppliedTwiceIsAWarning() {
		SchedDiagnostic d = assertIssue(PRELUDE + "variant v = toy1 + \"big-lock-2002\" + \"big-lock-2002\"\n",
				SchedIssueCodes.DUPLICATE_PATCH, "\"big-lock-2002\"\n");
		assertTrue(!d.isError());
	}

	@Test
	void unknownTunableListsTheEnginesTunables() {
		SchedDiagnostic d = assertIssue(PRELUDE + "variant v = toy1 { set slice = 5 ms }\n",
				SchedIssueCodes.UNKNOWN_TUNABLE, "slice =");
		assertTrue(d.message().contains("slice_ns (ns)"), d.message());
	}

	@Test
	void tunableInNanosecondsNeedsATime() {
		assertIssue(PRELUDE + "variant v = toy1 { set slice_ns = 5 }\n", SchedIssueCodes.MISSING_UNIT, "5 }");
	}

	@Test
	void clockWithoutUnit() {
		assertIssue("machine m { cpus 2 clock 700 hz 100 }\n", SchedIssueCodes.MISSING_UNIT, "700");
	}

	@Test
	void clockInWrongUnit() {
		SchedDiagnostic d = assertIssue("machine m { cpus 2 clock 700 ms }\n", SchedIssueCodes.WRONG_UNIT, "700");
		assertTrue(d.message().contains("MHz"), d.message());
	}

	@Test
	void addingATimeToCyclesIsABadExpression() {
		assertIssue(PRELUDE + "workload w { threads t { compute 1 ms + 5 cycles } }\n" + RUN,
				SchedIssueCodes.BAD_EXPRESSION, "1 ms + 5 cycles");
	}

	@Test
	void niceOutOfRange() {
		assertIssue(PRELUDE + "workload w { threads t nice 20 { yield } }\n", SchedIssueCodes.OUT_OF_RANGE, "20 {");
	}

	@Test
	void fractionalCount() {
		assertIssue(PRELUDE + "workload w { threads t x 2.5 { yield } }\n", SchedIssueCodes.NOT_WHOLE, "2.5");
	}

	@Test
	void cpusOutOfRange() {
		assertIssue("machine m { cpus 0 clock 1 GHz }\n", SchedIssueCodes.OUT_OF_RANGE, "0 clock");
	}

	@Test
	void unknownBuiltInProfile() {
		SchedDiagnostic d = assertIssue("machine m { profile \"pentium\" }\n", SchedIssueCodes.UNKNOWN_PROFILE,
				"\"pentium\"");
		assertTrue(d.message().contains("piii-700, p4-3000-ht, itanium2"), d.message());
	}

	@Test
	void unknownArch() {
		assertIssue("machine m extends piii-700 { arch sparc }\n", SchedIssueCodes.UNKNOWN_ARCH, "sparc");
	}

	@Test
	void unknownIdlePolicy() {
		assertIssue("machine m extends piii-700 { idle nap }\n", SchedIssueCodes.UNKNOWN_IDLE_POLICY, "nap");
	}

	@Test
	void unknownCostKey() {
		assertIssue("machine m extends piii-700 { cost teleport = 5 cycles }\n", SchedIssueCodes.UNKNOWN_COST,
				"teleport");
	}

	@Test
	void costLatencyNeedsATime() {
		assertIssue("machine m extends piii-700 { cost ipi_latency = 5 cycles }\n", SchedIssueCodes.WRONG_UNIT,
				"5 cycles");
	}

	@Test
	void machineWithoutProfileNeedsCpusAndClock() {
		assertIssue("machine m { cpus 2 }\n", SchedIssueCodes.MACHINE_INCOMPLETE, "m {");
	}

	@Test
	void machineExtendingItself() {
		SchedDiagnostic d = assertIssue("machine a extends piii-700 { }\nmachine b extends b { cpus 2 }\n",
				SchedIssueCodes.EXTENDS_CYCLE, "b { cpus");
		assertTrue(d.message().contains("b -> b"), d.message());
	}

	@Test
	void hyperThreadedProfileNeedsWholeCores() {
		assertIssue("machine m extends p4-3000-ht { cpus 3 }\n", SchedIssueCodes.CPUS_NOT_MULTIPLE, "3 }");
	}

	@Test
	void unknownPolicy() {
		assertIssue(PRELUDE + "workload w { threads t policy deadline { yield } }\n", SchedIssueCodes.UNKNOWN_POLICY,
				"deadline");
	}

	@Test
	void sendToALock() {
		SchedDiagnostic d = assertIssue(PRELUDE + "workload w { spinlock l threads t { send l unlock l } }\n",
				SchedIssueCodes.RESOURCE_KIND, "l unlock");
		assertTrue(d.message().contains("send needs a channel; l is a spinlock"), d.message());
	}

	@Test
	void wrongNumberOfIndices() {
		assertIssue(PRELUDE + "workload w(n = 2) { channel c[n, n] threads t { send c[0] recv c[0, 0] } }\n",
				SchedIssueCodes.INDEX_COUNT, "c[0] recv");
	}

	@Test
	void wildcardOutsideBroadcast() {
		assertIssue(PRELUDE + "workload w(n = 2) { channel c[n] threads t { send c[*] recv c[0] } }\n",
				SchedIssueCodes.WILDCARD_OUTSIDE_BROADCAST, "*]");
	}

	@Test
	void indexOutsideTheDimensionIsFoundByBuildingTheWorkload() {
		SchedDiagnostic d = assertIssue(PRELUDE
				+ "workload w(n = 2) { channel c[n] threads t[i: n] { send c[i + 1] recv c[i] } }\n",
				SchedIssueCodes.INVALID_WORKLOAD, "i + 1]");
		assertTrue(d.message().contains("index 2 is outside c's dimension 1 (0 to 1)"), d.message());
	}

	@Test
	void duplicateNames() {
		assertIssue(PRELUDE + "machine duo { cpus 4 clock 1 GHz }\n", SchedIssueCodes.DUPLICATE_NAME, "duo { cpus 4");
	}

	@Test
	void importNotFound() {
		assertIssue("import \"nowhere.sched\"\n", SchedIssueCodes.IMPORT_NOT_FOUND, "\"nowhere.sched\"");
	}

	@Test
	void experimentWithoutDuration() {
		assertIssue(PRELUDE + "experiment e { workload spin machines duo variants base }\n",
				SchedIssueCodes.MISSING_OPTION, "e {");
	}

	@Test
	void durationGivenTwice() {
		assertIssue(PRELUDE + "experiment e { workload spin machines duo variants base duration 1 s duration 2 s }\n",
				SchedIssueCodes.DUPLICATE_OPTION, "duration 2 s");
	}

	@Test
	void durationNeedsATime() {
		assertIssue(PRELUDE + "experiment e { workload spin machines duo variants base duration 100 B }\n",
				SchedIssueCodes.WRONG_UNIT, "100 B");
	}

	@Test
	void baselineMustBeAVariantOfTheExperiment() {
		assertIssue(PRELUDE + "variant other = toy1\n"
				+ "experiment e { workload spin machines duo variants base baseline other duration 1 s }\n",
				SchedIssueCodes.BASELINE_NOT_IN_VARIANTS, "other duration");
	}

	@Test
	void publishedCellOutsideTheExperiment() {
		assertIssue(PRELUDE + "experiment e { workload spin machines duo variants base duration 1 s\n"
				+ "  published work { base on piii-700 = 100 } }\n", SchedIssueCodes.PUBLISHED_CELL_NOT_IN_EXPERIMENT,
				"piii-700 = 100");
	}

	@Test
	void unknownMetricIsAWarningListingTheCounters() {
		SchedDiagnostic d = assertIssue(PRELUDE
				+ "experiment e { workload spin machines duo variants base duration 1 s metrics wrk }\n",
				SchedIssueCodes.UNKNOWN_METRIC, "wrk");
		assertTrue(!d.isError() && d.message().contains("counts work"), d.message());
	}

	@Test
	void oneSeedPerRepeat() {
		assertIssue(PRELUDE + "experiment e { workload spin machines duo variants base duration 1 s repeats 3 "
				+ "seeds 1, 2 }\n", SchedIssueCodes.SEEDS_MISMATCH, "1, 2 }");
	}

	@Test
	void parameterFixedAndSwept() {
		assertIssue(PRELUDE + "workload w(n = 2) { threads t x n { yield } }\n"
				+ "experiment e { workload w(n = 3) machines duo variants base duration 1 s sweep n = 1, 2 }\n",
				SchedIssueCodes.PARAM_FIXED_AND_SWEPT, "n = 1, 2");
	}

	@Test
	void argumentWithTheWrongUnit() {
		assertIssue(PRELUDE + "workload w(work = 1 ms) { threads t { compute work } }\n"
				+ "experiment e { workload w(work = 5 B) machines duo variants base duration 1 s }\n",
				SchedIssueCodes.WRONG_UNIT, "5 B");
	}

	@Test
	void unusedParameterIsAWarning() {
		SchedDiagnostic d = assertIssue(PRELUDE + "workload w(unused = 3) { threads t { yield } }\n",
				SchedIssueCodes.UNUSED_DECLARATION, "unused = 3");
		assertTrue(!d.isError());
	}

	@Test
	void unusedKernelInAFileWithExperimentsIsAWarning() {
		assertIssue(PRELUDE + "kernel spare { engine rr version \"1.0\" }\n" + RUN,
				SchedIssueCodes.UNUSED_DECLARATION, "spare");
	}
}
