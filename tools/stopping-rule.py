#!/usr/bin/env python3
"""How often reproduce's stopping rule calls a figure ok whose true change lies outside its band, and how many
seeds it takes, for a minimum of 2 seeds against 3 (docs/reproduction.md, "Stopping rule"). Monte Carlo: per-seed
changes drawn from a normal distribution of mean MU and standard deviation SD around a band [0, 10] points; the
rule of org.schedlab.runner.Reproduction (stop when the Student-t 95 % interval is wholly inside or wholly
outside the band or its half-width is at most max(2 points, a tenth of the band); ok only when the interval lies
wholly inside; unconverged at 20 seeds).
Usage: tools/stopping-rule.py [TRIALS]   (default 20000; seeded, so a rerun prints the same table)"""
import math
import random
import sys
from statistics import mean, stdev

# two-sided 95 % Student-t quantiles, by degrees of freedom
T95 = [None, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
       2.131, 2.120, 2.110, 2.101, 2.093]
LOW, HIGH, CAP = 0.0, 10.0, 20


def figure(mu, sd, minimum, rng):
    xs = [rng.gauss(mu, sd) for _ in range(minimum)]
    narrow = max(2.0, (HIGH - LOW) / 10)
    while True:
        n = len(xs)
        m = mean(xs)
        half = T95[n - 1] * stdev(xs) / math.sqrt(n)
        inside = m - half >= LOW and m + half <= HIGH
        if inside or m + half < LOW or m - half > HIGH or half <= narrow:
            return ("ok" if inside else "OUTSIDE"), n
        if n >= CAP:
            return "unconverged", n
        xs.append(rng.gauss(mu, sd))


def main():
    trials = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    print("true change   sd    P(ok) min 2  seeds   P(ok) min 3  seeds")
    for mu in (-3, -1, -0.5, 0.5, 1, 3, 5):
        for sd in (1, 3, 6):
            row = []
            for minimum in (2, 3):
                rng = random.Random(f"{mu}/{sd}/{minimum}")
                runs = [figure(mu, sd, minimum, rng) for _ in range(trials)]
                ok = sum(1 for v, _ in runs if v == "ok") / trials
                seeds = sum(n for _, n in runs) / trials
                row.append(f"{ok:12.4f} {seeds:6.1f}")
            print(f"{mu:+8.1f} pt {sd:5}  " + "  ".join(row))


if __name__ == "__main__":
    main()
