// SPDX-License-Identifier: GPL-2.0
/*
 * Reference model of the completion hold queue and the held last packet
 * pool (see hq_model.h). The model is the receive glue with the simplest
 * possible state: one "arrived" flag per packet, the expected packet is
 * the first without it, and per message what has happened to it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <linux/errno.h>

#include "hq_model.h"

static const u32 cap_choices[] = { 1, 2, 4, 8, 16, 64, 4096 };
static const u32 window_choices[] = { 1, 2, 4, 16, 64, 512 };
/* The clock moves 0..15 per step. */
static const u64 age_choices[] = { HQM_NEVER, HQM_NEVER, 5000, 300, 40 };

#define PICK(s, a) ((a)[hqm_below(s, sizeof(a) / sizeof((a)[0]))])

u32 hqm_below(struct hqm_src *s, u32 n)
{
	u32 v;

	if (s->r)
		return rng_below(s->r, n);
	if (s->pos >= s->n)
		return 0;
	v = s->d[s->pos++];
	if (n > 256 && s->pos < s->n)
		v |= (u32)s->d[s->pos++] << 8;
	if (n > 65536 && s->pos < s->n)
		v |= (u32)s->d[s->pos++] << 16;
	return v % n;
}

bool hqm_src_done(const struct hqm_src *s)
{
	return !s->r && s->pos >= s->n;
}

static u32 near_wrap(struct hqm_src *s)
{
	if (hqm_below(s, 2))
		return EUN_PSN_MASK - hqm_below(s, 600);
	return hqm_below(s, EUN_PSN_MASK + 1);
}

void hqm_random_cfg(struct hqm_cfg *cfg, struct hqm_src *s)
{
	cfg->cap = PICK(s, cap_choices);
	cfg->nmsgs = 1 + hqm_below(s, HQM_MAX_MSGS);
	cfg->first_seq = near_wrap(s);
	cfg->first_psn = near_wrap(s);
	cfg->nslots = 1 + hqm_below(s, HQM_MAX_SLOTS);
	cfg->window = PICK(s, window_choices);
	cfg->mark_held = hqm_below(s, 2);
	cfg->max_age = PICK(s, age_choices);
}

static int fail(struct hqm *m, const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(m->err, sizeof(m->err), "step %llu: ",
		     (unsigned long long)m->fig.steps);
	va_start(ap, fmt);
	vsnprintf(m->err + n, sizeof(m->err) - n, fmt, ap);
	va_end(ap);
	return -1;
}

static u32 psn_of(const struct hqm *m, u32 idx)
{
	return eun_psn_add(m->cfg.first_psn, idx);
}

static u32 last_of(const struct hqm_msg *g)
{
	return g->first + g->npkts - 1;
}

static u8 payload_byte(u32 msg, u32 i)
{
	return (u8)(msg * 31 + i * 7 + 1);
}

static void gen_msg(struct hqm *m, u32 j, u32 *seq, struct hqm_src *s)
{
	struct hqm_msg *g = &m->msg[j];
	u32 i;

	memset(g, 0, sizeof(*g));
	g->comp = hqm_below(s, 10) < 7;
	g->npkts = 1 + (hqm_below(s, 3) ? hqm_below(s, 3) : hqm_below(s, HQM_MAX_NPKTS));
	g->first = m->npkts;
	for (i = 0; i < g->npkts; i++)
		m->pkt_msg[m->npkts++] = j;
	g->kind = hqm_below(s, EUN_HQ_KIND_COUNT);
	g->imm = 0x5000 + j;
	g->cookie = 0xc00c000000ULL + j;
	if (g->comp) {
		g->seq = *seq;
		*seq = eun_psn_add(*seq, 1);
		g->len = (g->npkts - 1) * 4096 + 1 + j;
	} else {
		g->len = 1 + j % HQM_SLOT_BYTES;
	}
}

static void gen_stream(struct hqm *m)
{
	struct hqm_src *s = m->gen;
	u32 j, seq = m->cfg.first_seq;

	memset(m->msg, 0, sizeof(m->msg));
	memset(m->in, 0, sizeof(m->in));
	m->npkts = 0;
	m->epsn = 0;
	m->next_comp = 0;
	m->ncomp_done = 0;
	m->held_slots = 0;
	m->held_msgs = 0;
	for (j = 0; j < m->cfg.nmsgs; j++)
		gen_msg(m, j, &seq, s);
	while (m->next_comp < m->cfg.nmsgs && !m->msg[m->next_comp].comp)
		m->next_comp++;
}

