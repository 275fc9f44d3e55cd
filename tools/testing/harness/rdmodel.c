// SPDX-License-Identifier: GPL-2.0
/*
 * Reference model of the requester's READ response tracker (eun_read.c):
 * what it checks is said in rdmodel.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/errno.h>
#include <linux/kernel.h>

#include "rdmodel.h"
#include "eun/eun_psn.h"
#include "eun/eun_read.h"

#define MAX_PKTS	8192	/* per session */
#define MAX_READS	64	/* per session */
#define WORDS		(MAX_PKTS / 64 + 2)
#define US		1000ULL
#define NO_KIND		99	/* no such opcode */
#define TIMER_RETRIES	7	/* rxe's retransmit timer, then the READs fail */

/* One READ (or atomic) of the session: [first, first + npkts) by index. */
struct rread {
	u32 first, npkts, len;
	bool atomic;
	u32 origin;	/* rxe's responder takes no re-request below it */
};

/* The reference: one session, by packet index, and what outlives it. */
struct ref {
	u32 base;		/* PSN of index 0 */
	u32 mtu;
	struct rread reads[MAX_READS];
	u32 posted, planned;	/* READs posted, to post */
	bool any_part;		/* the responder answers any part of a READ */
	u32 oldest;		/* the oldest out; out: oldest .. posted - 1 */
	u32 count;		/* out: 0 once stopped or all retired */
	u32 end;		/* index after the newest READ's last */
	bool got[MAX_PKTS];	/* placed */
	u32 head;		/* the lowest index not placed */
	u32 top;		/* the highest index placed, + 1 (0: none) */
	bool seen;
	u32 max_idx;		/* the highest index that came */
	u64 quiet, pause;
	bool armed;
	bool hole_seen;		/* a packet beyond the hole came, armed */
	u32 hole_head;		/* the first missing index then */
	u32 hole_top;		/* the index beyond it that timed it */
	u64 hole_from;		/* when */
	u64 paused;		/* pauses of the responses since, more to come */
	bool held;		/* a NAK said the responder holds the rest */
	u32 unanswered, timer_retries;
	bool rereq_out;		/* the latest re-request awaits its proof */
	u32 rereq_psn;
	u32 proof_psn[EUN_RD_PROOFS];	/* re-requests not proven, oldest first */
	u64 proof_wnd[EUN_RD_PROOFS];	/* the window each went by */
	u32 nproofs;
	bool awaiting;		/* no answer to the re-request yet */
	u32 rereq_last;		/* the last index out when it went */
	u32 rereq_max;		/* the highest index come then (oldest's first if none) */
	u32 calm;		/* re-requests since the window changed */
	bool asked;		/* a READ out holds rereq_last */
	bool answering;		/* holes up to ans_last wait for its answer */
	u32 ans_last;		/* the last index it asked for */
	bool ans_seen;		/* a packet of the answer came */
	u32 ans_front;		/* the highest index of it that came */
	u64 min;		/* the window at first, and its least */
	u64 wnd;
};

struct pkt {
	u32 psn, len;
	int kind;
};

/*
 * Responses on their way, q[h] .. q[n - 1], and how the network treats
 * them this session: it delivers one of the first @reorder.
 */
struct net {
	struct pkt *q;
	u32 h, n, cap;
	u32 reorder, loss_pct, dup_pct, nocap_pct, post_pct, gap_pct;
	u64 outage_from, outage_to;	/* everything sent then is lost */
};

/* One model per process: rdtest and rdfuzz run one at a time. */
static struct rdm_src *ops, *gen;
static struct eun_rd rd;
static struct ref f;
static struct net net;
static u64 now, session_no, step_no;
static u64 words[WORDS];

/*
 * What the contract checks carry from one step to the next: the window
 * and the longest pause seen (neither may shrink but by half), and the
 * wait that the latest re-request set while none has been answered (0:
 * none).
 */
static struct {
	u64 wnd, pause, blind_wait;
} prev;

struct rdm_stats rdm_stats;

u32 rdm_below(struct rdm_src *s, u32 n)
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

bool rdm_pct(struct rdm_src *s, u32 pct)
{
	return rdm_below(s, 100) < pct;
}

u64 rdm_next(struct rdm_src *s)
{
	u64 v = 0;
	u32 i;

	if (s->r)
		return rng_next(s->r);
	for (i = 0; i < 8 && s->pos < s->n; i++)
		v |= (u64)s->d[s->pos++] << (8 * i);
	return v;
}

bool rdm_src_done(const struct rdm_src *s)
{
	return !s->r && s->pos >= s->n;
}

static void fail(const char *what)
{
	fprintf(stderr,
		"rdmodel: session %llu step %llu: %s\n"
		"  base %#x mtu %u, %u READs out from %u of %u posted, %u packets,\n"
		"  head %u, highest came %u, now %llu\n",
		(unsigned long long)session_no, (unsigned long long)step_no, what,
		f.base, f.mtu, f.count, f.oldest, f.posted, f.end, f.head,
		f.max_idx, (unsigned long long)now);
	abort();
}

static u32 psn_of(u32 idx)
{
	return (f.base + idx) & EUN_PSN_MASK;
}

static u32 idx_of(u32 psn)
{
	return (psn - f.base) & EUN_PSN_MASK;
}

/* Which READ out (0: the oldest) index @idx belongs to, or -ERANGE. */
static int ref_find(u32 idx)
{
	u32 i;

	if (!f.count || idx < f.reads[f.oldest].first || idx >= f.end)
		return -ERANGE;
	for (i = f.oldest; idx >= f.reads[i].first + f.reads[i].npkts; i++)
		;
	return i - f.oldest;
}

static const struct rread *ref_at(int index)
{
	return &f.reads[f.oldest + index];
}

/* Bytes of packet @j of @q: what is left of it, at most one MTU. */
static u32 ref_plen(const struct rread *q, u32 j)
{
	u64 off = (u64)j * f.mtu;

	return q->len - off < f.mtu ? q->len - off : f.mtu;
}

static int ref_check(u32 psn, int kind, u32 len)
{
	int index = ref_find(idx_of(psn));
	bool ack = kind == EUN_RD_ATOMIC_ACK;
	const struct rread *q;
	u32 j;

	if (index < 0)
		return -ERANGE;
	q = ref_at(index);
	if (q->atomic != ack)
		return -EPROTO;
	if (q->atomic)
		return len ? -EPROTO : 0;
	j = idx_of(psn) - q->first;
	switch (kind) {
	case EUN_RD_FIRST:
	case EUN_RD_ONLY:
		if (j != 0)
			return -EPROTO;
		break;
	case EUN_RD_MIDDLE:
		if (j == q->npkts - 1)
			return -EPROTO;
		break;
	case EUN_RD_LAST:
		break;
	default:
		return -EPROTO;
	}
	return len == ref_plen(q, j) ? 0 : -EPROTO;
}

