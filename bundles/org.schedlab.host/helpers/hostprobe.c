/* hostprobe: what no Debian-packaged benchmark measures, for `schedlab profile-host` (org.schedlab.host).
 *   hostprobe cacheline ITER          two threads pinned to CPUs 0 and 1 hand one cache line back and forth
 *                                     (each waits for the other's write, then writes): ns per one-way transfer
 *   hostprobe pipe CPU_A CPU_B ITER   two threads pinned to CPU_A and CPU_B pass a byte over two pipes
 *                                     (perf bench sched pipe -T, with each side pinned): ns per round trip
 *   hostprobe memlat MB               a dependent pointer chase over MB of memory in random order: ns per load
 * Output: one line "NAME VALUE". Build: gcc -O2 -pthread -o hostprobe hostprobe.c */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static volatile long line[16] __attribute__((aligned(64)));
static long iterations;
static int fds[2][2];

static double now_ns(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static void pin(int cpu) {
	cpu_set_t s;
	CPU_ZERO(&s);
	CPU_SET(cpu, &s);
	if (pthread_setaffinity_np(pthread_self(), sizeof s, &s) != 0) {
		fprintf(stderr, "hostprobe: cannot pin to CPU %d\n", cpu);
		exit(2);
	}
}

static void *bouncer(void *arg) {
	long parity = (long) arg;
	pin((int) parity);
	for (long i = 0; i < iterations; i++) {
		while ((line[0] & 1) != parity)
			;
		line[0]++;
	}
	return NULL;
}

struct side { int cpu; int in; int out; int first; };

static void *pinger(void *arg) {
	struct side *s = arg;
	char c = 0;
	pin(s->cpu);
	for (long i = 0; i < iterations; i++) {
		if (s->first && write(s->out, &c, 1) != 1) exit(3);
		if (read(s->in, &c, 1) != 1) exit(3);
		if (!s->first && write(s->out, &c, 1) != 1) exit(3);
	}
	return NULL;
}

int main(int argc, char **argv) {
	if (argc == 3 && argv[1][0] == 'c') {
		iterations = atol(argv[2]);
		pthread_t a, b;
		double t0 = now_ns();
		pthread_create(&a, NULL, bouncer, (void *) 0L);
		pthread_create(&b, NULL, bouncer, (void *) 1L);
		pthread_join(a, NULL);
		pthread_join(b, NULL);
		printf("cacheline_ns %.2f\n", (now_ns() - t0) / (2.0 * iterations));
		return 0;
	}
	if (argc == 5 && argv[1][0] == 'p') {
		iterations = atol(argv[4]);
		if (pipe(fds[0]) || pipe(fds[1])) return 3;
		struct side a = { atoi(argv[2]), fds[1][0], fds[0][1], 1 }, b = { atoi(argv[3]), fds[0][0], fds[1][1], 0 };
		pthread_t ta, tb;
		double t0 = now_ns();
		pthread_create(&tb, NULL, pinger, &b);
		pthread_create(&ta, NULL, pinger, &a);
		pthread_join(ta, NULL);
		pthread_join(tb, NULL);
		printf("pipe_rtt_ns %.2f\n", (now_ns() - t0) / iterations);
		return 0;
	}
	if (argc == 3 && argv[1][0] == 'm') {
		size_t lines = (size_t) atol(argv[2]) * 1024 * 1024 / 64;
		void **mem = aligned_alloc(64, lines * 64);
		size_t *order = malloc(lines * sizeof(size_t));
		if (!mem || !order) return 3;
		for (size_t i = 0; i < lines; i++) order[i] = i;
		srand(1);
		for (size_t i = lines - 1; i > 0; i--) { /* a random cycle over the lines: one pointer per 64-byte line */
			size_t j = ((size_t) rand() * RAND_MAX + rand()) % (i + 1), t = order[i];
			order[i] = order[j];
			order[j] = t;
		}
		for (size_t i = 0; i < lines; i++) mem[order[i] * 8] = &mem[order[(i + 1) % lines] * 8];
		void **p = &mem[order[0] * 8];
		long loads = 20 * 1000 * 1000;
		double t0 = now_ns();
		for (long i = 0; i < loads; i++) p = *p;
		double t = now_ns() - t0;
		printf("memory_ns %.2f\n", t / loads + (p == NULL));
		return 0;
	}
	fprintf(stderr, "usage: hostprobe cacheline ITER | pipe CPU_A CPU_B ITER | memlat MB\n");
	return 2;
}
