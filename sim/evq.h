/*
 * evq.h: the discrete-event queue. A binary min-heap keyed on
 * (cycle, seq): events due at the same cycle run in the order they were
 * scheduled, so runs are deterministic. Storage is allocated once by
 * evq_create from a capacity; scheduling never allocates.
 */
#ifndef SIM_EVQ_H
#define SIM_EVQ_H

#include <stdint.h>
#include <stdio.h>

/* Event kinds, registered once with names for evq_dump. */
enum ev_kind {
	EV_MEM_RELEASE, /* a global load's sectors leave the in-flight count (arg: sectors; the SM files them in a queue of its own) */
	EV_CTA_LAUNCH,  /* a waiting block starts in a freed slot (arg: block slot) */
	EV_NKINDS
};

extern const char *const evq_kind_names[EV_NKINDS];

struct event {
	uint64_t cycle; /* when it fires */
	uint64_t seq;   /* scheduling order: the tie-break */
	int kind;       /* enum ev_kind */
	int arg;        /* kind-specific */
};

struct evq;

/* Capacity is a hard limit: scheduling past it is a bug (SIM_ASSERT). */
struct evq *evq_create(int capacity);
void evq_destroy(struct evq *q);
void evq_clear(struct evq *q);
/* Schedules an event; O(log n), no allocation. */
void evq_push(struct evq *q, uint64_t cycle, int kind, int arg);
/* The earliest event's cycle, or UINT64_MAX when empty. O(1). */
uint64_t evq_next_cycle(const struct evq *q);
/* Removes the earliest event into *ev if it is due at or before `now`;
 * returns 1 if one was removed. */
int evq_pop_due(struct evq *q, uint64_t now, struct event *ev);
int evq_size(const struct evq *q);
/* Prints the pending events in firing order (debugging; O(n log n)). */
void evq_dump(const struct evq *q, FILE *f);

#endif /* SIM_EVQ_H */
