/*
 * ringbuf.c - a small event loop with a ring buffer, timers and a
 * table of commands, written the way C libraries are.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "ringbuf.h"

#ifndef RB_DEFAULT_SIZE
#define RB_DEFAULT_SIZE 4096
#endif

#if defined(__GNUC__) || defined(__clang__)
#define RB_LIKELY(x) __builtin_expect(!!(x), 1)
#define RB_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define RB_UNUSED __attribute__((unused))
#else
#define RB_LIKELY(x) (x)
#define RB_UNLIKELY(x) (x)
#define RB_UNUSED
#endif

#define RB_MIN(a, b) ((a) < (b) ? (a) : (b))
#define RB_MAX(a, b) \
	({ __typeof__(a) _a = (a); \
	   __typeof__(b) _b = (b); \
	   _a > _b ? _a : _b; })
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define CONTAINER_OF(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#define RB_ERRORS(X) \
	X(RB_OK, 0, "ok") \
	X(RB_EFULL, 1, "buffer full") \
	X(RB_EEMPTY, 2, "buffer empty") \
	X(RB_EINVAL, 3, "invalid argument")

enum rb_error {
#define X(name, value, text) name = value,
	RB_ERRORS(X)
#undef X
	RB_NERRORS
};

static const char *const rb_error_text[] = {
#define X(name, value, text) [value] = text,
	RB_ERRORS(X)
#undef X
};

typedef struct rb_buffer {
	unsigned char *data;
	size_t head;
	size_t tail;
	size_t cap;
	unsigned full : 1;
	unsigned owned : 1;
} rb_buffer;

typedef int (*rb_handler)(void *ctx, const char *arg, size_t len);

struct rb_command {
	const char *name;
	rb_handler run;
	unsigned flags;
};

struct rb_timer {
	struct rb_timer *next;
	uint64_t deadline;
	void (*fire)(struct rb_timer *t, void *arg);
	void *arg;
};

struct __attribute__((packed)) rb_header {
	uint8_t kind;
	uint16_t len;
	uint32_t crc;
};

void (*rb_set_handler(int sig, void (*fn)(int)))(int);
extern int rb_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

union rb_value {
	int64_t i;
	double d;
	const char *s;
	void *p;
};

struct rb_loop {
	rb_buffer in, out;
	struct rb_timer *timers;
	int running;
	union rb_value last;
};

static int cmd_echo(void *ctx, const char *arg, size_t len);
static int cmd_quit(void *ctx, const char *arg, size_t len);
static int cmd_stat(void *ctx, const char *arg, size_t len) RB_UNUSED;

static const struct rb_command commands[] = {
	{ .name = "echo", .run = cmd_echo, .flags = 0 },
	{ .name = "quit", .run = cmd_quit, .flags = 1u << 0 },
	{ "stat", cmd_stat, 0x2 },
};

static struct rb_loop default_loop = {
	.in = { .cap = RB_DEFAULT_SIZE },
	.out = { .cap = RB_DEFAULT_SIZE },
	.timers = NULL,
	.running = 0,
	.last = { .i = -1 },
};

static int grid[3][3] = { [0][0] = 1, [1] = { 2, 3 }, [2][2] = 9 };

const char *rb_strerror(enum rb_error e)
{
	if (e < 0 || (size_t)e >= ARRAY_SIZE(rb_error_text))
		return "unknown error";
	return rb_error_text[e];
}

int rb_init(rb_buffer *rb, size_t cap)
{
	if (rb == NULL || cap == 0)
		return -EINVAL;
	rb->data = malloc(cap);
	if (rb->data == NULL)
		return -ENOMEM;
	rb->head = rb->tail = 0;
	rb->cap = cap;
	rb->full = 0;
	rb->owned = 1;
	return RB_OK;
}

void rb_free(rb_buffer *rb)
{
	if (rb->owned)
		free(rb->data);
	memset(rb, 0, sizeof(*rb));
}

static inline size_t rb_used(const rb_buffer *rb)
{
	if (rb->full)
		return rb->cap;
	if (rb->head >= rb->tail)
		return rb->head - rb->tail;
	return rb->cap - rb->tail + rb->head;
}

size_t rb_write(rb_buffer *rb, const void *src, size_t n)
{
	const unsigned char *p = src;
	size_t done = 0;

	while (done < n && !rb->full) {
		size_t room = rb->tail > rb->head ? rb->tail - rb->head : rb->cap - rb->head;
		size_t k = RB_MIN(room, n - done);
		memcpy(rb->data + rb->head, p + done, k);
		rb->head = (rb->head + k) % rb->cap;
		done += k;
		if (rb->head == rb->tail)
			rb->full = 1;
	}
	return done;
}

size_t rb_read(rb_buffer *rb, void *dst, size_t n)
{
	unsigned char *p = (unsigned char *)dst;
	size_t done = 0;

	for (; done < n && rb_used(rb) > 0; ) {
		p[done++] = rb->data[rb->tail];
		rb->tail = (rb->tail + 1) % rb->cap;
		rb->full = 0;
	}
	return done;
}

/* K&R definitions are still in old code. */
int rb_checksum(buf, len)
	const unsigned char *buf;
	size_t len;
{
	unsigned sum = 0;
	size_t i;

	for (i = 0; i < len; i++)
		sum = (sum << 1 | sum >> 31) ^ buf[i];
	return (int)sum;
}

