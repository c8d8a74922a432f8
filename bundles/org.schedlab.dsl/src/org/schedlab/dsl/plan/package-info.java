/**
 * The expanded experiment ({@link org.schedlab.dsl.plan.ExperimentPlan}: cells with their simulation configuration,
 * repeats, seeds, metrics and published figures), made by the translator from a .sched file or built in code, and
 * run by org.schedlab.runner.
 */
package org.schedlab.dsl.plan;
