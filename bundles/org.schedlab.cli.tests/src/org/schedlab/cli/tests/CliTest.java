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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.schedlab.cli.Main;

/** The {@code schedlab} command line, driven in-process as the application drives it. */
class CliTest {

    /** One command's outcome. */
    record Outcome(int code, String out, String err) {
    }

    static Outcome schedlab(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Main(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static Path examples() {
        return Path.of(System.getProperty("schedlab.examples", "../../examples"));
    }

    @Test
    void helpListsEveryCommandAndTheExitCodes() {
        Outcome o = schedlab("--help");
        assertEquals(Main.OK, o.code());
        for (String command : new String[] { "run", "check", "engines" }) {
            assertTrue(o.out().contains("  " + command + " "), "help lists " + command + ":\n" + o.out());
        }
        assertTrue(o.out().contains("exit codes"), o.out());
    }

    @Test
    void everyCommandHasHelp() {
        for (String command : new String[] { "run", "check", "engines", "reproduce", "calibrate", "bench", "import", "lsp",
                "trace", "compare-trace", "export", "profile-host", "sensitivity", "sweep", "validate-host" }) {
            Outcome o = schedlab(command, "--help");
            assertEquals(Main.OK, o.code(), command);
            assertTrue(o.out().startsWith("usage: schedlab " + command), o.out());
        }
    }

    @Test
    void helpAfterOtherArgumentsShowsTheCommandsUsage() {
        Outcome o = schedlab("trace", "examples/hello.sched", "--cell", "duo/rr", "--help");
        assertEquals(Main.OK, o.code(), o.err());
        assertTrue(o.out().startsWith("usage: schedlab trace"), o.out());
        assertEquals("", o.err());
    }

    @Test
    void unknownCommandIsOneLineAndUsageExit() {
        Outcome o = schedlab("frobnicate");
        assertEquals(Main.USAGE, o.code());
        assertEquals(1, o.err().lines().count(), o.err());
        assertTrue(o.err().contains("unknown command 'frobnicate'"), o.err());
    }

    @Test
    void missingFileIsBadInputWithoutStackTrace() {
        Outcome o = schedlab("run", "no/such/file.sched");
        assertEquals(Main.BAD_INPUT, o.code());
        assertTrue(o.err().contains("no such file: no/such/file.sched"), o.err());
        assertFalse(o.err().contains("\tat "), "no stack trace:\n" + o.err());
    }

    @Test
    void runWithoutFileIsUsageError() {
        Outcome o = schedlab("run");
        assertEquals(Main.USAGE, o.code());
        assertTrue(o.err().contains("no file given"), o.err());
    }

    @Test
    void checkPrintsLocatedDiagnosticsAndFails(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.sched");
        Files.writeString(bad, "machine m {\n  cpus 2\n  clock 700\n}\n");
        Outcome o = schedlab("check", bad.toString());
        assertEquals(Main.PROBLEMS, o.code(), o.out() + o.err());
        String first = o.out().lines().findFirst().orElse("");
        assertTrue(first.startsWith(bad + ":4:1: error: ") || first.matches("\\Q" + bad + "\\E:\\d+:\\d+: error: .*"),
                "file:line:column: severity: message, got: " + first);
    }

    @Test
    void threeThousandNestedLoopsAreALocatedErrorNotAStackOverflow(@TempDir Path dir) throws IOException {
        String hello = Files.readString(examples().resolve("hello.sched"));
        int at = hello.indexOf("\t\tloop forever {");
        assertTrue(at > 0, "hello.sched has its loop");
        Path deep = dir.resolve("deep.sched");
        int end = hello.indexOf("\t\t}\n", at) + 4;
        Files.writeString(deep, hello.substring(0, at) + "\t\tloop 2 {\n".repeat(3000) + hello.substring(at, end)
                + "\t\t}\n".repeat(3000) + hello.substring(end));
        Outcome check = schedlab("check", deep.toString());
        Outcome run = schedlab("run", deep.toString(), "--out", dir.toString());
        for (Outcome o : new Outcome[] { check, run }) {
            assertEquals(Main.PROBLEMS, o.code(), o.out() + o.err());
            String said = o.out() + o.err();
            assertTrue(said.matches("(?s).*\\Q" + deep + "\\E:\\d+:\\d+: error: nested deeper than 100 levels.*"), said);
            assertFalse((o.out() + o.err()).contains("StackOverflow"), o.out() + o.err());
        }
    }

    @Test
    void checkAcceptsTheHelloExample() {
        Outcome o = schedlab("check", examples().resolve("hello.sched").toString());
        assertEquals(Main.OK, o.code(), o.out() + o.err());
        assertTrue(o.out().contains("0 error(s)"), o.out());
    }

    @Test
    void enginesListsTheInstalledEnginesThroughDeclarativeServices() {
        Outcome o = schedlab("engines");
        assertEquals(Main.OK, o.code(), o.err());
        assertTrue(o.out().contains("rr "), "the reference round-robin engine:\n" + o.out());
    }

    @Test
    void enginesListsAThirdPartyEngineInstalledBesideSchedLab() {
        Outcome o = schedlab("engines");
        assertEquals(Main.OK, o.code(), o.err());
        assertTrue(o.out().contains("\nlottery  Lottery scheduling"), "the example third-party engine:\n" + o.out());
        assertTrue(o.out().contains("compensation-tickets"), "its patch:\n" + o.out());
    }

    @Test
    void checkAcceptsAVariantOfTheThirdPartyEngine() {
        Outcome o = schedlab("check", examples().resolve("org.example.schedlab.engine.lottery/lottery.sched").toString());
        assertEquals(Main.OK, o.code(), o.out() + o.err());
    }

    @Test
    void checkLocatesAnUnknownEngineAndListsTheInstalledOnes(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("unknown.sched");
        Files.writeString(f, "kernel k {\n\tengine nosuch\n\tversion \"1.0\"\n}\n");
        Outcome o = schedlab("check", f.toString());
        assertEquals(Main.PROBLEMS, o.code(), o.out());
        assertTrue(o.out().contains("unknown.sched:2:9: error: no engine 'nosuch' is installed; installed engines: cfs, eevdf,"
                + " goodness, lottery, o1, rr"), o.out());
    }

    @Test
    void progressGoesToStandardErrorOnlyWhenAskedOrOnATerminal(@TempDir Path dir) {
        // the tests' standard error is not a terminal: without --progress no progress line at all
        Outcome quiet = schedlab("run", examples().resolve("hello.sched").toString(), "--out", dir.toString());
        assertEquals(Main.OK, quiet.code(), quiet.err());
        assertTrue(!quiet.err().contains("elapsed"), quiet.err());
        Outcome o = schedlab("run", examples().resolve("hello.sched").toString(), "--out", dir.toString(), "--jobs",
                "1", "--progress");
        assertEquals(Main.OK, o.code(), o.err());
        assertTrue(!o.out().contains("elapsed"), "the tables on standard output stay clean:\n" + o.out());
        assertTrue(!o.err().contains("\r"), "whole lines, not a bar redrawn in place, when not a terminal");
        String last = o.err().lines().filter(l -> l.contains("elapsed")).reduce((a, b) -> b).orElseThrow(
                () -> new AssertionError("no progress line:\n" + o.err()));
        assertTrue(last.matches("\\[#{20}\\] 100% (\\d+)/\\1 runs, \\d+ s elapsed, done: hello: .*"), last);
    }

    @Test
    void runPrintsTheTableWithUnitsAndWritesTheResultsAtomically(@TempDir Path dir) {
        Outcome o = schedlab("run", examples().resolve("hello.sched").toString(), "--out", dir.toString(), "--jobs", "1");
        assertEquals(Main.OK, o.code(), o.err());
        assertTrue(o.out().contains("switches (1/s)"), "a unit on every number:\n" + o.out());
        assertTrue(Files.isRegularFile(dir.resolve("hello.schedresult")), o.err());
        assertTrue(Files.isRegularFile(dir.resolve("hello.csv")), o.err());
        assertTrue(Files.isRegularFile(dir.resolve("hello.json")), o.err());
        // hello's threads only yield: no wakeup, so no latency CDF
        for (String chart : new String[] { "hello-timeline-duo_rr", "hello-tasks", "hello-runqueue" }) {
            assertTrue(Files.isRegularFile(dir.resolve(chart + ".svg")) && Files.isRegularFile(dir.resolve(chart + ".png")),
                    "charts by default: " + chart + "\n" + o.err());
        }
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().contains(".tmp")), "no temporary file left");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void noChartsWritesNoChartAndTheOldChartsSwitchIsAccepted(@TempDir Path dir) throws IOException {
        Outcome none = schedlab("run", examples().resolve("hello.sched").toString(), "--out", dir.toString(), "--jobs",
                "1", "--no-charts");
        assertEquals(Main.OK, none.code(), none.err());
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.toString().endsWith(".svg") || f.toString().endsWith(".png")),
                    "--no-charts: no chart");
        }
        Outcome old = schedlab("run", examples().resolve("hello.sched").toString(), "--out", dir.toString(), "--jobs",
                "1", "--charts");
        assertEquals(Main.OK, old.code(), old.err());
        assertTrue(Files.isRegularFile(dir.resolve("hello-timeline-duo_rr.svg")), old.err());
    }

    @Test
    void runToAnUnwritableFolderFailsBeforeRunningWithALocatedError(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("a-file");
        Files.writeString(file, "");
        for (String out : new String[] { "/proc/nope", file.toString(), file.resolve("sub").toString() }) {
            Outcome o = schedlab("run", examples().resolve("hello.sched").toString(), "--out", out, "--jobs", "1");
            assertEquals(Main.BAD_INPUT, o.code(), o.err());
            assertTrue(o.err().startsWith("schedlab run: cannot write results to " + out + ": "), o.err());
            assertEquals("", o.out(), "nothing was simulated");
            assertFalse(o.err().contains("\tat "), "no stack trace:\n" + o.err());
        }
    }

    @Test
    void runFormatCsvPrintsCsv(@TempDir Path dir) {
        Outcome o = schedlab("run", examples().resolve("hello.sched").toString(), "--out", dir.toString(),
                "--format", "csv");
        assertEquals(Main.OK, o.code(), o.err());
        assertTrue(o.out().lines().findFirst().orElse("").contains(","), o.out());
    }

    @Test
    void badOptionValuesAreUsageErrors() {
        assertEquals(Main.USAGE, schedlab("run", "x.sched", "--jobs", "many").code());
        assertEquals(Main.USAGE, schedlab("run", "x.sched", "--format", "xml").code());
        assertEquals(Main.USAGE, schedlab("run", "x.sched", "--frob").code());
        assertEquals(Main.USAGE, schedlab("trace", "x.sched").code());
        assertEquals(Main.USAGE, schedlab("import", "csv", "x.json").code());
        assertEquals(Main.USAGE, schedlab("bench", "--frob").code());
    }

    @Test
    void importRtappConvertsAndReportsUnmappedEventsWithTheirLocation(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("app.json");
        Files.writeString(json, """
				{
				  /* a C comment, as rt-app accepts */
				  "tasks": {
				    "thread0": { "loop": 3, "run": 1000, "sleep": 2000, "suspend": "x", },
				  },
				}
				""");
        Outcome o = schedlab("import", "rtapp", json.toString());
        assertTrue(Files.isRegularFile(dir.resolve("app.sched")), o.out() + o.err());
        assertEquals(Main.PROBLEMS, o.code(), "suspend cannot be mapped: " + o.err());
        assertTrue(o.err().contains(json + ":4:"), "located: " + o.err());
        assertEquals(Main.OK, schedlab("check", dir.resolve("app.sched").toString()).code(), "the output validates");
    }

    @Test
    void importOfBadJsonIsOneLocatedLineAndBadInput(@TempDir Path dir) throws IOException {
        Path syntax = dir.resolve("r1.json");
        Files.writeString(syntax, "{ \"tasks\": { \"a\": { \"run\": 1 }");
        Path deep = dir.resolve("deep.json");
        Files.writeString(deep, "[".repeat(100_000));
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, new byte[] { '{', ' ', (byte) 0xe9, '}' });
        for (Object[] c : new Object[][] { { syntax, ":1:", ": error: unterminated object" },
                { deep, ":1:257", ": error: nested deeper than" }, { latin1, ":1:3", ": error: not UTF-8 at byte 2" } }) {
            Outcome o = schedlab("import", "rtapp", c[0].toString());
            assertEquals(Main.BAD_INPUT, o.code(), o.err());
            assertTrue(o.err().startsWith("schedlab import: " + c[0] + c[1]), o.err());
            assertTrue(o.err().contains(c[2].toString()), o.err());
            assertEquals(1, o.err().lines().count(), "one line, the location once:\n" + o.err());
        }
    }

    /** The export-then-import round trip in one folder: the import must not replace the .sched it came from. */
    @Test
    void importNeverReplacesAFileUnlessOutSaysSo(@TempDir Path dir) throws IOException {
        Path json = dir.resolve("app.json");
        Files.writeString(json, "{ \"tasks\": { \"t\": { \"loop\": 2, \"run\": 1000 } } }");
        Path sched = dir.resolve("app.sched");
        Files.writeString(sched, "// the user's own file\n");
        Outcome refused = schedlab("import", "rtapp", json.toString());
        assertEquals(Main.BAD_INPUT, refused.code(), refused.err());
        assertTrue(refused.err().contains(sched + " exists") && refused.err().contains("--out"), refused.err());
        assertEquals("// the user's own file\n", Files.readString(sched), "left as it was");
        Path other = dir.resolve("imported.sched");
        assertEquals(Main.OK, schedlab("import", "rtapp", json.toString(), "--out", other.toString()).code());
        assertTrue(Files.readString(other).contains("workload imported"), Files.readString(other));
        assertEquals(Main.OK, schedlab("import", "rtapp", json.toString(), "--out", sched.toString()).code(),
                "--out names the file to replace");
        assertTrue(Files.readString(sched).contains("compute 1000 us"), Files.readString(sched));
    }

    @Test
    void importOfAMissingFileIsBadInput() {
        Outcome o = schedlab("import", "rtapp", "no/such.json");
        assertEquals(Main.BAD_INPUT, o.code());
        assertTrue(o.err().contains("no such file"), o.err());
    }

    @Test
    void traceWritesAChromeTraceOfOneCell(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("trace.json");
        Outcome o = schedlab("trace", examples().resolve("hello.sched").toString(), "--cell", "duo/rr", "--out",
                trace.toString(), "--limit", "1000");
        assertEquals(Main.OK, o.code(), o.err());
        String text = Files.readString(trace);
        assertTrue(text.contains("\"traceEvents\""), text.substring(0, Math.min(200, text.length())));
    }

    @Test
    void traceWritesAPerfettoProtobufTraceOfOneCell(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("hello.perfetto-trace");
        Outcome o = schedlab("trace", examples().resolve("hello.sched").toString(), "--cell", "duo/rr", "--format",
                "perfetto", "--out", trace.toString(), "--limit", "1000");
        assertEquals(Main.OK, o.code(), o.err());
        assertTrue(o.out().contains("perfetto"), o.out());
        byte[] bytes = Files.readAllBytes(trace);
        assertTrue(bytes.length > 1000, "a trace of 1000 records: " + bytes.length);
        assertEquals(0x0a, bytes[0], "Trace.packet (field 1, length-delimited) first");
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file left beside the trace");
        }
    }

    @Test
    void traceWithAnUnknownFormatNamesTheFormats(@TempDir Path dir) {
        Outcome o = schedlab("trace", examples().resolve("hello.sched").toString(), "--cell", "duo/rr", "--format",
                "pb", "--out", dir.resolve("t.pb").toString());
        assertEquals(Main.USAGE, o.code());
        assertTrue(o.err().contains("json, ftrace or perfetto"), o.err());
        assertFalse(Files.exists(dir.resolve("t.pb")));
    }

    @Test
    void traceOfAnUnknownCellListsTheCells(@TempDir Path dir) {
        Outcome o = schedlab("trace", examples().resolve("hello.sched").toString(), "--cell", "nope/rr", "--out",
                dir.resolve("t.json").toString());
        assertEquals(Main.USAGE, o.code());
        assertTrue(o.err().contains("duo/rr"), o.err());
    }

    @Test
    void reproduceWithAnUnknownFigureIdSaysSo() {
        Outcome o = schedlab("reproduce", "--dir", examples().toString(), "--only", "no-such-figure");
        assertEquals(Main.PROBLEMS, o.code());
        assertTrue(o.err().contains("no published figure with id no-such-figure"), o.err());
    }

    @Test
    void calibratePrintsErrorsAndVerdictsOfAbsoluteTargets(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("tiny.sched"), """
				machine duo { cpus 2 clock 700 MHz hz 100 }
				kernel reference { engine rr version "1.0" }
				variant rr = reference
				workload hello {
					threads worker x 4 {
						loop forever {
							compute 1 ms
							count work
							yield
						}
					}
				}
				experiment tiny {
					workload hello
					machines duo
					variants rr
					duration 100 ms
					metrics work
					published work band 20 % {
						"cal-t-ok": rr on duo = 2000
						"cal-t-off": rr on duo = 1000
					}
					published change work {
						"t-change": rr on duo = +0 %
					}
				}
				""");
        Outcome o = schedlab("calibrate", "--dir", dir.toString());
        assertEquals(Main.PROBLEMS, o.code(), o.out() + o.err());
        String[] lines = o.out().split("\\R");
        assertTrue(lines[0].matches("ID\\s+experiment\\s+cell\\s+metric\\s+published\\s+simulated\\s+error\\s+verdict"),
                lines[0]);
        assertTrue(lines[1].matches("cal-t-ok\\s+tiny\\s+duo/rr\\s+work\\s+2,000 work/s\\s+\\S+ work/s\\s+[-+]\\d+\\.\\d %\\s+ok"),
                lines[1]);
        assertTrue(lines[2].matches("cal-t-off\\s+.*\\+\\d+\\.\\d %\\s+OUTSIDE"), lines[2]);
        assertFalse(o.out().contains("t-change"), "a published change is a prediction, not a target: " + o.out());
        assertTrue(lines[3].startsWith("2 targets: 1 ok, 1 OUTSIDE"), lines[3]);

        Outcome one = schedlab("calibrate", "--dir", dir.toString(), "--only", "cal-t-ok");
        assertEquals(Main.OK, one.code(), one.out() + one.err());
        assertEquals(3, one.out().lines().count(), one.out());

        Outcome none = schedlab("calibrate", "--dir", dir.toString(), "--only", "nope");
        assertEquals(Main.PROBLEMS, none.code());
        assertTrue(none.err().contains("no calibration target with id nope"), none.err());
    }

    @Test
    void calibrateWithoutItsFolderIsBadInput(@TempDir Path dir) {
        Outcome o = schedlab("calibrate", "--dir", dir.resolve("missing").toString());
        assertEquals(Main.BAD_INPUT, o.code());
        assertTrue(o.err().contains("no such folder"), o.err());
    }
}
