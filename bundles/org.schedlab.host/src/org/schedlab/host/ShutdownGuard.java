/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

/**
 * Something validate-host changed on the machine and must undo: once, when the case ends ({@link #close()}), or
 * from a shutdown hook when the JVM is stopped first (Ctrl-C, SIGTERM), whichever comes first.
 */
public abstract class ShutdownGuard implements AutoCloseable {
    private final Thread hook;
    private boolean undone;

    protected ShutdownGuard(String what) {
        this.hook = new Thread(this::undoOnce, "schedlab: " + what);
    }

    /** Registers the shutdown hook: from here on the change is undone also if the JVM stops first. */
    protected final void arm() {
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Undoes the change (called once). */
    protected abstract void undo();

    final synchronized void undoOnce() {
        if (undone) {
            return;
        }
        undone = true;
        undo();
    }

    /** @return the shutdown hook that undoes the change if the JVM stops first (for tests) */
    public final Thread hook() {
        return hook;
    }

    /** Undoes the change and forgets the shutdown hook. */
    @Override
    public void close() {
        undoOnce();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException | IllegalArgumentException e) {
            // the JVM is shutting down (the hook runs and finds it undone), or the hook was never armed
        }
    }
}