/* The head was asked for by the latest re-request, still answering. */
static bool ref_answer_covers(void)
{
	return f.answering && f.head >= idx_of(f.rereq_psn) &&
	       f.head <= f.ans_last;
}

/*
 * The highest index that came after the head's latest copy went (false:
 * none yet): of the answer that covers it, else of any response.
 */
static bool ref_top(u32 *top)
{
	if (!f.seen)
		return false;
	if (!ref_answer_covers()) {
		*top = f.max_idx;
		return true;
	}
	*top = f.ans_front;
	return f.ans_seen;
}

/* Something is missing at or below an index that came after it. */
static bool ref_hole_below_max(void)
{
	u32 top;

	return ref_top(&top) && f.head <= top;
}

static u64 ref_blind_deadline(void)
{
	u64 wait;

	if (f.unanswered >= EUN_RD_MAX_BLIND)
		return 0;
	wait = max(max(f.wnd << EUN_RD_BLIND_SHIFT, 2 * f.pause),
		   EUN_RD_BLIND_MIN_NS);
	return f.quiet + (wait << f.unanswered);
}

static u64 ref_deadline(void)
{
	if (!f.count)
		return 0;
	if (!f.armed || !ref_hole_below_max())
		return ref_blind_deadline();
	/* A NAK timed it: the request's way there and the response's back. */
	if (f.hole_seen && f.hole_head == f.head)
		return f.hole_from + f.paused + (f.held ? 2 : 1) * f.wnd;
	return f.quiet + f.wnd;
}

/* The newest READ's last has not come, and no NAK said the responder holds the rest. */
static bool ref_more_to_come(void)
{
	return !f.held && (!f.seen || f.max_idx != f.end - 1);
}

/* No new response from f.quiet to @t for over a quarter window. */
static bool ref_quiet_long(u64 t)
{
	return t > f.quiet && t - f.quiet > f.wnd / EUN_RD_PAUSE_DIV;
}

/* The hole's window waits while the responses pause with more to come. */
static bool ref_paused(u64 t)
{
	return f.count && f.armed && ref_hole_below_max() && f.hole_seen &&
	       f.hole_head == f.head && ref_more_to_come() && ref_quiet_long(t);
}

static u64 ref_wake(u64 t)
{
	return ref_paused(t) ? ref_blind_deadline() : ref_deadline();
}

static bool ref_due(u64 t)
{
	u64 w = ref_wake(t);

	return w && t >= w;
}

/* An index near the READs out: in them, at their edges, or anywhere. */
static u32 probe_idx(void)
{
	u32 lo = f.count ? f.reads[f.oldest].first : f.end;
	u32 k = rdm_below(gen, 100);

	if (k < 50 && f.end > lo)
		return lo + rdm_below(gen, f.end - lo);
	if (k < 80)
		return (rdm_pct(gen, 50) ? lo : f.end) - 3 + rdm_below(gen, 7);
	return rdm_below(gen, EUN_PSN_MASK + 1);
}

static u32 probe_len(u32 idx)
{
	int index = ref_find(idx);
	u32 base = f.mtu;

	if (index >= 0)
		base = ref_at(index)->atomic ? 0 :
		       ref_plen(ref_at(index), idx - ref_at(index)->first);
	switch (rdm_below(gen, 8)) {
	case 0:
		return f.mtu;
	case 1:
		return base + 1;
	case 2:
		return base - 1;
	case 3:
		return 0;
	case 4:
		return (u32)rdm_next(gen);
	default:
		return base;
	}
}

/* Whether PSN @psn is after the oldest READ's last, wrap-aware. */
static bool ref_oldest_done(u32 psn)
{
	u32 d;

	if (!f.count)
		return false;
	d = idx_of(psn) - (ref_at(0)->first + ref_at(0)->npkts - 1);
	d &= EUN_PSN_MASK;
	return d >= 1 && d < EUN_PSN_HALF;
}

static void check_probe(void)
{
	u32 psn = psn_of(probe_idx()), idx = idx_of(psn), len = probe_len(idx);
	int kind = rdm_pct(gen, 3) ? NO_KIND : (int)rdm_below(gen, EUN_RD_ATOMIC_ACK + 1);
	int want = ref_check(psn, kind, len), index = ref_find(idx);
	char msg[160];

	if (eun_rd_find(&rd, psn) != index) {
		snprintf(msg, sizeof(msg), "find(%#x) %d, want %d", psn,
			 eun_rd_find(&rd, psn), index);
		fail(msg);
	}
	if (eun_rd_owns(&rd, psn) == index < 0)
		fail("owns()");
	if (eun_rd_check(&rd, psn, kind, len, f.mtu) != want) {
		snprintf(msg, sizeof(msg),
			 "check(%#x, kind %d, len %u) %d, want %d", psn, kind,
			 len, eun_rd_check(&rd, psn, kind, len, f.mtu), want);
		fail(msg);
	}
	if (eun_rd_oldest_done(&rd, psn) != ref_oldest_done(psn))
		fail("oldest_done()");
}

static void check_reads(void)
{
	const struct eun_rd_req *q;
	int i;

	if (rd.count != f.count)
		fail("READs out");
	for (i = 0; i < (int)f.count; i++) {
		q = eun_rd_at(&rd, i);
		if (!q || q->first_psn != psn_of(ref_at(i)->first) ||
		    q->last_psn != psn_of(ref_at(i)->first + ref_at(i)->npkts - 1) ||
		    q->len != ref_at(i)->len || q->atomic != ref_at(i)->atomic)
			fail("a READ out");
	}
	if (eun_rd_at(&rd, f.count))
		fail("a READ past the newest");
	if (f.count && (rd.first_psn != psn_of(ref_at(0)->first) ||
			rd.last_psn != psn_of(f.end - 1)))
		fail("range of the READs out");
}

