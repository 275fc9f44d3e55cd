// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the decisions the glue takes on what the wire
 * gives: the receive side's checks of an ooo request packet and its
 * placement target (eun_rx_check.c), and the EUN_ACK a receive side
 * composes and a sender takes (eun_ack_check.c, over the scoreboard).
 * The steps run in the order rx/eun_rx.c, rx/eun_rx_place.c,
 * rx/eun_rx_ack.c and comp/eun_comp.c take them; a reference written from
 * the rules (sums in 128 bits, the window as a distance, the SGEs as
 * prefix sums) predicts every verdict, and these must hold:
 *
 * - a request is placed (or taken empty) only at a PSN in
 *   [epsn, epsn + max_inflight), never for one outside or behind;
 * - a WRITE placed lies inside its MR, [va, va + len) in 128 bits, and
 *   inside its message; a SEND inside its message, its message inside its
 *   receive WQE, and the WQE it takes is posted and within the hold queue;
 * - the payload lies inside the frame, after the headers, and at its
 *   index times the MTU (in 64 bits: indexes are drawn past 2^32 / MTU
 *   too, where a 32-bit product wraps onto an offset the codec allows);
 * - a SEND's bytes go to the SGEs in message order, each piece inside
 *   its SGE, exactly the overlap of the payload with it;
 * - every EUN_ACK a receive side composes (any epsn, duplicate, lateness,
 *   SACK, NACK of any reason at any PSN) is one the codec packs, and
 *   parses back as composed;
 * - a sender takes a NACK only for a PSN it has in flight (in [una, nxt)
 *   of its own count), never without a scoreboard, and an ACK only with
 *   its BTH PSN at epsn - 1; an ACK it takes never moves its cumulative
 *   PSN back or past what it sent.
 *
 * The frame is copied to a buffer of its exact length, so that ASan sees
 * any read past it. A mismatch or a sanitizer report aborts.
 *
 * Byte 0 even: request packets; odd: EUN_ACK exchanges. Each case reads
 * its fields from the following bytes (0 once they run out), several
 * cases per input. RXFUZZ_TRACE=1 in the environment prints each case's
 * verdicts (to see where a seed goes).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/types.h>

#include "eun/eun_ack_check.h"
#include "eun/eun_psn.h"
#include "eun/eun_rx_check.h"
#include "eun/eun_scoreboard.h"
#include "eun/eun_wire.h"

typedef unsigned __int128 u128;

#define RX_SGES		6
#define RX_WRITE_HDR	(12 + 16 + EUN_EXT_HDR_LEN)
#define RX_SEND_HDR	(12 + EUN_EXT_HDR_LEN)
#define RX_MAX_PAYLOAD	(4096 + 64)
#define RX_BUF		(RX_WRITE_HDR + EUN_IMMDT_LEN + RX_MAX_PAYLOAD + 64)

static const u32 mtus[] = { 256, 512, 1024, 2048, 4096, 1024, 4096 };

static struct {
	const u8 *d;
	size_t n, pos;
	u32 cases;
	int trace;
} in;

static void trace(const char *what, const char *name, u64 a, u64 b)
{
	if (in.trace > 0)
		fprintf(stderr, "rxfuzz: case %u: %s %s (%#llx, %#llx)\n",
			in.cases, what, name, (unsigned long long)a,
			(unsigned long long)b);
}

static void fail(const char *what, u64 a, u64 b)
{
	fprintf(stderr, "rxfuzz: case %u, input byte %zu: %s (%#llx, %#llx)\n",
		in.cases, in.pos, what, (unsigned long long)a,
		(unsigned long long)b);
	abort();
}

static u32 byte(void)
{
	return in.pos < in.n ? in.d[in.pos++] : 0;
}

static u32 bytes(unsigned int k)
{
	u32 v = 0;

	while (k--)
		v = v << 8 | byte();
	return v;
}

static u64 word64(void)
{
	u64 hi = bytes(4);

	return hi << 32 | bytes(4);
}

/* A PSN: often by the 2^24 wrap or next to @near, else anywhere. */
static u32 psn_near(u32 near)
{
	u32 sel = byte();

	switch (sel & 3) {
	case 0:
		return EUN_PSN_MASK - (sel >> 2);
	case 1:
	case 2:
		return eun_psn_add(near, (u32)(s32)(s8)byte());
	default:
		return bytes(3);
	}
}

