// SPDX-License-Identifier: GPL-2.0
/*
 * write_sync, receive side: the last packet of an RDMA WRITE never lands
 * before the rest of the WRITE.
 *
 * Applications that poll the last byte of a buffer to learn that a WRITE
 * arrived rely on in-order placement, which placing packets as they come
 * breaks. Two cures (write_sync= of the device):
 *
 * - sender (tx/eun_tx_wsync.c): the requester holds a WRITE's last packet
 *   until every PSN before it is acknowledged (Eunomia's method: one
 *   round trip per WRITE, nothing held at the receiver);
 * - receiver (this file): the responder copies an early last packet into a
 *   slot of the device's pool (eun_wsync_pool.c) and places it the moment
 *   the cumulative expected PSN passes it. The packet is marked in the
 *   reorder bitmap and SACKed like any other, so the sender does not send
 *   it again. The pool is the bounded, counted memory this costs: a full
 *   pool drops the packet unmarked and NACKs it for want of room, so that
 *   the sender waits a little and sends it again.
 *
 * The peer decides how long a packet stays held: one that never sends the
 * packets before it keeps it for good. So nothing held may pin anything
 * but its slot, and slots are bounded too:
 *
 * - No reference on the target MR is kept. The packet keeps the rkey and
 *   address its WRITE named, and placing it resolves and checks them again,
 *   as if it arrived then: an MR deregistered or invalidated meanwhile is
 *   not written, and deregistration never waits for a held packet.
 * - A QP holds at most a share of the pool (EUN_WSYNC_POOL_SHARE); a
 *   packet beyond it is refused like one that finds the pool full.
 * - A packet held longer than wsync_hold_ms, plus two of its QP's ACK
 *   timeouts (the sender's timer may be what fills the hole), is given
 *   back when the device next holds a packet, for any QP. It was SACKed,
 *   so the sender will not send it again: its QP goes to error (a hole
 *   unfilled that long means a peer that is gone or misbehaves).
 */

#include "rxe.h"
#include "eun/eun_wsync_pool.h"
#include "eun_rxe.h"
#include "eun_counters.h"
#include "eun_rx_place.h"
#include "eun_rx_wsync.h"

static bool eun_rx_wsync_holds(struct rxe_qp *qp)
{
	return eun_qp_dev(qp)->wsync_rkey != NULL;
}

static u64 eun_rx_wsync_max_age(const struct eun_dev *ed)
{
	return (u64)ed->params.wsync_hold_ms * NSEC_PER_MSEC;
}

/*
 * A hole the sender's retransmit timer is yet to fill is no sign of a peer
 * gone: a packet stays held two of the QP's ACK timeouts longer than
 * wsync_hold_ms, so that a loss only the timer recovers does not put the
 * QP in error. Still bounded: a QP without a timeout gets none.
 */
static u64 eun_rx_wsync_grace(struct rxe_qp *qp)
{
	return 2 * jiffies_to_nsecs(qp->qp_timeout_jiffies);
}

/*
 * The QP numbered @qpn, with a reference, so that it cannot go (and its
 * number be reused) before it is put in error; NULL once it is being
 * destroyed, which drops its packets anyway.
 */
static struct rxe_qp *eun_rx_wsync_owner(struct rxe_dev *rxe, u32 qpn)
{
	struct rxe_qp *qp = rxe_pool_get_index(&rxe->qp_pool, qpn);

	if (qp && (qp_num(qp) != qpn || !eun_qp_tracks(qp))) {
		rxe_put(qp);
		qp = NULL;
	}
	return qp;
}

/*
 * Give back every packet of the device held longer than wsync_hold_ms, and
 * put the QPs that held them in error. @qp's own may be among them.
 */