static void check_timing(void)
{
	u32 head = psn_of(f.head);
	u64 want = ref_deadline(), got = eun_rd_deadline(&rd, head);
	char msg[160];

	if (got != want) {
		snprintf(msg, sizeof(msg), "deadline %llu, want %llu",
			 (unsigned long long)got, (unsigned long long)want);
		fail(msg);
	}
	if (eun_rd_paused(&rd, head, now) != ref_paused(now) ||
	    eun_rd_wake(&rd, head, now) != ref_wake(now))
		fail("paused() or wake() disagrees with the reference");
	if (eun_rd_due(&rd, head, now) != ref_due(now))
		fail("due() disagrees with the deadline");
	if (want && (eun_rd_due(&rd, head, want - 1) != ref_due(want - 1) ||
		     eun_rd_due(&rd, head, want) != ref_due(want)))
		fail("due() not as the reference at the deadline");
	if (want && !ref_paused(want) && !eun_rd_due(&rd, head, want))
		fail("due() not at a deadline the responses do not pause");
	if (eun_rd_due(&rd, head, U64_MAX) != ref_due(U64_MAX))
		fail("due() disagrees at the end of time");
	if (rd.reo_wnd_ns != f.wnd || rd.pause_ns != f.pause)
		fail("window or pause");
}

/*
 * The contract of eun_read.h, checked on the tracker alone: what must
 * hold whatever the reference says, so that a slip shared by the
 * reference and the code is still caught.
 */
static void check_contract(void)
{
	const struct eun_rd_req *q, *p = NULL;
	u64 dl;
	u32 i;

	if (rd.count > EUN_RD_MAX_OUT)
		fail("more than EUN_RD_MAX_OUT READs out");
	for (i = 0; i < rd.count; i++) {
		q = eun_rd_at(&rd, i);
		if (!q || eun_psn_before(q->last_psn, q->first_psn))
			fail("a READ out ends before it starts");
		if (p && !eun_psn_after(q->first_psn, p->last_psn))
			fail("READs out not in PSN order");
		p = q;
	}
	if (rd.count && (rd.first_psn != eun_rd_at(&rd, 0)->first_psn ||
			 rd.last_psn != p->last_psn ||
			 eun_psn_dist(rd.first_psn, rd.last_psn) >= EUN_PSN_HALF))
		fail("range of the READs out");
	if ((rd.reo_wnd_ns < prev.wnd &&
	     rd.reo_wnd_ns != max(prev.wnd / 2, f.min)) ||
	    rd.reo_wnd_ns < f.min ||
	    rd.reo_wnd_ns > EUN_RD_REO_MAX_NS)
		fail("window shrank other than by half or left its bounds");
	if ((rd.pause_ns < prev.pause && rd.pause_ns != prev.pause / 2) ||
	    rd.pause_ns > EUN_RD_REO_MAX_NS)
		fail("longest pause shrank other than by half or left its bounds");
	prev.wnd = rd.reo_wnd_ns;
	prev.pause = rd.pause_ns;
	dl = eun_rd_deadline(&rd, psn_of(f.head));
	if (dl && dl < (rd.armed && rd.hole_seen ? rd.hole_from_ns :
			rd.quiet_from_ns))
		fail("deadline before the wait began");
	if (rd.armed && rd.awaiting)
		fail("armed while awaiting a re-request's answer");
}

/*
 * Each unanswered re-request doubles the wait for the next, at least
 * (the window may double meanwhile, the pause cannot grow without a new
 * packet), until EUN_RD_MAX_BLIND of them leave it to rxe's timer.
 */
static void check_blind_wait(void)
{
	u64 dl = eun_rd_deadline(&rd, psn_of(f.head)), wait = dl - now;

	if (!dl) {
		if (rd.unanswered < EUN_RD_MAX_BLIND)
			fail("no deadline after a re-request");
		prev.blind_wait = 0;
		return;
	}
	if (dl <= now)
		fail("a re-request already due again");
	if (prev.blind_wait && wait < 2 * prev.blind_wait)
		fail("an unanswered re-request did not double the wait");
	prev.blind_wait = wait;
}

static void forget_prev(void)
{
	prev.wnd = f.wnd;
	prev.pause = 0;
	prev.blind_wait = 0;
}

static void check_state(void)
{
	u32 i;

	if (rd.seen != f.seen || (f.seen && rd.max_psn != psn_of(f.max_idx)))
		fail("highest PSN that came");
	if (rd.rereq_out != f.rereq_out || (f.rereq_out && rd.rereq_first != f.rereq_psn))
		fail("re-request out");
	if (rd.nproofs != f.nproofs)
		fail("re-requests awaiting their proof");
	for (i = 0; i < f.nproofs; i++)
		if (rd.proof[i].psn != f.proof_psn[i] || rd.proof[i].wnd_ns != f.proof_wnd[i])
			fail("a re-request awaiting its proof");
	check_reads();
	check_timing();
	check_contract();
	for (i = 0; i < 4; i++)
		check_probe();
}

/* The placed bits after the head, @nbits of them, and junk past them. */
static void fill_words(u32 nbits)
{
	u32 i;

	for (i = 0; i < WORDS; i++)
		words[i] = rdm_next(gen);
	if (nbits % 64)
		words[nbits / 64] &= ~0ULL << (nbits % 64);
	memset(words, 0, nbits / 64 * sizeof(*words));
	for (i = 0; i < nbits && f.head + 1 + i < f.end; i++)
		if (f.got[f.head + 1 + i])
			words[i / 64] |= 1ULL << (i % 64);
}

static u32 pick_nbits(u32 span)
{
	u32 k = rdm_below(gen, 6), nbits;

	if (k == 0 && span)
		nbits = span - 1 - rdm_below(gen, span);
	else if (k == 1)
		nbits = span + rdm_below(gen, 200);
	else if (k == 2)
		nbits = rdm_below(gen, WORDS * 64 + 1);
	else
		nbits = span;
	return min_t(u32, nbits, WORDS * 64);
}

/* The highest index not placed in [head, top], by brute force. */
static u32 ref_highest_hole(u32 top)
{
	u32 i;

	for (i = top + 1; i-- > f.head;)
		if (!f.got[i])
			return i;
	fail("no hole below the highest");
	return 0;
}

static u32 ref_span(void)
{
	return f.top > f.head + 1 ? f.top - 1 - f.head : 0;
}

