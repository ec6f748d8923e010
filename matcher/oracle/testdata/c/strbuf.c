/* strbuf.c: a growable string buffer with printf-style appends. */
#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SB_INIT_CAP 32
#define SB_MAX(a, b) ((a) > (b) ? (a) : (b))
#define SB_CHECK(sb) do { if ((sb) == NULL) return -1; } while (0)

typedef struct strbuf {
	char *data;
	size_t len;
	size_t cap;
	bool failed;
} strbuf;

typedef enum sb_case {
	SB_LOWER,
	SB_UPPER,
	SB_TITLE,
} sb_case;

static const strbuf sb_empty = { .data = NULL, .len = 0, .cap = 0, .failed = false };

void sb_init(strbuf *sb)
{
	*sb = sb_empty;
}

void sb_release(strbuf *sb)
{
	free(sb->data);
	*sb = sb_empty;
}

static int sb_reserve(strbuf *sb, size_t extra)
{
	SB_CHECK(sb);
	if (sb->failed)
		return -1;
	size_t need = sb->len + extra + 1;
	if (need <= sb->cap)
		return 0;
	size_t cap = SB_MAX(sb->cap * 2, SB_INIT_CAP);
	while (cap < need)
		cap *= 2;
	char *data = realloc(sb->data, cap);
	if (data == NULL) {
		sb->failed = true;
		return -1;
	}
	sb->data = data;
	sb->cap = cap;
	return 0;
}

int sb_append_len(strbuf *sb, const char *s, size_t n)
{
	if (sb_reserve(sb, n) != 0)
		return -1;
	memcpy(sb->data + sb->len, s, n);
	sb->len += n;
	sb->data[sb->len] = '\0';
	return 0;
}

int sb_append(strbuf *sb, const char *s)
{
	if (s == NULL)
		return 0;
	return sb_append_len(sb, s, strlen(s));
}

int sb_putc(strbuf *sb, char c)
{
	if (sb_reserve(sb, 1) != 0)
		return -1;
	sb->data[sb->len++] = c;
	sb->data[sb->len] = '\0';
	return 0;
}

int sb_vprintf(strbuf *sb, const char *fmt, va_list ap)
{
	va_list copy;
	va_copy(copy, ap);
	int n = vsnprintf(NULL, 0, fmt, copy);
	va_end(copy);
	if (n < 0)
		return -1;
	if (sb_reserve(sb, (size_t)n) != 0)
		return -1;
	vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
	return n;
}

int sb_printf(strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = sb_vprintf(sb, fmt, ap);
	va_end(ap);
	return n;
}

char *sb_detach(strbuf *sb)
{
	char *out = sb->data;
	if (out == NULL) {
		out = malloc(1);
		if (out != NULL)
			out[0] = '\0';
	}
	*sb = sb_empty;
	return out;
}

void sb_trim(strbuf *sb)
{
	size_t start = 0;
	while (start < sb->len && isspace((unsigned char)sb->data[start]))
		start++;
	size_t end = sb->len;
	while (end > start && isspace((unsigned char)sb->data[end - 1]))
		end--;
	if (start > 0)
		memmove(sb->data, sb->data + start, end - start);
	sb->len = end - start;
	if (sb->data != NULL)
		sb->data[sb->len] = '\0';
}

void sb_set_case(strbuf *sb, sb_case mode)
{
	bool word_start = true;
	for (size_t i = 0; i < sb->len; i++) {
		unsigned char c = (unsigned char)sb->data[i];
		switch (mode) {
		case SB_LOWER:
			sb->data[i] = (char)tolower(c);
			break;
		case SB_UPPER:
			sb->data[i] = (char)toupper(c);
			break;
		case SB_TITLE:
			sb->data[i] = (char)(word_start ? toupper(c) : tolower(c));
			break;
		default:
			break;
		}
		word_start = isspace(c) != 0;
	}
}

int sb_equal(const strbuf *a, const strbuf *b)
{
	if (a == b)
		return 1;
	if (a->len != b->len)
		return 0;
	return a->len == 0 || memcmp(a->data, b->data, a->len) == 0;
}

size_t sb_count(const strbuf *sb, char c)
{
	size_t n = 0;
	const char *p = sb->data;
	const char *end = p + sb->len;
	while (p < end) {
		if (*p == c)
			n++;
		p++;
	}
	return n;
}

int sb_append_double(strbuf *sb, double v)
{
	if (v != v)
		return sb_append(sb, "nan");
	return sb_printf(sb, "%g", v);
}

int sb_join(strbuf *sb, const char *const *parts, size_t count, const char *sep)
{
	static const char *const none[] = { "" };
	if (parts == NULL) {
		parts = none;
		count = sizeof(none) / sizeof(none[0]);
	}
	for (size_t i = 0; i < count; i++) {
		if (i > 0 && sb_append(sb, sep) != 0)
			return -1;
		if (sb_append(sb, parts[i]) != 0)
			return -1;
	}
	return 0;
}

int sb_escape(strbuf *sb, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			if (sb_putc(sb, '\\') != 0)
				return -1;
			if (sb_putc(sb, (char)c) != 0)
				return -1;
		} else if (c < 0x20) {
			char buf[7] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15], '\0' };
			if (sb_append_len(sb, buf, sizeof(buf) - 1) != 0)
				return -1;
		} else if (sb_putc(sb, (char)c) != 0) {
			return -1;
		}
	}
	return 0;
}

#ifndef NDEBUG
void sb_check(const strbuf *sb)
{
	assert(sb->len <= sb->cap);
	if (sb->data != NULL)
		assert(sb->data[sb->len] == '\0');
}
#else
void sb_check(const strbuf *sb)
{
	(void)sb;
}
#endif
