// SPDX-License-Identifier: GPL-2.0
/*
 * A READ's response packets at the requester (see eun_read.h).
 *
 * The responder sends a READ's responses in PSN order, so a hole with
 * later packets behind it is a packet that a slower path or a netem queue
 * holds, or one that is lost. As in RACK, the rule is one of time: the
 * packets missing below the highest PSN that came count as lost once the
 * reorder window has passed since the first packet beyond them came. The
 * window starts at 4 ms (read_reo_wnd_us), grows to cover a missing
 * packet that came late unasked, becomes twice the one a re-request went
 * by when that re-request proves spurious, and halves again after a run
 * of re-requests that none did. That is the "evidence of loss". The
 * window runs only while responses flow: a wait for a new one longer than
 * a quarter window, with more of them still to come, is a pause of the
 * responder (a soft one shares its CPU; on a busy host it stops for tens
 * of ms), which tells nothing of the hole, so the hole's window runs that
 * much later, and its lateness counts without it. Once the newest READ's
 * last PSN came, or a sequence NAK said the responder holds the requests
 * behind the hole, nothing more comes to flow, and the window runs as
 * before. A hole whose responses stopped before its window passed waits
 * as a missing tail does. A missing tail is different: the responder may
 * still be sending it (a soft responder paces itself on its own freed
 * packets), so it waits several windows. When nothing comes at all (the
 * request or a re-request lost), a few re-requests go after
 * longer and longer waits; then only rxe's retransmit timer asks again,
 * and its retry count bounds how long a dead peer is asked.
 *
 * The responder answers requests in the order they came, so the answer
 * to a re-request comes after the responses of every READ out when it
 * went: those are no news of its loss, and the window runs again only
 * from a response of a later READ (or from its answer). Nor is a packet
 * that came before the answer news of a hole that the answer covers: the
 * answer's own copy of the hole goes later, so only a packet of the
 * answer beyond the hole, or a response of a later READ, times it. (A
 * responder that takes its time over the answer stalls no window then.)
 *
 * A re-request is one stock READ request per READ that misses packets
 * below the highest PSN that came, for [first missing, last missing]
 * within it: rxe's responder takes a re-request only as a subset of the
 * READ whose start is not below the previous re-request's (it moves the
 * resource's origin to each start), so holes cannot be asked for one by
 * one across rounds; a READ's first missing PSN never moves down, so one
 * range from it always passes. Packets already placed inside the range
 * come again and are dropped as duplicates. A responder that says it
 * answers any part of a READ (rxe_eun's) is asked for each run of missing
 * packets alone (eun_rd_runs()). A round that would ask for several
 * requests of which nothing came asks for the oldest alone, a probe:
 * single losses seldom take two whole requests, a host that stopped
 * while their responses were on their way does (eun_rd_several_whole()).
 *
 * READs out have increasing PSN ranges, consecutive when sent back to
 * back; a WRITE or SEND sent between two leaves a gap that belongs to no
 * READ (the requester's bitmap takes it as come: comp/eun_comp_read.c).
 * One range from the oldest READ's first PSN to the newest's last covers
 * them all, and they complete oldest first.
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "eun/eun_bm_types.h"
#include "eun/eun_psn.h"
#include "eun/eun_read.h"

static u64 eun_rd_clamp_wnd(u64 wnd_ns)
{
	return min(max(wnd_ns, EUN_RD_REO_MIN_NS), EUN_RD_REO_MAX_NS);
}

/**
 * eun_rd_start_wnd() - the reorder window a new QP starts with
 * @reo_min_ns: the least it may fall back to
 *
 * Return: EUN_RD_REO_START_SHIFT doublings of @reo_min_ns, within
 * EUN_RD_REO_MIN_NS..EUN_RD_REO_MAX_NS.
 */
u64 eun_rd_start_wnd(u64 reo_min_ns)
{
	reo_min_ns = eun_rd_clamp_wnd(reo_min_ns);
	return eun_rd_clamp_wnd(reo_min_ns << EUN_RD_REO_START_SHIFT);
}

/**
 * eun_rd_init() - a QP's READ tracker, before its first READ
 * @rd: the tracker
 * @reo_start_ns: its reorder window at first
 * @reo_min_ns: the least the window falls back to
 *
 * Both are taken within EUN_RD_REO_MIN_NS..EUN_RD_REO_MAX_NS, the start
 * not below the least.
 */
void eun_rd_init(struct eun_rd *rd, u64 reo_start_ns, u64 reo_min_ns)
{
	memset(rd, 0, sizeof(*rd));
	rd->reo_min_ns = eun_rd_clamp_wnd(reo_min_ns);
	rd->reo_wnd_ns = max(eun_rd_clamp_wnd(reo_start_ns), rd->reo_min_ns);
}

static u32 eun_rd_slot(const struct eun_rd *rd, u32 index)
{
	return (rd->oldest + index) % EUN_RD_MAX_OUT;
}

/**
 * eun_rd_npkts() - response PSNs a READ or atomic request takes
 * @len: bytes it reads (0 for an atomic, an ATOMIC WRITE, an empty READ)
 * @atomic: compare-and-swap or fetch-and-add
 * @mtu: path MTU, not 0
 *
 * Return: one per MTU of @len, at least 1.
 */
u64 eun_rd_npkts(u32 len, bool atomic, u32 mtu)
{
	return len && !atomic ? DIV_ROUND_UP((u64)len, mtu) : 1;
}

