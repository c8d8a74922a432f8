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
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.schedlab.dsl.tests.Sched.PRELUDE;

import java.util.List;

import org.eclipse.emf.ecore.EClass;
import org.eclipse.xtext.diagnostics.Severity;
import org.eclipse.xtext.testing.InjectWith;
import org.eclipse.xtext.testing.extensions.InjectionExtension;
import org.eclipse.xtext.testing.util.ParseHelper;
import org.eclipse.xtext.testing.validation.ValidationTestHelper;
import org.eclipse.xtext.validation.Issue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.schedlab.dsl.SchedLoader;
import org.schedlab.dsl.sched.Model;
import org.schedlab.dsl.sched.SchedPackage.Literals;
import org.schedlab.dsl.validation.SchedIssueCodes;

import com.google.inject.Inject;

/**
 * One test per validation rule: the exact issue code, on the exact kind of object, at the exact offset and length
 * (Xtext's {@link ValidationTestHelper}; the engines are rr and toy, see {@link SchedInjectorProvider}).
 */
@ExtendWith(InjectionExtension.class)
@InjectWith(SchedInjectorProvider.class)
class ValidationTest {

    private static final String RUN = "experiment e { workload spin machines duo variants base duration 1 s }\n";

    @Inject
    private ParseHelper<Model> parser;

    @Inject
    private ValidationTestHelper validator;

    /**
     * Parses {@code text} and asserts exactly one issue with {@code code}: of {@code severity}, on an object of
     * {@code type}, starting at the first occurrence of {@code marker} and covering {@code flagged} (a prefix of the
     * marker), with a message containing every one of {@code messageParts}.
     */
    private Issue assertIssue(String text, Severity severity, EClass type, String code, String marker, String flagged,
            String... messageParts) {
        assertTrue(marker.startsWith(flagged), "flagged text must start the marker: " + flagged);
        int offset = text.indexOf(marker);
        assertTrue(offset >= 0, "marker not in text: " + marker);
        Model model;
        try {
            model = parser.parse(text);
        } catch (Exception e) {
            throw new AssertionError("cannot parse: " + e, e);
        }
        assertNotNull(model, "no model parsed");
        if (severity == Severity.ERROR) {
            validator.assertError(model, type, code, offset, flagged.length(), messageParts);
        } else {
            validator.assertWarning(model, type, code, offset, flagged.length(), messageParts);
        }
        List<Issue> withCode = validator.validate(model).stream().filter(i -> code.equals(i.getCode())).toList();
        assertEquals(1, withCode.size(), () -> "expected one " + code + ", got " + withCode);
        return withCode.get(0);
    }

    private Issue assertError(String text, EClass type, String code, String marker, String flagged,
            String... messageParts) {
        return assertIssue(text, Severity.ERROR, type, code, marker, flagged, messageParts);
    }

    private Issue assertWarning(String text, EClass type, String code, String marker, String flagged,
            String... messageParts) {
        return assertIssue(text, Severity.WARNING, type, code, marker, flagged, messageParts);
    }

    @Test
    void unknownEngineListsTheInstalledOnes() {
        assertError("kernel k { engine nosuch version \"1\" }\n", Literals.KERNEL, SchedIssueCodes.UNKNOWN_ENGINE,
                "nosuch", "nosuch", "rr, toy");
    }

    @Test
    void unknownVersionListsTheModelledOnes() {
        assertError("kernel k { engine toy version \"3.0\" }\n", Literals.KERNEL, SchedIssueCodes.UNKNOWN_VERSION,
                "\"3.0\"", "\"3.0\"", "1.0, 2.0");
    }

    @Test
    void unknownPatchListsTheValidOnesForThatVersion() {
        Issue i = assertError(PRELUDE + "kernel toy2 { engine toy version \"2.0\" }\n"
                + "variant v = toy2 + \"no-such-patch\"\n", Literals.PATCH_REF, SchedIssueCodes.UNKNOWN_PATCH,
                "\"no-such-patch\"", "\"no-such-patch\"", "the patches for 2.0 are big-lock-2002");
        assertFalse(i.getMessage().contains("fast-path-2001"), i.getMessage());
    }

    @Test
    void patchForAnotherVersionSaysWhichVersionsItAppliesTo() {
        assertError(PRELUDE + "kernel toy2 { engine toy version \"2.0\" }\n" + "variant v = toy2 + \"fast-path-2001\"\n",
                Literals.PATCH_REF, SchedIssueCodes.PATCH_NOT_APPLICABLE, "\"fast-path-2001\"", "\"fast-path-2001\"",
                "applies to toy 1.0, not to 2.0");
    }

