// SPDX-License-Identifier: GPL-2.0
/*
 * Reference model of the scoreboard (see sbmodel.h). The model keeps one
 * entry per PSN ever sent, in an array indexed by the unwrapped sequence
 * number, and does everything the obvious way; PSNs are converted only at
 * the boundary, with its own serial arithmetic.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/bug.h>
#include <linux/errno.h>

#include "sbmodel.h"

#define M_MASK	0xffffffU
#define M_HALF	0x800000

static int fail(struct sbm *m, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m->err, sizeof(m->err), fmt, ap);
	va_end(ap);
	return -1;
}

/* Signed serial distance from @a to @b in the 24-bit space. */
static s32 sdiff(u32 a, u32 b)
{
	u32 d = (b - a) & M_MASK;

	return d >= M_HALF ? (s32)d - (s32)(M_MASK + 1) : (s32)d;
}

u32 sbm_psn(const struct sbm *m, u64 seq)
{
	return (u32)(m->first + seq) & M_MASK;
}

static void sbm_clear(struct sbm *m, u32 first)
{
	memset(m->e, 0, m->max_seq * sizeof(*m->e));
	memset(&m->stats, 0, sizeof(m->stats));
	m->first = first;
	m->una = 0;
	m->nxt = 0;
	m->spurious_ns = 0;
	m->min_rtt = 0;
	m->has_min_rtt = false;
	m->ack_ns = 0;
	m->has_ack = false;
	m->newest_xmit = 0;
	m->has_newest = false;
	m->reo_seen = 0;
	m->probe_ns = 0;
	m->probed = false;
}

int sbm_init(struct sbm *m, u32 cap, u32 first, u64 max_seq)
{
	int err;

	memset(m, 0, sizeof(*m));
	m->e = calloc(max_seq, sizeof(*m->e));
	if (!m->e)
		return -1;
	m->max_seq = max_seq;
	m->cap = cap;
	err = eun_sb_init(&m->sb, cap, first);
	if (err) {
		free(m->e);
		return err;
	}
	eun_rw_init(&m->rw);
	sbm_clear(m, first);
	return 0;
}

void sbm_fini(struct sbm *m)
{
	eun_sb_destroy(&m->sb);
	free(m->e);
	m->e = NULL;
}

int sbm_reset(struct sbm *m, u32 first)
{
	if (eun_sb_reset(&m->sb, first))
		return fail(m, "reset(%#x) failed", first);
	eun_rw_init(&m->rw);
	sbm_clear(m, first);
	return 0;
}

int sbm_send(struct sbm *m)
{
	bool full = m->nxt - m->una >= m->cap;
	int ret;

	if (m->nxt >= m->max_seq)
		return 0;
	ret = eun_sb_sent(&m->sb, sbm_psn(m, m->nxt), m->now);
	if (ret != (full ? -ENOSPC : 0))
		return fail(m, "sent(%#x) = %d, full %d", sbm_psn(m, m->nxt), ret, full);
	if (!full) {
		m->e[m->nxt] = (struct sbm_ent){ .xmit = m->now, .xmits = 1,
						 .state = EUN_SB_IN_FLIGHT };
		m->nxt++;
	}
	return 0;
}

int sbm_send_bad(struct sbm *m, u32 psn)
{
	int ret;

	if (psn == sbm_psn(m, m->nxt))
		return 0;
	ret = eun_sb_sent(&m->sb, psn, m->now);
	if (ret != -EINVAL)
		return fail(m, "sent(%#x) with nxt %#x = %d", psn, sbm_psn(m, m->nxt), ret);
	return 0;
}

static bool bit_set(const u64 *sack, u32 i)
{
	return (sack[i / 64] >> (i % 64)) & 1;
}

/* The model's verdict on an ACK: 0 or -EINVAL, and where its epsn lies. */
static int ack_valid(const struct sbm *m, u32 epsn, const u64 *sack, u32 bits,
		     s32 *back)
{
	u32 i;

	if (epsn > M_MASK || bits > EUN_SB_MAX_SACK_BITS || (bits && !sack))
		return -EINVAL;
	*back = sdiff(sbm_psn(m, m->nxt), epsn);
	if (*back > 0 || *back < -EUN_SB_MAX_ACK_AGE)
		return -EINVAL;
	for (i = 0; i < bits; i++)
		if (bit_set(sack, i) && *back + 1 + (s64)i >= 0)
			return -EINVAL;
	return 0;
}