/**
 * eun_rd_reach() - how far past the oldest unacknowledged PSN a request
 *	may start
 * @len: bytes it reads, @atomic, @mtu: as for eun_rd_npkts()
 * @bits: PSNs the READ bitmap tracks from its head
 *
 * The bitmap's head is never before the oldest unacknowledged PSN: a
 * request starting up to @bits - npkts past it keeps every response PSN
 * within the bitmap, so that none is dropped when earlier ones are late
 * or lost. READs pipeline that deep, whatever max_inflight lets WRITE
 * packets do.
 *
 * Return: that distance; -ERANGE when the responses alone need more than
 * @bits, -EINVAL for an MTU of 0.
 */
int eun_rd_reach(u32 len, bool atomic, u32 mtu, u32 bits)
{
	u64 npkts;

	if (!mtu)
		return -EINVAL;
	npkts = eun_rd_npkts(len, atomic, mtu);
	if (npkts > bits || bits > EUN_BM_MAX_BITS)
		return -ERANGE;
	return bits - (u32)npkts;
}

/**
 * eun_rd_room() - whether a request may go beside the READs out
 * @rd: the tracker
 * @npkts: response packets it takes (eun_rd_npkts())
 * @window: response packets the READs out may await at most
 *
 * Packets placed no longer count, however far behind a hole they are:
 * READs go on past a lost response while the bitmap holds them
 * (eun_rd_reach()), and the packets in flight stay within @window. A
 * request larger than @window goes alone.
 *
 * Return: true when it fits.
 */
bool eun_rd_room(const struct eun_rd *rd, u32 npkts, u32 window)
{
	return !rd->count || (u64)rd->unplaced + npkts <= window;
}

/**
 * eun_rd_start() - track a READ whose request goes now
 * @rd: the tracker
 * @r: the READ: @r->first_psn, @r->len, @r->va and @r->rkey set (its
 *	last PSN is worked out here)
 * @mtu: path MTU: every response packet but the last carries this much
 * @now: current time (ns)
 *
 * Return: 0, -ENOSPC when EUN_RD_MAX_OUT READs are out, -EINVAL for a bad
 * PSN or MTU, a READ that does not start after the newest one out, or
 * READs out that would span half the PSN space (left to rxe's own
 * handling).
 */
int eun_rd_start(struct eun_rd *rd, const struct eun_rd_req *r, u32 mtu,
		 u64 now)
{
	struct eun_rd_req *slot;
	u32 first = rd->count ? rd->first_psn : r->first_psn;
	u64 npkts;
	u32 last;

	if (!mtu || !eun_psn_valid(r->first_psn))
		return -EINVAL;
	if (rd->count == EUN_RD_MAX_OUT)
		return -ENOSPC;
	/* PSNs between READs are a WRITE's or a SEND's: no READ's. */
	if (rd->count && !eun_psn_after(r->first_psn, rd->last_psn))
		return -EINVAL;
	npkts = eun_rd_npkts(r->len, r->atomic, mtu);
	if (npkts >= EUN_PSN_HALF)
		return -EINVAL;
	last = eun_psn_add(r->first_psn, npkts - 1);
	if (eun_psn_dist(first, last) >= EUN_PSN_HALF)
		return -EINVAL;

	slot = &rd->req[eun_rd_slot(rd, rd->count)];
	*slot = *r;
	slot->last_psn = last;
	slot->unplaced = npkts;
	if (!rd->count) {
		rd->first_psn = r->first_psn;
		rd->unplaced = 0;
		rd->seen = false;
		rd->armed = false;
		rd->hole_seen = false;
		rd->unanswered = 0;
		rd->awaiting = false;
		rd->answering = false;
	}
	/*
	 * With nothing missing yet, the new request's wait starts now; a
	 * wait for missing packets or for a re-request's answer goes on.
	 */
	if (!rd->armed && !rd->unanswered)
		rd->quiet_from_ns = now;
	rd->last_psn = last;
	rd->unplaced += npkts;
	rd->count++;
	return 0;
}

/**
 * eun_rd_owns() - whether a response PSN belongs to a READ out
 * @rd: the tracker
 * @psn: PSN of a READ response packet
 *
 * Return: true when READs are out and @psn lies in their range.
 */
bool eun_rd_owns(const struct eun_rd *rd, u32 psn)
{
	return rd->count && !eun_psn_before(psn, rd->first_psn) &&
	       !eun_psn_after(psn, rd->last_psn);
}

/**
 * eun_rd_find() - which READ out a response PSN belongs to
 * @rd: the tracker
 * @psn: PSN of a READ response packet
 *
 * Return: its index, 0 for the oldest out, or -ERANGE.
 */
int eun_rd_find(const struct eun_rd *rd, u32 psn)
{
	u32 i;

	if (!eun_rd_owns(rd, psn))
		return -ERANGE;
	for (i = 0; i < rd->count; i++) {
		const struct eun_rd_req *r = &rd->req[eun_rd_slot(rd, i)];

		if (!eun_psn_after(psn, r->last_psn))
			return eun_psn_before(psn, r->first_psn) ? -ERANGE : i;
	}
	return -ERANGE;
}

/**
 * eun_rd_writes_out() - whether a request out changes the responder's
 *	memory
 * @rd: the tracker
 *
 * A READ sent behind one must not be executed ahead of it: responders
 * execute requests in PSN order, so the READ reads what it wrote.
 *
 * Return: true when an atomic or an ATOMIC WRITE is out.
 */