/* eun_rd_range_end() for @nbits of bitmap, checked; its index returned. */
static u32 range_end(u32 nbits)
{
	u32 span = ref_span(), want, got, top;
	char msg[160];

	fill_words(nbits);
	if (!ref_top(&top) || f.head > top) {
		want = f.end - 1;
		rdm_stats.ends_last++;
	} else if (span > nbits) {
		want = top;
		rdm_stats.ends_max++;
	} else {
		want = ref_highest_hole(top);
		rdm_stats.ends_hole++;
	}
	got = eun_rd_range_end(&rd, psn_of(f.head), words, nbits, span);
	if (got != psn_of(want)) {
		snprintf(msg, sizeof(msg),
			 "eun_rd_range_end(head %#x, nbits %u, span %u) %#x, want %#x",
			 psn_of(f.head), nbits, span, got, psn_of(want));
		fail(msg);
	}
	return want;
}

/*
 * eun_rd_split() of indices @h..@e into @max, against the READs out
 * clipped to it; the number of ranges returned, in @out.
 */
static u32 split(u32 h, u32 e, struct eun_rd_range *out, u32 max)
{
	u32 n = eun_rd_split(&rd, psn_of(h), psn_of(e), out, max), k = 0, i;
	bool none = ref_find(h) < 0 || (s32)(e - h) < 0;
	const struct rread *q;

	for (i = 0; !none && i < f.count && k < max; i++) {
		q = ref_at(i);
		if (q->first + q->npkts <= h)
			continue;
		if (q->first > e)
			break;
		if (k >= n || out[k].index != i ||
		    out[k].first_psn != psn_of(max(h, q->first)) ||
		    out[k].last_psn != psn_of(min(e, q->first + q->npkts - 1)))
			fail("eun_rd_split(): a range");
		k++;
	}
	if (n != k)
		fail("eun_rd_split(): how many");
	return n;
}

static void check_range_end(void)
{
	struct eun_rd_range out[EUN_RD_MAX_OUT];
	u32 lo, h, e;

	if (f.count && f.head < f.end && rdm_below(gen, f.end - f.head) < 64)
		range_end(pick_nbits(ref_span()));
	if (!f.count || !rdm_pct(gen, 20))
		return;
	lo = ref_at(0)->first;
	h = lo - 2 + rdm_below(gen, f.end - lo + 4);
	e = h - 2 + rdm_below(gen, f.end - h + 4);
	split(h, e, out, rdm_below(gen, EUN_RD_MAX_OUT + 1));
}

static void net_push(u32 psn, int kind, u32 len)
{
	struct pkt tmp;
	u32 at;

	if (net.h && net.h >= net.n / 2) {
		memmove(net.q, &net.q[net.h], (net.n - net.h) * sizeof(*net.q));
		net.n -= net.h;
		net.h = 0;
	}
	if (net.n == net.cap) {
		net.cap = net.cap ? 2 * net.cap : 1024;
		net.q = realloc(net.q, net.cap * sizeof(*net.q));
		if (!net.q)
			fail("out of memory");
	}
	net.q[net.n] = (struct pkt){ .psn = psn, .len = len, .kind = kind };
	at = net.h + rdm_below(ops, net.n - net.h + 1);
	if (rdm_pct(ops, 20)) {	/* mostly in the order sent */
		tmp = net.q[at];
		net.q[at] = net.q[net.n];
		net.q[net.n] = tmp;
	}
	net.n++;
}

/*
 * The responder answers a request for packets @h..@e of READ @q. As rxe's,
 * it refuses a re-request that starts below the previous one's start:
 * the tracker must never send one, unless the responder answers any part
 * of a READ (rxe_eun's).
 */
static void respond(struct rread *q, u32 h, u32 e)
{
	u32 j;
	int kind;

	if (h > e || e >= q->npkts)
		fail("a re-request outside its READ");
	if (h < q->origin && !f.any_part)
		fail("a re-request below the previous one's start");
	q->origin = h;
	for (j = h; j <= e; j++) {
		if (q->atomic)
			kind = EUN_RD_ATOMIC_ACK;
		else if (h == 0 && j == 0)
			kind = e == 0 ? EUN_RD_ONLY : EUN_RD_FIRST;
		else
			kind = j == e ? EUN_RD_LAST : EUN_RD_MIDDLE;
		if (rdm_pct(ops, net.loss_pct) ||
		    (now >= net.outage_from && now < net.outage_to))
			rdm_stats.lost++;
		else
			net_push(psn_of(q->first + j), kind,
				 q->atomic ? 0 : ref_plen(q, j));
	}
}

/* The oldest re-request from @psn not proven yet, or -1. */
static int proof_of(u32 psn)
{
	u32 i;

	for (i = 0; i < f.nproofs; i++)
		if (f.proof_psn[i] == psn)
			return i;
	return -1;
}

/* A second copy, of a READ out or an earlier one. */
static void copy_came(u32 psn)
{
	int at = proof_of(psn);
	bool want = at >= 0;
	u64 w;
	u32 i;

	if (want) {
		/* Proven spurious: the window it went by was too short. */
		w = f.proof_wnd[at];
		for (i = at; i + 1 < f.nproofs; i++) {
			f.proof_psn[i] = f.proof_psn[i + 1];
			f.proof_wnd[i] = f.proof_wnd[i + 1];
		}
		f.nproofs--;
		f.rereq_out = f.rereq_out && proof_of(f.rereq_psn) >= 0;
		f.wnd = min(max(f.wnd, 2 * w), EUN_RD_REO_MAX_NS);
		f.calm = 0;
		rdm_stats.spurious++;
	}
	if (eun_rd_duplicate(&rd, psn) != want)
		fail(want ? "spurious re-request not seen" : "false spurious re-request");
	rdm_stats.dups++;
}

/* A READ retires only with every packet of it placed. */
static void check_all_in(const struct rread *q)
{
	u32 j;

	for (j = 0; j < q->npkts; j++)
		if (!f.got[q->first + j])
			fail("a READ retired with a packet missing");
}

static void retire_done(void)
{
	const struct rread *q;

	for (;;) {
		q = f.count ? ref_at(0) : NULL;
		if (eun_rd_oldest_done(&rd, psn_of(f.head)) !=
		    (q && f.head >= q->first + q->npkts))
			fail("oldest_done() after an arrival");
		if (!q || f.head < q->first + q->npkts)
			return;
		check_all_in(q);
		eun_rd_retire(&rd);
		if (q->first + q->npkts - 1 >= f.rereq_last)
			f.asked = false;
		f.oldest++;
		if (!--f.count)
			f.armed = false;
	}
}

/* Whether a new packet answers the re-request, or comes after it. */
static bool ref_answers(u32 idx)
{
	return !f.awaiting || psn_of(idx) == f.rereq_psn ||
	       idx < f.rereq_max || idx > f.rereq_last;
}

