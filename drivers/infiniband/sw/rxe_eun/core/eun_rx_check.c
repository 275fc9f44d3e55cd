// SPDX-License-Identifier: GPL-2.0
/*
 * The receive side's checks of an ooo request packet (see eun_rx_check.h).
 *
 * Every value here may come from a hostile peer (the frame, EUNH, the
 * RETH) or from memory the application can write (a receive WQE): each
 * sum is taken where it cannot wrap, and no check trusts an earlier one
 * made on another copy of the value.
 */

#include <linux/build_bug.h>
#include <linux/kernel.h>

#include "eun/eun_psn.h"
#include "eun/eun_rx_check.h"

static const char * const rxc_verdict_names[] = {
	[EUN_RXC_OK] = "ok",
	[EUN_RXC_EMPTY] = "empty",
	[EUN_RXC_MALFORMED] = "malformed",
	[EUN_RXC_DUPLICATE] = "duplicate",
	[EUN_RXC_OUTSIDE] = "outside",
	[EUN_RXC_RNR] = "rnr",
	[EUN_RXC_INVALID] = "invalid",
	[EUN_RXC_ACCESS] = "access",
};

static_assert(ARRAY_SIZE(rxc_verdict_names) == EUN_RXC_VERDICT_COUNT,
	      "verdict names");

/*
 * Every packet but the last carries one MTU, at its index times the MTU;
 * the last one ends the message. The sender cuts messages so, and the
 * offset a packet gives is where it lands: one that disagrees is refused
 * before it can be placed.
 */
static enum eun_rxc_verdict eun_rxc_lengths(u32 mtu,
					    const struct eun_rxc_pkt *p)
{
	const struct eun_ext_hdr *eh = &p->eh;
	u64 end = (u64)eh->offset + p->len;

	if (p->len > mtu)
		return EUN_RXC_MALFORMED;
	if ((u64)eh->pkt_index * mtu != eh->offset)
		return EUN_RXC_MALFORMED;
	if (eh->msg_len && end > eh->msg_len)
		return EUN_RXC_MALFORMED;
	if (eh->flags & EUN_EXT_F_LAST ? end != eh->msg_len : p->len != mtu)
		return EUN_RXC_MALFORMED;
	return EUN_RXC_OK;
}

/**
 * eun_rxc_parse() - a request packet's frame, EUNH and lengths
 * @f: the frame
 * @hdr: the packet from its BTH on, @f->paylen bytes
 * @p: the packet parsed; valid only on EUN_RXC_OK
 *
 * Return: EUN_RXC_OK, or EUN_RXC_MALFORMED for a frame shorter than its
 * headers, an EUNH the codec refuses, an invalidate on a WRITE, or
 * lengths that disagree with the MTU and the message.
 */
enum eun_rxc_verdict eun_rxc_parse(const struct eun_rxc_frame *f,
				   const u8 *hdr, struct eun_rxc_pkt *p)
{
	u32 ext_off, end;
	int n;

	/* rxe_rcv() checked the frame already: no trust across files. */
	if (f->hdr_len < EUN_EXT_HDR_LEN ||
	    (u64)f->hdr_len + f->pad + EUN_ICRC_LEN > f->paylen)
		return EUN_RXC_MALFORMED;
	end = f->paylen - f->pad - EUN_ICRC_LEN;
	ext_off = f->hdr_len - EUN_EXT_HDR_LEN;
	n = eun_ext_parse(hdr + ext_off, end - ext_off, &p->eh);
	if (n < 0)
		return EUN_RXC_MALFORMED;
	p->data_off = ext_off + n;
	p->len = end - p->data_off;
	/* Only a SEND invalidates. */
	if (f->is_write && (p->eh.flags & EUN_EXT_F_INV))
		return EUN_RXC_MALFORMED;
	return eun_rxc_lengths(f->mtu, p);
}

/**
 * eun_rxc_psn() - a request's PSN against the receive window
 * @epsn: the expected PSN: every PSN before it has arrived
 * @psn: the packet's PSN
 * @max_inflight: PSNs a sender keeps in flight at most, counted from its
 *	oldest unacknowledged one, which is never past @epsn
 *
 * Return: EUN_RXC_DUPLICATE before @epsn, EUN_RXC_OUTSIDE at or beyond
 * @epsn + @max_inflight (no sender has it in flight), else EUN_RXC_OK.
 */
enum eun_rxc_verdict eun_rxc_psn(u32 epsn, u32 psn, u32 max_inflight)
{
	if (eun_psn_before(psn, epsn))
		return EUN_RXC_DUPLICATE;
	if (eun_psn_dist(epsn, psn) >= max_inflight)
		return EUN_RXC_OUTSIDE;
	return EUN_RXC_OK;
}

/**
 * eun_rxc_recv_slot() - the receive WQE a message completes into
 * @r: the message's number against the receive queue
 * @ahead: on EUN_RXC_OK, how many WQEs after the oldest it is
 *
 * Message n completes into the n-th receive WQE: it must be posted, and
 * within what the hold queue can keep apart.
 *
 * Return: EUN_RXC_OK, or EUN_RXC_RNR (not posted yet, or beyond the hold
 * queue; a message number before the oldest WQE's is far beyond too).
 */