bool eun_rd_writes_out(const struct eun_rd *rd)
{
	u32 i;

	for (i = 0; i < rd->count; i++)
		if (rd->req[eun_rd_slot(rd, i)].writes)
			return true;
	return false;
}

/**
 * eun_rd_at() - a READ out
 * @rd: the tracker
 * @index: 0 for the oldest
 *
 * Return: the READ, or NULL when fewer are out.
 */
const struct eun_rd_req *eun_rd_at(const struct eun_rd *rd, u32 index)
{
	return index < rd->count ? &rd->req[eun_rd_slot(rd, index)] : NULL;
}

/**
 * eun_rd_check() - whether a response packet is one a READ out can have
 * @rd: the tracker
 * @psn: its PSN
 * @kind: its opcode
 * @len: its payload bytes
 * @mtu: path MTU
 *
 * Placement goes by PSN, so the PSN fixes the READ, the offset and the
 * length: every packet of a READ but its last is one MTU. FIRST and ONLY
 * come only at a READ's first PSN (ONLY also answers a re-request of that
 * PSN alone); MIDDLE never at its last; LAST anywhere, since a
 * re-requested range ends with one. An atomic is answered by one
 * ATOMIC_ACKNOWLEDGE, its result in a header: no payload.
 *
 * Return: 0, -ERANGE for a PSN outside the READs out, -EPROTO for an
 * opcode or a length that does not fit.
 */
int eun_rd_check(const struct eun_rd *rd, u32 psn, enum eun_rd_kind kind,
		 u32 len, u32 mtu)
{
	const struct eun_rd_req *r;
	int index = eun_rd_find(rd, psn);
	u64 offset;

	if (index < 0)
		return index;
	r = eun_rd_at(rd, index);
	if (r->atomic != (kind == EUN_RD_ATOMIC_ACK))
		return -EPROTO;
	if (r->atomic)
		return len ? -EPROTO : 0;
	offset = (u64)eun_psn_dist(r->first_psn, psn) * mtu;
	switch (kind) {
	case EUN_RD_FIRST:
	case EUN_RD_ONLY:
		if (psn != r->first_psn)
			return -EPROTO;
		break;
	case EUN_RD_MIDDLE:
		if (psn == r->last_psn)
			return -EPROTO;
		break;
	case EUN_RD_LAST:
		break;
	default:
		return -EPROTO;
	}
	if (psn == r->last_psn)
		return offset + len == r->len ? 0 : -EPROTO;
	return len == mtu ? 0 : -EPROTO;
}

/*
 * Whether a new packet may be the answer to the latest re-request, or
 * comes after it: its first PSN, any packet that fills a hole below the
 * highest PSN come when it went (its answer, or the original come late:
 * news either way; with its first packet lost, an answer would otherwise
 * count only once a READ sent after it answers, and with every READ the
 * QP may have out waiting behind the hole, none goes), or a response of
 * a READ that went after it.
 */
static bool eun_rd_answers(const struct eun_rd *rd, u32 psn)
{
	return !rd->awaiting || psn == rd->rereq_first ||
	       eun_psn_before(psn, rd->rereq_max) ||
	       eun_psn_after(psn, rd->rereq_last);
}

/* A new packet ends a pause, and may answer a re-request. */
static void eun_rd_fresh(struct eun_rd *rd, u32 psn, u64 now)
{
	if (!rd->unanswered && now > rd->quiet_from_ns)
		rd->pause_ns = max(rd->pause_ns,
				   min(now - rd->quiet_from_ns, EUN_RD_REO_MAX_NS));
	rd->quiet_from_ns = now;
	if (!eun_rd_answers(rd, psn))
		return;
	rd->armed = true;
	rd->unanswered = 0;
	rd->awaiting = false;
}

/* A wait for a new response longer than this is a pause. */
static u64 eun_rd_pause_gap(const struct eun_rd *rd)
{
	return rd->reo_wnd_ns / EUN_RD_PAUSE_DIV;
}

/* Responses beyond the hole are still to come (see eun_rd_paused()). */
static bool eun_rd_more_to_come(const struct eun_rd *rd)
{
	return !rd->held && rd->max_psn != rd->last_psn;
}

/*
 * The responses paused since the latest new one, with the hole waiting
 * and more of them to come: a responder that stops sending, or a host that
 * stops running it, tells nothing of the hole, so its window does not run
 * meanwhile. Called before @now's packet counts.
 */
static void eun_rd_note_pause(struct eun_rd *rd, u64 now)
{
	u64 from = max(rd->quiet_from_ns, rd->hole_from_ns);

	if (rd->hole_seen && eun_rd_more_to_come(rd) && now > from &&
	    now - rd->quiet_from_ns > eun_rd_pause_gap(rd))
		rd->paused_ns += now - from;
}

/* @head is asked for by the latest re-request, whose answer is still due. */
static bool eun_rd_answer_covers(const struct eun_rd *rd, u32 head)
{
	return rd->answering && !eun_psn_before(head, rd->rereq_first) &&
	       !eun_psn_after(head, rd->answer_last);
}

/*
 * The highest PSN that came after the latest copy of @head went: of the
 * answer that covers it (false while none of that answer came), else of
 * any response.
 */