/*
 * The hole's window runs from the first packet beyond it, once armed; a
 * head that moves up below the top its window was timed by keeps it.
 */
static void ref_note_hole(void)
{
	u32 top;

	if (!f.armed || !ref_top(&top) || f.head > top) {
		f.hole_seen = false;
	} else if (!f.hole_seen || f.hole_head != f.head) {
		f.held = false;
		if (f.hole_seen && f.head < f.hole_top) {
			f.hole_head = f.head;
			return;
		}
		f.hole_seen = true;
		f.hole_head = f.head;
		f.hole_top = top;
		f.hole_from = now;
		f.paused = 0;
	}
}

/* No new response for over a quarter window, more to come: a pause. */
static void ref_note_pause(void)
{
	u64 from = max(f.quiet, f.hole_from);

	if (f.hole_seen && ref_more_to_come() && now > from && ref_quiet_long(now))
		f.paused += now - from;
}

/*
 * The first missing packet came unasked after one sent later: the window
 * covers its lateness and a quarter.
 */
static void ref_overtaken(u32 idx)
{
	u64 w;

	if (!f.hole_seen || idx != f.hole_head || now < f.hole_from ||
	    (f.asked && idx <= f.rereq_last))
		return;
	w = now - f.hole_from;
	w -= min(w, f.paused);
	if (f.held)
		w /= 2;
	w = min(w * 5 / 4, EUN_RD_REO_MAX_NS);
	if (w <= f.wnd)
		return;
	f.wnd = w;
	f.calm = 0;
	rdm_stats.widened++;
}

static void ref_fresh(u32 idx)
{
	f.got[idx] = true;
	f.top = max(f.top, idx + 1);
	while (f.head < f.end && f.got[f.head])
		f.head++;
	if (!f.unanswered && now > f.quiet)
		f.pause = max(f.pause, min(now - f.quiet, EUN_RD_REO_MAX_NS));
	f.quiet = now;
	if (!ref_answers(idx))
		return;
	f.armed = true;
	f.unanswered = 0;
	f.awaiting = false;
	prev.blind_wait = 0;
}

/*
 * A packet of the answer moves its front; one of a READ sent after the
 * re-request comes after all of the answer.
 */
static void ref_note_answer(u32 idx)
{
	if (!f.answering)
		return;
	if (idx > f.rereq_last) {
		f.answering = false;
		return;
	}
	if (idx < idx_of(f.rereq_psn) || idx > f.ans_last)
		return;
	if (!f.ans_seen || idx > f.ans_front)
		f.ans_front = idx;
	f.ans_seen = true;
}

/*
 * A new response beyond the hole of a request executed in its turn (an
 * atomic): the request a NAK said missing came to the responder since.
 */
static void ref_unhold(u32 idx)
{
	int index = ref_find(idx);

	if (!f.held || !f.hole_seen || idx <= f.hole_head || index < 0 ||
	    !ref_at(index)->atomic)
		return;
	f.held = false;
	f.hole_top = idx;
	f.hole_from = now;
	f.paused = 0;
	rdm_stats.unheld++;
}

/* A packet of a READ out came: placed, a copy, or not placed. */
static void came(u32 idx)
{
	bool copy = f.got[idx];
	bool fresh = !copy && !rdm_pct(ops, net.nocap_pct);

	ref_note_answer(idx);
	if (fresh) {
		ref_unhold(idx);
		ref_note_pause();
		ref_overtaken(idx);
		ref_fresh(idx);
	}
	if (!f.seen || idx > f.max_idx)
		f.max_idx = idx;
	f.seen = true;
	ref_note_hole();
	eun_rd_arrival(&rd, psn_of(idx), psn_of(f.head), fresh, now);
	rdm_stats.arrivals++;
	if (copy) {
		copy_came(psn_of(idx));
		return;
	}
	if (!fresh) {
		rdm_stats.not_placed++;
		return;
	}
	retire_done();
}

/*
 * A sequence NAK (eun_rd_gap()): the responder holds requests behind
 * the one it names. News of a request out whose responses are missing,
 * as a packet beyond it would be, unless a re-request went since.
 */
static void gap(void)
{
	u32 idx = probe_idx();
	int index = ref_find(idx);
	bool want = index >= 0 && ref_at(index)->first == idx &&
		    idx >= f.head;

	if (eun_rd_gap(&rd, psn_of(idx), psn_of(f.head), now) != want)
		fail("eun_rd_gap() took a NAK it must not, or the reverse");
	if (!want)
		return;
	if (!f.unanswered && !f.awaiting)
		f.armed = true;
	idx = ref_at(index)->first + ref_at(index)->npkts - 1;
	if (!f.seen || idx > f.max_idx)
		f.max_idx = idx;
	f.seen = true;
	ref_note_hole();
	f.held = true;
	rdm_stats.gaps++;
}

/* As eun_comp_read(): no READ out or before them: a copy; else checked. */
static void arrive(const struct pkt *p)
{
	int index = eun_rd_find(&rd, p->psn);

	if (!rd.count || (index < 0 && eun_psn_before(p->psn, rd.first_psn))) {
		rdm_stats.stale++;
		copy_came(p->psn);
		return;
	}
	if (index < 0 || eun_rd_check(&rd, p->psn, p->kind, p->len, f.mtu))
		fail("a packet the responder sent is refused");
	came(idx_of(p->psn));
}

static void deliver(void)
{
	u32 j = net.h + rdm_below(ops, min(net.n - net.h, net.reorder));
	struct pkt p = net.q[j];

	net.q[j] = net.q[net.h++];
	if (rdm_pct(ops, net.dup_pct))
		net_push(p.psn, p.kind, p.len);
	arrive(&p);
}

/* Whether index @j may be missing to a bitmap of @nbits bits. */
static bool ref_maybe_missing(u32 j, u32 nbits)
{
	return j == f.head || j - f.head - 1 >= nbits || !f.got[j];
}

/*
 * eun_rd_narrow() of the @n ranges in @out, checked against each READ's
 * first and last index that may be missing; how many are left.
 */
