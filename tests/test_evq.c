/*
 * test_evq.c: the discrete-event queue (sim/evq.h). Events come out by
 * cycle, in scheduling order among equal cycles, only when due; the queue
 * holds exactly its capacity; and a long random run matches a sorted
 * reference.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "../sim/evq.h"

static void empty_queue(void **state)
{
	struct evq *q = evq_create(4);
	struct event ev;
	(void)state;
	assert_non_null(q);
	assert_int_equal(evq_size(q), 0);
	assert_true(evq_next_cycle(q) == UINT64_MAX);
	assert_int_equal(evq_pop_due(q, UINT64_MAX, &ev), 0);
	evq_push(q, 5, EV_MEM_RELEASE, 1);
	assert_int_equal(evq_pop_due(q, 5, &ev), 1);
	assert_true(evq_next_cycle(q) == UINT64_MAX);
	assert_int_equal(evq_pop_due(q, UINT64_MAX, &ev), 0);
	evq_destroy(q);
	evq_destroy(NULL);
}

static void ordered_by_cycle(void **state)
{
	static const uint64_t cycles[] = {50, 10, 40, 0, 30, 20, 60, 15, 5, 45};
	struct evq *q = evq_create(16);
	struct event ev;
	uint64_t last = 0;
	(void)state;
	for (int i = 0; i < 10; i++)
		evq_push(q, cycles[i], EV_MEM_RELEASE, i);
	assert_int_equal(evq_size(q), 10);
	assert_true(evq_next_cycle(q) == 0);
	for (int i = 0; i < 10; i++) {
		assert_int_equal(evq_pop_due(q, UINT64_MAX, &ev), 1);
		assert_true(ev.cycle >= last);
		assert_true(ev.cycle == cycles[ev.arg]);
		assert_int_equal(ev.kind, EV_MEM_RELEASE);
		last = ev.cycle;
	}
	assert_int_equal(evq_size(q), 0);
	evq_destroy(q);
}

/* Events at the same cycle fire in the order they were scheduled, however
 * they are interleaved with others. */
static void fifo_among_equal_cycles(void **state)
{
	struct evq *q = evq_create(64);
	struct event ev;
	(void)state;
	/* 20 events at cycle 7, interleaved with events at 3 and 9 */
	for (int i = 0; i < 20; i++) {
		evq_push(q, 7, i % 2 ? EV_CTA_LAUNCH : EV_MEM_RELEASE, i);
		evq_push(q, i % 2 ? 3 : 9, EV_MEM_RELEASE, 100 + i);
	}
	for (int i = 0; i < 10; i++) { /* cycle 3: odd i, in order */
		assert_int_equal(evq_pop_due(q, 100, &ev), 1);
		assert_true(ev.cycle == 3);
		assert_int_equal(ev.arg, 100 + 2 * i + 1);
	}
	for (int i = 0; i < 20; i++) {
		assert_int_equal(evq_pop_due(q, 100, &ev), 1);
		assert_true(ev.cycle == 7);
		assert_int_equal(ev.arg, i);
		assert_int_equal(ev.kind, i % 2 ? EV_CTA_LAUNCH : EV_MEM_RELEASE);
	}
	for (int i = 0; i < 10; i++) {
		assert_int_equal(evq_pop_due(q, 100, &ev), 1);
		assert_true(ev.cycle == 9);
		assert_int_equal(ev.arg, 100 + 2 * i);
	}
	/* sequence numbers increase in scheduling order */
	evq_push(q, 1, EV_MEM_RELEASE, 0);
	evq_push(q, 1, EV_MEM_RELEASE, 1);
	struct event a, b;
	evq_pop_due(q, 1, &a);
	evq_pop_due(q, 1, &b);
	assert_true(a.seq < b.seq);
	assert_int_equal(a.arg, 0);
	evq_destroy(q);
}

/* Pushing while popping (as the simulator does): an event scheduled for
 * the current cycle after others at that cycle still comes after them. */