static bool eun_rd_top(const struct eun_rd *rd, u32 head, u32 *top)
{
	if (!rd->seen)
		return false;
	if (!eun_rd_answer_covers(rd, head)) {
		*top = rd->max_psn;
		return true;
	}
	*top = rd->answer_front;
	return rd->answer_seen;
}

/* Packets missing below a PSN that came after them. */
static bool eun_rd_hole_below_max(const struct eun_rd *rd, u32 head)
{
	u32 top;

	return eun_rd_top(rd, head, &top) && !eun_psn_after(head, top);
}

/*
 * A packet of the answer moves its front; a response of a READ sent after
 * the re-request comes after all of the answer.
 */
static void eun_rd_note_answer(struct eun_rd *rd, u32 psn)
{
	if (!rd->answering)
		return;
	if (eun_psn_after(psn, rd->rereq_last)) {
		rd->answering = false;
		return;
	}
	if (eun_psn_before(psn, rd->rereq_first) ||
	    eun_psn_after(psn, rd->answer_last))
		return;
	if (!rd->answer_seen || eun_psn_after(psn, rd->answer_front))
		rd->answer_front = psn;
	rd->answer_seen = true;
}

/*
 * The first missing PSN came without being asked for again, after a
 * packet sent later: the window covers how late it was, with a quarter
 * of margin, before a re-request has to prove such lateness spurious
 * (the sender's reorder window learns from its ACKs the same way). A
 * packet of a re-requested range is an answer, no news of reordering.
 */
static void eun_rd_overtaken(struct eun_rd *rd, u32 psn, u64 now)
{
	u64 late, wnd;

	if (!rd->hole_seen || psn != rd->hole_head || now < rd->hole_from_ns)
		return;
	if (rd->asked && !eun_psn_after(psn, rd->rereq_last))
		return;
	late = now - rd->hole_from_ns;
	late -= min(late, rd->paused_ns);
	/* Over two ways: one window's worth on each (eun_rd_hole_wnd()). */
	if (rd->held)
		late /= 2;
	wnd = min(late + late / 4, EUN_RD_REO_MAX_NS);
	if (wnd <= rd->reo_wnd_ns)
		return;
	rd->reo_wnd_ns = wnd;
	rd->calm = 0;
}

/*
 * The window of a hole runs from the first packet beyond it, once armed.
 * A head that moves up to a PSN missing below @hole_top already has had
 * packets beyond it since @hole_from_ns: its window runs on from then, as
 * RACK times a hole by the packets sent after it. Restarted at each move,
 * the window of a slow path whose packets come one just within the
 * window after another would never run out, however long its queue.
 */
static void eun_rd_note_hole(struct eun_rd *rd, u32 head, u64 now)
{
	u32 top;

	if (!rd->armed || !eun_rd_top(rd, head, &top) ||
	    eun_psn_after(head, top)) {
		rd->hole_seen = false;
		return;
	}
	if (rd->hole_seen && rd->hole_head == head)
		return;
	rd->held = false;
	if (rd->hole_seen && eun_psn_before(head, rd->hole_top)) {
		rd->hole_head = head;
		return;
	}
	rd->hole_seen = true;
	rd->hole_head = head;
	rd->hole_top = top;
	rd->hole_from_ns = now;
	rd->paused_ns = 0;
}

/*
 * Whether @psn answers a request the responder executes only in its turn
 * (an atomic, an ATOMIC WRITE, a request marked to wait for the packets
 * before it): then every request before it had reached the responder.
 */
static bool eun_rd_in_turn(const struct eun_rd *rd, u32 psn)
{
	int index = eun_rd_find(rd, psn);
	const struct eun_rd_req *r;

	if (index < 0)
		return false;
	r = eun_rd_at(rd, index);
	return r->writes || r->after_ooo || r->in_turn;
}

/*
 * A sequence NAK said the responder holds the requests behind the hole;
 * a new response beyond the hole of one it executes only in its turn
 * says that the missing request has come there since, so the NAK is
 * stale. The hole's responses went before that one, as any hole's do:
 * its window runs from this arrival, and the responses flow again, so a
 * pause of theirs tells nothing of the hole. Timed from the NAK instead,
 * the window would hold the request's own lateness on top of its
 * responses', and a responder host that stops for a few milliseconds
 * would have every atomic held behind it asked for again.
 */
static void eun_rd_unhold(struct eun_rd *rd, u32 psn, u64 now)
{
	if (!rd->held || !rd->hole_seen ||
	    !eun_psn_after(psn, rd->hole_head) || !eun_rd_in_turn(rd, psn))
		return;
	rd->held = false;
	rd->hole_top = psn;
	rd->hole_from_ns = now;
	rd->paused_ns = 0;
}

/* @psn of a READ out was placed: one packet fewer awaited. */
static void eun_rd_placed(struct eun_rd *rd, u32 psn)
{
	int index = eun_rd_find(rd, psn);
	struct eun_rd_req *r;

	if (index < 0)
		return;
	r = &rd->req[eun_rd_slot(rd, index)];
	if (!r->unplaced)
		return;
	r->unplaced--;
	rd->unplaced--;
}