int hqm_init(struct hqm *m, const struct hqm_cfg *cfg, struct hqm_src *gen)
{
	int err;

	memset(m, 0, sizeof(*m));
	m->cfg = *cfg;
	m->gen = gen;
	err = eun_holdq_init(&m->q, cfg->cap, cfg->first_seq);
	if (err)
		return fail(m, "eun_holdq_init: %d", err);
	err = eun_wsync_pool_init(&m->pool, cfg->nslots, HQM_SLOT_BYTES);
	if (err) {
		eun_holdq_destroy(&m->q);
		return fail(m, "eun_wsync_pool_init: %d", err);
	}
	m->owner_max = cfg->nslots / 4 ? cfg->nslots / 4 : 1;
	if (m->pool.owner_max != m->owner_max)
		return fail(m, "%u slots: owner share %u, want %u", cfg->nslots,
			    m->pool.owner_max, m->owner_max);
	gen_stream(m);
	return 0;
}

/* QP reset: everything held is dropped, a new stream starts elsewhere. */
static int restart(struct hqm *m, struct hqm_src *s)
{
	u32 held = m->held_slots, n;
	int err;

	m->cfg.first_seq = near_wrap(s);
	m->cfg.first_psn = near_wrap(s);
	err = eun_holdq_reset(&m->q, m->cfg.first_seq);
	n = eun_wsync_pool_release_owner(&m->pool, HQM_OWNER);
	if (err || n != held)
		return fail(m, "reset: %d, released %u of %u slots", err, n, held);
	m->fig.restarts++;
	gen_stream(m);
	return 0;
}

void hqm_fini(struct hqm *m)
{
	eun_holdq_destroy(&m->q);
	eun_wsync_pool_destroy(&m->pool);
}

static struct eun_holdq_pkt make_pkt(const struct hqm *m, u32 idx)
{
	const struct hqm_msg *g = &m->msg[m->pkt_msg[idx]];
	struct eun_holdq_pkt p = {
		.msg_seq = g->seq,
		.psn = psn_of(m, idx),
		.pkt_index = idx - g->first,
		.is_last = idx == last_of(g),
		.kind = g->kind,
		.has_imm = g->kind != EUN_HQ_SEND,
		.imm = g->imm,
		.byte_len = g->len,
		.cookie = g->cookie,
	};

	return p;
}

/* Sequence number of the next completion, as the queue must see it. */
static u32 head_seq(const struct hqm *m)
{
	if (m->next_comp < m->cfg.nmsgs)
		return m->msg[m->next_comp].seq;
	return eun_psn_add(m->cfg.first_seq, m->ncomp_done);
}

static int note(struct hqm *m, const struct eun_holdq_pkt *p, int want)
{
	int got = eun_holdq_note(&m->q, p);

	if (got != want)
		return fail(m, "note seq %u psn %u index %u last %d: got %d, want %d",
			    p->msg_seq, p->psn, p->pkt_index, p->is_last, got, want);
	if (want == EUN_HQ_NOTED)
		m->fig.notes++;
	else if (want == EUN_HQ_DUPLICATE)
		m->fig.dups++;
	else if (want == -ERANGE)
		m->fig.ranges++;
	else
		m->fig.protos++;
	return 0;
}

static int deliver_comp(struct hqm *m, u32 idx)
{
	struct hqm_msg *g = &m->msg[m->pkt_msg[idx]];
	struct eun_holdq_pkt p = make_pkt(m, idx);
	int want;

	if (m->in[idx]) {
		/* A repeat the bitmap would drop: the queue must not mind. */
		want = g->delivered || p.is_last ? EUN_HQ_DUPLICATE : EUN_HQ_NOTED;
		return note(m, &p, want);
	}
	if (eun_psn_dist(head_seq(m), g->seq) >= m->cfg.cap)
		return note(m, &p, -ERANGE);
	if (note(m, &p, EUN_HQ_NOTED))
		return -1;
	m->in[idx] = true;
	m->held_msgs += !g->arrived++;
	return 0;
}

static bool too_old(const struct hqm *m, u64 since)
{
	return m->now > since && m->now - since > m->cfg.max_age;
}

