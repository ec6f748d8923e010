/* hashtable.c: an open-addressing hash table from strings to pointers,
 * with FNV-1a hashing, linear probing and tombstones. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HT_MIN_CAPACITY 16
#define HT_MAX_LOAD 0.75
#define HT_HASH(k) ht_fnv1a((k), strlen(k))
#define HT_NEW(T) ((T *)malloc(sizeof(T)))

enum ht_state {
	HT_EMPTY,
	HT_FULL,
	HT_DELETED,
};

struct ht_entry {
	char *key;
	void *value;
	uint64_t hash;
	enum ht_state state;
};

struct ht {
	struct ht_entry *entries;
	size_t capacity;
	size_t count;
	size_t tombstones;
};

typedef struct ht ht_t;
typedef void (*ht_free_fn)(void *);

struct ht_iter {
	const ht_t *table;
	size_t index;
};

static inline uint64_t ht_fnv1a(const char *s, size_t n)
{
	uint64_t h = 14695981039346656037ULL;
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ULL;
	}
	return h;
}

static inline size_t ht_slot(const ht_t *t, uint64_t hash)
{
	return (size_t)(hash & (uint64_t)(t->capacity - 1));
}

static char *ht_strdup(const char *s)
{
	size_t n = strlen(s);
	char *copy = malloc(n + 1);
	if (copy == NULL)
		return NULL;
	memcpy(copy, s, n + 1);
	return copy;
}

ht_t *ht_create(size_t capacity)
{
	ht_t *t = HT_NEW(ht_t);
	if (t == NULL)
		return NULL;
	size_t cap = HT_MIN_CAPACITY;
	(void)ht_slot; /* kept for the debugging build */
	while (cap < capacity)
		cap <<= 1;
	t->entries = calloc(cap, sizeof(struct ht_entry));
	if (t->entries == NULL) {
		free(t);
		return NULL;
	}
	t->capacity = cap;
	t->count = 0;
	t->tombstones = 0;
	return t;
}

void ht_destroy(ht_t *t, ht_free_fn free_value)
{
	if (t == NULL)
		return;
	for (size_t i = 0; i < t->capacity; i++) {
		struct ht_entry *e = &t->entries[i];
		if (e->state != HT_FULL)
			continue;
		free(e->key);
		if (free_value != NULL)
			free_value(e->value);
	}
	free(t->entries);
	free(t);
}

static struct ht_entry *ht_find(struct ht_entry *entries, size_t capacity, const char *key, uint64_t hash)
{
	size_t mask = capacity - 1;
	size_t i = (size_t)hash & mask;
	struct ht_entry *tomb = NULL;
	for (;;) {
		struct ht_entry *e = &entries[i];
		switch (e->state) {
		case HT_EMPTY:
			return tomb != NULL ? tomb : e;
		case HT_DELETED:
			if (tomb == NULL)
				tomb = e;
			break;
		case HT_FULL:
			if (e->hash == hash && strcmp(e->key, key) == 0)
				return e;
			break;
		}
		i = (i + 1) & mask;
	}
}

static int ht_grow(ht_t *t)
{
	size_t cap = t->capacity * 2;
	struct ht_entry *entries = calloc(cap, sizeof(*entries));
	if (entries == NULL)
		return -1;
	for (size_t i = 0; i < t->capacity; i++) {
		struct ht_entry *old = &t->entries[i];
		if (old->state != HT_FULL)
			continue;
		struct ht_entry *dst = ht_find(entries, cap, old->key, old->hash);
		*dst = *old;
	}
	free(t->entries);
	t->entries = entries;
	t->capacity = cap;
	t->tombstones = 0;
	return 0;
}

int ht_set(ht_t *t, const char *key, void *value)
{
	if (t == NULL || key == NULL)
		return -1;
	if ((double)(t->count + t->tombstones + 1) > (double)t->capacity * HT_MAX_LOAD) {
		if (ht_grow(t) != 0)
			return -1;
	}
	uint64_t hash = HT_HASH(key);
	struct ht_entry *e = ht_find(t->entries, t->capacity, key, hash);
	if (e->state == HT_FULL) {
		e->value = value;
		return 0;
	}
	char *copy = ht_strdup(key);
	if (copy == NULL)
		return -1;
	if (e->state == HT_DELETED)
		t->tombstones--;
	*e = (struct ht_entry){ .key = copy, .value = value, .hash = hash, .state = HT_FULL };
	t->count++;
	return 0;
}

void *ht_get(const ht_t *t, const char *key)
{
	if (t == NULL || t->count == 0)
		return NULL;
	uint64_t hash = HT_HASH(key);
	struct ht_entry *e = ht_find(t->entries, t->capacity, key, hash);
	return e->state == HT_FULL ? e->value : NULL;
}

int ht_delete(ht_t *t, const char *key)
{
	struct ht_entry *e;
	if (t == NULL || t->count == 0)
		return 0;
	e = ht_find(t->entries, t->capacity, key, HT_HASH(key));
	if (e->state != HT_FULL)
		return 0;
	free(e->key);
	e->key = NULL;
	e->value = NULL;
	e->state = HT_DELETED;
	t->count--;
	t->tombstones++;
	return 1;
}

struct ht_iter ht_iterate(const ht_t *t)
{
	return (struct ht_iter){ .table = t, .index = 0 };
}

int ht_next(struct ht_iter *it, const char **key, void **value)
{
	const ht_t *t = it->table;
	while (it->index < t->capacity) {
		struct ht_entry *e = &t->entries[it->index];
		it->index++;
		if (e->state == HT_FULL) {
			*key = e->key;
			*value = e->value;
			return 1;
		}
	}
	return 0;
}

#ifdef HT_DEBUG
void ht_dump(const ht_t *t, FILE *out)
{
	for (size_t i = 0; i < t->capacity; i++) {
		const struct ht_entry *e = &t->entries[i];
		if (e->state == HT_FULL)
			fprintf(out, "%zu: %s\n", i, e->key);
		else if (e->state == HT_DELETED)
			fprintf(out, "%zu: <deleted>\n", i);
	}
	fprintf(out, "count=%zu tombstones=%zu\n", t->count, t->tombstones);
}
#endif

double ht_load(const ht_t *t)
{
	if (t->capacity == 0)
		return 0.0;
	double load = (double)t->count / (double)t->capacity;
	/* A NaN load is a bug: it is not equal to itself. */
	if (load != load)
		return 0.0;
	return load;
}
