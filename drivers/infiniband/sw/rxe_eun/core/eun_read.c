// SPDX-License-Identifier: GPL-2.0
/*
 * A READ's response packets at the requester (see eun_read.h).
 *
 * The responder sends a READ's responses in PSN order, so a hole with
 * later packets behind it is usually one that a slower path or a netem
 * queue holds, not one that is lost. The rule is therefore one of time,
 * not of distance: the packets missing below the highest PSN that came
 * count as lost once no new packet has come for the reorder window, which
 * starts at a few milliseconds and doubles each time a re-request proves
 * spurious. That is the "evidence of loss". A missing tail is different:
 * the responder may still be sending it (a soft responder paces itself on
 * its own freed packets), so it waits several windows. When nothing comes at all (the request or a
 * re-request lost), a few re-requests go after longer and longer waits;
 * then only rxe's retransmit timer asks again, and its retry count bounds
 * how long a dead peer is asked.
 *
 * A re-request is one stock READ request for [first missing, last
 * missing]: rxe's responder takes a re-request only as a subset of the
 * READ whose start is not below the previous re-request's (it moves the
 * resource's origin to each start), so holes cannot be asked for one by
 * one across rounds; the first missing PSN never moves down, so one range
 * from it always passes. Packets already placed inside the range come
 * again and are dropped as duplicates.
 */

#include <linux/errno.h>
#include <linux/kernel.h>

#include "eun/eun_psn.h"
#include "eun/eun_read.h"

/**
 * eun_rd_init() - a QP's READ tracker, before its first READ
 * @rd: the tracker
 */
void eun_rd_init(struct eun_rd *rd)
{
	*rd = (struct eun_rd) { .reo_wnd_ns = EUN_RD_REO_INIT_NS };
}

/**
 * eun_rd_start() - track a READ whose request goes now
 * @rd: the tracker
 * @first_psn: PSN of the READ request, so of its first response packet
 * @len: bytes it reads
 * @mtu: path MTU: every response packet but the last carries this much
 * @now: current time (ns): the request goes now
 *
 * Return: 0, or -EINVAL for a bad PSN or MTU, or a READ of more packets
 * than half the PSN space (left to rxe's own handling).
 */
int eun_rd_start(struct eun_rd *rd, u32 first_psn, u32 len, u32 mtu,
		 u64 now)
{
	u64 npkts;

	if (!mtu || !eun_psn_valid(first_psn))
		return -EINVAL;
	npkts = len ? DIV_ROUND_UP((u64)len, mtu) : 1;
	if (npkts >= EUN_PSN_HALF)
		return -EINVAL;
	rd->active = true;
	rd->first_psn = first_psn;
	rd->last_psn = eun_psn_add(first_psn, npkts - 1);
	rd->len = len;
	rd->seen = false;
	rd->quiet_from_ns = now;
	rd->armed = false;
	rd->unanswered = 0;
	return 0;
}

/**
 * eun_rd_owns() - whether a response PSN belongs to the tracked READ
 * @rd: the tracker
 * @psn: PSN of a READ response packet
 *
 * Return: true when a READ is tracked and @psn lies in its range.
 */
bool eun_rd_owns(const struct eun_rd *rd, u32 psn)
{
	return rd->active && !eun_psn_before(psn, rd->first_psn) &&
	       !eun_psn_after(psn, rd->last_psn);
}

/**
 * eun_rd_check() - whether a response packet is one the READ can have
 * @rd: the tracker
 * @psn: its PSN
 * @kind: its opcode
 * @len: its payload bytes
 * @mtu: path MTU
 *
 * Placement goes by PSN, so the PSN fixes the offset and the length: every
 * packet but the last is one MTU. FIRST and ONLY come only at the first
 * PSN (ONLY also answers a re-request of that PSN alone); MIDDLE never at
 * the last; LAST anywhere, since a re-requested range ends with one.
 *
 * Return: 0, -ERANGE for a PSN outside the READ, -EPROTO for an opcode or
 * a length that does not fit it.
 */
int eun_rd_check(const struct eun_rd *rd, u32 psn, enum eun_rd_kind kind,
		 u32 len, u32 mtu)
{
	u32 index;
	u64 offset;

	if (!eun_rd_owns(rd, psn))
		return -ERANGE;
	index = eun_psn_dist(rd->first_psn, psn);
	offset = (u64)index * mtu;
	switch (kind) {
	case EUN_RD_FIRST:
	case EUN_RD_ONLY:
		if (index)
			return -EPROTO;
		break;
	case EUN_RD_MIDDLE:
		if (psn == rd->last_psn)
			return -EPROTO;
		break;
	case EUN_RD_LAST:
		break;
	default:
		return -EPROTO;
	}
	if (psn == rd->last_psn)
		return offset + len == rd->len ? 0 : -EPROTO;
	return len == mtu ? 0 : -EPROTO;
}

/**
 * eun_rd_arrival() - a response packet of the READ arrived
 * @rd: the tracker
 * @psn: its PSN (eun_rd_owns() said yes)
 * @fresh: it was placed; false for one dropped (beyond the bitmap's cap,
 *	no memory) or a duplicate
 * @now: current time (ns)
 *
 * Every arrival moves the highest PSN seen: the packets missing below it
 * were sent before one that came.
 */
