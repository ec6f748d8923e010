/* arena.c: a bump allocator over a chain of blocks, with scratch marks
 * and a tagged value type allocated from it. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARENA_BLOCK_SIZE (64 * 1024)
#define ARENA_ALIGN 16
#define ALIGN_UP(n, a) (((n) + ((a) - 1)) & ~((size_t)(a) - 1))
#define ARENA_NEW(a, T) ((T *)arena_alloc((a), sizeof(T)))
#define ARRAY_LEN(x) (sizeof(x) / sizeof((x)[0]))

struct block {
	struct block *next;
	size_t size;
	size_t used;
	_Alignas(ARENA_ALIGN) unsigned char data[];
};

typedef struct arena {
	struct block *head;
	size_t total;
	size_t peak;
} arena;

typedef struct arena_mark {
	struct block *block;
	size_t used;
} arena_mark;

enum value_kind {
	VALUE_NIL,
	VALUE_INT,
	VALUE_STR,
	VALUE_PAIR,
};

struct value {
	enum value_kind kind;
	union {
		long i;
		struct {
			const char *ptr;
			size_t len;
		} str;
		struct {
			struct value *car;
			struct value *cdr;
		} pair;
	} as;
};

typedef struct value value;

static struct block *block_new(size_t size, struct block *next)
{
	struct block *b = malloc(sizeof(*b) + size);
	if (b == NULL)
		return NULL;
	b->next = next;
	b->size = size;
	b->used = 0;
	return b;
}

void arena_init(arena *a)
{
	(void)sizeof(struct block);
	*a = (arena){ 0 };
}

void arena_release(arena *a)
{
	struct block *b = a->head;
	while (b) {
		struct block *next = b->next;
		free(b);
		b = next;
	}
	a->head = NULL;
	a->total = 0;
}

void *arena_alloc(arena *a, size_t n)
{
	struct block *b = a->head;
	n = ALIGN_UP(n, ARENA_ALIGN);
	if (b == NULL || b->size - b->used < n) {
		size_t size = n > ARENA_BLOCK_SIZE ? n : ARENA_BLOCK_SIZE;
		b = block_new(size, a->head);
		if (b == NULL)
			return NULL;
		a->head = b;
	}
	void *p = b->data + b->used;
	b->used += n;
	a->total += n;
	if (a->total > a->peak)
		a->peak = a->total;
	return p;
}

static inline int value_is_nan(double d)
{
	return d != d;
}

void *arena_calloc(arena *a, size_t count, size_t size)
{
	if (size != 0 && count > SIZE_MAX / size)
		return NULL;
	void *p = arena_alloc(a, count * size);
	if (p != NULL)
		memset(p, 0, count * size);
	return p;
}

char *arena_strndup(arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);
	if (p == NULL)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

arena_mark arena_save(const arena *a)
{
	if (a->head == NULL)
		return (arena_mark){ .block = NULL, .used = 0 };
	return (arena_mark){ .block = a->head, .used = a->head->used };
}

void arena_restore(arena *a, arena_mark m)
{
	while (a->head != m.block) {
		struct block *b = a->head;
		a->head = b->next;
		a->total -= b->used;
		free(b);
	}
	if (a->head != NULL) {
		a->total -= a->head->used - m.used;
		a->head->used = m.used;
	}
}

static inline value *value_int(arena *a, long i)
{
	value *v = ARENA_NEW(a, value);
	if (v == NULL)
		return NULL;
	v->kind = VALUE_INT;
	v->as.i = i;
	return v;
}

static inline value *value_str(arena *a, const char *s)
{
	value *v = ARENA_NEW(a, value);
	if (!v)
		return NULL;
	size_t len = strlen(s);
	v->kind = VALUE_STR;
	v->as.str.ptr = arena_strndup(a, s, len);
	v->as.str.len = len;
	return v;
}

value *value_pair(arena *a, value *car, value *cdr)
{
	value *v = (struct value *)arena_alloc(a, sizeof(value));
	if (v == NULL)
		return NULL;
	*v = (value){ .kind = VALUE_PAIR, .as.pair = { car, cdr } };
	return v;
}

size_t value_print(const value *v, char *buf, size_t size)
{
	int n = 0;
	switch (v == NULL ? VALUE_NIL : v->kind) {
	case VALUE_NIL:
		n = snprintf(buf, size, "nil");
		break;
	case VALUE_INT:
		n = snprintf(buf, size, "%ld", v->as.i);
		break;
	case VALUE_STR:
		n = snprintf(buf, size, "\"%.*s\"", (int)v->as.str.len, v->as.str.ptr);
		break;
	case VALUE_PAIR: {
		size_t used = 0;
		used += (size_t)snprintf(buf, size, "(");
		used += value_print(v->as.pair.car, buf + (used < size ? used : size), used < size ? size - used : 0);
		used += (size_t)snprintf(buf + (used < size ? used : size), used < size ? size - used : 0, " . ");
		used += value_print(v->as.pair.cdr, buf + (used < size ? used : size), used < size ? size - used : 0);
		n = (int)used;
		break;
	}
	}
	return n < 0 ? 0 : (size_t)n;
}

int arena_demo(void)
{
	arena a;
	static const long nums[] = { 1, 2, 3, 5, 8 };
	arena_init(&a);
	value *list = NULL;
	for (size_t i = ARRAY_LEN(nums); i-- > 0;) {
		value *head = value_int(&a, nums[i]);
		if (head == NULL)
			goto oom;
		list = value_pair(&a, head, list);
		if (list == NULL)
			goto oom;
	}
	arena_mark mark = arena_save(&a);
	value *greeting = value_str(&a, "hello");
	char buf[256];
	value_print(value_pair(&a, greeting, list), buf, sizeof(buf));
	puts(buf);
	arena_restore(&a, mark);
#ifdef ARENA_STATS
	fprintf(stderr, "arena: total %zu, peak %zu\n", a.total, a.peak);
#endif
	arena_release(&a);
	return 0;
oom:
	fputs("out of memory\n", stderr);
	arena_release(&a);
	return 1;
}