/* The receive side as the glue copies it from the QP and its memory. */
struct rq_qp {
	u32 mtu, epsn, max_inflight;
	u32 head_seq, hq_cap, posted, max_sge;
	bool remote_write, rkey_ok;
	u64 mw_base;
	struct eun_rxc_mr mr;
	u32 sge[RX_SGES], num_sge, wqe_len;
};

/* One request packet: its frame and what the glue reads beside EUNH. */
struct rq_pkt {
	bool is_write;
	u32 psn, pad, hdr_len, paylen;
	u64 reth_va;
	u32 reth_len;
	u8 frame[RX_BUF];
};

static u64 pick_len64(void)
{
	u32 sel = byte();

	switch (sel % 4) {
	case 0:
		return sel >> 2;
	case 1:
		return (u64)bytes(2) << (sel >> 4);
	case 2:
		return U64_MAX - (sel >> 2);
	default:
		return word64();
	}
}

static void rq_qp_make(struct rq_qp *q)
{
	u32 sel = byte(), i;

	q->mtu = sel < 224 ? mtus[sel % ARRAY_SIZE(mtus)] : bytes(2);
	q->epsn = psn_near(0);
	sel = byte();
	q->max_inflight = sel < 192 ? 1 + (sel & 0x3f) * 64 : bytes(3) + sel;
	q->head_seq = psn_near(0);
	q->hq_cap = 1 + byte() % 64;
	q->posted = byte() % 80;
	q->max_sge = byte() % (RX_SGES + 2);
	sel = byte();
	q->remote_write = sel & 1;
	q->rkey_ok = !(sel & 2);
	q->mw_base = sel & 4 ? pick_len64() : 0;
	q->mr.kind = sel >> 3 & 3;
	if (q->mr.kind > EUN_RXC_MR_NONE)
		q->mr.kind = EUN_RXC_MR_RANGE;
	q->mr.iova = pick_len64();
	q->mr.length = pick_len64();
	q->num_sge = byte() % (RX_SGES + 2);
	for (i = 0; i < RX_SGES; i++)
		q->sge[i] = byte() & 1 ? bytes(2) : byte();
	q->wqe_len = byte() & 1 ? bytes(3) : bytes(2);
}

/* A message length, and an index and offset of one of its packets. */
static void rq_eh_make(const struct rq_qp *q, struct eun_ext_hdr *eh,
		       u32 *len)
{
	u32 sel = byte(), mtu = q->mtu ? q->mtu : 1, last;
	u64 wrap;

	switch (sel % 4) {
	case 0:
		eh->msg_len = byte();
		break;
	case 1:
		eh->msg_len = byte() * mtu + (u32)(s32)(s8)byte();
		break;
	case 2:
		/* The largest message, or one of up to 16 MiB. */
		eh->msg_len = sel & 4 ? EUN_MAX_MSG_LEN - byte() : bytes(3);
		break;
	default:
		eh->msg_len = bytes(4);
		break;
	}
	last = eh->msg_len ? (eh->msg_len - 1) / mtu : 0;
	sel = byte();
	switch (sel & 3) {
	case 0:
		eh->pkt_index = bytes(3);
		break;
	case 1:
		eh->pkt_index = last;
		break;
	case 2:
		eh->pkt_index = byte();
		break;
	default:
		/* Past 2^32 / MTU: its product with the MTU wraps u32. */
		wrap = (1ULL << 32) / mtu;
		eh->pkt_index = wrap + bytes(3) % wrap;
		break;
	}
	eh->pkt_index &= EUN_PSN_MASK;
	eh->offset = sel & 4 ? bytes(4) : eh->pkt_index * mtu;
	eh->flags = (eh->pkt_index ? 0 : EUN_EXT_F_FIRST) |
		    (eh->pkt_index == last ? EUN_EXT_F_LAST : 0);
	eh->flags ^= sel >> 3 & 0x0f;
	eh->msg_seq = eun_psn_add(q->head_seq, byte() % 96 - 8);
	eh->path = byte();
	eh->imm = eh->flags & (EUN_EXT_F_IMM | EUN_EXT_F_INV) ? bytes(4) : 0;
	sel = byte();
	if (sel < 128)
		*len = eh->flags & EUN_EXT_F_LAST ?
		       eh->msg_len - eh->offset : mtu;
	else if (sel < 192)
		*len = q->mtu + (sel & 3) - 1;
	else
		*len = bytes(2);
	if (*len > RX_MAX_PAYLOAD)
		*len = sel & 0x3f;
}