static void note_arrival(struct sbm *m, u64 seq, struct eun_sb_ack_result *x)
{
	struct sbm_ent *e = &m->e[seq];
	u64 age = m->now > e->xmit ? m->now - e->xmit : 0;

	if (e->xmits >= 2 && age < m->spurious_ns) {
		if (!e->spurious) {
			e->spurious = 1;
			m->stats.spurious++;
			x->spurious++;
		}
		return;
	}
	if (e->xmits == 1 && (!x->has_rtt || age < x->rtt_ns)) {
		x->has_rtt = true;
		x->rtt_ns = age;
	}
	if (e->xmits == 1 && (!x->has_earliest || e->xmit < x->earliest_xmit_ns)) {
		x->has_earliest = true;
		x->earliest_xmit_ns = e->xmit;
	}
	if (!x->has_latest || e->xmit > x->latest_xmit_ns ||
	    (e->xmit == x->latest_xmit_ns && sbm_psn(m, seq) != x->latest_psn &&
	     sdiff(x->latest_psn, sbm_psn(m, seq)) > 0)) {
		x->has_latest = true;
		x->latest_xmit_ns = e->xmit;
		x->latest_psn = sbm_psn(m, seq);
	}
}

static void model_ack(struct sbm *m, s32 back, const u64 *sack, u32 bits,
		      struct eun_sb_ack_result *x)
{
	s64 epsn_seq = (s64)m->nxt + back;
	u32 i;

	for (; (s64)m->una < epsn_seq; m->una++) {
		if (m->e[m->una].state != EUN_SB_SACKED)
			note_arrival(m, m->una, x);
		m->e[m->una].state = EUN_SB_DELIVERED;
		x->acked++;
	}
	for (i = 0; i < bits; i++) {
		s64 seq = epsn_seq + 1 + i;

		if (!bit_set(sack, i) || seq < (s64)m->una ||
		    m->e[seq].state == EUN_SB_SACKED)
			continue;
		note_arrival(m, seq, x);
		m->e[seq].state = EUN_SB_SACKED;
		x->sacked++;
	}
	x->una = sbm_psn(m, m->una);
}

static int cmp_result(struct sbm *m, const struct eun_sb_ack_result *r,
		      const struct eun_sb_ack_result *x)
{
	if (r->acked != x->acked || r->sacked != x->sacked ||
	    r->spurious != x->spurious || r->una != x->una)
		return fail(m, "ack result: acked %u/%u sacked %u/%u spurious %u/%u una %#x/%#x",
			    r->acked, x->acked, r->sacked, x->sacked,
			    r->spurious, x->spurious, r->una, x->una);
	if (r->has_rtt != x->has_rtt || (x->has_rtt && r->rtt_ns != x->rtt_ns))
		return fail(m, "ack rtt %d %llu, model %d %llu", r->has_rtt,
			    (unsigned long long)r->rtt_ns, x->has_rtt,
			    (unsigned long long)x->rtt_ns);
	if (r->has_latest != x->has_latest ||
	    (x->has_latest && (r->latest_xmit_ns != x->latest_xmit_ns ||
			       r->latest_psn != x->latest_psn)))
		return fail(m, "ack latest %d %llu %#x, model %d %llu %#x",
			    r->has_latest, (unsigned long long)r->latest_xmit_ns,
			    r->latest_psn, x->has_latest,
			    (unsigned long long)x->latest_xmit_ns, x->latest_psn);
	if (r->has_earliest != x->has_earliest ||
	    (x->has_earliest && r->earliest_xmit_ns != x->earliest_xmit_ns))
		return fail(m, "ack earliest %d %llu, model %d %llu",
			    r->has_earliest, (unsigned long long)r->earliest_xmit_ns,
			    x->has_earliest, (unsigned long long)x->earliest_xmit_ns);
	return 0;
}

/*
 * The reordering seen: a PSN sent once, delivered after a later-sent one,
 * by their transmit times; back to 0 when the window narrows.
 */
static void model_reordering(struct sbm *m, const struct eun_sb_ack_result *r,
			     bool narrowed)
{
	if (r->has_earliest && m->has_newest && r->earliest_xmit_ns < m->newest_xmit &&
	    m->newest_xmit - r->earliest_xmit_ns > m->reo_seen)
		m->reo_seen = m->newest_xmit - r->earliest_xmit_ns;
	if (r->has_latest && (!m->has_newest || r->latest_xmit_ns > m->newest_xmit)) {
		m->newest_xmit = r->latest_xmit_ns;
		m->has_newest = true;
	}
	if (narrowed)
		m->reo_seen = 0;
}

