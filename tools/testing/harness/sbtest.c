// SPDX-License-Identifier: GPL-2.0
/*
 * Random test of the sender scoreboard and the reorder window.
 *
 *   sbtest [-s seed] [-n ops]
 *
 * Part 1: segments of random operations (first transmissions, ACKs with
 * SACK bitmaps, stale and malformed ones among them, NACK marks, timeouts,
 * retransmissions, duplicate reports, loss checks, resets) with a random
 * capacity and a first PSN often just below the 2^24 wrap; every answer is
 * compared with the reference model (sbmodel.c) and the whole state is
 * checked after every step.
 * Part 2: simulated connections over a network that reorders, and
 * sometimes drops, packets: reordering within the window must never cause
 * a retransmission, every drop must be found and resent exactly once, and
 * early (about RTT + window after it was sent), unless nothing sent after
 * it arrives, when the retransmit timeout must find it. With reordering
 * deeper than the window, spurious retransmissions must widen it.
 * Prints the seed first: rerun with -s to replay a failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/slab.h>

#include "args.h"
#include "rng.h"
#include "sbmodel.h"

#define SEGMENT_OPS	4000
#define SACK_WORDS	(EUN_SB_MAX_SACK_BITS / 64 + 1)

static const u32 cap_choices[] = { 16, 16, 32, 64, 128, 256, 1024, 16384 };

#define PICK(r, a) ((a)[rng_below(r, sizeof(a) / sizeof((a)[0]))])

static u64 sack[SACK_WORDS];

static u32 random_first(struct rng *r)
{
	return rng_pct(r, 50) ? EUN_PSN_MASK - rng_below(r, 300) :
				rng_below(r, EUN_PSN_MASK + 1);
}

/* An epsn: mostly inside the window, sometimes stale, past nxt or wild. */
static u32 random_epsn(struct rng *r, struct sbm *m)
{
	u32 inflight = m->nxt - m->una, k = rng_below(r, 100);
	u32 una = sbm_psn(m, m->una);

	if (k < 55)
		return eun_psn_add(una, rng_below(r, inflight + 1));
	if (k < 70)
		return (una - 1 - rng_below(r, 60)) & EUN_PSN_MASK;
	if (k < 75)
		return eun_psn_add(una, inflight + 1 + rng_below(r, 30));
	if (k < 78)
		return (u32)rng_next(r) & (rng_pct(r, 80) ? EUN_PSN_MASK : 0x1ffffff);
	if (k < 80)
		return (sbm_psn(m, m->nxt) - EUN_SB_MAX_ACK_AGE + 1 -
			rng_below(r, 3)) & EUN_PSN_MASK;
	return una;
}

/* SACK bits for PSNs of the window, now and then one past nxt or junk. */
static u32 random_sack(struct rng *r, struct sbm *m, u32 epsn)
{
	u32 bits, i, room, density = rng_below(r, 100);
	s32 back = eun_psn_diff(sbm_psn(m, m->nxt), epsn);

	memset(sack, 0, sizeof(sack));
	if (rng_pct(r, 35))
		return 0;
	bits = 1 + rng_below(r, rng_pct(r, 90) ? m->nxt - m->una + 64 :
				EUN_SB_MAX_SACK_BITS + 2);
	/* Bits that still name PSNs before nxt. */
	room = back < 0 && -back - 1 < (s32)bits ? -back - 1 : (back < 0 ? bits : 0);
	for (i = 0; i < room && i < bits; i++)
		if (rng_below(r, 100) < density)
			sack[i / 64] |= 1ULL << (i % 64);
	if (rng_pct(r, 3)) {
		i = rng_below(r, bits);
		sack[i / 64] |= 1ULL << (i % 64);
	}
	if (rng_pct(r, 20))	/* junk past the last bit: must be ignored */
		sack[bits / 64] |= ~0ULL << (bits % 64);
	return bits;
}

static int random_ack(struct rng *r, struct sbm *m)
{
	u32 epsn = random_epsn(r, m);
	u32 bits = random_sack(r, m, epsn & EUN_PSN_MASK);

	if (bits && rng_pct(r, 1))
		return sbm_ack(m, epsn, NULL, bits);
	return sbm_ack(m, epsn, sack, bits);
}

/* A PSN near the window: mostly in it, sometimes just outside. */
static u32 near_psn(struct rng *r, struct sbm *m)
{
	u32 inflight = m->nxt - m->una;

	if (rng_pct(r, 5))
		return (u32)rng_next(r) & 0x1ffffff;
	return (sbm_psn(m, m->una) - 3 + rng_below(r, inflight + 6)) & EUN_PSN_MASK;
}

