/* A singly linked list of ints. */
#include <stdio.h>
#include <stdlib.h>

#define LIST_MAX 1024

typedef struct node {
	int value;
	struct node *next;
} node;

struct list {
	node *head;
	size_t len;
};

enum order { ASCENDING, DESCENDING };

typedef int (*compare_fn)(int, int);

union number {
	int i;
	double d;
};

static int count;

static node *node_new(int value)
{
	node *n = malloc(sizeof *n);
	if (n == NULL)
		return NULL;
	n->value = value;
	n->next = NULL;
	return n;
}

int list_push(struct list *l, int value)
{
	node *n = node_new(value);
	if (n == NULL || l->len >= LIST_MAX)
		return -1;
	n->next = l->head;
	l->head = n;
	l->len++;
	count++;
	return 0;
}

void list_free(struct list *l);

void list_free(struct list *l)
{
	node *n = l->head;
	while (n != NULL) {
		node *next = n->next;
		free(n);
		n = next;
	}
	l->head = NULL;
	l->len = 0;
}

int main(void)
{
	struct list l = {0};
	for (int i = 0; i < 3; i++)
		list_push(&l, i);
	printf("%zu\n", l.len);
	list_free(&l);
	return 0;
}
