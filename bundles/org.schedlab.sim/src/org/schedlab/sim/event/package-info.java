/** Simulation time ({@link org.schedlab.sim.event.Time}) and the event queue. */
package org.schedlab.sim.event;