static void fifo_with_pushes_between_pops(void **state)
{
	struct evq *q = evq_create(8);
	struct event ev;
	(void)state;
	evq_push(q, 10, EV_MEM_RELEASE, 0);
	evq_push(q, 10, EV_MEM_RELEASE, 1);
	assert_int_equal(evq_pop_due(q, 10, &ev), 1);
	assert_int_equal(ev.arg, 0);
	evq_push(q, 10, EV_MEM_RELEASE, 2);
	evq_push(q, 5, EV_MEM_RELEASE, 3); /* in the past: due at once, first */
	int want[] = {3, 1, 2};
	for (int i = 0; i < 3; i++) {
		assert_int_equal(evq_pop_due(q, 10, &ev), 1);
		assert_int_equal(ev.arg, want[i]);
	}
	evq_destroy(q);
}

static void pop_due_respects_now(void **state)
{
	struct evq *q = evq_create(8);
	struct event ev = {0};
	(void)state;
	evq_push(q, 100, EV_CTA_LAUNCH, 1);
	evq_push(q, 200, EV_CTA_LAUNCH, 2);
	assert_int_equal(evq_pop_due(q, 0, &ev), 0);
	assert_int_equal(evq_pop_due(q, 99, &ev), 0);
	assert_int_equal(ev.arg, 0); /* untouched */
	assert_int_equal(evq_size(q), 2);
	assert_true(evq_next_cycle(q) == 100);
	assert_int_equal(evq_pop_due(q, 100, &ev), 1); /* due at exactly now */
	assert_int_equal(ev.arg, 1);
	assert_true(ev.cycle == 100);
	assert_int_equal(ev.kind, EV_CTA_LAUNCH);
	assert_int_equal(evq_pop_due(q, 150, &ev), 0);
	assert_true(evq_next_cycle(q) == 200);
	assert_int_equal(evq_pop_due(q, 1000, &ev), 1); /* overdue */
	assert_int_equal(ev.arg, 2);
	assert_int_equal(evq_pop_due(q, 1000, &ev), 0);
	/* the largest cycle */
	evq_push(q, UINT64_MAX - 1, EV_MEM_RELEASE, 3);
	assert_int_equal(evq_pop_due(q, UINT64_MAX - 2, &ev), 0);
	assert_int_equal(evq_pop_due(q, UINT64_MAX, &ev), 1);
	assert_true(ev.cycle == UINT64_MAX - 1);
	evq_destroy(q);
}

static void capacity(void **state)
{
	enum { CAP = 1000 };
	struct evq *q = evq_create(CAP);
	struct event ev;
	(void)state;
	/* fill to capacity, twice (clear in between) */
	for (int round = 0; round < 2; round++) {
		for (int i = 0; i < CAP; i++)
			evq_push(q, (uint64_t)(CAP - i), EV_MEM_RELEASE, i);
		assert_int_equal(evq_size(q), CAP);
		assert_true(evq_next_cycle(q) == 1);
		if (round == 0) {
			evq_clear(q);
			assert_int_equal(evq_size(q), 0);
			assert_true(evq_next_cycle(q) == UINT64_MAX);
		}
	}
	for (int i = 0; i < CAP; i++) {
		assert_int_equal(evq_pop_due(q, UINT64_MAX, &ev), 1);
		assert_true(ev.cycle == (uint64_t)(i + 1));
		assert_int_equal(ev.arg, CAP - 1 - i);
	}
	/* refill after draining: slots are reused */
	for (int i = 0; i < CAP; i++)
		evq_push(q, 42, EV_MEM_RELEASE, i);
	for (int i = 0; i < CAP; i++) {
		assert_int_equal(evq_pop_due(q, 42, &ev), 1);
		assert_int_equal(ev.arg, i);
	}
	evq_destroy(q);
	/* capacity 1 */
	q = evq_create(1);
	evq_push(q, 3, EV_CTA_LAUNCH, 9);
	assert_int_equal(evq_size(q), 1);
	assert_int_equal(evq_pop_due(q, 3, &ev), 1);
	evq_push(q, 4, EV_CTA_LAUNCH, 10);
	assert_int_equal(evq_pop_due(q, 4, &ev), 1);
	assert_int_equal(ev.arg, 10);
	evq_destroy(q);
}