static void rq_pkt_make(const struct rq_qp *q, struct rq_pkt *p)
{
	struct eun_ext_hdr eh = {};
	u32 sel = byte(), len, ext_off;
	int n;

	memset(p, 0, sizeof(*p));
	p->is_write = sel & 1;
	p->hdr_len = p->is_write ? RX_WRITE_HDR : RX_SEND_HDR;
	p->pad = sel >> 1 & 3;
	p->psn = psn_near(q->epsn);
	ext_off = p->hdr_len - EUN_EXT_HDR_LEN;
	rq_eh_make(q, &eh, &len);
	n = eun_ext_pack(&eh, p->frame + ext_off, EUN_EXT_MAX_LEN);
	if (n < 0 || (sel & 0x30) == 0x30) {
		/* Raw EUNH bytes: the codec may take what the packer refused. */
		u32 i;

		n = EUN_EXT_HDR_LEN + (byte() & 1 ? EUN_IMMDT_LEN : 0);
		for (i = 0; i < (u32)n; i++)
			p->frame[ext_off + i] = byte();
	}
	p->paylen = ext_off + n + len + p->pad + EUN_ICRC_LEN;
	/* Now and then a frame cut short or padded out. */
	if (sel & 0x40) {
		u32 cut = byte() % 48;

		p->paylen = sel & 0x80 ? cut : p->paylen - min(cut, p->paylen);
	}
	p->reth_va = byte() & 1 ? word64() : q->mr.iova + byte();
	sel = byte();
	p->reth_len = sel & 1 ? eh.msg_len : bytes(4);
}

/* What the rules say the packet's payload is, in the frame. */
struct rq_ref {
	enum eun_rxc_verdict v;
	struct eun_ext_hdr eh;
	u32 data_off, len;
};

static void ref_parse(const struct rq_qp *q, const struct rq_pkt *p,
		      const u8 *frame, struct rq_ref *r)
{
	s64 end = (s64)p->paylen - p->pad - EUN_ICRC_LEN;
	u32 ext_off = p->hdr_len - EUN_EXT_HDR_LEN;
	const struct eun_ext_hdr *eh = &r->eh;
	u128 first, stop;
	int n;

	r->v = EUN_RXC_MALFORMED;
	if (end < p->hdr_len)
		return;
	n = eun_ext_parse(frame + ext_off, end - ext_off, &r->eh);
	if (n < 0)
		return;
	r->data_off = ext_off + n;
	r->len = end - r->data_off;
	if (p->is_write && (eh->flags & EUN_EXT_F_INV))
		return;
	/* Its bytes [first, stop) of the message, and where they belong. */
	first = eh->offset;
	stop = first + r->len;
	if (r->len > q->mtu || (u128)eh->pkt_index * q->mtu != first)
		return;
	if (eh->msg_len && stop > eh->msg_len)
		return;
	if (eh->flags & EUN_EXT_F_LAST ? stop != eh->msg_len : r->len != q->mtu)
		return;
	r->v = EUN_RXC_OK;
}

static enum eun_rxc_verdict ref_psn(const struct rq_qp *q, u32 psn)
{
	u32 d = (psn - q->epsn) & EUN_PSN_MASK;

	if (d >= EUN_PSN_HALF)
		return EUN_RXC_DUPLICATE;
	return d < q->max_inflight ? EUN_RXC_OK : EUN_RXC_OUTSIDE;
}

static bool ref_in_mr(const struct eun_rxc_mr *mr, u64 va, u32 len)
{
	if (mr->kind == EUN_RXC_MR_ANY)
		return true;
	if (mr->kind != EUN_RXC_MR_RANGE)
		return false;
	return va >= mr->iova &&
	       (u128)va + len <= (u128)mr->iova + mr->length;
}

