/* reader.c: reads a file whole or line by line, with errors that say
 * what failed and where. */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(_WIN32)
#define PATH_SEP '\\'
#define READ_MODE "rb"
#else
#define PATH_SEP '/'
#define READ_MODE "r"
#endif

#define READER_BUFSIZE 4096
#define FAIL(r, code) reader_fail((r), (code), __LINE__)

enum reader_error {
	READER_OK = 0,
	READER_OPEN,
	READER_READ,
	READER_NOMEM,
	READER_TOOBIG,
};

struct reader {
	FILE *fp;
	const char *path;
	char *buf;
	size_t len;
	size_t cap;
	long line;
	enum reader_error err;
	int sys_errno;
	int fail_line;
};

struct file_data {
	char *bytes;
	size_t size;
};

static const char *const reader_messages[] = {
	[READER_OK] = "ok",
	[READER_OPEN] = "cannot open",
	[READER_READ] = "read error",
	[READER_NOMEM] = "out of memory",
	[READER_TOOBIG] = "file too big",
};

static int reader_fail(struct reader *r, enum reader_error code, int line)
{
	r->err = code;
	r->sys_errno = errno;
	r->fail_line = line;
	return -1;
}

const char *reader_strerror(enum reader_error code)
{
	if ((size_t)code >= sizeof(reader_messages) / sizeof(reader_messages[0]))
		return "unknown error";
	return reader_messages[code];
}

const char *path_base(const char *path)
{
	const char *slash = strrchr(path, PATH_SEP);
	return slash != NULL ? slash + 1 : path;
}

int reader_open(struct reader *r, const char *path)
{
	memset(r, 0, sizeof(*r));
	r->path = path;
	r->fp = fopen(path, READ_MODE);
	if (r->fp == NULL)
		return FAIL(r, READER_OPEN);
	r->cap = READER_BUFSIZE;
	r->buf = malloc(r->cap);
	if (r->buf == NULL) {
		fclose(r->fp);
		r->fp = NULL;
		return FAIL(r, READER_NOMEM);
	}
	return 0;
}

void reader_close(struct reader *r)
{
	(void)path_base;
	if (r->fp != NULL)
		fclose(r->fp);
	free(r->buf);
	r->fp = NULL;
	r->buf = NULL;
}

/* reader_line reads the next line into r->buf, without its newline, and
 * returns its length, or -1 at the end of the file or on an error. */
long reader_line(struct reader *r)
{
	int c;
	r->len = 0;
	while ((c = fgetc(r->fp)) != EOF) {
		if (c == '\n')
			break;
		if (r->len + 1 >= r->cap) {
			if (r->cap > SIZE_MAX / 2)
				return FAIL(r, READER_TOOBIG);
			char *bigger = realloc(r->buf, r->cap * 2);
			if (bigger == NULL)
				return FAIL(r, READER_NOMEM);
			r->buf = bigger;
			r->cap *= 2;
		}
		r->buf[r->len++] = (char)c;
	}
	if (c == EOF && r->len == 0) {
		if (ferror(r->fp))
			return FAIL(r, READER_READ);
		return -1;
	}
	r->buf[r->len] = '\0';
	r->line++;
	return (long)r->len;
}

int read_file(const char *path, struct file_data *out)
{
	FILE *fp = NULL;
	char *bytes = NULL;
	long size;
	int rc = -1;

	fp = fopen(path, READ_MODE);
	if (fp == NULL)
		goto fail;
	if (fseek(fp, 0, SEEK_END) != 0)
		goto fail;
	size = ftell(fp);
	if (size < 0)
		goto fail;
	if (fseek(fp, 0, SEEK_SET) != 0)
		goto fail;
	bytes = malloc((size_t)size + 1);
	if (bytes == NULL)
		goto fail;
	if (fread(bytes, 1, (size_t)size, fp) != (size_t)size)
		goto fail;
	bytes[size] = '\0';
	*out = (struct file_data){ .bytes = bytes, .size = (size_t)size };
	bytes = NULL;
	rc = 0;
fail:
	if (rc != 0)
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
	free(bytes);
	if (fp != NULL)
		fclose(fp);
	return rc;
}

long count_lines(const char *path)
{
	struct reader r;
	long n = 0;
	if (reader_open(&r, path) != 0) {
		fprintf(stderr, "%s: %s\n", path, reader_strerror(r.err));
		return -1;
	}
	while (reader_line(&r) >= 0)
		n++;
	if (r.err != READER_OK) {
		fprintf(stderr, "%s:%ld: %s\n", path_base(path), r.line, reader_strerror(r.err));
		n = -1;
	}
	reader_close(&r);
	return n;
}

int parse_long(const char *s, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (end == s || *end != '\0')
		return -1;
	if (errno == ERANGE)
		return -1;
	*out = v;
	return 0;
}

int read_numbers(const char *path, long **values, size_t *count)
{
	struct reader r;
	long *vals = NULL;
	size_t n = 0, cap = 0;
	if (reader_open(&r, path) != 0)
		return -1;
	while (reader_line(&r) >= 0) {
		long v;
		if (r.len == 0 || r.buf[0] == '#')
			continue;
		if (parse_long(r.buf, &v) != 0) {
			fprintf(stderr, "%s:%ld: not a number: %s\n", path, r.line, r.buf);
			continue;
		}
		if (n == cap) {
			size_t ncap = cap ? cap * 2 : 8;
			long *grown = realloc(vals, ncap * sizeof(*grown));
			if (grown == NULL) {
				free(vals);
				reader_close(&r);
				return -1;
			}
			vals = grown;
			cap = ncap;
		}
		vals[n++] = v;
	}
	reader_close(&r);
	*values = vals;
	*count = n;
	return 0;
}

#if 0
/* The old reader, kept for the record. */
int read_file_old(const char *path, char **out)
{
	FILE *fp = fopen(path, "r");
	if (fp == NULL)
		return -1;
	*out = malloc(READER_BUFSIZE);
	return fread(*out, 1, READER_BUFSIZE, fp) > 0 ? 0 : -1;
}
#endif
