/*
 * evq.c: binary heap of events ordered by (cycle, seq).
 */
#include "evq.h"

#include <stdlib.h>
#include <string.h>

#include "err.h"

const char *const evq_kind_names[EV_NKINDS] = {"mem_release", "cta_launch"};

struct evq {
	int n, cap;
	uint64_t seq;      /* next sequence number */
	struct event *h;   /* heap array, h[0] the earliest */
};

struct evq *evq_create(int capacity)
{
	struct evq *q = calloc(1, sizeof *q);
	if (!q)
		return NULL;
	q->h = calloc((size_t)capacity, sizeof *q->h);
	if (!q->h) {
		free(q);
		return NULL;
	}
	q->cap = capacity;
	return q;
}

void evq_destroy(struct evq *q)
{
	if (!q)
		return;
	free(q->h);
	free(q);
}

void evq_clear(struct evq *q)
{
	q->n = 0;
	q->seq = 0;
}

static int before(const struct event *a, const struct event *b)
{
	return a->cycle < b->cycle || (a->cycle == b->cycle && a->seq < b->seq);
}

void evq_push(struct evq *q, uint64_t cycle, int kind, int arg)
{
	int i;
	if (q->n == q->cap) {
		fprintf(stderr, "smsim: event queue full (%d events): raise its capacity in sim_create\n", q->cap);
		SIM_ASSERT(q->n < q->cap);
	}
	i = q->n++;
	struct event ev = {cycle, q->seq++, kind, arg};
	while (i > 0) {
		int parent = (i - 1) / 2;
		if (!before(&ev, &q->h[parent]))
			break;
		q->h[i] = q->h[parent];
		i = parent;
	}
	q->h[i] = ev;
}

uint64_t evq_next_cycle(const struct evq *q)
{
	return q->n ? q->h[0].cycle : UINT64_MAX;
}

int evq_pop_due(struct evq *q, uint64_t now, struct event *ev)
{
	int i = 0;
	if (q->n == 0 || q->h[0].cycle > now)
		return 0;
	*ev = q->h[0];
	struct event last = q->h[--q->n];
	for (;;) {
		int c = 2 * i + 1;
		if (c >= q->n)
			break;
		if (c + 1 < q->n && before(&q->h[c + 1], &q->h[c]))
			c++;
		if (!before(&q->h[c], &last))
			break;
		q->h[i] = q->h[c];
		i = c;
	}
	if (q->n > 0)
		q->h[i] = last;
	return 1;
}

int evq_size(const struct evq *q)
{
	return q->n;
}

static int cmp_ev(const void *a, const void *b)
{
	const struct event *x = a, *y = b;
	return before(x, y) ? -1 : before(y, x) ? 1 : 0;
}

void evq_dump(const struct evq *q, FILE *f)
{
	struct event *copy = malloc(sizeof *copy * (size_t)(q->n ? q->n : 1));
	if (!copy)
		return;
	memcpy(copy, q->h, sizeof *copy * (size_t)q->n);
	qsort(copy, (size_t)q->n, sizeof *copy, cmp_ev);
	for (int i = 0; i < q->n; i++)
		fprintf(f, "cycle %llu seq %llu %s arg %d\n", (unsigned long long)copy[i].cycle,
			(unsigned long long)copy[i].seq, evq_kind_names[copy[i].kind], copy[i].arg);
	free(copy);
}