void eun_rd_arrival(struct eun_rd *rd, u32 psn, bool fresh, u64 now)
{
	if (!rd->seen || eun_psn_after(psn, rd->max_psn))
		rd->max_psn = psn;
	rd->seen = true;
	if (fresh) {
		rd->quiet_from_ns = now;
		rd->armed = true;
		rd->unanswered = 0;
	}
}

/**
 * eun_rd_duplicate() - a response packet came again
 * @rd: the tracker
 * @psn: its PSN, of the tracked READ or of an earlier one
 *
 * A second copy of the first PSN of the latest re-request means that the
 * packet was not lost: the re-request was spurious and the window
 * doubles. The copy may come after the READ completed, even during the
 * next one (PSNs do not repeat), so the check outlives the READ.
 *
 * Return: true when this packet proved the latest re-request spurious.
 */
bool eun_rd_duplicate(struct eun_rd *rd, u32 psn)
{
	if (!rd->rereq_out || psn != rd->rereq_first)
		return false;
	rd->rereq_out = false;
	rd->reo_wnd_ns = min(2 * rd->reo_wnd_ns, EUN_RD_REO_MAX_NS);
	return true;
}

/* Whether packets are missing below the highest PSN that came. */
static bool eun_rd_hole_below_max(const struct eun_rd *rd, u32 head)
{
	return rd->seen && !eun_psn_after(head, rd->max_psn);
}

/**
 * eun_rd_deadline() - when the missing packets will count as lost
 * @rd: the tracker
 * @head: the first missing PSN
 *
 * Packets missing below the highest PSN that came count as lost once no
 * new packet has come for the reorder window. Only the tail missing (the
 * responder may still be sending it), or nothing new since the request or
 * the latest re-request, waits longer: EUN_RD_BLIND_SHIFT doublings of
 * the window, one more per unanswered re-request.
 *
 * Return: the time (ns); 0 when no READ is tracked, or when re-requests
 * went unanswered EUN_RD_MAX_BLIND times (rxe's retransmit timer then
 * asks).
 */
u64 eun_rd_deadline(const struct eun_rd *rd, u32 head)
{
	if (!rd->active)
		return 0;
	if (rd->armed && eun_rd_hole_below_max(rd, head))
		return rd->quiet_from_ns + rd->reo_wnd_ns;
	if (rd->unanswered >= EUN_RD_MAX_BLIND)
		return 0;
	return rd->quiet_from_ns +
	       (rd->reo_wnd_ns << (EUN_RD_BLIND_SHIFT + rd->unanswered));
}

/**
 * eun_rd_due() - whether the missing packets count as lost now
 * @rd: the tracker
 * @head: the first missing PSN
 * @now: current time (ns)
 *
 * Return: true once eun_rd_deadline() has passed.
 */
bool eun_rd_due(const struct eun_rd *rd, u32 head, u64 now)
{
	u64 deadline = eun_rd_deadline(rd, head);

	return deadline && now >= deadline;
}

/**
 * eun_rd_range_end() - the last PSN a re-request must ask for
 * @rd: the tracker
 * @head: the first missing PSN
 * @words: placed bits after @head: bit i (of word i / 64) is PSN
 *	@head + 1 + i (eun_bm_sack_words())
 * @nbits: bits in @words
 * @span: PSNs after @head up to the highest placed (0 for none)
 *
 * Return: the highest missing PSN below the highest that came: a packet
 * dropped above the highest placed one (beyond the bitmap's cap) is that
 * highest, and the highest PSN that came is also the answer when @words
 * cannot show the whole span. With nothing missing below it (only the
 * tail is), the last PSN of the READ.
 */
u32 eun_rd_range_end(const struct eun_rd *rd, u32 head, const u64 *words,
		     u32 nbits, u32 span)
{
	u32 i;

	if (!eun_rd_hole_below_max(rd, head))
		return rd->last_psn;
	if (span > nbits || eun_psn_after(rd->max_psn, eun_psn_add(head, span)))
		return rd->max_psn;
	for (i = span; i-- > 0;)
		if (!((words[i / 64] >> (i % 64)) & 1))
			return eun_psn_add(head, i + 1);
	return head;
}

/**
 * eun_rd_rerequested() - a re-request went
 * @rd: the tracker
 * @first: its first PSN, missing now
 * @now: current time (ns)
 *
 * The next one waits longer unless a new packet comes first.
 */
void eun_rd_rerequested(struct eun_rd *rd, u32 first, u64 now)
{
	rd->rereq_out = true;
	rd->rereq_first = first;
	rd->armed = false;
	if (rd->unanswered < U8_MAX)
		rd->unanswered++;
	rd->quiet_from_ns = now;
}

/**
 * eun_rd_stop() - the READ completed or failed: track nothing
 * @rd: the tracker; its reorder window, and the PSN that may prove its
 *	latest re-request spurious, stay for the next READ
 */
void eun_rd_stop(struct eun_rd *rd)
{
	rd->active = false;
	rd->armed = false;
}
