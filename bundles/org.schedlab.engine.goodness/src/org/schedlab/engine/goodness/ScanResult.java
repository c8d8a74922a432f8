package org.schedlab.engine.goodness;

/**
 * The outcome of one pass of schedule()'s search: the task chosen, its
 * weight c, and whether the counters must be recalculated (c == 0 in the
 * kernel; {@code c <= 0 && nr_running > 0} with the slotizer).
 */
public record ScanResult(SchedEntity next, int c, boolean recalc) {
}