static void eun_rx_wsync_expire(struct rxe_qp *qp, u64 now)
{
	struct rxe_dev *rxe = eun_qp_rxe(qp);
	struct eun_dev *ed = &rxe->eun;
	u64 max_age = eun_rx_wsync_max_age(ed);
	const struct eun_wsync_pool_slot *s;
	struct rxe_qp *owner_qp;
	unsigned long flags;
	u32 n, owner = 0;
	int slot, err;

	/* Each turn gives a slot back or stops: at most every slot. */
	for (n = 0; n < ed->wsync_pool.nslots; n++) {
		spin_lock_irqsave(&ed->lock, flags);
		slot = eun_wsync_pool_expired(&ed->wsync_pool, now, max_age);
		s = eun_wsync_pool_get(&ed->wsync_pool, slot);
		if (s)
			owner = s->owner;
		spin_unlock_irqrestore(&ed->lock, flags);
		if (!s)
			return;

		/* Not under the device lock: rxe_qp_error() takes it. */
		owner_qp = eun_rx_wsync_owner(rxe, owner);
		spin_lock_irqsave(&ed->lock, flags);
		err = eun_wsync_pool_expire(&ed->wsync_pool, slot, owner, now,
					    max_age);
		if (!err && owner_qp && owner_qp->eun.rx.wsync_held)
			owner_qp->eun.rx.wsync_held--;
		spin_unlock_irqrestore(&ed->lock, flags);

		if (!err) {
			eun_counter_inc(rxe, EUN_CNT_WSYNC_EXPIRED);
			if (owner_qp)
				rxe_qp_error(owner_qp);
		}
		if (owner_qp)
			rxe_put(owner_qp);
	}
}

/**
 * eun_rx_wsync_hold() - keep an early last packet of a WRITE aside
 * @qp: the responder's QP, in its receive task
 * @pkt: the packet
 * @p: parsed packet whose target was checked
 *
 * Called before the reorder bitmap takes the packet. Gives back first
 * the device's packets held too long (eun_rx_wsync_expire()).
 *
 * Return: the slot now holding the payload (>= 0); -ENOENT when the
 * packet is to be placed at once (not the last of a WRITE, in order, no
 * payload, or the device holds nothing); -ENOSPC when the pool is full
 * or the QP holds its share of it (drop the packet, unmarked, and NACK
 * it for want of room); -ESHUTDOWN when a packet of the QP was held too
 * long and the QP is in error now (drop it); -EEXIST when it is held
 * already (a duplicate).
 */
int eun_rx_wsync_hold(struct rxe_qp *qp, struct rxe_pkt_info *pkt,
		      const struct eun_rx_pkt *p)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_rx *rx = &qp->eun.rx;
	const struct eun_wsync_pool_slot *s;
	u32 psn = pkt->psn;
	unsigned long flags;
	u64 now;
	int slot;

	if (!p->is_write || !(p->eh.flags & EUN_EXT_F_LAST) || !p->len ||
	    psn == rx->epsn || !eun_rx_wsync_holds(qp))
		return -ENOENT;

	now = ktime_get_ns();
	eun_rx_wsync_expire(qp, now);
	if (qp_state(qp) == IB_QPS_ERR)
		return -ESHUTDOWN;

	spin_lock_irqsave(&ed->lock, flags);
	/*
	 * The address as the RETH gave it (before a zero-based MW added its
	 * base), to be resolved again with the rkey at placement.
	 */
	slot = eun_wsync_pool_reserve(&ed->wsync_pool, qp_num(qp),
				      (psn - p->eh.pkt_index) & EUN_PSN_MASK,
				      psn, reth_va(pkt) + p->eh.offset, p->len,
				      now);
	s = eun_wsync_pool_get(&ed->wsync_pool, slot);
	if (s) {
		eun_wsync_pool_grace(&ed->wsync_pool, slot,
				     eun_rx_wsync_grace(qp));
		memcpy(s->data, p->data, p->len);
		ed->wsync_rkey[slot] = reth_rkey(pkt);
		if (!rx->wsync_held || eun_psn_before(psn, rx->wsync_first))
			rx->wsync_first = psn;
		rx->wsync_held++;
	}
	spin_unlock_irqrestore(&ed->lock, flags);

	switch (slot) {
	case -ENOSPC:
		eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_WSYNC_FULL);
		break;
	case -EDQUOT:
		eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_WSYNC_SHARE);
		slot = -ENOSPC;
		break;
	case -EINVAL:
		slot = -ENOENT;
		break;
	}
	return slot;
}

/**
 * eun_rx_wsync_cancel() - the bitmap refused a packet that was held
 * @qp: the responder's QP
 * @slot: what eun_rx_wsync_hold() returned for it
 * @psn: the packet's PSN
 *
 * QP error may have dropped the slot since, and another QP taken it: only
 * the slot that still holds this packet is given back.
 */
