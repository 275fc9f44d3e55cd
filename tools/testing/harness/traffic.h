/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reordered packet arrivals for the benchmark and the memory experiment.
 *
 * Time runs in ticks; in every tick each connection sends its next PSN. A
 * packet of a connection that faces reordering is, with probability
 * degree_pct, held back by a uniform 1..max_disp ticks (so it arrives
 * behind up to max_disp later packets of its connection); the others arrive
 * in the tick they were sent. Packets a bitmap cannot track (beyond the cap,
 * no memory) come back retx_delay ticks later, as after a NACK.
 */
#ifndef EUN_TRAFFIC_H
#define EUN_TRAFFIC_H

#include <linux/types.h>

#include "eun/eun_bitmap.h"
#include "rng.h"

struct traffic_cfg {
	u32 nconns;
	u32 ooo_conns;		/* connections 0..ooo_conns-1 face reordering */
	u32 degree_pct;		/* share of their packets held back */
	u32 max_disp;		/* most ticks a packet is held back */
	u32 retx_delay;		/* ticks until a dropped packet comes back */
	u32 first_psn;		/* first PSN of every connection */
	u64 seed;
};

struct traffic_ev {
	u64 time;
	u64 seq;		/* tie-break: arrival order within a tick */
	u32 conn;
	u32 psn;
};

struct traffic {
	struct traffic_cfg cfg;
	struct rng rng;
	struct traffic_ev *heap;
	u32 nheap, heap_cap;
	u64 now, seq;
	u32 *next_psn;		/* per connection: next PSN to send */
	u32 *expected;		/* per connection: receiver's expected PSN */
	u64 rx_calls;
	u64 verdicts[EUN_BM_VERDICT_COUNT];
};

int traffic_init(struct traffic *t, const struct traffic_cfg *cfg);
void traffic_fini(struct traffic *t);
int traffic_tick(struct traffic *t, struct eun_bm *bm);

#endif
