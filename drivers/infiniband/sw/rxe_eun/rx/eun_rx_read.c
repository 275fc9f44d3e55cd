// SPDX-License-Identifier: GPL-2.0
/*
 * READ and atomic requests at a tracking QP's responder, in any order.
 *
 * A requester sends READs and atomics back to back (comp/eun_comp_read.c)
 * with nothing else between them, but maybe behind WRITE and SEND
 * packets still out: such a request says so (EUN_BTH_AFTER_OOO) and is
 * held until they are all in, then executed in order. READs have no
 * order among themselves to keep: one without the mark that comes ahead
 * of the expected PSN is executed at once by rxe, and its PSN range
 * remembered. The expected PSN skips such
 * ranges once it reaches them, and a copy of such a READ (a re-request)
 * is replayed by rxe from its READ resource like any duplicate. An atomic
 * that comes ahead is held (its skb, without the QP and device references
 * a queued packet takes) until the request before it is handed to rxe;
 * then it is queued right behind that one, so that rxe executes atomics
 * once each and in PSN order. While atomics are held behind a request
 * that has not come, nothing goes back that would show its loss: a
 * sequence NAK at its PSN, once, does. A request at the expected PSN, or
 * older, goes to rxe as every stock-format request does. A new READ
 * request also says whether its requester takes the responses in any
 * order, so that they may be sprayed (tx/eun_tx_path.c); a copy names
 * responses that went missing, which charges the paths they took. A copy
 * may ask for any part of its READ: rxe keeps the READ's start for a
 * tracking QP, and the responses say so.
 *
 * Runs in the QP's receive task only, but eun_rx_read_forget() (the QP
 * reset or destroyed, its tasks stopped).
 */

#include "rxe.h"
#include "eun/eun_rx_order.h"
#include "eun/eun_wire.h"
#include "eun_rxe.h"
#include "eun_counters.h"
#include "eun_opcode.h"
#include "eun_rx_ack.h"
#include "eun_rx_read.h"
#include "eun_tx_path.h"

/* Executed once each and in PSN order: held when they come ahead. */
static bool eun_rx_read_is_atomic(u8 opcode)
{
	return opcode == IB_OPCODE_RC_COMPARE_SWAP ||
	       opcode == IB_OPCODE_RC_FETCH_ADD ||
	       opcode == IB_OPCODE_RC_ATOMIC_WRITE;
}

/**
 * eun_rx_read_is_request() - whether a stock-format request is a READ or
 *	an atomic, which may come in any order
 * @opcode: BTH opcode
 *
 * Return: true for RDMA_READ_REQUEST, COMPARE_SWAP, FETCH_ADD and
 * ATOMIC_WRITE.
 */
bool eun_rx_read_is_request(u8 opcode)
{
	return opcode == IB_OPCODE_RC_RDMA_READ_REQUEST ||
	       eun_rx_read_is_atomic(opcode);
}

/**
 * eun_rx_read_npkts() - PSNs a READ or atomic request takes
 * @qp: the QP
 * @pkt: the request
 *
 * Return: its READ's response packets, 1 for an atomic.
 */
u32 eun_rx_read_npkts(struct rxe_qp *qp, struct rxe_pkt_info *pkt)
{
	if (pkt->opcode != IB_OPCODE_RC_RDMA_READ_REQUEST)
		return 1;
	return max_t(u32, 1, DIV_ROUND_UP(reth_len(pkt), qp->mtu));
}

/*
 * Queue @skb right behind the request at the head of the QP's request
 * queue, which the responder is on and leaves there until it is done.
 */
static void eun_rx_read_queue_second(struct rxe_qp *qp, struct sk_buff *skb)
{
	struct sk_buff *head;
	unsigned long flags;

	spin_lock_irqsave(&qp->req_pkts.lock, flags);
	head = skb_peek(&qp->req_pkts);
	if (head)
		__skb_queue_after(&qp->req_pkts, head, skb);
	else
		__skb_queue_head(&qp->req_pkts, skb);
	spin_unlock_irqrestore(&qp->req_pkts.lock, flags);
}