/*
 * The slot the pool must name as held longest among those held too long
 * (the lower index of equals), with its owner: -ENOENT when none is.
 */
static int oldest_expired(const struct hqm *m, u32 *owner)
{
	int best = -ENOENT;
	u64 since = 0;
	u32 j;

	for (j = 0; m->held_slots && j < m->cfg.nmsgs; j++) {
		const struct hqm_msg *g = &m->msg[j];

		if (!g->held || !too_old(m, g->since))
			continue;
		if (best < 0 || g->since < since ||
		    (g->since == since && g->slot < best)) {
			best = g->slot;
			since = g->since;
			*owner = HQM_OWNER;
		}
	}
	for (j = 0; j < m->nother; j++) {
		const struct hqm_other *o = &m->other[j];

		if (!too_old(m, o->since))
			continue;
		if (best < 0 || o->since < since ||
		    (o->since == since && o->slot < best)) {
			best = o->slot;
			since = o->since;
			*owner = o->owner;
		}
	}
	return best;
}

/* Forget the modelled QP's held packet in slot @k. */
static int drop_own(struct hqm *m, int k)
{
	u32 j;

	for (j = 0; j < m->cfg.nmsgs; j++)
		if (m->msg[j].held && m->msg[j].slot == k) {
			m->msg[j].held = false;
			m->held_slots--;
			return 0;
		}
	return fail(m, "slot %d is no held message's", k);
}

static void drop_other(struct hqm *m, u32 i)
{
	m->other[i] = m->other[--m->nother];
}

/*
 * What the receive glue does before every reservation: give back every
 * packet held too long, whoever holds it, oldest first. Returns 1 when
 * one was the modelled QP's (the glue puts it in error), 0 when not, -1
 * on a mismatch.
 */
static int expire_old(struct hqm *m)
{
	bool own = false;
	u32 owner = 0, i;
	int k, want;

	for (;;) {
		want = oldest_expired(m, &owner);
		k = eun_wsync_pool_expired(&m->pool, m->now, m->cfg.max_age);
		if (k != want)
			return fail(m, "expired at %llu (age %llu): slot %d, want %d",
				    (unsigned long long)m->now,
				    (unsigned long long)m->cfg.max_age, k, want);
		if (k < 0)
			return own;
		if (eun_wsync_pool_expire(&m->pool, k, owner, m->now, m->cfg.max_age))
			return fail(m, "expire of slot %d of owner %u refused", k, owner);
		if (eun_wsync_pool_expire(&m->pool, k, owner, m->now, m->cfg.max_age) != -ENOENT)
			return fail(m, "slot %d expired twice", k);
		m->fig.expired++;
		if (owner == HQM_OWNER) {
			if (drop_own(m, k))
				return -1;
			m->fig.expired_own++;
			own = true;
			continue;
		}
		for (i = 0; i < m->nother && m->other[i].slot != k; i++)
			;
		if (i == m->nother)
			return fail(m, "expired slot %d is no other owner's", k);
		drop_other(m, i);
	}
}

static int hold_last(struct hqm *m, u32 idx)
{
	u32 j = m->pkt_msg[idx];
	struct hqm_msg *g = &m->msg[j];
	const struct eun_wsync_pool_slot *s;
	int k, want = 0;
	u32 i;

	k = expire_old(m);
	if (k < 0)
		return -1;
	if (k)
		return restart(m, m->gen);
	if (g->held)
		want = -EEXIST;
	else if (m->held_slots >= m->owner_max)
		want = -EDQUOT;
	else if (m->held_slots + m->nother == m->cfg.nslots)
		want = -ENOSPC;
	k = eun_wsync_pool_reserve(&m->pool, HQM_OWNER, psn_of(m, g->first),
				   psn_of(m, idx), g->cookie, g->len, m->now);
	if (want < 0 || k < 0) {
		if (k != want)
			return fail(m, "reserve psn %u: got %d, want %d",
				    psn_of(m, idx), k, want);
		m->fig.refused += want == -ENOSPC;
		m->fig.exists += want == -EEXIST;
		m->fig.over_share += want == -EDQUOT;
		return 0;
	}
	s = eun_wsync_pool_get(&m->pool, k);
	if (!s || s->len != g->len || s->since != m->now)
		return fail(m, "reserved slot %d unusable", k);
	for (i = 0; i < g->len; i++)
		s->data[i] = payload_byte(j, i);
	g->held = true;
	g->slot = k;
	g->since = m->now;
	m->held_slots++;
	m->fig.holds++;
	if (m->cfg.mark_held)
		m->in[idx] = true;
	return 0;
}

