package org.schedlab.cli;

import java.io.PrintStream;
import java.util.List;

import org.schedlab.sim.bench.SimBench;
import org.schedlab.sim.spi.SchedulerEngine;

/** {@code schedlab bench [ENGINE] [--quick]}: the simulation kernel's speed benchmark. */
final class BenchCommand implements Command {

	@Override
	public String name() {
		return "bench";
	}

	@Override
	public String summary() {
		return "measure the simulator's speed (context switches per wall-clock second)";
	}

	@Override
	public String usage() {
		return """
				usage: schedlab bench [ENGINE] [--quick]
				  N tasks that each compute 1 ms then sched_yield() on 4 CPUs of the PIII-700 profile, every cost
				  charged, for N = 8, 64, 512 (median of 3 runs each), a CPU-bound variant, heap per task with
				  100,000 tasks on 256 CPUs, and the event queue against java.util.PriorityQueue. ENGINE defaults
				  to rr (the reference round-robin engine). The last line is 'context switches per second: N'
				  for N = 512. --quick runs shorter simulations. Takes about two minutes.""";
	}

	@Override
	public int execute(String[] args, PrintStream out, PrintStream err) {
		boolean quick = false;
		String engineId = "rr";
		for (String arg : args) {
			if (arg.equals("--quick")) {
				quick = true;
			} else if (arg.startsWith("-")) {
				throw new UsageException("unknown option " + arg);
			} else {
				engineId = arg;
			}
		}
		List<SchedulerEngine> engines = InstalledEngines.find();
		String wanted = engineId;
		SchedulerEngine engine = engines.stream().filter(e -> e.info().id().equals(wanted)).findFirst()
				.orElseThrow(() -> new UsageException("unknown engine '" + wanted + "'; installed: "
						+ String.join(", ", engines.stream().map(e -> e.info().id()).toList())));
		new SimBench(out).run(engine, quick);
		return Main.OK;
	}
}
