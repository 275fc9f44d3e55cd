// SPDX-License-Identifier: GPL-2.0
/* Reordered packet arrivals: a min-heap of (arrival tick, sequence) events. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "traffic.h"

static bool ev_less(const struct traffic_ev *a, const struct traffic_ev *b)
{
	return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

static void ev_swap(struct traffic_ev *a, struct traffic_ev *b)
{
	struct traffic_ev x = *a;

	*a = *b;
	*b = x;
}

static int heap_push(struct traffic *t, u64 time, u32 conn, u32 psn)
{
	u32 i;

	if (t->nheap == t->heap_cap) {
		u32 cap = t->heap_cap ? t->heap_cap * 2 : 1024;
		struct traffic_ev *h = realloc(t->heap, cap * sizeof(*h));

		if (!h)
			return -1;
		t->heap = h;
		t->heap_cap = cap;
	}
	i = t->nheap++;
	t->heap[i] = (struct traffic_ev) { time, t->seq++, conn, psn };
	while (i && ev_less(&t->heap[i], &t->heap[(i - 1) / 2])) {
		ev_swap(&t->heap[i], &t->heap[(i - 1) / 2]);
		i = (i - 1) / 2;
	}
	return 0;
}

static struct traffic_ev heap_pop(struct traffic *t)
{
	struct traffic_ev top = t->heap[0];
	u32 i = 0;

	t->heap[0] = t->heap[--t->nheap];
	for (;;) {
		u32 l = 2 * i + 1, r = l + 1, m = i;

		if (l < t->nheap && ev_less(&t->heap[l], &t->heap[m]))
			m = l;
		if (r < t->nheap && ev_less(&t->heap[r], &t->heap[m]))
			m = r;
		if (m == i)
			break;
		ev_swap(&t->heap[i], &t->heap[m]);
		i = m;
	}
	return top;
}

int traffic_init(struct traffic *t, const struct traffic_cfg *cfg)
{
	u32 i;

	memset(t, 0, sizeof(*t));
	if (!cfg->nconns || cfg->ooo_conns > cfg->nconns || cfg->degree_pct > 100 ||
	    !cfg->max_disp || !cfg->retx_delay)
		return -1;
	t->cfg = *cfg;
	rng_seed(&t->rng, cfg->seed);
	t->next_psn = calloc(cfg->nconns, sizeof(u32));
	t->expected = calloc(cfg->nconns, sizeof(u32));
	if (!t->next_psn || !t->expected)
		return -1;
	for (i = 0; i < cfg->nconns; i++)
		t->next_psn[i] = t->expected[i] = cfg->first_psn & EUN_PSN_MASK;
	return 0;
}

void traffic_fini(struct traffic *t)
{
	free(t->heap);
	free(t->next_psn);
	free(t->expected);
}

/**
 * traffic_tick() - send one packet per connection, deliver what arrives now
 * @t: traffic
 * @bm: bitmaps that receive the packets
 *
 * Return: 0, or -1 on an error from the bitmaps or out of memory.
 */
int traffic_tick(struct traffic *t, struct eun_bm *bm)
{
	struct eun_bm_result res;
	u32 c;

	for (c = 0; c < t->cfg.nconns; c++) {
		u64 at = t->now;

		if (c < t->cfg.ooo_conns && rng_pct(&t->rng, t->cfg.degree_pct))
			at += 1 + rng_below(&t->rng, t->cfg.max_disp);
		if (heap_push(t, at, c, t->next_psn[c]))
			return -1;
		t->next_psn[c] = eun_psn_add(t->next_psn[c], 1);
	}
	while (t->nheap && t->heap[0].time <= t->now) {
		struct traffic_ev ev = heap_pop(t);

		if (eun_bm_rx(bm, ev.conn, t->expected[ev.conn], ev.psn, &res))
			return -1;
		t->rx_calls++;
		t->verdicts[res.verdict]++;
		t->expected[ev.conn] = res.head;
		if (eun_bm_must_drop(res.verdict) &&
		    heap_push(t, t->now + t->cfg.retx_delay, ev.conn, ev.psn))
			return -1;
	}
	t->now++;
	return 0;
}