/* @psn came (or counts as come): see eun_rd_arrival(). */
static void eun_rd_come(struct eun_rd *rd, u32 psn, u32 head, bool fresh,
			u64 now)
{
	if (fresh) {
		eun_rd_placed(rd, psn);
		eun_rd_unhold(rd, psn, now);
		eun_rd_note_pause(rd, now);
	}
	if (!rd->seen || eun_psn_after(psn, rd->max_psn))
		rd->max_psn = psn;
	rd->seen = true;
	if (fresh) {
		eun_rd_overtaken(rd, psn, now);
		eun_rd_fresh(rd, psn, now);
	}
	eun_rd_note_hole(rd, head, now);
}

/**
 * eun_rd_arrival() - a response packet of a READ out arrived
 * @rd: the tracker
 * @psn: its PSN (eun_rd_owns() said yes)
 * @head: the first PSN missing after it was placed (or not)
 * @fresh: it was placed; false for one dropped (beyond the bitmap's cap,
 *	no memory) or a duplicate
 * @now: current time (ns)
 *
 * Every arrival moves the highest PSN seen: the packets missing below it
 * were sent before one that came. A new packet ends a pause, the longest
 * of which sizes the wait for a missing tail; one that fills the first
 * hole unasked widens the reorder window to its lateness.
 */
void eun_rd_arrival(struct eun_rd *rd, u32 psn, u32 head, bool fresh,
		    u64 now)
{
	eun_rd_note_answer(rd, psn);
	eun_rd_come(rd, psn, head, fresh, now);
}

/* The oldest re-request waiting for a proof from @psn, or -1. */
static int eun_rd_proof_of(const struct eun_rd *rd, u32 psn)
{
	int i;

	for (i = 0; i < rd->nproofs; i++)
		if (rd->proof[i].psn == psn)
			return i;
	return -1;
}

/* A re-request from @psn went by the window now: it waits for its proof. */
static void eun_rd_proof_add(struct eun_rd *rd, u32 psn)
{
	if (rd->nproofs == EUN_RD_PROOFS) {
		memmove(rd->proof, rd->proof + 1,
			(EUN_RD_PROOFS - 1) * sizeof(rd->proof[0]));
		rd->nproofs--;
	}
	rd->proof[rd->nproofs].psn = psn;
	rd->proof[rd->nproofs].wnd_ns = rd->reo_wnd_ns;
	rd->nproofs++;
}

/**
 * eun_rd_duplicate() - a response packet came again
 * @rd: the tracker
 * @psn: its PSN, of a READ out or of an earlier one
 *
 * A second copy of the first PSN of a re-request means that the packet
 * was not lost: the re-request was spurious, so the window it went by was
 * too short, and the window becomes twice that one (once for any number
 * of re-requests that went by the same window). The copy may come after
 * the READ completed, even during the next one (PSNs do not repeat), so
 * the check outlives the READ; it may come after later re-requests went,
 * so every re-request waits for its own.
 *
 * Return: true when this packet proved a re-request spurious.
 */
bool eun_rd_duplicate(struct eun_rd *rd, u32 psn)
{
	int i = eun_rd_proof_of(rd, psn);
	u64 wnd;

	if (i < 0)
		return false;
	wnd = rd->proof[i].wnd_ns;
	rd->nproofs--;
	memmove(rd->proof + i, rd->proof + i + 1,
		(rd->nproofs - i) * sizeof(rd->proof[0]));
	rd->rereq_out = rd->rereq_out &&
			eun_rd_proof_of(rd, rd->rereq_first) >= 0;
	rd->reo_wnd_ns = min(max(rd->reo_wnd_ns, 2 * wnd), EUN_RD_REO_MAX_NS);
	rd->calm = 0;
	return true;
}

/**
 * eun_rd_gap() - the responder holds requests behind one it has not had
 * @rd: the tracker
 * @psn: first PSN of that request (a sequence NAK names it)
 * @head: the first missing PSN
 * @now: current time (ns)
 *
 * An atomic that comes ahead of its turn is held (rx/eun_rx_read.c), so
 * a lost request leaves nothing coming after it: only the NAK shows that
 * requests sent after it came. It is news as a response beyond the hole
 * would be, unless a re-request went since: then the NAK may be older
 * than it. The hole waits twice the window (eun_rd_hole_wnd()), until a
 * response shows that the request came (eun_rd_unhold()). The request
 * was never executed, so every response PSN of it is missing and none
 * came beyond: its last is the highest that counts as come, and the
 * re-request asks for the whole request, not for the requests held
 * behind it. (A READ's re-request for part of it would be a new READ to
 * the responder, with a FIRST response at a later PSN.)
 *
 * Return: true when @psn is a request out whose responses are missing.
 */
bool eun_rd_gap(struct eun_rd *rd, u32 psn, u32 head, u64 now)
{
	int index = eun_rd_find(rd, psn);
	const struct eun_rd_req *r;

	if (index < 0)
		return false;
	r = eun_rd_at(rd, index);
	if (r->first_psn != psn || eun_psn_before(psn, head))
		return false;
	if (!rd->unanswered && !rd->awaiting)
		rd->armed = true;
	eun_rd_come(rd, r->last_psn, head, false, now);
	rd->held = true;
	return true;
}

/*
 * How long a timed hole waits. The window is the reordering of the
 * responses' way; a hole a sequence NAK timed waits for its request's
 * way to the responder as well (the NAK went when a request sent after
 * it came there), then for its response's way back, so it waits twice
 * the window. On the bed a guest's netem queue stops now and then for a
 * few milliseconds on either way: one window from the NAK asked for an
 * atomic again in three of eight transfers under reordering alone.
 */