    @Test
    void patchAppliedTwiceIsAWarning() {
        assertWarning(PRELUDE + "variant v = toy1 + \"big-lock-2002\" + \"big-lock-2002\"\n", Literals.PATCH_REF,
                SchedIssueCodes.DUPLICATE_PATCH, "\"big-lock-2002\"\n", "\"big-lock-2002\"");
    }

    @Test
    void unknownTunableListsTheEnginesTunables() {
        assertError(PRELUDE + "variant v = toy1 { set slice = 5 ms }\n", Literals.TUNABLE,
                SchedIssueCodes.UNKNOWN_TUNABLE, "slice =", "slice", "slice_ns (ns)");
    }

    @Test
    void tunableInNanosecondsNeedsATime() {
        assertError(PRELUDE + "variant v = toy1 { set slice_ns = 5 }\n", Literals.TUNABLE, SchedIssueCodes.MISSING_UNIT,
                "5 }", "5");
    }

    @Test
    void clockWithoutUnit() {
        assertError("machine m { cpus 2 clock 700 hz 100 }\n", Literals.CLOCK, SchedIssueCodes.MISSING_UNIT, "700",
                "700");
    }

    @Test
    void clockInWrongUnit() {
        assertError("machine m { cpus 2 clock 700 ms }\n", Literals.CLOCK, SchedIssueCodes.WRONG_UNIT, "700 ms",
                "700 ms", "MHz");
    }

    @Test
    void addingATimeToCyclesIsABadExpression() {
        assertError(PRELUDE + "workload w { threads t { compute 1 ms + 5 cycles } }\n" + RUN, Literals.FIXED,
                SchedIssueCodes.BAD_EXPRESSION, "1 ms + 5 cycles", "1 ms + 5 cycles");
    }

    @Test
    void niceOutOfRange() {
        assertError(PRELUDE + "workload w { threads t nice 20 { yield } }\n", Literals.NICE_OPTION,
                SchedIssueCodes.OUT_OF_RANGE, "20 {", "20");
    }

    @Test
    void yieldToAnIndexedGroup() {
        assertError(PRELUDE + "workload w { threads a { yield to b } threads b[i: 2] { yield } }\n", Literals.YIELD,
                SchedIssueCodes.INVALID_WORKLOAD, "yield to b", "yield to b", "without indices", "b has them");
    }

    @Test
    void yieldToAnUnknownGroupIsALinkError() {
        SchedLoader.Loaded l = Sched.load(PRELUDE + "workload w { threads a { yield to nosuch } }\n");
        assertTrue(l.hasErrors());
        assertTrue(l.diagnostics().toString().contains("nosuch"), () -> l.diagnostics().toString());
    }

    @Test
    void fractionalCount() {
        assertError(PRELUDE + "workload w { threads t x 2.5 { yield } }\n", Literals.THREAD_GROUP,
                SchedIssueCodes.NOT_WHOLE, "2.5", "2.5");
    }

    @Test
    void cpusOutOfRange() {
        assertError("machine m { cpus 0 clock 1 GHz }\n", Literals.CPUS, SchedIssueCodes.OUT_OF_RANGE, "0 clock", "0");
    }

    @Test
    void unknownBuiltInProfile() {
        assertError("machine m { profile \"pentium\" }\n", Literals.PROFILE_SETTING, SchedIssueCodes.UNKNOWN_PROFILE,
                "\"pentium\"", "\"pentium\"", "piii-700, p4-3000-ht, itanium2");
    }

    @Test
    void unknownArch() {
        assertError("machine m extends piii-700 { arch sparc }\n", Literals.ARCH_SETTING, SchedIssueCodes.UNKNOWN_ARCH,
                "sparc", "sparc");
    }

    @Test
    void unknownIdlePolicy() {
        assertError("machine m extends piii-700 { idle nap }\n", Literals.IDLE_SETTING,
                SchedIssueCodes.UNKNOWN_IDLE_POLICY, "nap", "nap");
    }

    @Test
    void unknownCostKey() {
        assertError("machine m extends piii-700 { cost teleport = 5 cycles }\n", Literals.COST_OVERRIDE,
                SchedIssueCodes.UNKNOWN_COST, "teleport", "teleport");
    }

    @Test
    void costLatencyNeedsATime() {
        assertError("machine m extends piii-700 { cost ipi_latency = 5 cycles }\n", Literals.COST_OVERRIDE,
                SchedIssueCodes.WRONG_UNIT, "5 cycles", "5 cycles");
    }

