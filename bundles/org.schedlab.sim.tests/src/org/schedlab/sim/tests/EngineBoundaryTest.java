/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.sim.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.schedlab.sim.machine.Cpu;
import org.schedlab.sim.machine.SpinLock;
import org.schedlab.sim.task.Task;

/**
 * The engine SPI's boundary: the "simulation kernel only" mutators of Cpu, Task and SpinLock are not public (an engine
 * cannot compile a call to them), and no engine's source (bundles/org.schedlab.engine.*, the example engines) reaches
 * the kernel's internal package, through which the kernel calls them. The direction is one way: no public type of the
 * kernel but the {@code Simulation} entry point imports the internal package, and the kernel-only methods are handed
 * out once, to the kernel.
 */
class EngineBoundaryTest {

    private static final Set<String> CPU_KERNEL_ONLY = Set.of("chargeCycles", "chargeKernelNs", "chargeSpinNs",
            "chargeIdleNs", "beginSegment", "endSegment", "setCurr", "setIdle", "setPolling", "setHalted",
            "setLastSchedule", "setActiveMm");
    private static final Set<String> TASK_KERNEL_ONLY = Set.of("setState", "setOnCpu", "setSchedAttributes",
            "setAllowed", "setHoldsBkl", "setMm", "setParent", "context", "setContext");
    private static final Set<String> LOCK_KERNEL_ONLY = Set.of("setLine", "acquired", "released");

    @Test
    void kernelOnlyMutatorsAreNotPublic() {
        assertNotPublic(Cpu.class, CPU_KERNEL_ONLY);
        assertNotPublic(Task.class, TASK_KERNEL_ONLY);
        assertNotPublic(SpinLock.class, LOCK_KERNEL_ONLY);
    }

    private static void assertNotPublic(Class<?> c, Set<String> names) {
        List<String> found = Arrays.stream(c.getDeclaredMethods()).map(Method::getName).filter(names::contains)
                .distinct().sorted().toList();
        assertEquals(names.stream().sorted().toList(), found, c.getSimpleName() + " lost a kernel mutator");
        for (Method m : c.getDeclaredMethods()) {
            if (names.contains(m.getName())) {
                assertFalse(Modifier.isPublic(m.getModifiers()) || Modifier.isProtected(m.getModifiers()),
                        c.getSimpleName() + "." + m.getName() + " is visible to engines");
            }
        }
    }

    @Test
    void noEngineReferencesTheKernelInternals() throws IOException {
        Path root = repositoryRoot();
        List<Path> engines = new ArrayList<>();
        try (Stream<Path> b = Files.list(root.resolve("bundles"))) {
            b.filter(p -> p.getFileName().toString().matches("org\\.schedlab\\.engine\\.[a-z0-9]+"))
                    .forEach(engines::add);
        }
        try (Stream<Path> b = Files.list(root.resolve("examples"))) {
            b.filter(p -> p.getFileName().toString().matches(".*\\.engine\\.[a-z0-9]+")).forEach(engines::add);
        }
        engines.add(root.resolve("bundles/org.schedlab.sim/src/org/schedlab/sim/engine"));
        assertTrue(engines.size() >= 5, "engines found: " + engines);
        List<String> offenders = new ArrayList<>();
        for (Path engine : engines) {
            try (Stream<Path> files = Files.walk(engine)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    if (Files.readString(f).contains("org.schedlab.sim.internal")) {
                        offenders.add(root.relativize(f).toString());
                    }
                }
            }
        }
        assertEquals(List.of(), offenders, "engines must use the SPI, not the kernel's internals");
    }

    @Test
    void thePublicTypesDoNotReachBackIntoTheInternals() throws IOException {
        Path sim = repositoryRoot().resolve("bundles/org.schedlab.sim/src/org/schedlab/sim");
        List<String> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.walk(sim)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String rel = sim.relativize(f).toString().replace('\\', '/');
                if (rel.startsWith("internal/") || rel.equals("Simulation.java")) {
                    continue;
                }
                if (Files.readAllLines(f).stream().anyMatch(l -> l.startsWith("import org.schedlab.sim.internal")
                        || !l.strip().startsWith("*") && l.contains("org.schedlab.sim.internal."))) {
                    offenders.add(rel);
                }
            }
        }
        assertEquals(List.of(), offenders, "public kernel types that use org.schedlab.sim.internal");
    }

    @Test
    void theKernelOnlyMethodsAreHandedOutOnceToTheKernel() {
        org.schedlab.sim.internal.KernelMutators.cpu(); // the kernel has taken them (it does when it is loaded)
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, Cpu::kernelOps);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, Task::kernelOps);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class, SpinLock::kernelOps);
    }

    /** @return the checkout's root (the tests run from the bundle's folder or from the root) */
    private static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("bundles/org.schedlab.sim")) && Files.isDirectory(p.resolve("examples"))) {
                return p;
            }
        }
        throw new IllegalStateException("not run inside a SchedLab checkout: " + Path.of("").toAbsolutePath());
    }
}