/*
 * Another QP of the device holds a last packet (after the same expiry
 * as any reservation) or places one it held.
 */
static int other_step(struct hqm *m, struct hqm_src *s)
{
	u32 owner, psn, i, n = 0;
	bool dup = false;
	int k, want = 0;

	if (m->nother && hqm_below(s, 2)) {
		i = hqm_below(s, m->nother);
		if (eun_wsync_pool_release(&m->pool, m->other[i].slot))
			return fail(m, "release of other slot %d refused", m->other[i].slot);
		drop_other(m, i);
		return 0;
	}
	k = expire_old(m);
	if (k < 0)
		return -1;
	if (k)
		return restart(m, m->gen);
	owner = HQM_OTHER_BASE + hqm_below(s, HQM_OTHERS);
	psn = hqm_below(s, 8);
	for (i = 0; i < m->nother; i++) {
		if (m->other[i].owner != owner)
			continue;
		n++;
		dup |= m->other[i].psn == psn;
	}
	if (dup)
		want = -EEXIST;
	else if (n >= m->owner_max)
		want = -EDQUOT;
	else if (m->held_slots + m->nother == m->cfg.nslots)
		want = -ENOSPC;
	k = eun_wsync_pool_reserve(&m->pool, owner, psn, psn, 0, 1, m->now);
	if (want < 0 || k < 0) {
		if (k != want)
			return fail(m, "other owner %u reserve psn %u: got %d, want %d",
				    owner, psn, k, want);
		m->fig.over_share += want == -EDQUOT;
		return 0;
	}
	m->other[m->nother++] = (struct hqm_other){
		.owner = owner, .psn = psn, .slot = k, .since = m->now,
	};
	m->fig.other_holds++;
	return 0;
}

static int deliver_write(struct hqm *m, u32 idx)
{
	struct hqm_msg *g = &m->msg[m->pkt_msg[idx]];

	if (m->in[idx])
		return 0;
	if (idx == last_of(g) && idx != m->epsn)
		return hold_last(m, idx);
	/* Placed on arrival: a middle packet, or a last one in order. */
	m->in[idx] = true;
	g->arrived++;
	if (idx == last_of(g))
		g->placed = true;
	return 0;
}

static int deliver(struct hqm *m, u32 idx)
{
	if (m->msg[m->pkt_msg[idx]].comp)
		return deliver_comp(m, idx);
	return deliver_write(m, idx);
}

static void advance_epsn(struct hqm *m)
{
	while (m->epsn < m->npkts && m->in[m->epsn])
		m->epsn++;
}

/* Held message with the earliest last packet, or -1. */
static int earliest_held(const struct hqm *m)
{
	u32 j;

	for (j = 0; m->held_slots && j < m->cfg.nmsgs; j++)
		if (m->msg[j].held)
			return j;
	return -1;
}

static int place_one(struct hqm *m, int k)
{
	const struct eun_wsync_pool_slot *s = eun_wsync_pool_get(&m->pool, k);
	int j = earliest_held(m);
	struct hqm_msg *g;
	u32 i;

	if (!s || j < 0)
		return fail(m, "ready slot %d: slot %p, held message %d", k, s, j);
	g = &m->msg[j];
	if (last_of(g) > m->epsn)
		return fail(m, "slot %d ready before its packets (last %u, expected %u)",
			    k, last_of(g), m->epsn);
	if (s->last_psn != psn_of(m, last_of(g)) || s->first_psn != psn_of(m, g->first) ||
	    s->cookie != g->cookie || s->len != g->len || s->owner != HQM_OWNER ||
	    k != g->slot || s->since != g->since)
		return fail(m, "slot %d: last PSN %u, want message %d's %u", k,
			    s->last_psn, j, psn_of(m, last_of(g)));
	for (i = 0; i < s->len; i++)
		if (s->data[i] != payload_byte(j, i))
			return fail(m, "slot %d: payload byte %u changed", k, i);
	if (eun_wsync_pool_release(&m->pool, k))
		return fail(m, "release of ready slot %d refused", k);
	g->held = false;
	m->held_slots--;
	g->placed = true;
	g->arrived++;
	m->in[last_of(g)] = true;
	m->fig.placed_late++;
	advance_epsn(m);
	return 0;
}

