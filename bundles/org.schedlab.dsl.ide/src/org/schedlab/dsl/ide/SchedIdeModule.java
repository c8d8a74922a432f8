package org.schedlab.dsl.ide;

/** Binds the IDE-neutral services of the .sched language. */
public class SchedIdeModule extends AbstractSchedIdeModule {
}