static u32 narrow(struct eun_rd_range *out, u32 n, u32 nbits)
{
	struct eun_rd_range want[EUN_RD_MAX_OUT];
	u32 i, k = 0, a, b;

	for (i = 0; i < n; i++) {
		a = idx_of(out[i].first_psn);
		b = idx_of(out[i].last_psn);
		while (a < b && !ref_maybe_missing(a, nbits))
			a++;
		while (b > a && !ref_maybe_missing(b, nbits))
			b--;
		if (!ref_maybe_missing(a, nbits))
			continue;
		want[k++] = (struct eun_rd_range){
			.index = out[i].index, .first_psn = psn_of(a),
			.last_psn = psn_of(b),
		};
	}
	n = eun_rd_narrow(psn_of(f.head), words, nbits, ref_span(), out, n);
	if (n != k || memcmp(out, want, k * sizeof(*out)))
		fail("eun_rd_narrow()");
	return n;
}

/*
 * eun_rd_runs() of the @n narrowed ranges in @out with room for @max,
 * checked against the runs of indices that may be missing in each, those
 * fewer than EUN_RD_RUN_GAP placed apart joined, and every READ left one
 * range at least (its last taking the rest when room runs out).
 */
static u32 runs(struct eun_rd_range *out, u32 n, u32 nbits, u32 max)
{
	struct eun_rd_range want[EUN_RD_MAX_OUT];
	u32 i, j, a, b, k = 0, room, placed;

	if (n >= max) {
		memcpy(want, out, n * sizeof(*out));
		k = n;
	}
	for (i = 0; k < max && i < n; i++) {
		a = idx_of(out[i].first_psn);
		b = idx_of(out[i].last_psn);
		room = max - k - (n - i - 1);
		want[k] = out[i];
		want[k].last_psn = psn_of(a);
		room--;
		for (placed = 0, j = a + 1; j <= b; j++) {
			if (!ref_maybe_missing(j, nbits)) {
				placed++;
				continue;
			}
			if (placed >= EUN_RD_RUN_GAP && !room) {
				want[k].last_psn = psn_of(b);
				break;
			}
			if (placed >= EUN_RD_RUN_GAP) {
				want[++k] = out[i];
				want[k].first_psn = psn_of(j);
				room--;
			}
			want[k].last_psn = psn_of(j);
			placed = 0;
		}
		k++;
	}
	n = eun_rd_runs(psn_of(f.head), words, nbits, ref_span(), out, n, max);
	if (n != k || memcmp(out, want, k * sizeof(*out)))
		fail("eun_rd_runs()");
	for (i = 0; i < n; i++)
		if (!ref_maybe_missing(idx_of(out[i].first_psn), nbits) ||
		    !ref_maybe_missing(idx_of(out[i].last_psn), nbits))
			fail("eun_rd_runs(): a range from or to a placed PSN");
	return n;
}

/*
 * As eun_comp_read_resend(): one request per READ, or per run of missing
 * packets when the responder answers any part of a READ, then one mark.
 */
/* How many of @out's ranges cover a whole request. */
static u32 ref_whole(const struct eun_rd_range *out, u32 n)
{
	const struct rread *q;
	u32 i, whole = 0;

	for (i = 0; i < n; i++) {
		q = &f.reads[f.oldest + out[i].index];
		whole += idx_of(out[i].first_psn) == q->first &&
			 idx_of(out[i].last_psn) == q->first + q->npkts - 1;
	}
	return whole;
}

static void rerequest(void)
{
	struct eun_rd_range out[EUN_RD_MAX_OUT];
	u32 e = range_end(WORDS * 64), n, i;
	struct rread *q;

	if (e < f.head || e >= f.end)
		fail("re-request range");
	n = split(f.head, e, out, EUN_RD_MAX_OUT);
	n = narrow(out, n, WORDS * 64);
	if (f.any_part)
		n = runs(out, n, WORDS * 64, rdm_pct(ops, 50) ? EUN_RD_RUNS_MAX :
				   1 + rdm_below(ops, EUN_RD_RUNS_MAX));
	if (!n)
		fail("a re-request of nothing");
	if (eun_rd_several_whole(&rd, out, n) != (ref_whole(out, n) >= 2))
		fail("eun_rd_several_whole()");
	/* Nothing of several requests came: the oldest range, a probe. */
	if (ref_whole(out, n) >= 2) {
		n = 1;
		rdm_stats.probes++;
	}
	for (i = 0; i < n; i++) {
		q = &f.reads[f.oldest + out[i].index];
		respond(q, idx_of(out[i].first_psn) - q->first,
			idx_of(out[i].last_psn) - q->first);
	}
	eun_rd_rerequested(&rd, psn_of(f.head), now);
	eun_rd_answer_due(&rd, out[n - 1].last_psn);
	f.answering = true;
	f.ans_last = idx_of(out[n - 1].last_psn);
	f.ans_seen = false;
	if (f.nproofs == EUN_RD_PROOFS) {
		for (i = 0; i + 1 < EUN_RD_PROOFS; i++) {
			f.proof_psn[i] = f.proof_psn[i + 1];
			f.proof_wnd[i] = f.proof_wnd[i + 1];
		}
		f.nproofs--;
	}
	f.proof_psn[f.nproofs] = psn_of(f.head);
	f.proof_wnd[f.nproofs] = f.wnd;
	f.nproofs++;
	f.rereq_out = true;
	f.rereq_psn = psn_of(f.head);
	f.rereq_last = f.end - 1;
	f.asked = true;
	f.rereq_max = f.seen ? f.max_idx : f.reads[f.oldest].first;
	f.awaiting = true;
	f.armed = false;
	f.hole_seen = false;
	if (!f.unanswered && ++f.calm >= EUN_RD_REO_DECAY) {
		f.calm = 0;
		f.wnd = max(f.wnd / 2, f.min);
		f.pause /= 2;
	}
	f.unanswered += f.unanswered < U8_MAX;
	f.quiet = now;
	check_blind_wait();
	rdm_stats.rereqs++;
	rdm_stats.ranges += n;
	rdm_stats.blind += !f.seen;
}

static u32 random_len(u32 npkts)
{
	if (npkts == 1)
		return rdm_pct(ops, 20) ? 0 : 1 + rdm_below(ops, f.mtu);
	return (npkts - 1) * f.mtu + 1 + rdm_below(ops, f.mtu);
}

static u32 random_npkts(u32 room)
{
	u32 k = rdm_below(ops, 100), n;

	if (k < 20)
		n = 1;
	else if (k < 80)
		n = 2 + rdm_below(ops, 40);
	else if (k < 97)
		n = 2 + rdm_below(ops, 400);
	else
		n = 2 + rdm_below(ops, 4000);
	return min(n, room);
}