static int random_op(struct rng *r, struct sbm *m)
{
	u32 k = rng_below(r, 1000);

	m->now += rng_pct(r, 10) ? 0 : rng_below(r, rng_pct(r, 5) ? 200000 : 3000);
	if (k < 350)
		return sbm_send(m);
	if (k < 650)
		return random_ack(r, m);
	if (k < 760)
		return sbm_detect(m);
	if (k < 850)
		return sbm_retransmit(m);
	if (k < 890)
		return sbm_mark_lost(m, near_psn(r, m), rng_below(r, EUN_SB_CAUSE_COUNT + 1));
	if (k < 930)
		return sbm_dup(m, (sbm_psn(m, m->nxt) - 1 - rng_below(r, m->cap + 4)) &
			       (rng_pct(r, 2) ? 0x1ffffff : EUN_PSN_MASK));
	if (k < 945)
		return sbm_timeout(m);
	if (k < 960)
		return sbm_send_bad(m, near_psn(r, m));
	if (k < 975)
		return sbm_retransmit_bad(m, near_psn(r, m));
	if (k < 985)
		return sbm_set_spurious(m, rng_below(r, 400000));
	if (k < 987)
		return sbm_reset(m, random_first(r));
	if (k < 992)
		return sbm_widen(m);
	if (k < 998) {
		/* Its wait is 10 ms at least: often far past it. */
		m->now += rng_pct(r, 50) ? 2 * EUN_RW_TAIL_MIN_NS : 0;
		return sbm_probe_una(m);
	}
	return sbm_detect(m);
}

/* Totals over all segments and runs, printed at the end as coverage. */
static struct {
	struct eun_sb_stats sb;
	u64 rw_marked, rw_widened;
	u64 sim_drops, sim_timeouts, sim_spurious, sim_widened;
} tot;

static void add_stats(const struct eun_sb *sb, const struct eun_rw *rw)
{
	u32 c;

	for (c = 0; c < EUN_SB_CAUSE_COUNT; c++)
		tot.sb.retransmits[c] += sb->stats.retransmits[c];
	tot.sb.spurious += sb->stats.spurious;
	tot.sb.bad_acks += sb->stats.bad_acks;
	tot.rw_marked += rw->stats.marked;
	tot.rw_widened += rw->stats.widened;
}

static int model_segment(struct rng *r, u64 seg, u32 ops)
{
	u32 cap = PICK(r, cap_choices), i, every = cap > 1024 ? 256 : 1;
	struct sbm m;
	int err;

	if (sbm_init(&m, cap, random_first(r), ops + 1)) {
		fprintf(stderr, "segment %llu: init failed\n", (unsigned long long)seg);
		return -1;
	}
	for (i = 0, err = 0; i < ops && !err; i++) {
		err = random_op(r, &m);
		if (!err && (i % every == 0 || i + 1 == ops))
			err = sbm_check(&m);
	}
	add_stats(&m.sb, &m.rw);
	if (err)
		fprintf(stderr, "segment %llu op %u: %s\n  capacity %u first %#x\n",
			(unsigned long long)seg, i, m.err, cap, m.first);
	sbm_fini(&m);
	return err;
}

/* ---- part 2: a simulated network -------------------------------------- */

#define SIM_MAX_N	600
#define SIM_WORDS	(SIM_MAX_N / 64 + 1)
#define SIM_MAX_EV	(16 * SIM_MAX_N)
#define SIM_NONE	(~0ULL)

enum sim_ev_kind { SIM_ARRIVE, SIM_ACK };

struct sim_ev {
	u64 t;
	u32 kind;
	u32 idx;		/* arriving packet, or packet an ACK reports twice */
	u32 epsn;
	bool dup;
	u64 sack[SIM_WORDS];
};

struct sim {
	struct eun_sb sb;
	struct eun_rw rw;
	struct rng *r;
	u32 n, sent, ndrops;
	u64 gap, owd, jitter, next, timeouts;
	bool drop[SIM_MAX_N], got[SIM_MAX_N], resent[SIM_MAX_N];
	u64 detected_late;
	struct sim_ev *ev[SIM_MAX_EV];
	u32 nev;
	char err[200];
};

static struct sim_ev *ev_new(struct sim *s, u64 t, u32 kind)
{
	struct sim_ev *e = calloc(1, sizeof(*e));
	u32 i;

	if (!e || s->nev == SIM_MAX_EV)
		abort();
	e->t = t;
	e->kind = kind;
	/* Kept sorted by time, latest first, so the next one is at the end. */
	for (i = s->nev++; i && s->ev[i - 1]->t < t; i--)
		s->ev[i] = s->ev[i - 1];
	s->ev[i] = e;
	return e;
}

static void sim_arrive_at(struct sim *s, u32 idx, u64 sent_at)
{
	ev_new(s, sent_at + s->owd + rng_below(s->r, (u32)s->jitter), SIM_ARRIVE)->idx = idx;
}

