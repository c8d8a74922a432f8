/**
 * Lottery scheduling (C. A. Waldspurger and W. E. Weihl, "Lottery Scheduling: Flexible
 * Proportional-Share Resource Management", OSDI 1994) as a SchedLab engine: an example of a third-party
 * engine bundle. Plain Java against org.schedlab.sim.spi; registered as a Declarative Services component
 * (OSGI-INF/lottery.xml) and in META-INF/services.
 */
package org.example.schedlab.engine.lottery;