/* Post the next READ or atomic, right after the newest. */
static void post(void)
{
	bool atomic = rdm_pct(ops, 15);
	u32 npkts = atomic ? 1 : random_npkts(MAX_PKTS - f.end);
	u32 len = atomic ? 8 : random_len(npkts);
	struct eun_rd_req req = {
		.first_psn = psn_of(f.end), .len = len, .atomic = atomic,
		.writes = atomic,
		.va = rdm_next(ops), .rkey = (u32)rdm_next(ops),
	};
	struct rread *q = &f.reads[f.posted++];

	if (eun_rd_start(&rd, &req, f.mtu, now))
		fail("start refused");
	*q = (struct rread){
		.first = f.end, .npkts = npkts, .len = len, .atomic = atomic,
	};
	rdm_stats.atomics += atomic;
	if (!f.count) {
		f.seen = false;
		f.armed = false;
		f.hole_seen = false;
		f.unanswered = 0;
		f.awaiting = false;
		f.answering = false;
		prev.blind_wait = 0;
	}
	/* A wait for missing packets or for a re-request's answer goes on. */
	if (!f.armed && !f.unanswered)
		f.quiet = now;
	f.count++;
	f.end += npkts;
	f.timer_retries = 0;
	rdm_stats.reads++;
	respond(q, 0, npkts - 1);
}

static bool can_post(void)
{
	return f.posted < f.planned && f.count < EUN_RD_MAX_OUT && f.end < MAX_PKTS;
}

/* One step; false when the session is over. */
static bool step(void)
{
	u32 head = psn_of(f.head);
	u64 dl = eun_rd_wake(&rd, head, now);

	/* Time runs mostly while the network is not busy. */
	if (!rdm_pct(ops, net.n - net.h > 256 ? 99 : 30))
		now += rdm_below(ops, rdm_pct(ops, 1) ? 20000 * US : 40 * US);
	if (dl > now && net.h == net.n)
		now = dl - rdm_below(ops, 2);	/* just before it, or at it */
	if (can_post() && (!f.count || rdm_pct(ops, net.post_pct))) {
		post();
		return true;
	}
	if (!f.count)
		return false;
	if (eun_rd_due(&rd, head, now) && rdm_pct(ops, 90)) {
		rerequest();
	} else if (rdm_pct(ops, net.gap_pct)) {
		gap();
	} else if (net.h < net.n) {
		deliver();
	} else if (!dl) {
		/* rxe's retransmit timer asks, a few times. */
		if (f.timer_retries++ >= TIMER_RETRIES)
			return false;
		now += 100000 * US;
		rdm_stats.timer++;
		rerequest();
	}
	return true;
}

static u32 random_mtu(void)
{
	static const u32 mtus[] = { 256, 512, 1024, 2048, 4096 };

	if (rdm_pct(ops, 20))
		return 1 + rdm_below(ops, 5000);
	return mtus[rdm_below(ops, ARRAY_SIZE(mtus))];
}

/*
 * A new session: mostly right after the previous one's PSNs (its late
 * copies still on their way), else anywhere, often near the wrap.
 */
static void begin_session(void)
{
	u32 base, max_psn = psn_of(f.max_idx);

	if (session_no && rdm_pct(ops, 70)) {
		base = psn_of(f.end + rdm_below(ops, 3));
		net.n = min(net.n, net.h + 2000);
	} else {
		net.h = 0;
		net.n = 0;
		base = rdm_pct(ops, 60) ? EUN_PSN_MASK - rdm_below(ops, 3000) :
					 rdm_below(ops, EUN_PSN_MASK + 1);
	}
	memset(f.got, 0, sizeof(f.got));
	f.base = base;
	/* The tracker keeps the highest PSN that came until the next READ. */
	f.max_idx = idx_of(max_psn);
	f.mtu = random_mtu();
	f.any_part = rdm_pct(ops, 50);
	f.posted = 0;
	f.planned = 1 + rdm_below(ops, rdm_pct(ops, 50) ? 3 : MAX_READS);
	f.oldest = 0;
	f.count = 0;
	f.end = 0;
	f.head = 0;
	f.top = 0;
	net.reorder = 1 + rdm_below(ops, rdm_pct(ops, 50) ? 4 : 300);
	net.loss_pct = rdm_pct(ops, 40) ? 0 : rdm_below(ops, rdm_pct(ops, 80) ? 5 : 40);
	net.dup_pct = rdm_pct(ops, 50) ? 0 : rdm_below(ops, 20);
	net.nocap_pct = rdm_pct(ops, 70) ? 0 : rdm_below(ops, 20);
	net.post_pct = 1 + rdm_below(ops, 30);
	net.gap_pct = rdm_pct(ops, 60) ? 0 : rdm_below(ops, 10);
	net.outage_from = now + rdm_below(ops, 50000 * US);
	net.outage_to = rdm_pct(ops, 5) ? net.outage_from + rdm_below(ops, 5000) * 1000 * US : 0;
}

/* The session's READs completed or failed; some copies come meanwhile. */
static void end_session(void)
{
	u32 k = rdm_below(ops, 4);

	if (f.count) {
		rdm_stats.sessions_failed++;
		eun_rd_stop(&rd);
		f.count = 0;
		f.armed = false;
		f.asked = false;
		f.answering = false;
	} else {
		rdm_stats.sessions_done++;
	}
	check_state();
	while (k-- && net.h < net.n) {
		deliver();
		check_state();
	}
}