/*
 * Latest time a drop may be found: a PSN sent after it arrives within
 * 4 gaps (at most 3 drops), its ACK within RTT <= 2 OWD + jitter, then
 * the loss is due max(RTT, SRTT + 4 RTTVAR) + window after the drop was
 * sent: SRTT <= RTT, RTTVAR <= RTT / 2 (its first value), the window
 * <= min RTT / 4.
 * Only for drops followed by a packet that is not dropped: for the others,
 * the first later packet delivered may be any retransmission, or none.
 */
static bool sim_late(const struct sim *s, u32 psn, u64 now)
{
	u64 rtt = 2 * s->owd + s->jitter;
	u32 k;

	for (k = psn + 1; k < s->n && k <= psn + 3 && s->drop[k]; k++)
		;
	if (k >= s->n || s->drop[k])
		return false;
	return now > psn * s->gap + 4 * s->gap + 3 * rtt + rtt / 4 &&
	       eun_sb_lookup(&s->sb, psn)->cause == EUN_SB_CAUSE_REORDER;
}

static void sim_resend_lost(struct sim *s, u64 now)
{
	u32 psn;

	while (eun_sb_next_lost(&s->sb, &psn)) {
		if (eun_sb_retransmitted(&s->sb, psn, now))
			abort();
		if (s->drop[psn] && !s->resent[psn] && sim_late(s, psn, now))
			s->detected_late++;
		s->resent[psn] = true;
		sim_arrive_at(s, psn, now);
	}
}

static void sim_detect(struct sim *s, u64 now)
{
	eun_rw_detect_loss(&s->rw, &s->sb, now, &s->next);
	sim_resend_lost(s, now);
}

/* The responder: one ACK per arrival, duplicates reported. */
static void sim_on_arrive(struct sim *s, struct sim_ev *a)
{
	struct sim_ev *e = ev_new(s, a->t + s->owd, SIM_ACK);
	u32 i;

	e->dup = s->got[a->idx];
	e->idx = a->idx;
	s->got[a->idx] = true;
	while (e->epsn < s->n && s->got[e->epsn])
		e->epsn++;
	for (i = e->epsn + 1; i < s->n; i++)
		if (s->got[i])
			e->sack[(i - e->epsn - 1) / 64] |= 1ULL << ((i - e->epsn - 1) % 64);
}

static void sim_on_ack(struct sim *s, struct sim_ev *a)
{
	struct eun_sb_ack_result res;

	if (eun_sb_ack(&s->sb, a->epsn, a->sack, SIM_MAX_N, a->t, &res))
		abort();
	eun_rw_update(&s->rw, &s->sb, &res, a->t);
	if (a->dup && eun_sb_dup(&s->sb, a->idx) == 1)
		eun_rw_spurious(&s->rw, a->t);
	sim_detect(s, a->t);
}

/* One step: the earliest of a first transmission, the timer, an event. */
static bool sim_step(struct sim *s)
{
	u64 t_send = s->sent < s->n ? s->sent * s->gap : SIM_NONE;
	u64 t_ev = s->nev ? s->ev[s->nev - 1]->t : SIM_NONE;
	u64 t_timer = s->next ? s->next : SIM_NONE;
	struct sim_ev *e;

	if (t_timer <= t_send && t_timer <= t_ev && t_timer != SIM_NONE) {
		sim_detect(s, t_timer);
	} else if (t_send <= t_ev && t_send != SIM_NONE) {
		if (eun_sb_sent(&s->sb, s->sent, t_send))
			abort();
		if (!s->drop[s->sent])
			sim_arrive_at(s, s->sent, t_send);
		s->sent++;
	} else if (t_ev != SIM_NONE) {
		e = s->ev[--s->nev];
		if (e->kind == SIM_ARRIVE)
			sim_on_arrive(s, e);
		else
			sim_on_ack(s, e);
		free(e);
	} else if (s->sb.una != s->sb.nxt) {
		/* Nothing else can happen: the retransmit timer fires. */
		s->timeouts += eun_sb_timeout(&s->sb);
		sim_resend_lost(s, s->sent * s->gap + 1000 * s->owd);
	} else {
		return false;
	}
	return true;
}

static int sim_fail(struct sim *s, const char *what)
{
	snprintf(s->err, sizeof(s->err), "%s", what);
	return -1;
}