/*
 * The request at the head of the queue goes to rxe now; the held atomic
 * that comes right after it, if any, is queued behind it with the
 * references of a received packet.
 */
static void eun_rx_read_release(struct rxe_qp *qp, u32 next)
{
	struct eun_rx *rx = &qp->eun.rx;
	int slot = eun_ro_held_find(&rx->order, next);
	struct sk_buff *skb;

	if (slot < 0)
		return;
	skb = rx->rd_held[slot];
	rx->rd_held[slot] = NULL;
	eun_ro_unhold(&rx->order, slot);
	if (!ib_device_try_get(qp->ibqp.device)) {
		kfree_skb(skb);
		return;
	}
	rxe_get(qp);
	eun_rx_read_queue_second(qp, skb);
}

/*
 * An atomic was held behind request @next, which has not come: nothing
 * goes back to the requester until it does, so a lost request would wait
 * for its timer. A sequence NAK, once per missing request, tells it.
 * Only a hold sends one, not the execution of the requests up to a later
 * gap: the request missing there has most often come and waits in the
 * queue, and if it is lost, the atomics the requester sends once the
 * earlier ones complete are held behind it and send the NAK.
 */
static void eun_rx_read_gap(struct rxe_qp *qp, u32 next)
{
	struct eun_rx *rx = &qp->eun.rx;

	if (rx->rd_gap_sent && rx->rd_gap_psn == next)
		return;
	rx->rd_gap_sent = true;
	rx->rd_gap_psn = next;
	if (!eun_rx_ack_seq_nak(qp, next))
		eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_READ_GAP_SENT);
}

/*
 * An atomic ahead of the expected PSN, or a request sent behind WRITE and
 * SEND packets (EUN_BTH_AFTER_OOO), waits for its turn. Only READs and
 * atomics can be missing before a request without the mark: a sequence
 * NAK tells of them. WRITE and SEND packets missing are told by the
 * EUN_ACKs, and a NAK at one of their PSNs would send a stock requester
 * back there.
 */
static enum eun_psn_verdict eun_rx_read_hold(struct rxe_qp *qp,
					     struct rxe_pkt_info *pkt,
					     bool after_ooo)
{
	struct eun_rx *rx = &qp->eun.rx;
	int slot = eun_ro_hold(&rx->order, pkt->psn);

	if (slot == -EEXIST) {
		eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_PSN_DUPLICATE);
		return EUN_PSN_CONSUMED;
	}
	if (slot < 0) {
		eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_PSN_DROP);
		return EUN_PSN_CONSUMED;
	}
	rx->rd_held[slot] = skb_get(PKT_TO_SKB(pkt));
	eun_counter_inc(eun_qp_rxe(qp),
			eun_rx_read_is_atomic(pkt->opcode) ?
			EUN_CNT_ATOMIC_HELD : EUN_CNT_READ_HELD);
	if (!after_ooo)
		eun_rx_read_gap(qp, eun_ro_past(&rx->order, rx->epsn));
	return EUN_PSN_CONSUMED;
}

/*
 * A copy of a READ the responder executed asks again for its responses
 * from the first to the last the requester found missing: the paths
 * those two took lost them, or held them back too long (with spray=mprdma
 * or adaptive, the responses' paths learn so: tx/eun_tx_path.c).
 */
static void eun_rx_read_rerequested(struct rxe_qp *qp,
				    struct rxe_pkt_info *pkt, u32 npkts)
{
	if (pkt->opcode != IB_OPCODE_RC_RDMA_READ_REQUEST)
		return;
	eun_tx_path_response_lost(qp, pkt->psn);
	if (npkts > 1)
		eun_tx_path_response_lost(qp, eun_psn_add(pkt->psn, npkts - 1));
}

/*
 * A copy of a request rxe executed is answered from its resource, which
 * rxe finds by PSN; without one, rxe drops the copy and says nothing.
 * Counted, since its requester then waits until it gives up: a later
 * request took the resource (a requester with more requests out than
 * this responder has resources).
 */
