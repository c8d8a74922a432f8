/** The plain round-robin reference engine (id {@code rr}), so the kernel's tests need no Linux engine. */
package org.schedlab.sim.engine.rr;