/* What the glue does with an ACK's result; the model follows the RTT. */
static void after_ack(struct sbm *m, const struct eun_sb_ack_result *r)
{
	u64 narrowed = m->rw.stats.narrowed;

	eun_rw_update(&m->rw, &m->sb, r, m->now);
	model_reordering(m, r, m->rw.stats.narrowed != narrowed);
	m->ack_ns = m->now;
	m->has_ack = true;
	if (r->has_rtt) {
		if (!m->has_min_rtt || r->rtt_ns < m->min_rtt)
			m->min_rtt = r->rtt_ns;
		m->has_min_rtt = true;
		/* 3/4 of the fastest round trip: see eun_rw_spurious_ns(). */
		m->spurious_ns = m->min_rtt - m->min_rtt / 4;
	}
}

int sbm_ack(struct sbm *m, u32 epsn, const u64 *sack, u32 bits)
{
	struct eun_sb_ack_result r, x = {};
	s32 back = 0;
	int want = ack_valid(m, epsn, sack, bits, &back), ret;

	ret = eun_sb_ack(&m->sb, epsn, sack, bits, m->now, &r);
	if (ret != want)
		return fail(m, "ack(%#x, %u bits) = %d, model %d (una %#x nxt %#x)",
			    epsn, bits, ret, want, sbm_psn(m, m->una), sbm_psn(m, m->nxt));
	if (want) {
		m->stats.bad_acks++;
		x.una = sbm_psn(m, m->una);
		return cmp_result(m, &r, &x);
	}
	model_ack(m, back, sack, bits, &x);
	if (cmp_result(m, &r, &x))
		return -1;
	after_ack(m, &r);
	return 0;
}

int sbm_dup(struct sbm *m, u32 psn)
{
	u32 back = (sbm_psn(m, m->nxt) - psn) & M_MASK;
	struct sbm_ent *e = NULL;
	int want = 0, ret;

	if (psn > M_MASK)
		want = -EINVAL;
	else if (back && back <= m->cap && back <= m->nxt)
		e = &m->e[m->nxt - back];
	if (e && e->xmits >= 2 && !e->spurious &&
	    (e->state == EUN_SB_SACKED || e->state == EUN_SB_DELIVERED)) {
		e->spurious = 1;
		m->stats.spurious++;
		want = 1;
	}
	ret = eun_sb_dup(&m->sb, psn);
	if (ret != want)
		return fail(m, "dup(%#x) = %d, model %d", psn, ret, want);
	if (ret == 1)
		eun_rw_spurious(&m->rw, m->now);
	return 0;
}

/* Sequence number of a PSN of the window, or -1. */
static s64 window_seq(const struct sbm *m, u32 psn)
{
	u32 off = (psn - sbm_psn(m, m->una)) & M_MASK;

	if (psn > M_MASK || off >= m->nxt - m->una)
		return -1;
	return (s64)(m->una + off);
}

static bool unacked(const struct sbm_ent *e)
{
	return e->state == EUN_SB_IN_FLIGHT || e->state == EUN_SB_RETRANSMITTED;
}

static void model_mark(struct sbm_ent *e, u32 cause)
{
	e->state = EUN_SB_LOST;
	e->cause = cause;
}

int sbm_mark_lost(struct sbm *m, u32 psn, u32 cause)
{
	s64 seq = window_seq(m, psn);
	int want = -EINVAL, ret;

	if (seq >= 0 && cause < EUN_SB_CAUSE_COUNT) {
		want = unacked(&m->e[seq]);
		if (want)
			model_mark(&m->e[seq], cause);
	}
	ret = eun_sb_mark_lost(&m->sb, psn, (enum eun_sb_cause)cause);
	if (ret != want)
		return fail(m, "mark_lost(%#x, %u) = %d, model %d", psn, cause, ret, want);
	return 0;
}