static void eun_rx_read_check_replay(struct rxe_qp *qp, u32 psn)
{
	u32 i;

	for (i = 0; i < qp->attr.max_dest_rd_atomic; i++) {
		const struct resp_res *res = &qp->resp.resources[i];

		if (res->type && !eun_psn_before(psn, res->first_psn) &&
		    !eun_psn_after(psn, res->last_psn))
			return;
	}
	eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_READ_REPLAY_GONE);
}

/**
 * eun_rx_read_request() - a READ or atomic request reached a tracking
 *	QP's responder
 * @qp: the QP, in its receive task, its bitmap open at rx->epsn
 * @pkt: the request, at the head of the QP's request queue
 *
 * Return: EUN_PSN_STOCK with rxe's cursor set so that rxe executes the
 * request (at the expected PSN, or a READ ahead of it) or replays it (a
 * copy); EUN_PSN_CONSUMED for an atomic held, or one dropped and counted
 * (too many ahead).
 */
enum eun_psn_verdict eun_rx_read_request(struct rxe_qp *qp,
					 struct rxe_pkt_info *pkt)
{
	struct eun_rx *rx = &qp->eun.rx;
	s32 ahead = eun_psn_diff(rx->epsn, pkt->psn);
	u32 npkts = eun_rx_read_npkts(qp, pkt);
	u32 next = eun_psn_add(pkt->psn, npkts);
	int slot;

	/* A new READ says how its requester takes responses; a copy not. */
	if (ahead >= 0 && pkt->opcode == IB_OPCODE_RC_RDMA_READ_REQUEST)
		rx->resp_any_order = eun_wire_any_order(pkt->hdr);
	if (ahead <= 0) {
		qp->resp.psn = rx->epsn;
		rx->stock_psn = !ahead;
		if (!ahead) {
			eun_rx_read_release(qp, eun_ro_past(&rx->order, next));
		} else {
			eun_rx_read_rerequested(qp, pkt, npkts);
			eun_rx_read_check_replay(qp, pkt->psn);
		}
		return EUN_PSN_STOCK;
	}
	if (eun_wire_after_ooo(pkt->hdr))
		return eun_rx_read_hold(qp, pkt, true);
	if (eun_rx_read_is_atomic(pkt->opcode))
		return eun_rx_read_hold(qp, pkt, false);
	slot = eun_ro_ahead_find(&rx->order, pkt->psn);
	if (slot >= 0) {
		/* A copy: rxe replays it from its READ resource. */
		eun_rx_read_rerequested(qp, pkt, npkts);
		eun_rx_read_check_replay(qp, pkt->psn);
		qp->resp.psn = eun_psn_add(rx->order.ahead_first[slot],
					   rx->order.ahead_npkts[slot]);
		return EUN_PSN_STOCK;
	}
	if (eun_ro_ahead_add(&rx->order, pkt->psn, npkts) < 0) {
		eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_PSN_DROP);
		return EUN_PSN_CONSUMED;
	}
	qp->resp.psn = pkt->psn;
	eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_READ_AHEAD);
	return EUN_PSN_STOCK;
}

/**
 * eun_rx_read_res() - the READ or atomic resource a new request takes
 * @qp: the tracking QP, in its receive task
 * @pkt: the request rxe is about to execute
 *
 * Not rxe's next in turn: the one eun_ro_res_pick() says, since this
 * responder executes READs out of order.
 *
 * Return: the resource, or NULL to leave the choice to rxe (a QP with
 * more resources than the book knows, which no requester can fill).
 */
struct resp_res *eun_rx_read_res(struct rxe_qp *qp, struct rxe_pkt_info *pkt)
{
	u32 n = qp->attr.max_dest_rd_atomic;
	DECLARE_BITMAP(used, EUN_RO_SLOTS);
	u32 first[EUN_RO_SLOTS];
	u32 i;

	if (!n || n > EUN_RO_SLOTS)
		return NULL;
	bitmap_zero(used, EUN_RO_SLOTS);
	for (i = 0; i < n; i++) {
		first[i] = qp->resp.resources[i].first_psn;
		if (qp->resp.resources[i].type)
			__set_bit(i, used);
	}
	return &qp->resp.resources[eun_ro_res_pick(first, used, n, pkt->psn)];
}