/* A composed EUN_ACK packs and parses back as composed. */
static void check_compose(const struct eun_ackc_rx *rx, enum eun_ack_kind k,
			  enum eun_nack_reason reason, u32 nack_psn,
			  struct eun_ack_info *a, u8 *buf, int *len)
{
	struct eun_ack_info b;
	int n;

	eun_ackc_compose(rx, k, reason, nack_psn, a);
	eun_ackc_settle(a);
	n = eun_ack_pack(a, buf, EUN_ACK_MAX_LEN);
	if (n < 0)
		fail("a composed EUN_ACK does not pack", a->epsn, a->nack_psn);
	if (eun_ack_parse(buf, n, &b) != n || b.kind != a->kind ||
	    b.reason != a->reason || b.epsn != a->epsn ||
	    b.nack_psn != a->nack_psn || b.dup != a->dup ||
	    b.dup_psn != a->dup_psn || b.path != a->path ||
	    b.late != a->late || b.sack_words != a->sack_words ||
	    memcmp(b.sack, a->sack, sizeof(b.sack)))
		fail("a composed EUN_ACK parses back otherwise", a->epsn, n);
	if (len)
		*len = n;
}

/* The answer to a refused request packet is one the codec carries. */
static void check_answer(const struct rq_qp *q, const struct rq_pkt *p,
			 enum eun_rxc_verdict v)
{
	struct eun_ackc_rx rx = { .epsn = q->epsn, .echo_path = 0xff };
	enum eun_nack_reason reason = eun_rxc_nack_reason(v);
	u8 buf[EUN_ACK_MAX_LEN];
	struct eun_ack_info a;

	if (v == EUN_RXC_DUPLICATE) {
		rx.dup_pending = true;
		rx.dup_psn = p->psn;
	}
	if (reason == EUN_NACK_NONE)
		check_compose(&rx, EUN_ACK_KIND_SACK, reason, 0, &a, buf, NULL);
	else
		check_compose(&rx, EUN_ACK_KIND_NACK, reason, p->psn, &a, buf,
			      NULL);
}

/* The SEND's payload over the SGEs, against their prefix sums. */
static void check_sges(const struct rq_qp *q, u32 offset, u32 len)
{
	u32 nsge = min3(q->num_sge, q->max_sge, (u32)RX_SGES);
	u64 start = 0, lo, hi, want_left = len;
	u32 i, n, at = 0, off = offset, left = len;
	u64 next = offset;

	for (i = 0; i < nsge; i++) {
		lo = max_t(u64, offset, start);
		hi = min_t(u64, (u64)offset + len, start + q->sge[i]);
		if (!left) {
			start += q->sge[i];
			continue;
		}
		n = eun_rxc_sge_take(q->sge[i], &off, left, &at);
		if (lo < hi) {
			if (n != hi - lo || (u64)at != lo - start ||
			    (u64)at + n > q->sge[i] || lo != next)
				fail("a SEND piece not the overlap with its SGE",
				     i, n);
			want_left -= n;
			next = hi;
		} else if (n) {
			fail("SEND bytes put in an SGE they do not overlap", i, n);
		}
		left -= n;
		start += q->sge[i];
	}
	if (left != want_left)
		fail("SEND bytes left over", left, want_left);
}

