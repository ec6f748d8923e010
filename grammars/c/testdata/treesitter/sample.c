#include <stdio.h>
#pragma once
#include "local.h"

/* A sample of C's common constructs, for the tree-sitter map's oracle. */
#define LIMIT 10
#define SQUARE(x) ((x) * (x))
#define EMPTY

#ifdef DEBUG
int debug_level = 1;
#elif defined(TRACE)
int debug_level = 2;
#else
int debug_level = 0;
#endif

#if LIMIT > 5
static const int big = 1;
#endif

typedef unsigned long size_type;
typedef int (*callback)(int, void *);

struct point {
    int x, y;
    unsigned flags : 3;
    struct point *next;
};

union value {
    int i;
    float f;
    char bytes[4];
};

enum color { RED, GREEN = 2, BLUE };

typedef struct {
    const char *name;
    enum color color;
} named;

extern int counter;
static volatile long ticks = 0;
int grid[3][4];
char *names[] = {"a", "b", 0};
struct point origin = {.x = 0, .y = 0};
int primes[5] = {[0] = 2, [1] = 3};

static inline int square(int n) { return n * n; }

int sum(int count, ...);

void apply(callback cb, void *data) {
    cb(0, data);
}

int compute(int a, int b, struct point *p, const char *restrict s) {
    int r = a + b * 2 - -a;
    unsigned int u = 0xFFu;
    long l = 10L;
    double d = 1.5e3;
    float f = 2.0f;
    char c = 'x';
    const char *text = "two " "parts\n";
    _Bool ok = !a && b || a >= b;
    r += 1;
    r <<= 2;
    r++;
    --r;
    r = a > b ? a : b;
    r = (int)d;
    r = sizeof(int) + sizeof r;
    p->x = p->y;
    origin.x = 1;
    grid[1][2] = *names[0];
    int *ptr = &r;
    *ptr = 3;
    r = (a, b);
    struct point q = (struct point){1, 2};
    if (a > b) {
        r = 1;
    } else if (a < b) {
        r = 2;
    } else {
        r = 3;
    }
    if (ok)
        r = 4;
    for (int i = 0; i < LIMIT; i++) {
        if (i == 5)
            continue;
        if (i == 7)
            break;
    }
    for (;;) {
        break;
    }
    while (r > 0) {
        r--;
    }
    do {
        r++;
    } while (r < 3);
    switch (r) {
    case 1:
    case 2:
        r = 3;
        break;
    default:
        r = 4;
    }
    goto done;
done:
    ;
    square(SQUARE(r));
    int *cp = (int *)ptr;
    r = sizeof(int (*)(int)) + sizeof(char[4]);
    r = _Alignof(double) + offsetof(struct point, y);
    r = _Generic(r, int: 1, default: 0);
    __asm__("nop");
    __attribute__((unused)) int unused = 0;
    apply(&square_cb, NULL);
    return r + q.x + (int)u + (int)l + (int)f + c + text[0];
}

int main(int argc, char **argv) {
    int (*fp)(int) = square;
    int arr[] = {1, 2, 3};
    return fp(argc) + arr[0] + (argv != 0);
}
