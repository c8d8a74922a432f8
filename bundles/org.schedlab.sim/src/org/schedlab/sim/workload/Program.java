package org.schedlab.sim.workload;

import java.util.List;
import java.util.Objects;

/**
 * A named sequence of actions. Running off the end is an exit.
 *
 * @param name    for traces and messages
 * @param actions the body
 */
public record Program(String name, List<Action> actions) {
    public Program {
        Objects.requireNonNull(name, "name");
        actions = List.copyOf(actions);
    }

    /** @return a program of these actions */
    public static Program of(String name, Action... actions) {
        return new Program(name, List.of(actions));
    }
}
