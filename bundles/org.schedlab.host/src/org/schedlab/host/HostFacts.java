/*
 * Copyright (c) 2026 SchedLab contributors.
 *
 * This program and the accompanying materials are made available under the terms of the Eclipse Public
 * License 2.0, which is available at https://www.eclipse.org/legal/epl-2.0/ (see LICENSE).
 *
 * SPDX-License-Identifier: EPL-2.0
 */
package org.schedlab.host;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * What the machine says about itself without a benchmark: CPUs and topology ({@code /sys/devices/system/cpu}), the
 * last-level cache per core ({@code /sys/devices/system/cpu/cpu0/cache}, else {@code getconf -a}, which reads
 * CPUID), the clock ({@code cpufreq/cpuinfo_max_freq}, else {@code /proc/cpuinfo}), HZ (the kernel configuration in
 * {@code /proc/config.gz} or {@code /boot}), the idle driver, the CPU model and the kernel release. Every value comes
 * with where it was read. Files are read below {@code root} ({@code /} on the machine, a recorded tree in tests).
 */
public final class HostFacts {

    /** One value and where it came from. */
    public record Fact(String value, String source) {
    }

    private static final Duration QUICK = Duration.ofSeconds(20);
    private final Path root;
    private final Shell shell;

    public HostFacts(Path root, Shell shell) {
        this.root = root;
        this.shell = shell;
    }

    private Path file(String absolute) {
        return root.resolve(absolute.substring(1));
    }

    private String read(String absolute) {
        try {
            return Files.readString(file(absolute), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return null;
        }
    }

    /** @return the kernel release ({@code uname -r}) */
    public Fact kernel() {
        Shell.Output o = shell.run(List.of("uname", "-r"), QUICK);
        return new Fact(o.stdout().trim(), "uname -r");
    }

    /** @return the CPU model name of {@code /proc/cpuinfo} */
    public Fact model() {
        String v = cpuinfo("model name");
        return new Fact(v == null ? "unknown CPU" : v, "/proc/cpuinfo model name");
    }

    private String cpuinfo(String key) {
        String text = read("/proc/cpuinfo");
        if (text == null) {
            return null;
        }
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(key) + "\\s*:\\s*(.*)$").matcher(text);
        return m.find() ? m.group(1).trim() : null;
    }

    /** @return the online CPUs, as a sorted set of ids */
    public TreeSet<Integer> onlineCpus() {
        String online = read("/sys/devices/system/cpu/online");
        if (online == null) {
            throw new HostException("cannot read /sys/devices/system/cpu/online: is this Linux with sysfs mounted?");
        }
        return cpuList(online);
    }

    /** @return the CPUs of a sysfs CPU list such as {@code 0-3,6} */
    public static TreeSet<Integer> cpuList(String list) {
        TreeSet<Integer> out = new TreeSet<>();
        for (String part : list.trim().split(",")) {
            if (part.isBlank()) {
                continue;
            }
            String[] r = part.split("-");
            int lo = Integer.parseInt(r[0].trim());
            int hi = r.length > 1 ? Integer.parseInt(r[1].trim()) : lo;
            for (int i = lo; i <= hi; i++) {
                out.add(i);
            }
        }
        return out;
    }

    /** @return the number of online CPUs */
    public Fact cpus() {
        String online = read("/sys/devices/system/cpu/online");
        return new Fact(Integer.toString(onlineCpus().size()), "/sys/devices/system/cpu/online = " + online);
    }

    /** @return hardware threads per core, from {@code cpu0/topology/thread_siblings_list} */
    public Fact threadsPerCore() {
        String s = read("/sys/devices/system/cpu/cpu0/topology/thread_siblings_list");
        if (s == null) {
            return new Fact("1", "no /sys/devices/system/cpu/cpu0/topology: one thread per core assumed");
        }
        return new Fact(Integer.toString(cpuList(s).size()),
                "/sys/devices/system/cpu/cpu0/topology/thread_siblings_list = " + s);
    }

    /** @return the clock in MHz (whole), from cpufreq's maximum or from {@code /proc/cpuinfo} */
    public Fact clockMhz() {
        String max = read("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq");
        if (max != null && max.matches("\\d+")) {
            return new Fact(Long.toString(Long.parseLong(max) / 1000),
                    "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq = " + max + " kHz");
        }
        String mhz = cpuinfo("cpu MHz");
        if (mhz == null) {
            throw new HostException("no clock: neither cpufreq/cpuinfo_max_freq nor \"cpu MHz\" in /proc/cpuinfo");
        }
        return new Fact(Long.toString(Math.round(Double.parseDouble(mhz))), "/proc/cpuinfo cpu MHz = " + mhz);
    }