static int settle_held(struct hqm *m)
{
	int j, k;

	while ((k = eun_wsync_pool_next_ready(&m->pool, HQM_OWNER, psn_of(m, m->epsn))) >= 0)
		if (place_one(m, k))
			return -1;
	if (k != -ENOENT)
		return fail(m, "next_ready: %d", k);
	j = earliest_held(m);
	if (j >= 0 && last_of(&m->msg[j]) <= m->epsn)
		return fail(m, "held message %d left waiting (expected %u)", j, m->epsn);
	return 0;
}

static int check_done(struct hqm *m, const struct eun_holdq_done *d)
{
	const struct hqm_msg *g;
	u32 j;

	if (m->next_comp >= m->cfg.nmsgs)
		return fail(m, "completion seq %u with none pending", d->msg_seq);
	g = &m->msg[m->next_comp];
	if (d->msg_seq != g->seq)
		return fail(m, "completion seq %u, posted order wants %u", d->msg_seq, g->seq);
	if (last_of(g) >= m->epsn)
		return fail(m, "seq %u completed before its packets (last %u, expected %u)",
			    g->seq, last_of(g), m->epsn);
	if (d->first_psn != psn_of(m, g->first) || d->last_psn != psn_of(m, last_of(g)) ||
	    d->kind != g->kind || d->has_imm != (g->kind != EUN_HQ_SEND) ||
	    d->imm != g->imm || d->byte_len != g->len || d->cookie != g->cookie)
		return fail(m, "seq %u: completion fields differ", g->seq);
	for (j = 0; j < m->next_comp; j++)
		if (!m->msg[j].comp && !m->msg[j].placed)
			return fail(m, "seq %u completed before WRITE %u was placed", g->seq, j);
	return 0;
}

static int settle_completions(struct hqm *m)
{
	struct eun_holdq_done d;
	const struct hqm_msg *g;

	while (eun_holdq_pop(&m->q, psn_of(m, m->epsn), &d)) {
		if (check_done(m, &d))
			return -1;
		m->msg[m->next_comp].delivered = true;
		m->held_msgs--;
		m->ncomp_done++;
		m->fig.pops++;
		do
			m->next_comp++;
		while (m->next_comp < m->cfg.nmsgs && !m->msg[m->next_comp].comp);
	}
	if (m->next_comp >= m->cfg.nmsgs)
		return 0;
	g = &m->msg[m->next_comp];
	if (last_of(g) < m->epsn)
		return fail(m, "seq %u complete in order but not handed out", g->seq);
	return 0;
}

static int check_figures(struct hqm *m)
{
	u32 held = m->held_msgs, slots = m->held_slots;
	u32 used = slots + m->nother;

	if (m->q.stats.held != held || held > m->cfg.cap || m->q.stats.peak < held)
		return fail(m, "held %u (peak %u), model %u, cap %u", m->q.stats.held,
			    m->q.stats.peak, held, m->cfg.cap);
	if (m->pool.stats.in_use != used || used > m->cfg.nslots ||
	    m->pool.stats.peak < used || slots > m->owner_max)
		return fail(m, "slots in use %u, model %u (%u own, share %u), pool %u",
			    m->pool.stats.in_use, used, slots, m->owner_max, m->cfg.nslots);
	if (eun_wsync_pool_held(&m->pool, HQM_OWNER) != slots)
		return fail(m, "owner holds %u slots, model %u",
			    eun_wsync_pool_held(&m->pool, HQM_OWNER), slots);
	if (m->pool.stats.over_share != m->fig.over_share ||
	    m->pool.stats.expired != m->fig.expired)
		return fail(m, "over share %llu, expired %llu; model %llu, %llu",
			    (unsigned long long)m->pool.stats.over_share,
			    (unsigned long long)m->pool.stats.expired,
			    (unsigned long long)m->fig.over_share,
			    (unsigned long long)m->fig.expired);
	if (m->q.stats.completed != m->ncomp_done)
		return fail(m, "completed %llu, model %u",
			    (unsigned long long)m->q.stats.completed, m->ncomp_done);
	if (held > m->fig.peak_held)
		m->fig.peak_held = held;
	if (slots > m->fig.peak_slots)
		m->fig.peak_slots = slots;
	return 0;
}

