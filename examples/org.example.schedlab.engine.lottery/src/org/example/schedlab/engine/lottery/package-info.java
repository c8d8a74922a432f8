/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
/**
 * Lottery scheduling (C. A. Waldspurger and W. E. Weihl, "Lottery Scheduling: Flexible
 * Proportional-Share Resource Management", OSDI 1994) as a SchedLab engine: an example of a third-party
 * engine bundle. Plain Java against org.schedlab.sim.spi; registered as a Declarative Services component
 * (OSGI-INF/lottery.xml) and in META-INF/services.
 */
package org.example.schedlab.engine.lottery;