/**
 * eun_rx_read_reached() - the expected PSN moved: a request held for it
 *	goes to rxe next
 * @qp: the QP, in its receive task, the packet that moved it at the head
 *	of the request queue
 */
void eun_rx_read_reached(struct rxe_qp *qp)
{
	struct eun_rx *rx = &qp->eun.rx;

	/* Every packet placed in order comes here: most hold nothing. */
	if (!eun_ro_count_held(&rx->order))
		return;
	eun_rx_read_release(qp, eun_ro_past(&rx->order, rx->epsn));
}

/**
 * eun_rx_read_queue_early() - queue a copy of a READ request the
 *	responder executed right behind the request it is on
 * @qp: the tracking QP, in rxe's receive path (not its task)
 * @skb: a request packet for the QP's request queue
 *
 * A copy of an executed READ is a re-request: the requester waits for
 * the responses it asks for, and completes nothing after them until they
 * come, while the READ requests queued behind it would stream first.
 * Replays have no order to keep with new requests (rxe replays from the
 * READ's resource and leaves its cursor alone), so the copy goes second,
 * behind the request the responder is on, which stays at the head until
 * it is done. A PSN before the expected one is a request that was taken:
 * the expected PSN only moves forward, and only in the receive task.
 * Until the receive task has set it for the connection nothing was
 * taken: a new QP's first requests, racing in before it runs, compared
 * with a stale 0 and half of the PSN space came before it, so that each
 * went second and the third overtook the second.
 *
 * Return: true when @skb was queued, false to queue it at the tail.
 */
bool eun_rx_read_queue_early(struct rxe_qp *qp, struct sk_buff *skb)
{
	struct rxe_pkt_info *pkt = SKB_TO_PKT(skb);
	struct eun_rx *rx = &qp->eun.rx;
	bool known;

	if (pkt->opcode != IB_OPCODE_RC_RDMA_READ_REQUEST)
		return false;
	/* Paired with eun_rx_open_at(): @epsn is set before the flag. */
	known = smp_load_acquire(&rx->epsn_known);
	if (!known || !eun_psn_before(pkt->psn, READ_ONCE(rx->epsn)))
		return false;
	eun_rx_read_queue_second(qp, skb);
	eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_READ_REPLAY_EARLY);
	return true;
}

/**
 * eun_rx_read_skip() - the expected PSN past the READs executed ahead
 * @qp: the QP, in its receive task
 * @psn: the expected PSN rxe's cursor gives
 *
 * Return: @psn moved past every READ executed ahead that starts there,
 * one after the other; those READs are forgotten.
 */
u32 eun_rx_read_skip(struct rxe_qp *qp, u32 psn)
{
	return eun_ro_skip(&qp->eun.rx.order, psn);
}

/**
 * eun_rx_read_mark() - mark a READ response that may be asked for in part
 * @qp: the QP, in its responder task
 * @opcode: the response's opcode
 * @bth: its BTH
 *
 * A tracking QP replays any part of a READ (eun_resp_read_any_part()):
 * its READ responses to a requester that places them in any order say so
 * (EUN_BTH_ANY_PART), so that it asks for each run of missing packets
 * alone. Other requesters never read the bit.
 */
void eun_rx_read_mark(struct rxe_qp *qp, u8 opcode, u8 *bth)
{
	if (eun_qp_tracks(qp) && qp->eun.rx.resp_any_order &&
	    eun_op_is_read_response(opcode))
		eun_wire_set_any_part(bth);
}

/**
 * eun_rx_read_forget() - forget the READs executed ahead, free the
 *	atomics held
 * @qp: the QP, reset or destroyed, its tasks stopped
 */
void eun_rx_read_forget(struct rxe_qp *qp)
{
	struct eun_rx *rx = &qp->eun.rx;
	u32 slot;

	for (slot = 0; slot < EUN_RO_SLOTS; slot++) {
		kfree_skb(rx->rd_held[slot]);
		rx->rd_held[slot] = NULL;
	}
	eun_ro_init(&rx->order);
	rx->rd_gap_sent = false;
	rx->resp_any_order = false;
}