    @Test
    void machineWithoutProfileNeedsCpusAndClock() {
        assertError("machine m { cpus 2 }\n", Literals.MACHINE, SchedIssueCodes.MACHINE_INCOMPLETE, "m {", "m");
    }

    @Test
    void machineExtendingItself() {
        assertError("machine a extends piii-700 { }\nmachine b extends b { cpus 2 }\n", Literals.MACHINE,
                SchedIssueCodes.EXTENDS_CYCLE, "b { cpus", "b", "b -> b");
    }

    @Test
    void hyperThreadedProfileNeedsWholeCores() {
        assertError("machine m extends p4-3000-ht { cpus 3 }\n", Literals.CPUS, SchedIssueCodes.CPUS_NOT_MULTIPLE, "3 }",
                "3");
    }

    @Test
    void unknownPolicy() {
        assertError(PRELUDE + "workload w { threads t policy deadline { yield } }\n", Literals.POLICY_OPTION,
                SchedIssueCodes.UNKNOWN_POLICY, "deadline", "deadline");
    }

    @Test
    void sendToALock() {
        assertError(PRELUDE + "workload w { spinlock l threads t { send l unlock l } }\n", Literals.RESOURCE_REF,
                SchedIssueCodes.RESOURCE_KIND, "l unlock", "l", "send needs a channel; l is a spinlock");
    }

    @Test
    void wrongNumberOfIndices() {
        assertError(PRELUDE + "workload w(n = 2) { channel c[n, n] threads t { send c[0] recv c[0, 0] } }\n",
                Literals.RESOURCE_REF, SchedIssueCodes.INDEX_COUNT, "c[0] recv", "c");
    }

    @Test
    void unixNamesASocketsFamilyOnly() {
        assertError(PRELUDE + "workload w { channel c unix pipe capacity 4 threads t { send c recv c } }\n",
                Literals.CHANNEL, SchedIssueCodes.OUT_OF_RANGE, "unix pipe", "unix", "write `unix socket`");
    }

    @Test
    void aFlagTakesNoCapacity() {
        assertError(PRELUDE + "workload w { channel c flag capacity 4 threads t { send c recv c } }\n",
                Literals.CHANNEL, SchedIssueCodes.OUT_OF_RANGE, "flag capacity", "flag", "holds one wakeup");
    }

    @Test
    void packetNamesAPipeWithSlots() {
        assertError(PRELUDE + "workload w { channel c socket packet capacity 4 threads t { send c recv c } }\n",
                Literals.CHANNEL, SchedIssueCodes.OUT_OF_RANGE, "packet capacity", "packet", "`pipe packet capacity N`");
        assertError(PRELUDE + "workload w { channel c pipe packet buffer 4 KB message 100 B threads t { send c recv c"
                + " } }\n", Literals.CHANNEL, SchedIssueCodes.OUT_OF_RANGE, "packet buffer", "packet", "one message");
    }

    @Test
    void aMessageSizeBesideACapacityIsForAUnixSocketOrAPipe() {
        assertError(PRELUDE + "workload w { channel c socket capacity 4 message 100 B threads t { send c recv c } }\n",
                Literals.CHANNEL, SchedIssueCodes.OUT_OF_RANGE, "100 B", "100 B", "unix socket or a pipe only");
        assertError(PRELUDE + "workload w { channel c capacity 4 message 100 B threads t { send c recv c } }\n",
                Literals.CHANNEL, SchedIssueCodes.OUT_OF_RANGE, "100 B", "100 B", "unix socket or a pipe only");
    }

    @Test
    void wildcardOutsideBroadcast() {
        assertError(PRELUDE + "workload w(n = 2) { channel c[n] threads t { send c[*] recv c[0] } }\n",
                Literals.RESOURCE_REF, SchedIssueCodes.WILDCARD_OUTSIDE_BROADCAST, "*]", "*");
    }

    @Test
    void indexOutsideTheDimensionIsFoundByBuildingTheWorkload() {
        assertError(PRELUDE + "workload w(n = 2) { channel c[n] threads t[i: n] { send c[i + 1] recv c[i] } }\n",
                Literals.INDEX, SchedIssueCodes.INVALID_WORKLOAD, "i + 1]", "i + 1",
                "index 2 is outside c's dimension 1 (0 to 1)");
    }

    @Test
    void duplicateNames() {
        assertError(PRELUDE + "machine duo { cpus 4 clock 1 GHz }\n", Literals.MACHINE, SchedIssueCodes.DUPLICATE_NAME,
                "duo { cpus 4", "duo");
    }

