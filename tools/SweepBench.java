/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
import java.util.*;
import org.schedlab.dsl.plan.*;
import org.schedlab.runner.*;
import org.schedlab.sim.SimConfig;
import org.schedlab.sim.engine.rr.RoundRobinEngine;
import org.schedlab.sim.event.Time;
import org.schedlab.sim.machine.MachineProfile;
import org.schedlab.sim.spi.SchedulerConfig;
import org.schedlab.sim.workload.*;

/**
 * tools/sweep-bench.sh: cells per second of an N-cell sweep of a short experiment (rr on two PIII CPUs, four
 * threads computing a random 50 us .. 1 ms and yielding, -Dms= simulated ms per cell, default 20) through
 * SweepRunner with the given worker counts in turn; with "plan" instead of worker counts, the heap a plan of N
 * cells holds (each cell builds its own workload when it runs, as a sample's cells do).
 */
public class SweepBench {
  public static void main(String[] a) throws Exception {
    int n = Integer.parseInt(a[0]);
    List<CellSpec> cells = new ArrayList<>();
    SplittableRandom r = new SplittableRandom(1);
    MachineProfile duo = MachineProfile.piii700().withCpus(2);
    RoundRobinEngine rr = new RoundRobinEngine();
    long ms = Long.getLong("ms", 20);
    for (int i = 0; i < n; i++) {
      long work = 50_000 + r.nextLong(950_000);
      // as the translator's cells: the workload is built when the cell runs (CellSpec.lazy)
      cells.add(CellSpec.lazy("bench", "duo", "rr", Map.of("i", Integer.toString(i)), 1, () -> {
        Program p = Program.of("worker", Action.Loop.forever(Action.Compute.ns(work), new Action.Count("work", 1), new Action.Yield()));
        return SimConfig.builder().machine(duo).engine(rr, SchedulerConfig.of("1.0"))
            .workload(Workload.of("w", org.schedlab.sim.workload.ThreadGroup.threads("worker", 4, p))).duration(ms * Time.MS).seed(1).build();
      }));
    }
    ExperimentPlan plan = new ExperimentPlan("bench", cells, "rr", 1, List.of("work", "switches"), List.of(), null, "x", List.of(1L));
    if (a[1].equals("plan")) {
      Runtime rt = Runtime.getRuntime(); rt.gc(); rt.gc();
      System.out.printf("plan of %d cells (a workload each, built when the cell runs): heap used %d MB%n", plan.cells().size(), (rt.totalMemory() - rt.freeMemory()) >> 20);
      return;
    }
    for (String t : a[1].split(",")) {
      int threads = Integer.parseInt(t);
      long s = System.nanoTime();
      SweepRunner.Swept sw = new SweepRunner().run(plan, threads, RunMonitor.NONE, null);
      double sec = (System.nanoTime() - s) / 1e9;
      System.out.printf(Locale.ROOT, "%d cells, %d worker(s): %.1f s, %.1f cells/s (%s)%n", n, threads, sec, n / sec, sw.result().getStatus());
    }
    Runtime rt = Runtime.getRuntime(); rt.gc();
    System.out.printf("heap used after: %d MB%n", (rt.totalMemory() - rt.freeMemory()) >> 20);
  }
}