static void run_request(void)
{
	static struct rq_pkt p;
	struct eun_rxc_frame f;
	struct eun_rxc_pkt c;
	struct eun_rxc_recv r;
	struct eun_rxc_write w;
	struct rq_qp q;
	struct rq_ref ref = {};
	enum eun_rxc_verdict v, want;
	u32 ahead = 0;
	u64 va = 0;
	u8 *frame;

	rq_qp_make(&q);
	rq_pkt_make(&q, &p);
	f = (struct eun_rxc_frame) {
		.paylen = p.paylen, .pad = p.pad, .hdr_len = p.hdr_len,
		.mtu = q.mtu, .is_write = p.is_write,
	};
	frame = malloc(p.paylen ? p.paylen : 1);
	if (!frame)
		abort();
	memcpy(frame, p.frame, min_t(u32, p.paylen, RX_BUF));

	v = eun_rxc_parse(&f, frame, &c);
	ref_parse(&q, &p, frame, &ref);
	if (v != ref.v)
		fail("parse verdict", v, ref.v);
	if (v != EUN_RXC_OK) {
		trace("frame", eun_rxc_verdict_name(v), p.paylen, p.psn);
		goto out;
	}
	if (c.data_off != ref.data_off || c.len != ref.len ||
	    memcmp(&c.eh, &ref.eh, sizeof(c.eh)))
		fail("parsed payload elsewhere", c.data_off, ref.data_off);
	if (c.data_off < p.hdr_len ||
	    (u64)c.data_off + c.len + p.pad + EUN_ICRC_LEN != p.paylen)
		fail("payload outside the frame", c.data_off, c.len);

	v = eun_rxc_psn(q.epsn, p.psn, q.max_inflight);
	want = ref_psn(&q, p.psn);
	if (v != want)
		fail("PSN verdict", v, want);
	if (v != EUN_RXC_OK)
		goto answer;

	if (!p.is_write || (c.eh.flags & EUN_EXT_F_IMM)) {
		r = (struct eun_rxc_recv) {
			.msg_seq = c.eh.msg_seq, .head_seq = q.head_seq,
			.hq_cap = q.hq_cap, .posted = q.posted,
		};
		v = eun_rxc_recv_slot(&r, &ahead);
		want = ((c.eh.msg_seq - q.head_seq) & EUN_PSN_MASK) <
		       min(q.hq_cap, q.posted) ? EUN_RXC_OK : EUN_RXC_RNR;
		if (v != want)
			fail("receive WQE verdict", v, want);
		if (v != EUN_RXC_OK)
			goto answer;
		if (ahead >= q.posted || ahead >= q.hq_cap ||
		    eun_psn_add(q.head_seq, ahead) != c.eh.msg_seq)
			fail("a receive WQE not posted or beyond the queue",
			     ahead, q.posted);
	}
	if (!p.is_write) {
		v = eun_rxc_recv_target(c.eh.msg_len, q.wqe_len, q.num_sge,
					q.max_sge);
		want = q.num_sge > q.max_sge || c.eh.msg_len > q.wqe_len ?
		       EUN_RXC_INVALID : EUN_RXC_OK;
		if (v != want)
			fail("SEND target verdict", v, want);
		if (v != EUN_RXC_OK)
			goto answer;
		if ((u64)c.eh.offset + c.len > q.wqe_len)
			fail("SEND bytes beyond its WQE", c.eh.offset, c.len);
		check_sges(&q, c.eh.offset, c.len);
		goto answer;
	}

	w = (struct eun_rxc_write) {
		.reth_va = p.reth_va, .reth_len = p.reth_len,
		.msg_len = c.eh.msg_len, .offset = c.eh.offset, .len = c.len,
		.remote_write = q.remote_write,
	};
	v = eun_rxc_write_target(&w, &va);
	want = p.reth_len != c.eh.msg_len ? EUN_RXC_INVALID :
	       !q.remote_write ? EUN_RXC_ACCESS :
	       !c.len ? EUN_RXC_EMPTY : EUN_RXC_OK;
	if (v != want)
		fail("WRITE target verdict", v, want);
	if (v != EUN_RXC_OK)
		goto answer;
	if (va != p.reth_va + c.eh.offset)
		fail("WRITE address", va, p.reth_va);
	/* The rkey lookup is rxe's; a zero-based MW adds its base. */
	if (!q.rkey_ok) {
		v = EUN_RXC_ACCESS;
		goto answer;
	}
	va += q.mw_base;
	v = eun_rxc_range(&q.mr, va, c.len);
	want = ref_in_mr(&q.mr, va, c.len) ? EUN_RXC_OK : EUN_RXC_ACCESS;
	if (v != want)
		fail("WRITE range verdict", v, want);
	if (v == EUN_RXC_OK && q.mr.kind != EUN_RXC_MR_ANY &&
	    (va < q.mr.iova ||
	     (u128)va + c.len > (u128)q.mr.iova + q.mr.length))
		fail("a WRITE placed outside its MR", va, c.len);
	if (v == EUN_RXC_OK && (u128)c.eh.offset + c.len >
	    (c.eh.msg_len ? c.eh.msg_len : 0))
		fail("a WRITE placed outside its message", c.eh.offset, c.len);
answer:
	trace(p.is_write ? "WRITE" : "SEND", eun_rxc_verdict_name(v), p.psn,
	      q.epsn);
	if ((v == EUN_RXC_OK || v == EUN_RXC_EMPTY) &&
	    ref_psn(&q, p.psn) != EUN_RXC_OK)
		fail("a request taken outside the window", p.psn, q.epsn);
	check_answer(&q, &p, v);
out:
	free(frame);
}