static u64 eun_rd_hole_wnd(const struct eun_rd *rd)
{
	return rd->held ? 2 * rd->reo_wnd_ns : rd->reo_wnd_ns;
}

/*
 * The longer wait: from the latest new packet (or request, or re-request),
 * 0 once EUN_RD_MAX_BLIND re-requests went unanswered.
 */
static u64 eun_rd_blind_deadline(const struct eun_rd *rd)
{
	u64 wait;

	if (rd->unanswered >= EUN_RD_MAX_BLIND)
		return 0;
	wait = max(max(rd->reo_wnd_ns << EUN_RD_BLIND_SHIFT, 2 * rd->pause_ns),
		   EUN_RD_BLIND_MIN_NS);
	return rd->quiet_from_ns + (wait << rd->unanswered);
}

/**
 * eun_rd_deadline() - when the missing packets will count as lost
 * @rd: the tracker
 * @head: the first missing PSN
 *
 * Packets missing below the highest PSN that came count as lost once the
 * reorder window (twice it while a sequence NAK says the responder holds
 * the requests behind them) has passed since the first packet beyond
 * them came, not counting the responder's pauses since (or, for a hole no
 * arrival has timed, since the latest new packet): if the responses go
 * on, or none is to come. Only the tail missing (the responder may still
 * be sending it), or nothing new since the request or the latest
 * re-request, waits longer: EUN_RD_BLIND_SHIFT doublings of the window
 * or twice the longest pause seen, at least EUN_RD_BLIND_MIN_NS, doubled
 * per unanswered re-request.
 *
 * Return: the time (ns); 0 when no READ is out, or when re-requests
 * went unanswered EUN_RD_MAX_BLIND times (rxe's retransmit timer then
 * asks).
 */
u64 eun_rd_deadline(const struct eun_rd *rd, u32 head)
{
	if (!rd->count)
		return 0;
	if (eun_rd_blind(rd, head))
		return eun_rd_blind_deadline(rd);
	if (!rd->hole_seen || rd->hole_head != head)
		return rd->quiet_from_ns + rd->reo_wnd_ns;
	return rd->hole_from_ns + rd->paused_ns + eun_rd_hole_wnd(rd);
}

/**
 * eun_rd_paused() - whether the responses paused with a hole waiting
 * @rd: the tracker
 * @head: the first missing PSN
 * @now: current time (ns)
 *
 * Return: true when the hole below the highest PSN that came is timed, no
 * new response came for more than a quarter window, and more are to come:
 * the newest READ's last PSN has not come and no sequence NAK said that
 * the responder holds the requests behind the hole.
 */
bool eun_rd_paused(const struct eun_rd *rd, u32 head, u64 now)
{
	return !eun_rd_blind(rd, head) && rd->hole_seen &&
	       rd->hole_head == head && eun_rd_more_to_come(rd) &&
	       now > rd->quiet_from_ns &&
	       now - rd->quiet_from_ns > eun_rd_pause_gap(rd);
}

/**
 * eun_rd_wake() - when to look again at the missing packets
 * @rd: the tracker
 * @head: the first missing PSN
 * @now: current time (ns)
 *
 * Return: eun_rd_deadline(); while the responses pause with a hole
 * waiting (eun_rd_paused()), the longer wait of a missing tail instead:
 * the next new response times the hole again. 0 as eun_rd_deadline().
 */
u64 eun_rd_wake(const struct eun_rd *rd, u32 head, u64 now)
{
	if (rd->count && eun_rd_paused(rd, head, now))
		return eun_rd_blind_deadline(rd);
	return eun_rd_deadline(rd, head);
}

/**
 * eun_rd_blind() - whether the missing packets wait the longer, blind wait
 * @rd: the tracker
 * @head: the first missing PSN
 *
 * Return: false when they are a hole below the highest PSN that came,
 * timed by the reorder window; true when only the tail is missing or
 * nothing new came since the request or the latest re-request.
 */
bool eun_rd_blind(const struct eun_rd *rd, u32 head)
{
	return !(rd->armed && eun_rd_hole_below_max(rd, head));
}

/**
 * eun_rd_due() - whether the missing packets count as lost now
 * @rd: the tracker
 * @head: the first missing PSN
 * @now: current time (ns)
 *
 * Return: true once eun_rd_wake() has passed.
 */
