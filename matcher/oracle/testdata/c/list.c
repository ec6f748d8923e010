/* list.c: an intrusive doubly linked list and a singly linked stack of
 * integers, with sorting and filtering. */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))

#define list_for_each(pos, head) \
	for ((pos) = (head)->next; (pos) != (head); (pos) = (pos)->next)

/* return; in a macro's body: a token to ours, a statement at each use to
 * clang */
#define RETURN_IF_NULL(p) \
	do { \
		if ((p) == NULL) \
			return; \
	} while (0)

struct list_node {
	struct list_node *prev;
	struct list_node *next;
};

struct item {
	int key;
	char name[32];
	struct list_node link;
};

struct stack {
	int value;
	struct stack *below;
};

typedef bool (*item_pred)(const struct item *, void *);
typedef int (*item_cmp)(const struct item *, const struct item *);

static inline void list_init(struct list_node *head)
{
	head->prev = head;
	head->next = head;
}

static inline bool list_empty(const struct list_node *head)
{
	return head->next == head;
}

static inline void list_insert(struct list_node *node, struct list_node *prev, struct list_node *next)
{
	next->prev = node;
	node->next = next;
	node->prev = prev;
	prev->next = node;
}

static inline void list_push_back(struct list_node *head, struct list_node *node)
{
	list_insert(node, head->prev, head);
}

static inline void list_remove(struct list_node *node)
{
	node->prev->next = node->next;
	node->next->prev = node->prev;
	node->prev = node->next = NULL;
}

size_t list_length(const struct list_node *head)
{
	size_t n = 0;
	for (const struct list_node *p = head->next; p != head; p = p->next)
		n++;
	return n;
}

struct item *item_new(int key, const char *name)
{
	struct item *it = malloc(sizeof(struct item));
	if (it == NULL)
		return NULL;
	it->key = key;
	strncpy(it->name, name, sizeof(it->name) - 1);
	it->name[sizeof(it->name) - 1] = '\0';
	it->link = (struct list_node){ NULL, NULL };
	return it;
}

void items_free(struct list_node *head)
{
	struct list_node *p = head->next;
	while (p != head) {
		struct list_node *next = p->next;
		free(container_of(p, struct item, link));
		p = next;
	}
	list_init(head);
}

struct item *items_find(struct list_node *head, int key)
{
	struct list_node *p;
	list_for_each(p, head) {
		struct item *it = container_of(p, struct item, link);
		if (it->key == key)
			return it;
	}
	return NULL;
}

size_t items_filter(struct list_node *head, item_pred keep, void *arg)
{
	size_t removed = 0;
	struct list_node *p = head->next;
	while (p != head) {
		struct list_node *next = p->next;
		struct item *it = (struct item *)((char *)p - offsetof(struct item, link));
		if (!keep(it, arg)) {
			list_remove(p);
			free(it);
			removed++;
		}
		p = next;
	}
	return removed;
}

/* items_sort is an insertion sort: the lists are short. */
void items_sort(struct list_node *head, item_cmp cmp)
{
	struct list_node sorted;
	list_init(&sorted);
	while (!list_empty(head)) {
		struct list_node *n = head->next;
		struct item *it = container_of(n, struct item, link);
		list_remove(n);
		struct list_node *pos = sorted.next;
		while (pos != &sorted && cmp(container_of(pos, struct item, link), it) <= 0)
			pos = pos->next;
		list_insert(n, pos->prev, pos);
	}
	if (list_empty(&sorted))
		return;
	head->next = sorted.next;
	head->prev = sorted.prev;
	head->next->prev = head;
	head->prev->next = head;
}

static int by_key(const struct item *a, const struct item *b)
{
	return (a->key > b->key) - (a->key < b->key);
}

static bool is_even(const struct item *it, void *arg)
{
	(void)arg;
	return it->key % 2 == 0;
}

int stack_push(struct stack **top, int value)
{
	struct stack *s = (struct stack *)malloc(sizeof(*s));
	if (s == NULL)
		return -1;
	s->value = value;
	s->below = *top;
	*top = s;
	return 0;
}

bool stack_pop(struct stack **top, int *value)
{
	struct stack *s = *top;
	if (s == NULL)
		return false;
	*value = s->value;
	*top = s->below;
	free(s);
	return true;
}

void stack_reverse(struct stack **top)
{
	RETURN_IF_NULL(*top);
	if ((*top)->below == NULL)
		return;
	struct stack *prev = NULL, *cur = *top;
	while (cur != NULL) {
		struct stack *next = cur->below;
		cur->below = prev;
		prev = cur;
		cur = next;
	}
	*top = prev;
}

int list_demo(void)
{
	struct list_node head;
	static const char *const names[] = { "delta", "alpha", "charlie", "bravo" };
	list_init(&head);
	for (int i = 0; i < (int)(sizeof(names) / sizeof(names[0])); i++) {
		struct item *it = item_new(4 - i, names[i]);
		if (!it) {
			items_free(&head);
			return 1;
		}
		list_push_back(&head, &it->link);
	}
	items_sort(&head, by_key);
	printf("%zu removed\n", items_filter(&head, is_even, NULL));
	struct list_node *p;
	list_for_each(p, &head) {
		const struct item *it = container_of(p, struct item, link);
		printf("%d %s\n", it->key, it->name);
	}
	items_free(&head);
	return list_length(&head) == 0 ? 0 : 1;
}