int sbm_timeout(struct sbm *m)
{
	int want = 0, ret;
	u64 s;

	for (s = m->una; s < m->nxt; s++) {
		if (unacked(&m->e[s])) {
			model_mark(&m->e[s], EUN_SB_CAUSE_TIMEOUT);
			want++;
		}
	}
	/* Nothing in flight or lost: the oldest SACKed one sent probes. */
	for (s = m->una; !want && s < m->nxt; s++)
		if (m->e[s].state == EUN_SB_LOST)
			break;
	if (!want && s == m->nxt) {
		for (s = m->una; s < m->nxt; s++) {
			if (m->e[s].state == EUN_SB_SACKED && m->e[s].xmits) {
				model_mark(&m->e[s], EUN_SB_CAUSE_TIMEOUT);
				want = 1;
				break;
			}
		}
	}
	ret = eun_sb_timeout(&m->sb);
	if (ret != want)
		return fail(m, "timeout = %d, model %d", ret, want);
	return 0;
}

int sbm_retransmit(struct sbm *m)
{
	u64 s;
	u32 psn = 0;
	bool found = eun_sb_next_lost(&m->sb, &psn);
	struct sbm_ent *e;

	for (s = m->una; s < m->nxt && m->e[s].state != EUN_SB_LOST; s++)
		;
	if (found != (s < m->nxt) || (found && psn != sbm_psn(m, s)))
		return fail(m, "next_lost: %d %#x, model %d %#x", found, psn,
			    s < m->nxt, sbm_psn(m, s));
	if (!found)
		return 0;
	if (eun_sb_retransmitted(&m->sb, psn, m->now))
		return fail(m, "retransmitted(%#x) refused", psn);
	e = &m->e[s];
	e->state = EUN_SB_RETRANSMITTED;
	e->xmit = m->now;
	if (e->xmits < EUN_SB_MAX_XMITS)
		e->xmits++;
	m->stats.retransmits[e->cause]++;
	return 0;
}

int sbm_retransmit_bad(struct sbm *m, u32 psn)
{
	s64 seq = window_seq(m, psn);
	int ret;

	if (seq >= 0 && m->e[seq].state == EUN_SB_LOST)
		return 0;
	ret = eun_sb_retransmitted(&m->sb, psn, m->now);
	if (ret != -EINVAL)
		return fail(m, "retransmitted(%#x) of a PSN not lost = %d", psn, ret);
	return 0;
}

int sbm_set_spurious(struct sbm *m, u64 ns)
{
	eun_sb_set_spurious_ns(&m->sb, ns);
	m->spurious_ns = ns;
	return 0;
}

/* Entry @s was sent after the most recently sent delivered PSN. */
static bool sbm_after(const struct sbm *m, u64 s)
{
	const struct eun_rw *rw = &m->rw;

	return m->e[s].xmit > rw->xmit_ns ||
	       (m->e[s].xmit == rw->xmit_ns &&
		sdiff(rw->psn, sbm_psn(m, s)) >= 0);
}

/*
 * A probe of @e, @pto after it went and after the latest ACK: marked when
 * due (true), else its deadline joins @next.
 */
static bool sbm_probe_due(struct sbm *m, struct sbm_ent *e, u64 pto, u64 *next)
{
	u64 due = (m->has_ack && m->ack_ns > e->xmit ? m->ack_ns : e->xmit) + pto;

	if (due <= m->now) {
		model_mark(e, EUN_SB_CAUSE_REORDER);
		return true;
	}
	if (!*next || due < *next)
		*next = due;
	return false;
}

/*
 * The probes that wait for an ACK (of una alone, or before any sample):
 * one went and no ACK came since.
 */
static bool sbm_probed_unanswered(const struct sbm *m)
{
	return m->probed && (!m->has_ack || m->ack_ns <= m->probe_ns);
}

static void sbm_note_probe(struct sbm *m)
{
	m->probed = true;
	m->probe_ns = m->now;
}

