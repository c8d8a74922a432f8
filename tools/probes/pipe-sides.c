/* pipe-sides: which side of stress-ng --pipe's pair is the slower one when neither sleeps (docs/validation.md,
 * 7 December 2026, second session).
 *
 *   gcc -O2 -pthread -o pipe-sides tools/probes/pipe-sides.c
 *   pipe-sides FILL SECONDS
 *
 * A writer thread pinned to CPU 0 and a reader thread pinned to CPU 1 share a pipe made as stress-ng makes its
 * own (pipe2 with O_DIRECT: a packet a write), both ends O_NONBLOCK so that neither ever sleeps: the writer writes
 * 512-byte packets (FILL 1: each filled first with a byte loop, as stress-ng's pipe_memset does), the reader reads
 * them. Prints each side's successful calls and EAGAIN returns per second: the side with more EAGAINs is the faster
 * one, and the throughput is the slower side's rate.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static int fds[2];
static volatile int stop;
static int fill;

struct side {
	long ok, again;
};

static double now(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

static void pin(int cpu) {
	cpu_set_t s;
	CPU_ZERO(&s);
	CPU_SET(cpu, &s);
	sched_setaffinity(0, sizeof s, &s);
}

static void *writer(void *arg) {
	struct side *s = arg;
	static char buf[512];
	unsigned char v = 0;
	pin(0);
	while (!stop) {
		if (fill) {
			volatile char *p = buf;
			for (int i = 0; i < 512; i++)
				p[i] = v;
		}
		v++;
		if (write(fds[1], buf, sizeof buf) == sizeof buf)
			s->ok++;
		else
			s->again++;
	}
	return NULL;
}

static void *reader(void *arg) {
	struct side *s = arg;
	static char buf[512];
	pin(1);
	while (!stop) {
		if (read(fds[0], buf, sizeof buf) == sizeof buf)
			s->ok++;
		else
			s->again++;
	}
	return NULL;
}

int main(int argc, char **argv) {
	if (argc != 3) {
		fprintf(stderr, "usage: pipe-sides FILL SECONDS\n");
		return 2;
	}
	fill = atoi(argv[1]);
	double seconds = atof(argv[2]);
	if (pipe2(fds, O_DIRECT | O_NONBLOCK))
		return 3;
	struct side w = { 0 }, r = { 0 };
	pthread_t a, b;
	pthread_create(&a, NULL, writer, &w);
	pthread_create(&b, NULL, reader, &r);
	double t0 = now();
	usleep((useconds_t) (seconds * 1e6));
	stop = 1;
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	double t = now() - t0;
	printf("fill %d: writes %.0f/s (EAGAIN %.0f/s), reads %.0f/s (EAGAIN %.0f/s)\n", fill, w.ok / t, w.again / t,
	       r.ok / t, r.again / t);
	return 0;
}