/* Checks of one finished run; @deep: jitter may exceed the window. */
static int sim_verdict(struct sim *s, bool deep)
{
	const struct eun_sb_stats *st = &s->sb.stats;
	u64 resent = st->retransmits[0] + st->retransmits[1] + st->retransmits[2];

	if (s->sb.una != s->n || eun_sb_in_flight(&s->sb))
		return sim_fail(s, "not everything delivered");
	if (deep)
		return st->spurious && !s->rw.stats.widened ?
		       sim_fail(s, "spurious retransmissions did not widen the window") : 0;
	if (resent != s->ndrops || st->spurious)
		return sim_fail(s, "retransmissions other than the drops");
	if (st->retransmits[EUN_SB_CAUSE_NACK] || s->detected_late)
		return sim_fail(s, "a drop found late");
	return 0;
}

static int sim_run(struct rng *r, u64 run)
{
	struct sim *s = calloc(1, sizeof(*s));
	u32 i, mode = rng_below(r, 3), cap = 1024;
	int err;

	if (!s || eun_sb_init(&s->sb, cap, 0))
		abort();
	eun_rw_init(&s->rw);
	s->r = r;
	s->n = 50 + rng_below(r, SIM_MAX_N - 50);
	s->gap = 100 + rng_below(r, 5000);
	s->owd = 5000 + rng_below(r, 200000);
	/* Within the window (min RTT / 4 >= OWD / 2), or far beyond it. */
	s->jitter = mode == 2 ? s->owd * 3 : 1 + rng_below(r, (u32)(s->owd / 2 - 1));
	for (i = 0; mode == 1 && i < 1 + rng_below(r, 3); i++) {
		u32 k = rng_below(r, s->n);

		s->ndrops += !s->drop[k];
		s->drop[k] = true;
	}
	while (sim_step(s))
		;
	err = sim_verdict(s, mode == 2);
	tot.sim_drops += s->ndrops;
	tot.sim_timeouts += s->timeouts;
	tot.sim_spurious += s->sb.stats.spurious;
	tot.sim_widened += s->rw.stats.widened;
	if (err)
		fprintf(stderr,
			"sim run %llu: %s\n  n %u gap %llu owd %llu jitter %llu drops %u timeouts %llu spurious %llu retransmits %llu/%llu/%llu\n",
			(unsigned long long)run, s->err, s->n, (unsigned long long)s->gap,
			(unsigned long long)s->owd, (unsigned long long)s->jitter, s->ndrops,
			(unsigned long long)s->timeouts,
			(unsigned long long)s->sb.stats.spurious,
			(unsigned long long)s->sb.stats.retransmits[0],
			(unsigned long long)s->sb.stats.retransmits[1],
			(unsigned long long)s->sb.stats.retransmits[2]);
	eun_sb_destroy(&s->sb);
	free(s);
	return err;
}

int main(int argc, char **argv)
{
	u64 seed, ops = 2000000, done, seg;
	u64 runs, run;
	struct rng r;

	if (harness_args(argc, argv, "sbtest", "operations", &seed, &ops))
		return 2;
	rng_seed(&r, seed);
	for (done = 0, seg = 0; done < ops; done += SEGMENT_OPS, seg++) {
		u32 n = ops - done < SEGMENT_OPS ? (u32)(ops - done) : SEGMENT_OPS;

		if (model_segment(&r, seg, n))
			goto fail;
	}
	/* One simulated connection per 2000 operations asked for, at least 20. */
	runs = ops / 2000 < 20 ? 20 : ops / 2000;
	for (run = 0; run < runs; run++)
		if (sim_run(&r, run))
			goto fail;
	if (eun_shim_live_allocs) {
		fprintf(stderr, "sbtest: %ld allocations leaked\n", eun_shim_live_allocs);
		goto fail;
	}
	printf("sbtest: model: retransmits timeout %llu nack %llu reorder %llu, spurious %llu, bad ACKs %llu, window marks %llu, widened %llu\n",
	       (unsigned long long)tot.sb.retransmits[EUN_SB_CAUSE_TIMEOUT],
	       (unsigned long long)tot.sb.retransmits[EUN_SB_CAUSE_NACK],
	       (unsigned long long)tot.sb.retransmits[EUN_SB_CAUSE_REORDER],
	       (unsigned long long)tot.sb.spurious, (unsigned long long)tot.sb.bad_acks,
	       (unsigned long long)tot.rw_marked, (unsigned long long)tot.rw_widened);
	printf("sbtest: sim: drops %llu, found by timeout %llu, spurious %llu, widened %llu\n",
	       (unsigned long long)tot.sim_drops, (unsigned long long)tot.sim_timeouts,
	       (unsigned long long)tot.sim_spurious, (unsigned long long)tot.sim_widened);
	printf("sbtest: PASS (%llu segments, %llu simulated connections)\n",
	       (unsigned long long)seg, (unsigned long long)runs);
	return 0;
fail:
	printf("sbtest: FAIL (replay: -s %llu)\n", (unsigned long long)seed);
	return 1;
}