/* The loss rule of the reorder window, by full scan. */
int sbm_detect(struct sbm *m)
{
	const struct eun_rw *rw = &m->rw;
	u64 wait = eun_rw_loss_wait(rw), next = 0, got_next, s, due;
	bool drought = m->has_ack && m->now >= m->ack_ns + wait;
	bool sampled = rw->has_rtt && rw->has_xmit;
	/* Before any sample, the tail probe goes once until an ACK comes. */
	bool tail = sampled || !sbm_probed_unanswered(m);
	u64 answer = 0;
	int want = 0, ret;

	/* The earliest retransmission not yet due holds every other mark. */
	for (s = m->una; s < m->nxt; s++) {
		struct sbm_ent *e = &m->e[s];

		if (e->state == EUN_SB_RETRANSMITTED && e->xmit + wait > m->now &&
		    (!answer || e->xmit + wait < answer))
			answer = e->xmit + wait;
	}

	for (s = m->una; s < m->nxt && sampled; s++) {
		struct sbm_ent *e = &m->e[s];

		if (!unacked(e))
			continue;
		if (e->xmit > rw->xmit_ns || (e->xmit == rw->xmit_ns &&
					      sdiff(rw->psn, sbm_psn(m, s)) >= 0))
			continue;
		due = e->xmit + wait;
		if (due <= m->now && answer)
			due = answer;
		/* A drought marks only the lowest PSN due: a probe. */
		else if (due <= m->now && drought && want)
			due = m->now + wait;
		if (due <= m->now) {
			model_mark(e, EUN_SB_CAUSE_REORDER);
			want++;
		} else if (!next || due < next) {
			next = due;
		}
	}
	/*
	 * Nothing else: the newest PSN out, sent after the delivered one; if
	 * it is not, the latest retransmission sent after it; before any
	 * sample, blind until an ACK came.
	 */
	if (tail && !want && !answer && m->una < m->nxt) {
		u64 t = m->nxt - 1, r;
		struct sbm_ent *e = &m->e[t];
		u64 pto = EUN_RW_TAIL_WAITS * (sampled ? wait : 0);
		u64 floor;

		if (!(e->state == EUN_SB_IN_FLIGHT && sbm_after(m, t))) {
			e = NULL;
			for (r = m->una; r < m->nxt; r++)
				if (m->e[r].state == EUN_SB_RETRANSMITTED &&
				    sbm_after(m, r) &&
				    (!e || m->e[r].xmit >= e->xmit)) {
					e = &m->e[r];
					t = r;
				}
		}
		floor = t == m->una ? EUN_RW_TAIL_ALONE_NS : EUN_RW_TAIL_MIN_NS;
		if (!sampled && !m->has_ack && floor < EUN_RW_BLIND_NS)
			floor = EUN_RW_BLIND_NS;
		if (pto < floor)
			pto = floor;
		if (e && sbm_probe_due(m, e, pto, &next)) {
			want++;
			if (!sampled)
				sbm_note_probe(m);
		}
	}
	ret = eun_rw_detect_loss(&m->rw, &m->sb, m->now, &got_next);
	if (ret != want || got_next != next)
		return fail(m, "detect_loss = %d next %llu, model %d next %llu", ret,
			    (unsigned long long)got_next, want, (unsigned long long)next);
	return 0;
}

/* The probe of the PSN at una alone, for a sender stalled by a refusal. */
int sbm_probe_una(struct sbm *m)
{
	u64 next = 0, got_next, pto;
	struct sbm_ent *e;
	int want = 0, ret;

	e = m->una < m->nxt ? &m->e[m->una] : NULL;
	/* Once until an ACK comes. */
	if (sbm_probed_unanswered(m))
		e = NULL;
	if (e && e->xmits && unacked(e)) {
		pto = EUN_RW_TAIL_WAITS * eun_rw_loss_wait(&m->rw);
		if (pto < EUN_RW_TAIL_MIN_NS)
			pto = EUN_RW_TAIL_MIN_NS;
		if (sbm_probe_due(m, e, pto, &next)) {
			sbm_note_probe(m);
			want = 1;
		}
	}
	ret = eun_rw_probe_una(&m->rw, &m->sb, m->now, &got_next);
	if (ret != want || got_next != next)
		return fail(m, "probe_una = %d next %llu, model %d next %llu", ret,
			    (unsigned long long)got_next, want, (unsigned long long)next);
	return 0;
}

/* Evidence of a spurious retransmission from outside: the window widens. */
int sbm_widen(struct sbm *m)
{
	eun_rw_spurious(&m->rw, m->now);
	return 0;
}

static int check_entry(struct sbm *m, u64 s)
{
	const struct eun_sb_entry *r = &m->sb.ring[sbm_psn(m, s) & (m->cap - 1)];
	const struct sbm_ent *e = &m->e[s];

	if (r->psn != sbm_psn(m, s) || r->state != e->state || r->xmits != e->xmits ||
	    r->spurious != e->spurious || r->xmit_ns != e->xmit || r->cause != e->cause)
		return fail(m, "PSN %#x: psn %#x state %s/%s xmits %u/%u spurious %u/%u xmit %llu/%llu cause %u/%u",
			    sbm_psn(m, s), r->psn, eun_sb_state_name(r->state),
			    eun_sb_state_name(e->state), r->xmits, e->xmits,
			    r->spurious, e->spurious, (unsigned long long)r->xmit_ns,
			    (unsigned long long)e->xmit, r->cause, e->cause);
	return 0;
}