/* A start on a copy of the tracker, against a brute-force packet count. */
static void check_start(void)
{
	u32 k = rdm_below(gen, 100), mtu, len, npkts, first, lo;
	struct eun_rd_req req = { .va = 1, .rkey = 2 };
	struct eun_rd s = rd;
	int err, want;

	first = psn_of(f.end);
	if (k < 10)
		first = (u32)rdm_next(gen);
	else if (k < 30)
		first = psn_of(f.end - 2 + rdm_below(gen, 5));
	mtu = rdm_pct(gen, 5) ? 0 : 1 + rdm_below(gen, rdm_pct(gen, 50) ? 600 : 8192);
	lo = f.count ? ref_at(0)->first : f.end;
	/* Often about as many packets as the READs out may still span. */
	len = rdm_pct(gen, 50) ? (u32)rdm_next(gen) :
	      (EUN_PSN_HALF - (f.end - lo)) * mtu + rdm_below(gen, 2 * mtu + 1) - mtu;
	req.first_psn = first;
	req.len = len;
	req.atomic = rdm_pct(gen, 10);
	npkts = !mtu ? 0 : len && !req.atomic ?
		(u32)min_t(u64, ((u64)len + mtu - 1) / mtu, U32_MAX) : 1;
	if (!mtu || first > EUN_PSN_MASK)
		want = -EINVAL;
	else if (f.count == EUN_RD_MAX_OUT)
		want = -ENOSPC;
	/* After the newest READ: back to back, or past a WRITE's PSNs. */
	else if (f.count && !eun_psn_after(first, psn_of(f.end - 1)))
		want = -EINVAL;
	else if (npkts >= EUN_PSN_HALF)
		want = -EINVAL;
	else if (f.count && (u64)f.end - lo + eun_psn_dist(psn_of(f.end), first) +
		 npkts - 1 >= EUN_PSN_HALF)
		want = -EINVAL;
	else
		want = 0;
	err = eun_rd_start(&s, &req, mtu, now);
	rdm_stats.starts++;
	rdm_stats.refused += !!want;
	if (err != want)
		fail("start: accepted or refused wrongly");
	if (want)
		return;
	if (s.count != f.count + 1 || s.last_psn != ((first + npkts - 1) & EUN_PSN_MASK) ||
	    eun_rd_at(&s, f.count)->last_psn != s.last_psn ||
	    s.first_psn != (f.count ? psn_of(lo) : first))
		fail("start: the READ added");
}

/* The window a QP starts with (read_reo_wnd_us): the default or another. */
static u64 draw_min_wnd(void)
{
	switch (rdm_below(ops, 4)) {
	case 0:
		return EUN_RD_REO_MIN_NS;
	case 1:
		return 4000 * US;
	case 2:
		return EUN_RD_REO_MIN_NS + rdm_below(ops, 8000) * US;
	default:
		return EUN_RD_REO_INIT_NS;
	}
}

/*
 * The window it starts with: its least, or twice that (within the
 * tracker's bounds), as the module starts a QP (eun_rd_start_wnd()).
 */
static u64 draw_start_wnd(u64 least)
{
	if (rdm_below(ops, 2))
		return least;
	return min(2 * least, EUN_RD_REO_MAX_NS);
}

void rdm_init(struct rdm_src *o, struct rdm_src *g)
{
	struct pkt *q = net.q;
	u32 cap = net.cap;

	ops = o;
	gen = g;
	memset(&f, 0, sizeof(f));
	f.min = draw_min_wnd();
	f.wnd = draw_start_wnd(f.min);
	eun_rd_init(&rd, f.wnd, f.min);
	net = (struct net){ .q = q, .cap = cap };
	now = 0;
	session_no = 0;
	step_no = 0;
	memset(&rdm_stats, 0, sizeof(rdm_stats));
	forget_prev();
}

void rdm_fini(void)
{
	free(net.q);
	net = (struct net){};
}

/* The QP was reset: its tracker starts afresh, window and all. */
void rdm_forget(void)
{
	f.min = draw_min_wnd();
	f.wnd = draw_start_wnd(f.min);
	eun_rd_init(&rd, f.wnd, f.min);
	f.asked = false;
	f.answering = false;
	f.pause = 0;
	f.quiet = 0;
	f.seen = false;
	f.armed = false;
	f.hole_seen = false;
	f.unanswered = 0;
	f.awaiting = false;
	f.calm = 0;
	f.rereq_out = false;
	f.nproofs = 0;
	forget_prev();
}

void rdm_begin_session(u64 no)
{
	session_no = no;
	step_no = 0;
	begin_session();
}

/* One step of the session as its network and requester go; false: over. */
bool rdm_step(void)
{
	if (!step())
		return false;
	step_no++;
	return true;
}

void rdm_check(void)
{
	check_state();
	check_range_end();
}

void rdm_check_start(void)
{
	check_start();
}

void rdm_end_session(void)
{
	end_session();
}

void rdm_advance(u64 ns)
{
	now += ns;
}

/* The next READ or atomic goes now, if the session has room for it. */
bool rdm_post(void)
{
	if (!can_post())
		return false;
	post();
	return true;
}

/* The network hands over one of the packets on their way, if any. */
bool rdm_deliver(void)
{
	if (net.h == net.n)
		return false;
	deliver();
	return true;
}

/* rxe's retransmit timer fires: a re-request goes, due or not. */
bool rdm_rerequest(void)
{
	if (!f.count)
		return false;
	rerequest();
	return true;
}

/* A PSN for a stray packet: by the READs out, by the wrap, or anywhere. */
static u32 stray_psn(void)
{
	s32 off = (s32)rdm_below(ops, 256) - 128;

	switch (rdm_below(ops, 4)) {
	case 0:
		return eun_psn_add(rd.first_psn, off);
	case 1:
		return eun_psn_add(rd.last_psn, off);
	case 2:
		return EUN_PSN_MASK - rdm_below(ops, 256);
	default:
		return rdm_below(ops, EUN_PSN_MASK + 1);
	}
}

/* A length for it: the one its PSN must carry, about it, or any. */
static u32 stray_len(u32 psn)
{
	int index = ref_find(idx_of(psn));
	u32 want = f.mtu;

	if (index >= 0)
		want = ref_at(index)->atomic ? 0 :
		       ref_plen(ref_at(index), idx_of(psn) - ref_at(index)->first);
	switch (rdm_below(ops, 4)) {
	case 0:
		return want;
	case 1:
		return want + rdm_below(ops, 3) - 1;
	case 2:
		return 0;
	default:
		return (u32)rdm_next(ops);
	}
}

/*
 * A packet no responder of this session sent: any PSN, opcode and
 * length. As the glue does: before the READs out (or none out), a copy;
 * else placed only if eun_rd_check() takes it, which it may only for a
 * PSN of a READ out with the opcode and length that PSN must carry.
 */
void rdm_stray(void)
{
	u32 psn = stray_psn(), kind = rdm_below(ops, EUN_RD_ATOMIC_ACK + 2);
	u32 len = stray_len(psn);
	int want, got;

	if (kind > EUN_RD_ATOMIC_ACK)
		kind = NO_KIND;
	rdm_stats.strays++;
	if (!rd.count || eun_psn_before(psn, rd.first_psn)) {
		copy_came(psn);
		return;
	}
	want = ref_check(psn, kind, len);
	got = eun_rd_check(&rd, psn, kind, len, f.mtu);
	if (got != want)
		fail("a stray packet checked wrongly");
	if (ref_find(idx_of(psn)) < 0 && got != -ERANGE)
		fail("a packet outside the READs out taken");
	if (!got)
		came(idx_of(psn));
}
