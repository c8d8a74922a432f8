/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.spark;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;

/**
 * Fails early and clearly when a standalone master cannot be reached (Spark itself retries for a minute and then
 * gives up with a stack trace).
 */
final class MasterCheck {
    private static final int TIMEOUT_MS = 5000;

    private MasterCheck() {
    }

    /** @return whether {@code master} names a standalone master on this machine ({@code spark://127.0.0.1:7077}) */
    static boolean isLoopback(String master) {
        if (!master.startsWith("spark://")) {
            return false;
        }
        for (String hostPort : master.substring("spark://".length()).split(",")) {
            String host = URI.create("spark://" + hostPort).getHost();
            if (!"127.0.0.1".equals(host) && !"localhost".equals(host)) {
                return false;
            }
        }
        return true;
    }

    /**
     * @throws IOException when {@code master} is a {@code spark://} URL none of whose masters accepts a connection
     */
    static void requireReachable(String master) throws IOException {
        if (!master.startsWith("spark://")) {
            return; // local[N], yarn, k8s://...: Spark reports those itself
        }
        String why = null;
        for (String hostPort : master.substring("spark://".length()).split(",")) {
            URI uri = URI.create("spark://" + hostPort);
            if (uri.getHost() == null || uri.getPort() < 0) {
                throw new IOException("bad master URL " + master + ": expected spark://HOST:PORT");
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), TIMEOUT_MS);
                return;
            } catch (IOException e) {
                why = e.getMessage();
            }
        }
        throw new IOException("cannot reach the Spark master at " + master + " (" + why + "); is it running?");
    }
}