/* The sender: its scoreboard and its own count of what is in flight. */
static struct {
	struct eun_sb sb;
	u32 una, nxt;
	bool ooo;
} tx;

static void tx_send(u32 k)
{
	while (k-- && !eun_sb_full(&tx.sb)) {
		if (eun_sb_sent(&tx.sb, tx.nxt, 0))
			fail("a PSN not sent", tx.nxt, 0);
		tx.nxt = eun_psn_add(tx.nxt, 1);
	}
}

static bool tx_in_flight(u32 psn)
{
	return eun_psn_dist(tx.una, psn) < eun_psn_dist(tx.una, tx.nxt);
}

static void tx_start(void)
{
	u32 cap = EUN_SB_MIN_CAPACITY << byte() % 7;
	u32 first = psn_near(0);

	if (eun_sb_init(&tx.sb, cap, first))
		fail("scoreboard init", cap, first);
	tx.una = tx.nxt = first;
	tx.ooo = !(byte() & 7) ? false : true;
	tx_send(byte() % (cap + 1));
}

/* A receive side's EUN_ACK about the sender's PSNs, packed. */
static int ack_compose(u8 *buf, u32 *bth_psn)
{
	struct eun_ackc_rx rx = {};
	enum eun_nack_reason reason = EUN_NACK_NONE;
	enum eun_ack_kind kind = EUN_ACK_KIND_SACK;
	struct eun_ack_info a;
	u32 sel = byte(), words, i, nack_psn = 0;
	int n;

	rx.epsn = sel & 1 ? psn_near(tx.una) :
		  eun_psn_add(tx.una, byte() % (eun_psn_dist(tx.una, tx.nxt) + 1));
	rx.dup_pending = sel & 2;
	rx.dup_psn = psn_near(rx.epsn);
	rx.echo_path = byte();
	rx.echo_late = sel & 4 ? bytes(4) : byte();
	if (sel & 8) {
		kind = EUN_ACK_KIND_NACK;
		reason = 1 + byte() % (EUN_NACK_REASON_COUNT - 1);
		nack_psn = psn_near(rx.epsn);
	}
	eun_ackc_compose(&rx, kind, reason, nack_psn, &a);
	/* The SACK as eun_sack_fill() leaves it: words, trailing zeros cut. */
	words = byte() % (EUN_SACK_MAX_WORDS + 1);
	for (i = 0; i < words; i++)
		a.sack[i] = byte() & 1 ? word64() : 0;
	a.sack_words = words;
	eun_sack_trim(&a);
	eun_ackc_settle(&a);
	n = eun_ack_pack(&a, buf, EUN_ACK_MAX_LEN);
	if (n < 0)
		fail("a composed EUN_ACK does not pack", a.epsn, a.nack_psn);
	*bth_psn = eun_psn_add(a.epsn, EUN_PSN_MASK);
	return n;
}

static enum eun_ackc_verdict ref_classify(const u8 *buf, int n, u32 bth_psn,
					  struct eun_ack_info *a)
{
	if (eun_ack_parse(buf, n, a) != n ||
	    ((a->epsn + EUN_PSN_MASK) & EUN_PSN_MASK) != bth_psn)
		return EUN_ACKC_BAD;
	if (a->kind != EUN_ACK_KIND_NACK)
		return EUN_ACKC_TAKE;
	if (!tx.ooo || !tx_in_flight(a->nack_psn))
		return EUN_ACKC_STRAY;
	return a->reason == EUN_NACK_MODE ? EUN_ACKC_MODE : EUN_ACKC_TAKE;
}

