/*
 * Times seed 000's loops without encbench: the worker's own functions, each
 * run 7 times in a row on the given files, printing the median. Used to
 * check that encbench's worker rows agree with a plain stand-alone timing.
 *
 *   cc -O2 -o standalone standalone.c
 *   ./standalone ints.txt ints.bin ints.fixed7
 */
#define main worker_main
#include "worker.c"
#undef main

static int cmp(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

static void time_loop(const char *id, const char *file) {
    loop_fn loop = lookup(id);
    snprintf(path, sizeof path, "%s", file);
    long long ns[7];
    long long sum = loop(); /* warm-up, and a check value */
    for (int i = 0; i < 7; i++) {
        long long start = now_ns();
        volatile long long s = loop();
        (void)s;
        ns[i] = now_ns() - start;
    }
    qsort(ns, 7, sizeof ns[0], cmp);
    printf("%-16s median %10.3f ms  (min %.3f, max %.3f)  sum %lld\n", id, ns[3] / 1e6, ns[0] / 1e6, ns[6] / 1e6, sum);
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s TEXT BINARY FIXED7\n", argv[0]);
        return 2;
    }
    time_loop("c/fscanf", argv[1]);
    time_loop("c/read-per-int", argv[2]);
    time_loop("c/read-chunked", argv[2]);
    time_loop("c/fread", argv[2]);
    time_loop("c/atoi-fixed", argv[3]);
    time_loop("c/hand-rolled", argv[3]);
    return 0;
}