static int check_counts(struct sbm *m)
{
	u32 want[EUN_SB_STATE_COUNT] = {}, st, sum = 0;
	u64 s;

	for (s = m->una; s < m->nxt; s++)
		want[m->e[s].state]++;
	for (st = EUN_SB_IN_FLIGHT; st <= EUN_SB_LOST; st++)
		if (eun_sb_count(&m->sb, st) != want[st])
			return fail(m, "count[%s] %u, model %u", eun_sb_state_name(st),
				    eun_sb_count(&m->sb, st), want[st]);
	for (st = 0; st < EUN_SB_STATE_COUNT; st++)
		sum += m->sb.count[st];
	if (sum != m->cap || eun_sb_count(&m->sb, EUN_SB_UNUSED) +
	    eun_sb_count(&m->sb, EUN_SB_DELIVERED) != m->cap - (m->nxt - m->una))
		return fail(m, "counts add up to %u, capacity %u", sum, m->cap);
	return 0;
}

static int check_rw(struct sbm *m)
{
	const struct eun_rw *rw = &m->rw;
	u64 wnd = eun_rw_reo_wnd(rw), want;

	if (m->sb.spurious_ns != m->spurious_ns)
		return fail(m, "spurious threshold %llu, model %llu",
			    (unsigned long long)m->sb.spurious_ns,
			    (unsigned long long)m->spurious_ns);
	if (rw->mult < 1 || rw->mult > EUN_RW_MAX_MULT)
		return fail(m, "window multiplier %u", rw->mult);
	if (rw->has_rtt != m->has_min_rtt || (rw->has_rtt && rw->min_rtt_ns != m->min_rtt))
		return fail(m, "min RTT %llu, model %llu", (unsigned long long)rw->min_rtt_ns,
			    (unsigned long long)m->min_rtt);
	if (rw->reo_seen_ns != m->reo_seen)
		return fail(m, "reordering seen %llu, model %llu",
			    (unsigned long long)rw->reo_seen_ns,
			    (unsigned long long)m->reo_seen);
	want = rw->min_rtt_ns / 4 * rw->mult;
	if (want < m->reo_seen + m->reo_seen / 4)
		want = m->reo_seen + m->reo_seen / 4;
	if (want > rw->srtt_ns)
		want = rw->srtt_ns;
	if (rw->has_rtt && wnd != want)
		return fail(m, "window %llu, min RTT %llu mult %u seen %llu srtt %llu",
			    (unsigned long long)wnd, (unsigned long long)rw->min_rtt_ns,
			    rw->mult, (unsigned long long)m->reo_seen,
			    (unsigned long long)rw->srtt_ns);
	return 0;
}

/* Everything the scoreboard holds against the model. */
int sbm_check(struct sbm *m)
{
	u64 s, from = m->nxt > m->cap ? m->nxt - m->cap : 0;

	if (m->sb.una != sbm_psn(m, m->una) || m->sb.nxt != sbm_psn(m, m->nxt))
		return fail(m, "una %#x nxt %#x, model %#x %#x", m->sb.una, m->sb.nxt,
			    sbm_psn(m, m->una), sbm_psn(m, m->nxt));
	if (eun_sb_in_flight(&m->sb) != m->nxt - m->una)
		return fail(m, "in flight %u", eun_sb_in_flight(&m->sb));
	/* The window and the slots behind it that were not reused yet. */
	for (s = from; s < m->nxt; s++)
		if (check_entry(m, s))
			return -1;
	if (eun_sb_lookup(&m->sb, sbm_psn(m, m->nxt)) ||
	    eun_sb_lookup(&m->sb, (sbm_psn(m, m->una) - 1) & M_MASK))
		return fail(m, "lookup outside the window");
	if (check_counts(m) || check_rw(m))
		return -1;
	if (memcmp(&m->sb.stats, &m->stats, sizeof(m->stats)))
		return fail(m, "stats: spurious %llu/%llu bad acks %llu/%llu",
			    (unsigned long long)m->sb.stats.spurious,
			    (unsigned long long)m->stats.spurious,
			    (unsigned long long)m->sb.stats.bad_acks,
			    (unsigned long long)m->stats.bad_acks);
	if (eun_shim_warnings)
		return fail(m, "kernel warning");
	return 0;
}
