/*
 * encbench C worker: seed 000's loops, exactly as published, timed with
 * CLOCK_MONOTONIC inside this process. Speaks encbench's worker protocol:
 * one flat JSON object per line on stdin, one per line on stdout
 * (see README "Workers"). Keys and values are simple: no escapes needed.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static char codec[64];
static char path[4096];

/* Finds the value of "key" in a flat JSON object line; whitespace around ':' allowed. */
static const char *find_value(const char *line, const char *key) {
    char pattern[80];
    snprintf(pattern, sizeof pattern, "\"%s\"", key);
    const char *p = strstr(line, pattern);
    if (!p) return NULL;
    p += strlen(pattern);
    while (*p == ' ' || *p == '\t') p++;
    if (*p != ':') return NULL;
    p++;
    while (*p == ' ' || *p == '\t') p++;
    return p;
}

/* Copies a string value (no escapes in this protocol's values) into out. */
static int get_string(const char *line, const char *key, char *out, size_t cap) {
    const char *p = find_value(line, key);
    if (!p || *p != '"') return 0;
    p++;
    size_t n = 0;
    while (p[n] && p[n] != '"' && n + 1 < cap) n++;
    if (p[n] != '"') return 0; /* unterminated or too long */
    memcpy(out, p, n);
    out[n] = 0;
    return 1;
}

static long long get_number(const char *line, const char *key) {
    const char *p = find_value(line, key);
    return p ? atoll(p) : -1;
}

/* The seed's first loop: fscanf("%i") per value (its feof test replaced by the return value). */
static long long sum_fscanf(void) {
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    long long tot = 0;
    int j;
    while (fscanf(f, "%i", &j) == 1) tot += j;
    fclose(f);
    return tot;
}

/* read() one int at a time: the seed's 12 s loop. */
static long long sum_read_per_int(void) {
    int file = open(path, O_RDONLY);
    if (file < 0) return -1;
    long long tot = 0;
    int j;
    while (read(file, &j, sizeof(j)) == sizeof(j)) tot += j;
    close(file);
    return tot;
}

/* read() 10,000 ints at a time: the seed's 25 ms loop. */
static long long sum_read_chunked(void) {
    int file = open(path, O_RDONLY);
    if (file < 0) return -1;
    static int k[10000];
    long long tot = 0;
    ssize_t got;
    while ((got = read(file, k, sizeof(k))) > 0) {
        int n = (int)(got / (ssize_t)sizeof(int));
        for (int j = 0; j < n; j++) tot += k[j];
    }
    close(file);
    return tot;
}

/* fread() one int at a time (the IETF list's suggestion). */
static long long sum_fread(void) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    long long tot = 0;
    int j;
    while (fread(&j, sizeof(j), 1, f) == 1) tot += j;
    fclose(f);
    return tot;
}

/* atoi() over fixed-width 7-byte records, read 10,000 at a time (the seed's UPDATE). */
static long long sum_atoi_fixed(void) {
    int file = open(path, O_RDONLY);
    if (file < 0) return -1;
    static char k[70000 + 1];
    long long tot = 0;
    ssize_t got;
    while ((got = read(file, k, 70000)) > 0) {
        k[got] = 0;
        for (char *p = k; p < k + got; p += 7) tot += atoi(p);
    }
    close(file);
    return tot;
}

/* The seed's quick-and-dirty atoi over the same fixed-width records. */
static int quick_atoi(const char *text) {
    int result = 0;
    while (*text == ' ') text++;
    do {
        char c = *(text++);
        if (c < '0' || c > '9') return result;
        result = result * 10 + c - '0';
    } while (1);
}

static long long sum_hand_rolled(void) {
    int file = open(path, O_RDONLY);
    if (file < 0) return -1;
    static char k[70000 + 1];
    long long tot = 0;
    ssize_t got;
    while ((got = read(file, k, 70000)) > 0) {
        k[got] = 0;
        for (char *p = k; p < k + got; p += 7) tot += quick_atoi(p);
    }
    close(file);
    return tot;
}

typedef long long (*loop_fn)(void);

static loop_fn lookup(const char *id) {
    if (!strcmp(id, "c/fscanf")) return sum_fscanf;
    if (!strcmp(id, "c/read-per-int")) return sum_read_per_int;
    if (!strcmp(id, "c/read-chunked")) return sum_read_chunked;
    if (!strcmp(id, "c/fread")) return sum_fread;
    if (!strcmp(id, "c/atoi-fixed")) return sum_atoi_fixed;
    if (!strcmp(id, "c/hand-rolled")) return sum_hand_rolled;
    return NULL;
}

static long long now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(void) {
    char line[8192];
    loop_fn loop = NULL;
    setvbuf(stdout, NULL, _IOLBF, 0);
    while (fgets(line, sizeof line, stdin)) {
        char op[32] = "";
        get_string(line, "op", op, sizeof op);
        if (!strcmp(op, "hello")) {
#ifdef __VERSION__
            printf("{\"ok\":true,\"language\":\"c\",\"runtime\":\"cc %s\",\"codecs\":[\"c/fscanf\",\"c/read-per-int\",\"c/read-chunked\",\"c/fread\",\"c/atoi-fixed\",\"c/hand-rolled\"]}\n", __VERSION__);
#else
            printf("{\"ok\":true,\"language\":\"c\",\"runtime\":\"cc\",\"codecs\":[]}\n");
#endif
        } else if (!strcmp(op, "prepare")) {
            if (!get_string(line, "codec", codec, sizeof codec) || !get_string(line, "input", path, sizeof path)) {
                printf("{\"ok\":false,\"error\":\"prepare needs codec and input\"}\n");
                continue;
            }
            loop = lookup(codec);
            if (!loop) {
                printf("{\"ok\":false,\"error\":\"unknown codec %s\"}\n", codec);
                continue;
            }
            long long sum = loop();
            if (sum < 0) {
                loop = NULL;
                printf("{\"ok\":false,\"error\":\"cannot open %s\"}\n", path);
                continue;
            }
            printf("{\"ok\":true,\"check\":\"%lld\"}\n", sum);
        } else if (!strcmp(op, "run")) {
            long long iters = get_number(line, "iters");
            if (!loop || iters < 1) {
                printf("{\"ok\":false,\"error\":\"run needs a prepared codec and iters >= 1\"}\n");
                continue;
            }
            volatile long long sink = 0;
            long long start = now_ns();
            for (long long i = 0; i < iters; i++) sink += loop();
            long long ns = now_ns() - start;
            (void)sink;
            printf("{\"ok\":true,\"ns\":%lld}\n", ns);
        } else if (!strcmp(op, "quit")) {
            return 0;
        } else {
            printf("{\"ok\":false,\"error\":\"unknown op\"}\n");
        }
    }
    return 0;
}