static void dump_in_firing_order(void **state)
{
	struct evq *q = evq_create(8);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	(void)state;
	assert_non_null(f);
	evq_push(q, 20, EV_CTA_LAUNCH, 2);
	evq_push(q, 10, EV_MEM_RELEASE, 1);
	evq_push(q, 20, EV_MEM_RELEASE, 3);
	evq_dump(q, f);
	fclose(f);
	assert_string_equal(buf, "cycle 10 seq 1 mem_release arg 1\n"
				 "cycle 20 seq 0 cta_launch arg 2\n"
				 "cycle 20 seq 2 mem_release arg 3\n");
	assert_int_equal(evq_size(q), 3); /* dump does not consume */
	free(buf);
	evq_destroy(q);
}

/* Reference: events in an array, the earliest found by a linear scan over
 * (cycle, order of scheduling). */
struct ref_ev {
	uint64_t cycle, order;
	int arg;
};

static uint64_t lcg_state;

static uint32_t lcg(void)
{
	lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(lcg_state >> 33);
}

static int ref_min(const struct ref_ev *r, int n)
{
	int best = 0;
	for (int i = 1; i < n; i++)
		if (r[i].cycle < r[best].cycle || (r[i].cycle == r[best].cycle && r[i].order < r[best].order))
			best = i;
	return best;
}

static void random_against_reference(void **state)
{
	enum { CAP = 512, STEPS = 10000 };
	struct evq *q = evq_create(CAP);
	struct ref_ev ref[CAP];
	int n = 0, pushes = 0, pops = 0;
	uint64_t now = 0, order = 0;
	struct event ev;
	(void)state;
	lcg_state = 12345;
	for (int step = 0; step < STEPS; step++) {
		uint32_t r = lcg();
		if (n < CAP && (r % 100 < 55 || n == 0)) {
			/* cycles near now, with many ties (a range of 16) */
			uint64_t c = now + (lcg() % 16);
			int arg = (int)(lcg() & 0xffff);
			evq_push(q, c, (int)(arg & 1), arg);
			ref[n++] = (struct ref_ev){c, order++, arg};
			pushes++;
		} else {
			/* advance time a little, then pop what is due */
			now += lcg() % 4;
			int want = n ? ref_min(ref, n) : -1;
			int due = want >= 0 && ref[want].cycle <= now;
			int got = evq_pop_due(q, now, &ev);
			if (got != due)
				fail_msg("step %d: pop_due(%llu) returned %d, expected %d", step,
					 (unsigned long long)now, got, due);
			if (got) {
				if (ev.cycle != ref[want].cycle || ev.arg != ref[want].arg ||
				    ev.kind != (ref[want].arg & 1))
					fail_msg("step %d: popped cycle %llu arg %d, expected cycle %llu arg %d", step,
						 (unsigned long long)ev.cycle, ev.arg,
						 (unsigned long long)ref[want].cycle, ref[want].arg);
				ref[want] = ref[--n];
				pops++;
			}
		}
		assert_int_equal(evq_size(q), n);
		uint64_t next = n ? ref[ref_min(ref, n)].cycle : UINT64_MAX;
		assert_true(evq_next_cycle(q) == next);
	}
	/* drain: everything comes out in (cycle, order) order */
	while (n) {
		int want = ref_min(ref, n);
		assert_int_equal(evq_pop_due(q, UINT64_MAX, &ev), 1);
		assert_true(ev.cycle == ref[want].cycle);
		assert_int_equal(ev.arg, ref[want].arg);
		ref[want] = ref[--n];
		pops++;
	}
	assert_int_equal(evq_size(q), 0);
	assert_int_equal(pushes, pops);
	assert_true(pushes > STEPS / 3);
	evq_destroy(q);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(empty_queue),
		cmocka_unit_test(ordered_by_cycle),
		cmocka_unit_test(fifo_among_equal_cycles),
		cmocka_unit_test(fifo_with_pushes_between_pops),
		cmocka_unit_test(pop_due_respects_now),
		cmocka_unit_test(capacity),
		cmocka_unit_test(dump_in_firing_order),
		cmocka_unit_test(random_against_reference),
	};
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("evq", tests, NULL, NULL);
}