bool eun_rd_due(const struct eun_rd *rd, u32 head, u64 now)
{
	u64 wake = eun_rd_wake(rd, head, now);

	return wake && now >= wake;
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
 * Return: the highest missing PSN below the highest that came (for a
 * hole that a re-request's answer covers, the highest of that answer
 * that came: the rest of it is still on its way): a packet dropped above
 * the highest placed one (beyond the bitmap's cap) is that highest, and
 * the highest PSN that came is also the answer when @words cannot show
 * the whole span. With nothing missing below it (only the tail is), the
 * last PSN of the newest READ out.
 */
u32 eun_rd_range_end(const struct eun_rd *rd, u32 head, const u64 *words,
		     u32 nbits, u32 span)
{
	u32 i, top;

	if (!eun_rd_hole_below_max(rd, head))
		return rd->last_psn;
	eun_rd_top(rd, head, &top);
	if (span > nbits || eun_psn_after(top, eun_psn_add(head, span)))
		return top;
	for (i = min(span, eun_psn_dist(head, top)); i-- > 0;)
		if (!((words[i / 64] >> (i % 64)) & 1))
			return eun_psn_add(head, i + 1);
	return head;
}

/**
 * eun_rd_split() - the re-requests for PSNs @head..@end: one per READ
 * @rd: the tracker
 * @head: the first missing PSN
 * @end: the last PSN to ask for (eun_rd_range_end())
 * @out: the ranges, oldest READ first
 * @max: room in @out
 *
 * Return: how many ranges were written: one for each READ out that
 * @head..@end meets, from the later of @head and its first PSN to the
 * earlier of @end and its last.
 */
u32 eun_rd_split(const struct eun_rd *rd, u32 head, u32 end,
		 struct eun_rd_range *out, u32 max)
{
	u32 i, n = 0;

	if (!eun_rd_owns(rd, head) || eun_psn_before(end, head))
		return 0;
	for (i = 0; i < rd->count && n < max; i++) {
		const struct eun_rd_req *r = eun_rd_at(rd, i);

		if (eun_psn_before(r->last_psn, head))
			continue;
		if (eun_psn_after(r->first_psn, end))
			break;
		out[n].index = i;
		out[n].first_psn = eun_psn_before(r->first_psn, head) ?
				   head : r->first_psn;
		out[n].last_psn = eun_psn_after(r->last_psn, end) ?
				  end : r->last_psn;
		n++;
	}
	return n;
}

/*
 * Whether PSN @psn (not before @head) may be missing: @head is, and so is
 * any PSN @words cannot show or past the highest placed.
 */
static bool eun_rd_maybe_missing(u32 head, const u64 *words, u32 nbits,
				 u32 span, u32 psn)
{
	u32 i;

	if (psn == head)
		return true;
	i = eun_psn_dist(head, psn) - 1;
	if (i >= nbits || i >= span)
		return true;
	return !((words[i / 64] >> (i % 64)) & 1);
}

/* Narrow @r to its first and last PSN that may be missing. */
static bool eun_rd_narrow_one(u32 head, const u64 *words, u32 nbits,
			      u32 span, struct eun_rd_range *r)
{
	while (!eun_rd_maybe_missing(head, words, nbits, span, r->first_psn)) {
		if (r->first_psn == r->last_psn)
			return false;
		r->first_psn = eun_psn_add(r->first_psn, 1);
	}
	while (!eun_rd_maybe_missing(head, words, nbits, span, r->last_psn))
		r->last_psn = eun_psn_add(r->last_psn, -1);
	return true;
}

/**
 * eun_rd_narrow() - ask each READ only for what it may be missing
 * @head: the first missing PSN, the start of @out[0]
 * @words: placed bits after @head (as for eun_rd_range_end()), or NULL
 *	when the bitmap cannot tell
 * @nbits: bits in @words
 * @span: PSNs after @head up to the highest placed
 * @out: the ranges of eun_rd_split(), narrowed in place
 * @n: how many
 *
 * Each range shrinks to the first and last PSN in it that may be missing
 * (a PSN @words cannot show counts as missing); a range with none goes.
 * rxe's responder takes a re-request only as far as its start is not
 * below the previous one's for the same READ: the first PSN of a READ
 * that may be missing never moves back as packets are placed and @head
 * moves on, but without @words every range would start at its READ's
 * first PSN, so only the first one (from @head) is kept then.
 *
 * Return: how many ranges are left, in order at the start of @out.
 */
u32 eun_rd_narrow(u32 head, const u64 *words, u32 nbits, u32 span,
		  struct eun_rd_range *out, u32 n)
{
	u32 i, k = 0;

	if (!words)
		return min(n, 1U);
	for (i = 0; i < n; i++)
		if (eun_rd_narrow_one(head, words, nbits, span, &out[i]))
			out[k++] = out[i];
	return k;
}

/*
 * Write @r's runs of PSNs that may be missing to @out from @k on, at most
 * @room (one or more) of them: the last one left takes the rest of @r.
 */
static u32 eun_rd_runs_one(u32 head, const u64 *words, u32 nbits, u32 span,
			   const struct eun_rd_range *r,
			   struct eun_rd_range *out, u32 k, u32 room)
{
	struct eun_rd_range *run = &out[k++];
	u32 psn = r->first_psn, placed = 0;

	*run = *r;
	run->last_psn = psn;
	room--;
	while (psn != r->last_psn) {
		psn = eun_psn_add(psn, 1);
		if (!eun_rd_maybe_missing(head, words, nbits, span, psn)) {
			placed++;
			continue;
		}
		if (placed >= EUN_RD_RUN_GAP) {
			if (!room) {
				run->last_psn = r->last_psn;
				break;
			}
			run = &out[k++];
			*run = *r;
			run->first_psn = psn;
			room--;
		}
		run->last_psn = psn;
		placed = 0;
	}
	return k;
}

/**
 * eun_rd_runs() - ask for each run of missing packets alone
 * @head: the first missing PSN
 * @words: placed bits after @head (as for eun_rd_range_end())
 * @nbits: bits in @words
 * @span: PSNs after @head up to the highest placed
 * @out: the ranges of eun_rd_narrow() (each from and to a PSN that may be
 *	missing), split in place
 * @n: how many
 * @max: room in @out, and the most ranges to return
 *
 * For a responder that answers any subset of a READ: each range becomes
 * the runs of PSNs in it that may be missing, those fewer than
 * EUN_RD_RUN_GAP placed PSNs apart joined, so that the answers bring
 * fewer copies of what came. Every READ keeps a range; when @max runs
 * out, a READ's last range covers the rest of it.
 *
 * Return: how many ranges, in order, at the start of @out; @n when @n
 * ranges leave no room to split (or @words is NULL).
 */
u32 eun_rd_runs(u32 head, const u64 *words, u32 nbits, u32 span,
		struct eun_rd_range *out, u32 n, u32 max)
{
	struct eun_rd_range r;
	u32 i, k = 0;

	if (!words || n >= max)
		return n;
	/* The ranges move to the end; each is read before it is written. */
	memmove(&out[max - n], out, n * sizeof(*out));
	for (i = 0; i < n; i++) {
		r = out[max - n + i];
		k = eun_rd_runs_one(head, words, nbits, span, &r, out, k,
				    max - k - (n - i - 1));
	}
	return k;
}

/**
 * eun_rd_several_whole() - whether a re-request would ask for several
 *	requests of which no response came
 * @rd: the tracker
 * @ranges: the re-request's ranges (eun_rd_split() and after)
 * @n: how many
 *
 * Losses of single packets seldom take every response of two requests:
 * a host that stopped while they were on their way does, and on the
 * bed it stops for up to tens of ms. Such a round is a probe: the oldest
 * range alone, whose answer, or the originals, time the rest.
 *
 * Return: true when two of @ranges or more each cover a whole request.
 */
bool eun_rd_several_whole(const struct eun_rd *rd,
			  const struct eun_rd_range *ranges, u32 n)
{
	const struct eun_rd_req *r;
	u32 i, whole = 0;

	for (i = 0; i < n && whole < 2; i++) {
		r = eun_rd_at(rd, ranges[i].index);
		whole += r && ranges[i].first_psn == r->first_psn &&
			 ranges[i].last_psn == r->last_psn;
	}
	return whole >= 2;
}

/**
 * eun_rd_oldest_done() - whether every packet of the oldest READ is in
 * @rd: the tracker
 * @head: the first missing PSN
 *
 * Return: true when a READ is out and @head has passed its last PSN.
 */
bool eun_rd_oldest_done(const struct eun_rd *rd, u32 head)
{
	const struct eun_rd_req *r = eun_rd_at(rd, 0);

	return r && eun_psn_after(head, r->last_psn);
}

/**
 * eun_rd_retire() - the oldest READ completed: forget it
 * @rd: the tracker, with a READ out
 */
void eun_rd_retire(struct eun_rd *rd)
{
	if (!rd->count)
		return;
	if (rd->asked &&
	    !eun_psn_before(rd->req[rd->oldest].last_psn, rd->rereq_last))
		rd->asked = false;
	rd->unplaced -= min(rd->unplaced, rd->req[rd->oldest].unplaced);
	rd->oldest = eun_rd_slot(rd, 1);
	rd->count--;
	if (rd->count)
		rd->first_psn = rd->req[rd->oldest].first_psn;
	else
		rd->armed = false;
}

/**
 * eun_rd_rerequested() - a re-request went
 * @rd: the tracker
 * @first: its first PSN, missing now
 * @now: current time (ns)
 *
 * Its answer comes after the responses of the READs out now: the next
 * one waits longer unless its answer, or a later READ's response, comes
 * first. A run of EUN_RD_REO_DECAY re-requests halves the window and the
 * longest pause; one that follows an unanswered one does not count (each
 * of those must wait twice as long as the one before).
 */
void eun_rd_rerequested(struct eun_rd *rd, u32 first, u64 now)
{
	bool blind = rd->unanswered;

	eun_rd_proof_add(rd, first);
	rd->rereq_out = true;
	rd->rereq_first = first;
	rd->rereq_last = rd->last_psn;
	rd->rereq_max = rd->seen ? rd->max_psn : rd->first_psn;
	rd->asked = true;
	rd->awaiting = true;
	rd->answering = false;
	rd->armed = false;
	rd->hole_seen = false;
	if (rd->unanswered < U8_MAX)
		rd->unanswered++;
	rd->quiet_from_ns = now;
	if (blind || ++rd->calm < EUN_RD_REO_DECAY)
		return;
	rd->calm = 0;
	rd->reo_wnd_ns = max(rd->reo_wnd_ns / 2, rd->reo_min_ns);
	/*
	 * So does the longest pause: one stall of the responder's host
	 * would otherwise set every later wait for a lost tail for the
	 * QP's life. A pause that comes again counts again.
	 */
	rd->pause_ns /= 2;
}

/**
 * eun_rd_answer_due() - what the re-request that just went asked for
 * @rd: the tracker, after eun_rd_rerequested()
 * @last: the last PSN of its last range
 *
 * The holes from its first PSN to @last are then timed by its answer
 * alone (see eun_rd_arrival()).
 */
void eun_rd_answer_due(struct eun_rd *rd, u32 last)
{
	rd->answering = true;
	rd->answer_last = last;
	rd->answer_seen = false;
}

/**
 * eun_rd_stop() - the READs out failed: track none
 * @rd: the tracker; its reorder window, and the PSN that may prove its
 *	latest re-request spurious, stay for the next READ
 */
void eun_rd_stop(struct eun_rd *rd)
{
	rd->count = 0;
	rd->unplaced = 0;
	rd->armed = false;
	rd->asked = false;
	rd->answering = false;
}
