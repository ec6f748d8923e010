/* The forms of C the grammar reads, with the preprocessor among them. */
#include <stdio.h>
#include "local.h"
#define MAX 10
#define SQUARE(x) ((x) * (x))
#define BEGIN {
#undef MAX
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

typedef unsigned long size_type;
typedef struct node {
	int value : 4;
	unsigned flag : 1;
	struct node *next;
	union {
		int i;
		float f;
	};
} node_t;

enum color { RED, GREEN = 2,
#ifdef HAVE_BLUE
	BLUE,
#endif
	LAST };

static const char *const names[] = {
	"a",
#if defined(LONG_NAMES)
	"b" "c",
#else
	"d",
#endif
	[3] = "e",
};

struct point { int x, y; } origin = { .x = 0, .y = 0 };

extern int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int (*handler)(int, char **);
void (*signal_of(int sig, void (*func)(int)))(int);
_Static_assert(sizeof(int) >= 2, "int is too small");

int old_style(a, b)
	int a;
	char *b;
{
	return a + (b != 0);
}

static inline size_type twice(size_type n) { return n * 2; }

int main(int argc, char **argv)
{
	size_type * p = 0;
	node_t n = { 0 };
	int i, total = 0;
	for (i = 0; i < argc; i++) {
		if (argv[i] == NULL)
			continue;
		else if (argv[i][0] == '-') {
			total += SQUARE(i);
		} else
			total--;
	}
#ifdef DEBUG
	printf("total %d\n", total);
#else
	(void)total;
#endif
	switch (total) {
	case 0:
	case 1 ... 3:
		break;
	default:
		goto out;
	}
	p = (size_type *)malloc(sizeof *p);
	n.next = &n;
	n.next->value = _Generic(total, int: 1, default: 0);
	total = ({ int t = total; t * 2; });
	__asm__ volatile ("nop" ::: "memory");
	do { total >>= 1; } while (total > 0 && total != ~0);
out:
	return total ? total : sizeof(struct point);
}

#ifdef __cplusplus
}
#endif
