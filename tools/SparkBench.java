/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.schedlab.dsl.plan.ExperimentPlan;
import org.schedlab.runner.CellStore;
import org.schedlab.runner.RunMonitor;
import org.schedlab.runner.SweepRunner;
import org.schedlab.runner.dsl.DslPlans;

/**
 * tools/spark-bench.sh, the local half: the sweep of FILE through SweepRunner (no Spark) with each worker count in
 * turn, each finished cell written to a cell folder as `schedlab sweep` does, in cells per second.
 */
public class SparkBench {
  public static void main(String[] a) throws Exception {
    ExperimentPlan plan = DslPlans.load(Path.of(a[0])).get(0);
    for (String t : a[1].split(",")) {
      int threads = Integer.parseInt(t);
      CellStore store = new CellStore(Files.createTempDirectory("spark-bench-cells"));
      long s = System.nanoTime();
      SweepRunner.Swept sw = new SweepRunner().run(plan, threads, RunMonitor.NONE, store);
      double sec = (System.nanoTime() - s) / 1e9;
      System.out.printf(Locale.ROOT, "local runner, %d worker(s): %d cells in %.1f s, %.1f cells/s (%s)%n",
          threads, plan.cells().size(), sec, plan.cells().size() / sec, sw.result().getStatus());
      store.clear();
      Files.delete(store.dir());
    }
  }
}