enum eun_rxc_verdict eun_rxc_recv_slot(const struct eun_rxc_recv *r,
				       u32 *ahead)
{
	u32 d = eun_psn_dist(r->head_seq, r->msg_seq);

	if (d >= r->hq_cap || d >= r->posted)
		return EUN_RXC_RNR;
	*ahead = d;
	return EUN_RXC_OK;
}

/**
 * eun_rxc_recv_target() - a SEND against its receive WQE
 * @msg_len: EUNH's message length
 * @wqe_len: bytes the WQE's buffers take, as the WQE says
 * @wqe_num_sge: SGEs the WQE says it has
 * @max_sge: SGEs a receive WQE of the QP may have
 *
 * The WQE lives in memory the application writes: these are read once,
 * and the copy (eun_rxc_sge_take()) stops at the SGEs it may walk.
 *
 * Return: EUN_RXC_OK, or EUN_RXC_INVALID.
 */
enum eun_rxc_verdict eun_rxc_recv_target(u32 msg_len, u32 wqe_len,
					 u32 wqe_num_sge, u32 max_sge)
{
	if (wqe_num_sge > max_sge)
		return EUN_RXC_INVALID;
	if (msg_len > wqe_len)
		return EUN_RXC_INVALID;
	return EUN_RXC_OK;
}

/**
 * eun_rxc_write_target() - a WRITE packet's RETH against EUNH and the QP
 * @w: the packet and the QP's rights
 * @va: on EUN_RXC_OK, the address of its payload: the RETH's address
 *	plus its offset (any u64; eun_rxc_range() judges it)
 *
 * Return: EUN_RXC_OK (look the rkey up, then eun_rxc_range()),
 * EUN_RXC_EMPTY (no bytes: no rkey needed), EUN_RXC_INVALID (the RETH's
 * length is not the message's) or EUN_RXC_ACCESS (no remote write).
 */
enum eun_rxc_verdict eun_rxc_write_target(const struct eun_rxc_write *w,
					  u64 *va)
{
	if (w->reth_len != w->msg_len)
		return EUN_RXC_INVALID;
	if (!w->remote_write)
		return EUN_RXC_ACCESS;
	/* A zero-byte WRITE needs no valid rkey (C9-88). */
	if (!w->len)
		return EUN_RXC_EMPTY;
	*va = w->reth_va + w->offset;
	return EUN_RXC_OK;
}

/**
 * eun_rxc_range() - whether an MR takes @len bytes at @va
 * @mr: the MR the rkey names
 * @va: first address (after a zero-based MW added its base)
 * @len: bytes
 *
 * The range test of rxe's mr_check_range(), written so that no sum
 * wraps: @va and the MR's bounds may be anywhere in the 64-bit space.
 *
 * Return: EUN_RXC_OK, or EUN_RXC_ACCESS.
 */
enum eun_rxc_verdict eun_rxc_range(const struct eun_rxc_mr *mr, u64 va,
				   u32 len)
{
	switch (mr->kind) {
	case EUN_RXC_MR_ANY:
		return EUN_RXC_OK;
	case EUN_RXC_MR_RANGE:
		if (va < mr->iova || len > mr->length ||
		    va - mr->iova > mr->length - len)
			return EUN_RXC_ACCESS;
		return EUN_RXC_OK;
	default:
		return EUN_RXC_ACCESS;
	}
}

/**
 * eun_rxc_sge_take() - the part of a SEND's payload one SGE takes
 * @sge_len: the SGE's length
 * @offset: in, the payload's offset from this SGE's start; out, from the
 *	next SGE's
 * @len: payload bytes not yet placed
 * @at: set when bytes go here: where in the SGE they start
 *
 * Walk the WQE's SGEs in order, calling this for each until @len bytes
 * are placed; bytes left when the SGEs run out do not fit the WQE.
 *
 * Return: bytes to copy into this SGE at @at, at most @len and never past
 * @sge_len; 0 when the payload starts beyond this SGE.
 */
u32 eun_rxc_sge_take(u32 sge_len, u32 *offset, u32 len, u32 *at)
{
	if (*offset >= sge_len) {
		*offset -= sge_len;
		return 0;
	}
	*at = *offset;
	*offset = 0;
	return min(len, sge_len - *at);
}

/**
 * eun_rxc_nack_reason() - the NACK a verdict answers with
 * @v: a verdict
 *
 * Return: the reason, EUN_NACK_NONE for a verdict that sends no NACK.
 */
enum eun_nack_reason eun_rxc_nack_reason(enum eun_rxc_verdict v)
{
	switch (v) {
	case EUN_RXC_OUTSIDE:
		return EUN_NACK_CAP;
	case EUN_RXC_RNR:
		return EUN_NACK_RNR;
	case EUN_RXC_INVALID:
		return EUN_NACK_INVALID;
	case EUN_RXC_ACCESS:
		return EUN_NACK_ACCESS;
	default:
		return EUN_NACK_NONE;
	}
}

/**
 * eun_rxc_verdict_name() - name of a verdict, for debug output
 * @v: verdict
 *
 * Return: a constant string, "?" for a value out of range.
 */
const char *eun_rxc_verdict_name(enum eun_rxc_verdict v)
{
	return (u32)v < EUN_RXC_VERDICT_COUNT ? rxc_verdict_names[v] : "?";
}