    @Test
    void importNotFound() {
        assertError("import \"nowhere.sched\"\n", Literals.IMPORT, SchedIssueCodes.IMPORT_NOT_FOUND,
                "\"nowhere.sched\"", "\"nowhere.sched\"");
    }

    @Test
    void experimentWithoutDuration() {
        assertError(PRELUDE + "experiment e { workload spin machines duo variants base }\n", Literals.EXPERIMENT,
                SchedIssueCodes.MISSING_OPTION, "e {", "e");
    }

    @Test
    void durationGivenTwice() {
        assertError(PRELUDE + "experiment e { workload spin machines duo variants base duration 1 s duration 2 s }\n",
                Literals.DURATION_OPTION, SchedIssueCodes.DUPLICATE_OPTION, "duration 2 s", "duration 2 s");
    }

    @Test
    void durationNeedsATime() {
        assertError(PRELUDE + "experiment e { workload spin machines duo variants base duration 100 B }\n",
                Literals.DURATION_OPTION, SchedIssueCodes.WRONG_UNIT, "100 B", "100 B");
    }

    @Test
    void baselineMustBeAVariantOfTheExperiment() {
        assertError(PRELUDE + "variant other = toy1\n"
                + "experiment e { workload spin machines duo variants base baseline other duration 1 s }\n",
                Literals.BASELINE_OPTION, SchedIssueCodes.BASELINE_NOT_IN_VARIANTS, "other duration", "other");
    }

    @Test
    void publishedCellOutsideTheExperiment() {
        assertError(PRELUDE + "experiment e { workload spin machines duo variants base duration 1 s\n"
                + "  published work { base on piii-700 = 100 } }\n", Literals.PUBLISHED_VALUE,
                SchedIssueCodes.PUBLISHED_CELL_NOT_IN_EXPERIMENT, "piii-700 = 100", "piii-700");
    }

    @Test
    void unknownMetricIsAnErrorListingTheCountersWhenEveryEngineIsKnown() {
        assertError(PRELUDE + "experiment e { workload spin machines duo variants base duration 1 s metrics wrk }\n",
                Literals.METRICS_OPTION, SchedIssueCodes.UNKNOWN_METRIC, "wrk", "wrk", "counts work");
    }

    @Test
    void derivedCounterMetricsEngineCountersAndCyclesAreKnown() {
        Sched.assertClean(PRELUDE + "experiment e { workload spin machines duo variants base duration 1 s\n"
                + "  metrics work_tasks, work_per_task, work_zero_tasks, work_deviation, work_total, toy_picks,"
                + " toy_picks_total, cycles_scan, yield_calls }\n");
        assertError(PRELUDE + "experiment e { workload spin machines duo variants base duration 1 s metrics wrk_tasks }\n",
                Literals.METRICS_OPTION, SchedIssueCodes.UNKNOWN_METRIC, "wrk_tasks", "wrk_tasks", "counts work");
    }

    @Test
    void oneSeedPerRepeat() {
        assertError(PRELUDE + "experiment e { workload spin machines duo variants base duration 1 s repeats 3 "
                + "seeds 1, 2 }\n", Literals.SEEDS_OPTION, SchedIssueCodes.SEEDS_MISMATCH, "1, 2 }", "1");
    }

    @Test
    void parameterFixedAndSwept() {
        assertError(PRELUDE + "workload w(n = 2) { threads t x n { yield } }\n"
                + "experiment e { workload w(n = 3) machines duo variants base duration 1 s sweep n = 1, 2 }\n",
                Literals.SWEEP_OPTION, SchedIssueCodes.PARAM_FIXED_AND_SWEPT, "n = 1, 2", "n");
    }

    @Test
    void argumentWithTheWrongUnit() {
        assertError(PRELUDE + "workload w(work = 1 ms) { threads t { compute work } }\n"
                + "experiment e { workload w(work = 5 B) machines duo variants base duration 1 s }\n", Literals.ARG,
                SchedIssueCodes.WRONG_UNIT, "5 B", "5 B");
    }

    @Test
    void unusedParameterIsAWarning() {
        assertWarning(PRELUDE + "workload w(unused = 3) { threads t { yield } }\n", Literals.PARAM,
                SchedIssueCodes.UNUSED_DECLARATION, "unused = 3", "unused");
    }

    @Test
    void unusedKernelInAFileWithExperimentsIsAWarning() {
        assertWarning(PRELUDE + "kernel spare { engine rr version \"1.0\" }\n" + RUN, Literals.KERNEL,
                SchedIssueCodes.UNUSED_DECLARATION, "spare", "spare");
    }
}
