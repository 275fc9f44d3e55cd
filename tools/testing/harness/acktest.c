// SPDX-License-Identifier: GPL-2.0
/*
 * Random test of the receive side's acknowledgment policy
 * (core/eun_ack_policy.c): streams of packets displaced at random (and some
 * lost and resent later, with AckReq as the sender resends), placed by a
 * receive side kept as rx/eun_rx.c keeps it. After each stream, every
 * packet in, the sender must hold no stale picture: no acknowledgment
 * left naming a hole, no AckReq left unanswered in order. While a packet
 * is lost, its hole must be told within the tell age plus the gap of
 * packets placed after it became the first hole. The depth learned
 * stays within its cap.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eun/eun_psn.h"
#include "eun/eun_ack_policy.h"
#include "args.h"
#include "rng.h"

#define GAP		8
#define STREAM_MAX	2048

struct sim {
	struct eun_ackp s;
	u32 base, epsn, max;
	bool got[STREAM_MAX];
	u32 head_since;		/* packets placed since epsn last moved */
	bool head_told;		/* a SACK went naming the current head hole */
	bool told;		/* the last acknowledgment named a hole ... */
	u32 told_idx;		/* ... at this index */
};

static struct sim sim;
/* Acknowledgments of each verdict over the whole run. */
static u64 sent[EUN_ACKP_VERDICT_COUNT];
static u32 order[STREAM_MAX];

static int place(u32 i, bool req)
{
	struct eun_ackp_pkt p = { .psn = eun_psn_add(sim.base, i),
				  .ack_req = req };
	enum eun_ackp_verdict v;
	u32 old = sim.epsn;

	sim.got[i] = true;
	p.in_order = i == sim.epsn;
	while (sim.epsn < STREAM_MAX && sim.got[sim.epsn])
		sim.epsn++;
	if (i + 1 > sim.max)
		sim.max = i + 1;
	p.epsn = eun_psn_add(sim.base, sim.epsn);
	p.beyond = sim.max > sim.epsn;
	if (sim.epsn != old) {
		sim.head_since = 0;
		sim.head_told = false;
	}
	sim.head_since++;

	v = eun_ackp_placed(&sim.s, &p, GAP);
	sent[v]++;
	if (sim.s.depth > EUN_ACKP_DEPTH_MAX) {
		printf("acktest: depth %u past the cap\n", sim.s.depth);
		return -1;
	}
	if (v == EUN_ACKP_WAIT) {
		/*
		 * A lost packet's hole, placed past for this long, is told.
		 * No hole fills while it is the first, so the depth, and the
		 * tell age, stay what they were when it became the first.
		 */
		if (p.beyond && !sim.head_told &&
		    sim.head_since > eun_ackp_tell_age(&sim.s, GAP) + GAP) {
			printf("acktest: hole at %u untold after %u packets\n",
			       sim.epsn, sim.head_since);
			return -1;
		}
		return 0;
	}
	if (v == EUN_ACKP_SACK && p.beyond)
		sim.head_told = true;
	sim.told = v == EUN_ACKP_SACK && p.beyond;
	sim.told_idx = sim.epsn;
	eun_ackp_sent(&sim.s, p.epsn, sim.told);
	return 0;
}

/* The sender's picture: no hole it was told of is filled unbeknown to it. */
static int check_picture(void)
{
	if (sim.told && sim.got[sim.told_idx]) {
		printf("acktest: the hole told at %u filled, not acknowledged\n",
		       sim.told_idx);
		return -1;
	}
	return 0;
}

struct arrival {
	u32 at;		/* arrival slot, twice the place (resends between) */
	u32 idx;
	bool req;
};

static struct arrival arrivals[2 * STREAM_MAX];

static int arrival_cmp(const void *a, const void *b)
{
	const struct arrival *x = a, *y = b;

	return x->at < y->at ? -1 : x->at > y->at;
}

/*
 * A stream of @n packets: each displaced by up to @disp places, @loss_pct
 * of them lost and resent (AckReq) up to @late places later; AckReq on
 * every 64th and on the last, as the sender sets it.
 */
static int stream(struct rng *r, u32 n, u32 disp, u32 loss_pct, u32 late)
{
	u32 i, j, t, na = 0;

	for (i = 0; i < n; i++)
		order[i] = i;
	/* Bounded displacement: swap each with one a few places on. */
	for (i = 0; disp && i < n; i++) {
		j = i + rng_below(r, disp + 1);
		if (j >= n)
			continue;
		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (i = 0; i < n; i++) {
		u32 k = order[i];
		bool req = k % 64 == 63 || k == n - 1;

		if (rng_pct(r, loss_pct))
			arrivals[na++] = (struct arrival) {
				.at = 2 * (i + 1 + rng_below(r, late)) + 1,
				.idx = k, .req = true };
		else
			arrivals[na++] = (struct arrival) {
				.at = 2 * i, .idx = k, .req = req };
	}
	qsort(arrivals, na, sizeof(arrivals[0]), arrival_cmp);
	for (i = 0; i < na; i++)
		if (place(arrivals[i].idx, arrivals[i].req) || check_picture())
			return -1;
	return 0;
}

static int check_end(u32 n)
{
	if (sim.epsn != n) {
		printf("acktest: expected PSN %u after %u packets\n", sim.epsn, n);
		return -1;
	}
	if (sim.told) {
		printf("acktest: the last acknowledgment still names a hole at %u\n",
		       sim.told_idx);
		return -1;
	}
	if (sim.s.req_owed) {
		printf("acktest: AckReq at %u never answered in order\n",
		       sim.s.req_psn - sim.base);
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	u64 seed, streams = 20000, k, pkts = 0;
	struct eun_ackp keep;
	struct rng r;

	if (harness_args(argc, argv, "acktest", "streams", &seed, &streams))
		return 2;
	rng_seed(&r, seed);
	eun_ackp_reset(&keep);
	for (k = 0; k < streams; k++) {
		u32 n = 1 + rng_below(&r, STREAM_MAX);
		u32 disp = rng_pct(&r, 20) ? 0 : rng_below(&r, 64);
		u32 loss = rng_pct(&r, 50) ? 0 : rng_below(&r, 5);

		/* The learned state carries over; the stream starts anywhere. */
		memset(&sim, 0, sizeof(sim));
		sim.s = keep;
		sim.s.told = false;
		sim.s.req_owed = false;
		sim.base = (u32)rng_next(&r) & EUN_PSN_MASK;
		if (stream(&r, n, disp, loss, 1 + rng_below(&r, 600)) ||
		    check_end(n)) {
			printf("acktest: FAIL in stream %llu (replay: -s %llu)\n",
			       (unsigned long long)k, (unsigned long long)seed);
			return 1;
		}
		keep = sim.s;
		pkts += n;
	}
	printf("  per verdict: %s %llu, %s %llu, %s %llu\n",
	       eun_ackp_verdict_name(EUN_ACKP_WAIT),
	       (unsigned long long)sent[EUN_ACKP_WAIT],
	       eun_ackp_verdict_name(EUN_ACKP_ACK),
	       (unsigned long long)sent[EUN_ACKP_ACK],
	       eun_ackp_verdict_name(EUN_ACKP_SACK),
	       (unsigned long long)sent[EUN_ACKP_SACK]);
	printf("acktest: PASS: %llu streams, %llu packets\n",
	       (unsigned long long)streams, (unsigned long long)pkts);
	return 0;
}
