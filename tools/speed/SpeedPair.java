/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Compares two compiled class sets of the simulation in one JVM, each in its own class loader, in alternating runs
 * (A B, B A, ...): two runs next to each other in time meet about the same load on a shared machine, so the median
 * of the paired ratios B / A is steadier than two medians taken minutes apart.
 * {@code SpeedPair CLASSPATH_A CLASSPATH_B ROUNDS engine N yield|cpu simulated-seconds [off]}; the first two rounds
 * warm up the JIT and are not counted.
 */
public final class SpeedPair {
    private SpeedPair() {
    }

    public static void main(String[] a) throws Exception {
        URLClassLoader[] loaders = {loader(a[0]), loader(a[1])};
        int rounds = Integer.parseInt(a[2]);
        String[] row = Arrays.copyOfRange(a, 3, a.length);
        Method[] once = new Method[2];
        for (int i = 0; i < 2; i++) {
            once[i] = loaders[i].loadClass("SpeedRun").getMethod("once", String[].class);
        }
        List<Double> ratios = new ArrayList<>();
        List<List<Double>> cpu = List.of(new ArrayList<>(), new ArrayList<>());
        for (int r = 0; r < rounds; r++) {
            double[] x = new double[2];
            for (int k = 0; k < 2; k++) {
                int i = (r + k) % 2;
                Thread.currentThread().setContextClassLoader(loaders[i]);
                x[i] = ((double[]) once[i].invoke(null, (Object) row))[1];
            }
            System.out.printf(Locale.ROOT, "round %d: A %,.0f B %,.0f switches per thread-CPU-s, B/A %.3f%n", r, x[0],
                    x[1], x[1] / x[0]);
            if (r >= 2) {
                cpu.get(0).add(x[0]);
                cpu.get(1).add(x[1]);
                ratios.add(x[1] / x[0]);
            }
        }
        System.out.printf(Locale.ROOT, "median A %,.0f, B %,.0f per thread-CPU-s; median of the paired B/A %.3f (%d pairs)%n",
                median(cpu.get(0)), median(cpu.get(1)), median(ratios), ratios.size());
    }

    private static double median(List<Double> v) {
        List<Double> s = new ArrayList<>(v);
        Collections.sort(s);
        return s.isEmpty() ? Double.NaN : s.get(s.size() / 2);
    }

    private static URLClassLoader loader(String cp) throws Exception {
        List<URL> urls = new ArrayList<>();
        for (String p : cp.split(":")) {
            urls.add(Path.of(p).toUri().toURL());
        }
        return new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
    }
}
