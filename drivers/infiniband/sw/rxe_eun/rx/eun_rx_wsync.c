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
 * - receiver (this file): the responder copies an early last packet into a slot of the
 *   device's pool (eun_wsync_pool.c) and places it the moment the cumulative
 *   expected PSN passes it. The packet is marked in the reorder bitmap and
 *   SACKed like any other, so the sender does not send it again. The pool
 *   is the bounded, counted memory this costs: a full pool drops the
 *   packet unmarked and the sender's loss detection sends it again.
 */

#include "rxe.h"
#include "eun/eun_wsync_pool.h"
#include "eun_rxe.h"
#include "eun_counters.h"
#include "eun_rx_place.h"
#include "eun_rx_wsync.h"

static bool eun_rx_wsync_holds(struct rxe_qp *qp)
{
	return eun_qp_dev(qp)->wsync_mr != NULL;
}

/**
 * eun_rx_wsync_hold() - keep an early last packet of a WRITE aside
 * @qp: the responder's QP, in its receive task
 * @psn: the packet's PSN
 * @p: parsed packet whose target was checked
 *
 * Called before the reorder bitmap takes the packet.
 *
 * Return: the slot now holding the payload (>= 0); -ENOENT when the
 * packet is to be placed at once (not the last of a WRITE, in order, no
 * payload, or the device holds nothing); -ENOSPC when the pool is full
 * (drop the packet, unmarked); -EEXIST when it is held already (a
 * duplicate).
 */
int eun_rx_wsync_hold(struct rxe_qp *qp, u32 psn, const struct eun_rx_pkt *p)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_rx *rx = &qp->eun.rx;
	const struct eun_wsync_pool_slot *s;
	unsigned long flags;
	int slot;

	if (!p->is_write || !(p->eh.flags & EUN_EXT_F_LAST) || !p->len ||
	    psn == rx->epsn || !eun_rx_wsync_holds(qp))
		return -ENOENT;

	spin_lock_irqsave(&ed->lock, flags);
	slot = eun_wsync_pool_reserve(&ed->wsync_pool, qp_num(qp),
				      (psn - p->eh.pkt_index) & EUN_PSN_MASK,
				      psn, p->va, p->len);
	s = eun_wsync_pool_get(&ed->wsync_pool, slot);
	if (s) {
		memcpy(s->data, p->data, p->len);
		rxe_get(p->mr);
		ed->wsync_mr[slot] = p->mr;
		if (!rx->wsync_held || eun_psn_before(psn, rx->wsync_first))
			rx->wsync_first = psn;
		rx->wsync_held++;
	}
	spin_unlock_irqrestore(&ed->lock, flags);

	if (slot == -ENOSPC)
		eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_WSYNC_FULL);
	return slot == -EINVAL ? -ENOENT : slot;
}

/* Give a slot back; called with the device lock held. Returns its MR. */
static struct rxe_mr *eun_rx_wsync_release(struct eun_dev *ed, int slot)
{
	struct rxe_mr *mr = ed->wsync_mr[slot];

	lockdep_assert_held(&ed->lock);
	ed->wsync_mr[slot] = NULL;
	eun_wsync_pool_release(&ed->wsync_pool, slot);
	return mr;
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
	struct rxe_mr *mr = NULL;
	unsigned long flags;

	if (slot < 0)
		return;
	spin_lock_irqsave(&ed->lock, flags);
	if (!eun_wsync_pool_cancel(&ed->wsync_pool, slot, qp_num(qp), psn)) {
		mr = ed->wsync_mr[slot];
		ed->wsync_mr[slot] = NULL;
		qp->eun.rx.wsync_held--;
	}
	spin_unlock_irqrestore(&ed->lock, flags);
	if (mr)
		rxe_put(mr);
}

/**
 * eun_rx_wsync_place_ready() - place the held last packets now in order
 * @qp: the responder's QP, in its receive task, its expected PSN just
 *	moved
 *
 * In PSN order, so that WRITEs to the same memory land as they were sent.
 *
 * Return: 0, or the error of a copy (the QP must then go to error).
 */
int eun_rx_wsync_place_ready(struct rxe_qp *qp)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_rx *rx = &qp->eun.rx;
	const struct eun_wsync_pool_slot *s;
	unsigned long flags;
	struct rxe_mr *mr;
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
			spin_unlock_irqrestore(&ed->lock, flags);
			break;
		}
		/* Copied under the lock: the slot is reused once released. */
		err = rxe_mr_copy(ed->wsync_mr[slot], s->cookie, s->data, s->len,
				  RXE_TO_MR_OBJ);
		mr = eun_rx_wsync_release(ed, slot);
		rx->wsync_held--;
		spin_unlock_irqrestore(&ed->lock, flags);
		rxe_put(mr);
	}
	return err;
}

/**
 * eun_rx_wsync_drop() - forget every last packet a QP holds
 * @qp: the QP, going to reset, error or destruction; any context
 */
void eun_rx_wsync_drop(struct rxe_qp *qp)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct rxe_mr *mr;
	unsigned long flags;
	u32 i;

	if (!eun_rx_wsync_holds(qp))
		return;
	for (i = 0; i < ed->wsync_pool.nslots; i++) {
		const struct eun_wsync_pool_slot *s;

		mr = NULL;
		spin_lock_irqsave(&ed->lock, flags);
		s = eun_wsync_pool_get(&ed->wsync_pool, i);
		if (s && s->owner == qp_num(qp))
			mr = eun_rx_wsync_release(ed, i);
		spin_unlock_irqrestore(&ed->lock, flags);
		if (mr)
			rxe_put(mr);
	}
	spin_lock_irqsave(&ed->lock, flags);
	qp->eun.rx.wsync_held = 0;
	spin_unlock_irqrestore(&ed->lock, flags);
}