    /** @return the timer frequency, CONFIG_HZ of the running kernel's configuration */
    public Fact hz(String release) {
        Path gz = file("/proc/config.gz");
        String config = null;
        String source = null;
        if (Files.isReadable(gz)) {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
                config = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                source = "/proc/config.gz";
            } catch (IOException e) {
                config = null;
            }
        }
        if (config == null) {
            config = read("/boot/config-" + release);
            source = "/boot/config-" + release;
        }
        if (config != null) {
            Matcher m = Pattern.compile("(?m)^CONFIG_HZ=(\\d+)").matcher(config);
            if (m.find()) {
                return new Fact(m.group(1), source + " CONFIG_HZ=" + m.group(1));
            }
        }
        return new Fact("250", "no kernel configuration readable (/proc/config.gz, /boot/config-" + release
                + "): Debian's default CONFIG_HZ=250 assumed [U]");
    }

    /** @return the idle policy of the simulation (poll, halt) from the cpuidle driver */
    public Fact idle() {
        String driver = read("/sys/devices/system/cpu/cpuidle/current_driver");
        String src = "/sys/devices/system/cpu/cpuidle/current_driver = " + driver;
        if (driver != null && driver.equals("haltpoll")) {
            return new Fact("halt", src + " (haltpoll polls briefly, then halts: modelled as halt)");
        }
        return new Fact("halt", src + (driver == null || driver.equals("none")
                ? " (no cpuidle driver: default_idle, hlt)" : " (the driver's states halt the CPU)"));
    }

    /** @return whether /proc/cpuinfo's first {@code flags} line lists {@code flag} (x86: pcid, ...) */
    public boolean cpuFlag(String flag) {
        String info = read("/proc/cpuinfo");
        if (info == null) {
            return false;
        }
        for (String l : info.split("\n")) {
            if (l.startsWith("flags")) {
                return (" " + l.substring(l.indexOf(':') + 1) + " ").contains(" " + flag + " ");
            }
        }
        return false;
    }

    /** @return the architecture of {@code uname -m} as the language names it */
    public Fact arch() {
        String m = shell.run(List.of("uname", "-m"), QUICK).stdout().trim();
        String arch = switch (m) {
            case "x86_64", "amd64" -> "x86_64";
            case "ia64" -> "ia64";
            default -> m.matches("i[3-6]86") ? "i386" : "x86_64";
        };
        return new Fact(arch, "uname -m = " + m + (arch.equals(m) ? "" : " (nearest modelled: " + arch + ")"));
    }

    /** @return the size in KB of the largest unified cache per core below the last level shared by all (or L2) */
    public Fact l2CacheKb() {
        Path dir = file("/sys/devices/system/cpu/cpu0/cache");
        if (Files.isDirectory(dir)) {
            for (int i = 0; i < 8; i++) {
                String base = "/sys/devices/system/cpu/cpu0/cache/index" + i + "/";
                if ("2".equals(read(base + "level"))) {
                    String size = read(base + "size");
                    return new Fact(Long.toString(kb(size)), base + "size = " + size);
                }
            }
        }
        Shell.Output o = shell.run(List.of("getconf", "-a"), QUICK);
        Matcher m = Pattern.compile("(?m)^LEVEL2_CACHE_SIZE\\s+(\\d+)").matcher(o.stdout());
        if (m.find() && Long.parseLong(m.group(1)) > 0) {
            return new Fact(Long.toString(Long.parseLong(m.group(1)) / 1024), "no " + "/sys/devices/system/cpu/cpu0/cache"
                    + "; getconf -a LEVEL2_CACHE_SIZE = " + m.group(1) + " (CPUID)");
        }
        throw new HostException("no L2 cache size: neither /sys/devices/system/cpu/cpu0/cache nor getconf -a gives one");
    }

    /**
     * @return the L2's associativity and line size, {@code "WAYS LINE"} (sysfs index2's ways_of_associativity and
     *         coherency_line_size, else getconf's LEVEL2_CACHE_ASSOC and LEVEL2_CACHE_LINESIZE), or null when
     *         neither gives them
     */
    public Fact l2Geometry() {
        for (int i = 0; i < 8; i++) {
            String base = "/sys/devices/system/cpu/cpu0/cache/index" + i + "/";
            if ("2".equals(read(base + "level"))) {
                String ways = read(base + "ways_of_associativity");
                String line = read(base + "coherency_line_size");
                if (ways != null && line != null && ways.matches("\\d+") && line.matches("\\d+")) {
                    return new Fact(ways + " " + line, base + "ways_of_associativity = " + ways + ", "
                            + base + "coherency_line_size = " + line);
                }
            }
        }
        Shell.Output o = shell.run(List.of("getconf", "-a"), QUICK);
        Matcher a = Pattern.compile("(?m)^LEVEL2_CACHE_ASSOC\\s+(\\d+)").matcher(o.stdout());
        Matcher l = Pattern.compile("(?m)^LEVEL2_CACHE_LINESIZE\\s+(\\d+)").matcher(o.stdout());
        if (a.find() && l.find() && Long.parseLong(a.group(1)) > 0 && Long.parseLong(l.group(1)) > 0) {
            return new Fact(a.group(1) + " " + l.group(1), "getconf -a LEVEL2_CACHE_ASSOC = " + a.group(1)
                    + ", LEVEL2_CACHE_LINESIZE = " + l.group(1) + " (CPUID)");
        }
        return null;
    }

    /**
     * @return the memory paths the memory model gives the CPUs: one per processor package (the distinct
     *         physical_package_id values of the online CPUs), each with its own memory controller
     */
    public Fact packages() {
        java.util.Set<String> ids = new java.util.TreeSet<>();
        for (int cpu : onlineCpus()) {
            String id = read("/sys/devices/system/cpu/cpu" + cpu + "/topology/physical_package_id");
            ids.add(id == null ? "0" : id);
        }
        return new Fact(Integer.toString(ids.size()), "/sys/devices/system/cpu/cpu*/topology/physical_package_id: "
                + String.join(", ", ids) + " (one memory path per package)");
    }

    static long kb(String size) {
        String s = size.trim().toUpperCase(Locale.ROOT);
        long n = Long.parseLong(s.replaceAll("[^0-9]", ""));
        return s.endsWith("M") ? n * 1024 : s.endsWith("G") ? n * 1024 * 1024 : n;
    }
}