static void check_nak(const struct eun_ack_info *a)
{
	u8 wire = byte(), syn = 0, want = 0;
	bool nak = eun_ackc_nak_syn(a, wire, &syn), want_nak = true;
	bool nack = a->kind == EUN_ACK_KIND_NACK;

	if (eun_ackc_refused(a) != (nack && (a->reason == EUN_NACK_CAP ||
					     a->reason == EUN_NACK_NOMEM)))
		fail("refused for want of room", a->kind, a->reason);
	if (!nack)
		want_nak = false;
	else if (a->reason == EUN_NACK_INVALID)
		want = 0x61;
	else if (a->reason == EUN_NACK_ACCESS)
		want = 0x62;
	else if (a->reason == EUN_NACK_RNR)
		want = (wire >> 5) == 1 ? wire : 0x20;
	else
		want_nak = false;
	if (nak != want_nak || (nak && syn != want))
		fail("NAK syndrome", syn, want);
}

/* Take an ACK as comp/eun_comp.c does; its PSNs never move back. */
static void tx_apply(const struct eun_ack_info *a)
{
	struct eun_sb_ack_result res;
	u32 sent = eun_psn_dist(tx.una, tx.nxt);

	if (!tx.ooo)
		return;
	if (eun_sb_ack(&tx.sb, a->epsn, a->sack,
		       a->sack_words * EUN_SACK_WORD_BITS, 0, &res))
		return;
	if (eun_psn_dist(tx.una, res.una) > sent)
		fail("an ACK moved the cumulative PSN back or past nxt",
		     res.una, tx.una);
	tx.una = res.una;
	if (tx.sb.una != tx.una || tx.sb.nxt != tx.nxt)
		fail("scoreboard and count disagree", tx.sb.una, tx.una);
	if (eun_ackc_refused(a) && eun_sb_lookup(&tx.sb, a->nack_psn))
		eun_sb_mark_lost(&tx.sb, a->nack_psn, EUN_SB_CAUSE_NACK);
}

static void ack_once(void)
{
	u8 buf[EUN_ACK_MAX_LEN + 8];
	struct eun_ack_info got, ref;
	enum eun_ackc_verdict v, want;
	u32 sel = byte(), bth_psn, i;
	u8 *copy;
	int n;

	if ((sel & 3) == 3) {
		/* Raw bytes: anything a peer may send. */
		n = byte() % sizeof(buf);
		for (i = 0; i < (u32)n; i++)
			buf[i] = byte();
		bth_psn = psn_near(tx.una);
	} else {
		n = ack_compose(buf, &bth_psn);
		/* A few bytes changed on the way, or a BTH PSN off by some. */
		if (sel & 4)
			buf[byte() % n] ^= byte();
		if (sel & 8)
			bth_psn = eun_psn_add(bth_psn, (u32)(s32)(s8)byte());
	}
	/* An exact-length copy: ASan sees a read past the payload. */
	copy = malloc(n ? n : 1);
	if (!copy)
		abort();
	memcpy(copy, buf, n);
	v = eun_ackc_classify(copy, n, bth_psn, tx.ooo ? &tx.sb : NULL, &got);
	free(copy);
	want = ref_classify(buf, n, bth_psn, &ref);
	if (v != want)
		fail("EUN_ACK verdict", v, want);
	trace("EUN_ACK", eun_ackc_verdict_name(v), v == EUN_ACKC_BAD ? 0 :
	      got.kind << 8 | got.reason, tx.una);
	if (v == EUN_ACKC_BAD)
		return;
	if (got.kind == EUN_ACK_KIND_NACK && v != EUN_ACKC_STRAY &&
	    !tx_in_flight(got.nack_psn))
		fail("a NACK taken for a PSN not in flight", got.nack_psn,
		     tx.una);
	check_nak(&got);
	if (v == EUN_ACKC_TAKE)
		tx_apply(&got);
	if (sel & 0x10)
		tx_send(byte() % 8);
}

static void run_acks(void)
{
	u32 k = 1 + byte() % 16;

	tx_start();
	while (k-- && in.pos < in.n)
		ack_once();
	eun_sb_destroy(&tx.sb);
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	bool acks;

	if (size < 2)
		return 0;
	if (!in.trace)
		in.trace = getenv("RXFUZZ_TRACE") ? 1 : -1;
	in.d = data;
	in.pos = 0;
	in.cases = 0;
	in.n = size;
	acks = byte() & 1;
	while (in.pos < in.n) {
		in.cases++;
		if (acks)
			run_acks();
		else
			run_request();
	}
	if (eun_shim_live_allocs)
		fail("allocations leaked", eun_shim_live_allocs, 0);
	return 0;
}
