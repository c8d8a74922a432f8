package org.schedlab.fuzz;

/** How long each fuzz test runs when fuzzing ({@code JAZZER_FUZZ=1}); without it each runs its corpus once. */
final class FuzzRuns {
    /** Inputs per fuzz test. */
    static final long EXECUTIONS = 100_000;
    /** A bound that only a hung run reaches (Jazzer's default, 5 min, would end the run before the inputs). */
    static final String MAX_DURATION = "2h";

    private FuzzRuns() {
    }
}