static void timer_insert(struct rb_loop *loop, struct rb_timer *t)
{
	struct rb_timer **pp = &loop->timers;

	while (*pp != NULL && (*pp)->deadline <= t->deadline)
		pp = &(*pp)->next;
	t->next = *pp;
	*pp = t;
}

static void __attribute__((noinline)) timer_run(struct rb_loop *loop, uint64_t now)
{
	struct rb_timer *t;

	while ((t = loop->timers) != NULL && t->deadline <= now) {
		loop->timers = t->next;
		t->next = NULL;
		if (t->fire)
			t->fire(t, t->arg);
	}
}

static int dispatch(struct rb_loop *loop, const char *line, size_t len)
{
	size_t i;
	const char *sp = memchr(line, ' ', len);
	size_t name_len = sp ? (size_t)(sp - line) : len;

	for (i = 0; i < ARRAY_SIZE(commands); i++) {
		const struct rb_command *c = &commands[i];
		if (strlen(c->name) != name_len || strncmp(c->name, line, name_len) != 0)
			continue;
		if (RB_UNLIKELY(c->run == NULL))
			return -EINVAL;
		return c->run(loop, sp ? sp + 1 : "", sp ? len - name_len - 1 : 0);
	}
	return -ENOENT;
}

static int cmd_echo(void *ctx, const char *arg, size_t len)
{
	struct rb_loop *loop = ctx;
	return rb_write(&loop->out, arg, len) == len ? RB_OK : RB_EFULL;
}

static int cmd_quit(void *ctx, const char *arg, size_t len)
{
	(void)arg;
	(void)len;
	((struct rb_loop *)ctx)->running = 0;
	return RB_OK;
}

static int cmd_stat(void *ctx, const char *arg, size_t len)
{
	struct rb_loop *loop = ctx;
	int n = RB_MAX((int)rb_used(&loop->in), (int)rb_used(&loop->out));
	int twice = ({ int t = n; t * 2; });
	(void)arg, (void)len;
	if (twice < 0)
		return RB_EINVAL;
	switch (n) {
	case 0:
		return RB_EEMPTY;
	case 1 ... 15:
		loop->last.i = n;
		break;
	default:
		loop->last.d = n / 16.0;
		break;
	}
	return RB_OK;
}

int rb_loop_run(struct rb_loop *loop, uint64_t (*clock)(void))
{
	char line[256];
	int rc = RB_OK;

	if (loop == NULL)
		loop = &default_loop;
	loop->running = 1;
	do {
		size_t n;
		timer_run(loop, clock());
		n = rb_read(&loop->in, line, sizeof line - 1);
		if (n == 0)
			continue;
		line[n] = '\0';
#ifdef RB_TRACE
		fprintf(stderr, "line: %s\n", line);
#endif
		rc = dispatch(loop, line, n);
		if (rc < 0)
			goto fail;
	} while (loop->running);
	return rc;
fail:
	loop->running = 0;
	return rc;
}

#if RB_DEFAULT_SIZE > 65536
#error "RB_DEFAULT_SIZE is too large"
#elif RB_DEFAULT_SIZE < 16
#warning "RB_DEFAULT_SIZE is very small"
#endif

#ifdef RB_SELFTEST
int main(void)
{
	rb_buffer rb;
	char out[8];
	static const char msg[] = "hello";

	if (rb_init(&rb, 4) != RB_OK)
		return 1;
	rb_write(&rb, msg, sizeof msg);
	if (rb_read(&rb, out, sizeof out) != 4 || memcmp(out, "hell", 4) != 0)
		return 2;
	rb_free(&rb);
	return grid[1][1] == 3 && rb_checksum((const unsigned char *)msg, 5) != 0 ? 0 : 3;
}
#endif