static int settle(struct hqm *m)
{
	advance_epsn(m);
	if (settle_held(m) || settle_completions(m))
		return -1;
	return check_figures(m);
}

/* A held, not yet completed message at or after a random one, or -1. */
static int pick_held(const struct hqm *m, struct hqm_src *s)
{
	u32 i, j, start = hqm_below(s, m->cfg.nmsgs);

	for (i = 0; i < m->cfg.nmsgs; i++) {
		j = (start + i) % m->cfg.nmsgs;
		if (m->msg[j].comp && m->msg[j].arrived && !m->msg[j].delivered)
			return j;
	}
	return -1;
}

/* A packet that contradicts what the queue knows: refused, no change. */
static int contradict(struct hqm *m, struct hqm_src *s)
{
	int j = pick_held(m, s);
	const struct hqm_msg *g;
	struct eun_holdq_pkt p;
	u32 last;

	if (j < 0)
		return 0;
	g = &m->msg[j];
	last = last_of(g);
	p = make_pkt(m, g->first + hqm_below(s, g->npkts));
	switch (hqm_below(s, 4)) {
	case 0:
		/* Same PSN, another index: another first PSN. */
		p.pkt_index++;
		p.is_last = false;
		return note(m, &p, -EPROTO);
	case 1:
		if (!m->in[last] || g->npkts < 2)
			return 0;
		/* A second, earlier last packet. */
		p = make_pkt(m, g->first + hqm_below(s, g->npkts - 1));
		p.is_last = true;
		return note(m, &p, -EPROTO);
	case 2:
		if (!m->in[last])
			return 0;
		/* A packet past the known last one. */
		p = make_pkt(m, last);
		p.psn = eun_psn_add(p.psn, 1);
		p.pkt_index++;
		p.is_last = false;
		return note(m, &p, -EPROTO);
	default:
		p.psn |= 1U << EUN_PSN_BITS;
		return note(m, &p, -EINVAL);
	}
}

int hqm_step(struct hqm *m, struct hqm_src *s)
{
	u32 k = hqm_below(s, 100), idx;

	m->fig.steps++;
	m->now += hqm_below(s, 16);
	if (k == 99 && hqm_below(s, 20) == 0) {
		if (restart(m, s))
			return -1;
		return settle(m);
	}
	if (k < 4) {
		if (contradict(m, s))
			return -1;
		return settle(m);
	}
	if (k < 8) {
		if (other_step(m, s))
			return -1;
		return settle(m);
	}
	if (k < 13 || m->epsn >= m->npkts)
		idx = hqm_below(s, m->npkts);
	else if (k < 29)
		idx = m->epsn;
	else
		idx = m->epsn + hqm_below(s, m->cfg.window);
	if (idx >= m->npkts)
		idx = m->epsn < m->npkts ? m->epsn : m->npkts - 1;
	if (deliver(m, idx))
		return -1;
	return settle(m);
}

/* Everything still missing, in order: nothing may be lost or stuck. */
int hqm_finish(struct hqm *m)
{
	u32 j, guard = 2 * m->npkts + 2;

	if (settle(m))
		return -1;
	while (m->epsn < m->npkts && guard--) {
		m->fig.steps++;
		if (deliver(m, m->epsn) || settle(m))
			return -1;
	}
	if (m->epsn < m->npkts)
		return fail(m, "stuck at packet %u of %u", m->epsn, m->npkts);
	if (m->next_comp < m->cfg.nmsgs)
		return fail(m, "message %u never completed", m->next_comp);
	for (j = 0; j < m->cfg.nmsgs; j++)
		if (!m->msg[j].comp && !m->msg[j].placed)
			return fail(m, "WRITE %u never placed", j);
	/* The other QPs go away. */
	for (j = 0; j < HQM_OTHERS; j++) {
		u32 i, n = 0, want = 0;

		for (i = 0; i < m->nother; i++)
			want += m->other[i].owner == HQM_OTHER_BASE + j;
		n = eun_wsync_pool_release_owner(&m->pool, HQM_OTHER_BASE + j);
		if (n != want)
			return fail(m, "other owner %u: released %u of %u slots",
				    HQM_OTHER_BASE + j, n, want);
	}
	m->nother = 0;
	if (m->q.stats.held || m->pool.stats.in_use)
		return fail(m, "left over: %u held, %u slots", m->q.stats.held,
			    m->pool.stats.in_use);
	return 0;
}