void eun_rx_wsync_cancel(struct rxe_qp *qp, int slot, u32 psn)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	unsigned long flags;

	if (slot < 0)
		return;
	spin_lock_irqsave(&ed->lock, flags);
	if (!eun_wsync_pool_cancel(&ed->wsync_pool, slot, qp_num(qp), psn))
		qp->eun.rx.wsync_held--;
	spin_unlock_irqrestore(&ed->lock, flags);
}

/*
 * Write a held packet where its WRITE said, resolving and checking the
 * target again as on arrival: the MR may have been deregistered or
 * invalidated, its rkey moved to another registration, or the QP's access
 * rights changed since. Called with the device lock held.
 */
static int eun_rx_wsync_write(struct rxe_qp *qp, u32 rkey,
			      const struct eun_wsync_pool_slot *s)
{
	u64 va = s->cookie;
	struct rxe_mr *mr;
	int err;

	lockdep_assert_held(&eun_qp_dev(qp)->lock);
	if (!(qp->attr.qp_access_flags & IB_ACCESS_REMOTE_WRITE))
		return -EACCES;
	mr = eun_rx_place_rkey_mr(qp, rkey, &va);
	if (!mr)
		return -EACCES;
	/* lookup_mr() checks the state; an MR reached through an MW not. */
	if (mr->state != RXE_MR_STATE_VALID ||
	    !eun_rx_place_in_mr(mr, va, s->len))
		err = -EACCES;
	else
		err = rxe_mr_copy(mr, va, s->data, s->len, RXE_TO_MR_OBJ);
	rxe_put(mr);
	return err;
}

/**
 * eun_rx_wsync_place_ready() - place the held last packets now in order
 * @qp: the responder's QP, in its receive task, its expected PSN just
 *	moved
 *
 * In PSN order, so that WRITEs to the same memory land as they were sent.
 * A packet whose target no longer allows the write is not written: the
 * expected PSN goes back to it, so that the NACK the QP sends on its way
 * to error fails its WRITE, not a later one.
 *
 * Return: 0, or the error of a placement (the QP must then go to error).
 */
int eun_rx_wsync_place_ready(struct rxe_qp *qp)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_rx *rx = &qp->eun.rx;
	const struct eun_wsync_pool_slot *s;
	unsigned long flags;
	int slot, err = 0;

	/*
	 * The common case, on every in-order packet: nothing held, or the
	 * earliest held still waits for a hole; no search of the pool.
	 */
	if (!rx->wsync_held || eun_psn_before(rx->epsn, rx->wsync_first))
		return 0;
	while (!err) {
		spin_lock_irqsave(&ed->lock, flags);
		slot = eun_wsync_pool_earliest(&ed->wsync_pool, qp_num(qp));
		s = eun_wsync_pool_get(&ed->wsync_pool, slot);
		if (!s || eun_psn_before(rx->epsn, s->last_psn)) {
			if (s)
				rx->wsync_first = s->last_psn;
			else
				rx->wsync_held = 0;
			spin_unlock_irqrestore(&ed->lock, flags);
			break;
		}
		/* Copied under the lock: the slot is reused once released. */
		err = eun_rx_wsync_write(qp, ed->wsync_rkey[slot], s);
		if (err)
			rx->epsn = s->last_psn;
		eun_wsync_pool_release(&ed->wsync_pool, slot);
		rx->wsync_held--;
		spin_unlock_irqrestore(&ed->lock, flags);
	}
	if (err)
		eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_WSYNC_STALE);
	return err;
}

/**
 * eun_rx_wsync_drop() - forget every last packet a QP holds
 * @qp: the QP, going to reset, error or destruction; any context
 */
void eun_rx_wsync_drop(struct rxe_qp *qp)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	unsigned long flags;

	if (!eun_rx_wsync_holds(qp))
		return;
	spin_lock_irqsave(&ed->lock, flags);
	eun_wsync_pool_release_owner(&ed->wsync_pool, qp_num(qp));
	qp->eun.rx.wsync_held = 0;
	spin_unlock_irqrestore(&ed->lock, flags);
}
