// SPDX-License-Identifier: GPL-2.0
/*
 * Receive WQEs of a tracking QP on a shared receive queue.
 *
 * A QP with its own receive queue finds message n's WQE n places after
 * the oldest one: the application posted them in that order. The WQEs of
 * an SRQ are any QP's, taken in the order messages ask for them, so here
 * each message takes one the first time one of its packets is placed,
 * and keeps a copy of it until it completes, in a small table of the QP's
 * own indexed by message number (the window of the hold queue). Messages
 * that overtake each other get their WQEs in arrival order; which buffer
 * a message lands in is the application's business only through the
 * wr_id of its completion, as on any SRQ. Completions still leave in the
 * order the peer posted its messages.
 *
 * Everything here runs in the QP's receive task, which alone places and
 * completes its messages; only the SRQ's consumer index is shared, under
 * the SRQ's lock as rxe's responder takes it. The table is allocated when
 * the QP is created, like every other piece of ordering state.
 */

#include "rxe.h"
#include "rxe_queue.h"
#include "eun/eun_holdq.h"
#include "eun_rxe.h"
#include "eun_rx_srq.h"

/* The largest window kept: each entry holds a WQE with its SGEs. */
#define EUN_RX_SRQ_MAX_CAP	64

static struct rxe_recv_wqe *eun_rx_srq_entry(struct eun_rx_srq *t, u32 seq)
{
	return (void *)((u8 *)t->wqe + (size_t)(seq & (t->cap - 1)) * t->stride);
}

/**
 * eun_rx_srq_cap() - the hold queue's window for a QP on an SRQ
 * @qp: a QP with an SRQ
 *
 * Return: a power of two, no more than the SRQ's WQEs and
 * %EUN_RX_SRQ_MAX_CAP.
 */
u32 eun_rx_srq_cap(struct rxe_qp *qp)
{
	u32 want = qp->srq->rq.max_wr > 0 ? qp->srq->rq.max_wr : 1;

	return min_t(u32, rounddown_pow_of_two(want), EUN_RX_SRQ_MAX_CAP);
}

/**
 * eun_rx_srq_init() - allocate the WQE table of a QP on an SRQ
 * @qp: a new tracking QP
 * @cap: its hold queue's window (eun_rx_srq_cap())
 *
 * Return: 0 (nothing to do for a QP with its own receive queue), or
 * -ENOMEM.
 */
int eun_rx_srq_init(struct rxe_qp *qp, u32 cap)
{
	struct eun_rx_srq *t = &qp->eun.rx.srq;

	if (!qp->srq)
		return 0;
	t->stride = sizeof(struct rxe_recv_wqe) +
		    qp->srq->rq.max_sge * sizeof(struct rxe_sge);
	t->wqe = kvcalloc(cap, t->stride, GFP_KERNEL);
	t->taken = bitmap_zalloc(cap, GFP_KERNEL);
	if (!t->wqe || !t->taken) {
		eun_rx_srq_destroy(qp);
		return -ENOMEM;
	}
	t->cap = cap;
	t->ntaken = 0;
	return 0;
}

/**
 * eun_rx_srq_destroy() - free the WQE table
 * @qp: the QP; its WQEs were completed or flushed
 */
void eun_rx_srq_destroy(struct rxe_qp *qp)
{
	struct eun_rx_srq *t = &qp->eun.rx.srq;

	kvfree(t->wqe);
	bitmap_free(t->taken);
	*t = (struct eun_rx_srq) {};
}

/* Tell the SRQ's owner it ran below its limit, as rxe's responder does. */
static void eun_rx_srq_limit_event(struct rxe_srq *srq)
{
	struct ib_event ev = {
		.device = srq->ibsrq.device,
		.element.srq = &srq->ibsrq,
		.event = IB_EVENT_SRQ_LIMIT_REACHED,
	};

	srq->ibsrq.event_handler(&ev, srq->ibsrq.srq_context);
}

/*
 * Copy the SRQ's oldest WQE into @to and consume it. The SGE count lives
 * in memory the application writes: it is read once, the copy stops at
 * the SRQ's max_sge, and a larger count is kept for the target check to
 * refuse.
 */
static bool eun_rx_srq_pop(struct rxe_srq *srq, struct rxe_recv_wqe *to)
{
	struct rxe_queue *q = srq->rq.queue;
	struct rxe_recv_wqe *wqe;
	unsigned long flags;
	bool event = false;
	u32 num_sge;

	if (srq->error)
		return false;
	spin_lock_irqsave(&srq->rq.consumer_lock, flags);
	wqe = queue_head(q, QUEUE_TYPE_FROM_CLIENT);
	if (!wqe) {
		spin_unlock_irqrestore(&srq->rq.consumer_lock, flags);
		return false;
	}
	num_sge = READ_ONCE(wqe->dma.num_sge);
	memcpy(to, wqe, sizeof(*to) + min_t(u32, num_sge, srq->rq.max_sge) *
	       sizeof(struct rxe_sge));
	to->dma.num_sge = num_sge;
	queue_advance_consumer(q, QUEUE_TYPE_FROM_CLIENT);
	if (srq->limit && srq->ibsrq.event_handler &&
	    queue_count(q, QUEUE_TYPE_FROM_CLIENT) < srq->limit) {
		srq->limit = 0;
		event = true;
	}
	spin_unlock_irqrestore(&srq->rq.consumer_lock, flags);
	if (event)
		eun_rx_srq_limit_event(srq);
	return true;
}

/**
 * eun_rx_srq_wqe() - the receive WQE message @seq completes into
 * @qp: a tracking QP on an SRQ, in its receive task
 * @seq: the message's number, within the hold queue's window
 *
 * Takes a WQE from the SRQ the first time the message asks.
 *
 * Return: the QP's copy of the WQE, or NULL when the SRQ has none (an
 * RNR, as in rxe).
 */
struct rxe_recv_wqe *eun_rx_srq_wqe(struct rxe_qp *qp, u32 seq)
{
	struct eun_rx_srq *t = &qp->eun.rx.srq;
	struct rxe_recv_wqe *wqe = eun_rx_srq_entry(t, seq);
	u32 i = seq & (t->cap - 1);

	if (test_bit(i, t->taken))
		return wqe;
	if (!eun_rx_srq_pop(qp->srq, wqe))
		return NULL;
	__set_bit(i, t->taken);
	t->ntaken++;
	return wqe;
}

/**
 * eun_rx_srq_head() - the WQE taken for message @seq
 * @qp: a tracking QP on an SRQ, in its receive task
 * @seq: the hold queue's head message
 *
 * Return: the WQE, or NULL when none was taken (cannot happen for a
 * message whose packets were placed).
 */
struct rxe_recv_wqe *eun_rx_srq_head(struct rxe_qp *qp, u32 seq)
{
	struct eun_rx_srq *t = &qp->eun.rx.srq;

	if (!t->cap || !test_bit(seq & (t->cap - 1), t->taken))
		return NULL;
	return eun_rx_srq_entry(t, seq);
}

/**
 * eun_rx_srq_done() - message @seq completed: its entry is free again
 * @qp: a tracking QP on an SRQ, in its receive task
 * @seq: the message
 */
void eun_rx_srq_done(struct rxe_qp *qp, u32 seq)
{
	struct eun_rx_srq *t = &qp->eun.rx.srq;

	if (t->cap && __test_and_clear_bit(seq & (t->cap - 1), t->taken))
		t->ntaken--;
}

/* A flush completion for a WQE the QP took and will never fill. */
static int eun_rx_srq_flush_one(struct rxe_qp *qp,
				const struct rxe_recv_wqe *wqe)
{
	struct rxe_cqe cqe = {};

	if (qp->rcq->is_user) {
		cqe.uibwc.wr_id = wqe->wr_id;
		cqe.uibwc.status = IB_WC_WR_FLUSH_ERR;
		cqe.uibwc.qp_num = qp_num(qp);
	} else {
		cqe.ibwc.wr_id = wqe->wr_id;
		cqe.ibwc.status = IB_WC_WR_FLUSH_ERR;
		cqe.ibwc.qp = &qp->ibqp;
	}
	return rxe_cq_post(qp->rcq, &cqe, 0);
}

/**
 * eun_rx_srq_flush() - give up the WQEs taken for messages never completed
 * @qp: a QP on an SRQ, in its receive task, in error or being reset
 * @notify: complete each with a flush error (the QP is in error), as a
 *	WQE the QP took is the QP's to flush; else drop them (reset,
 *	destroy), as rxe drops the one WQE it may have taken
 */
void eun_rx_srq_flush(struct rxe_qp *qp, bool notify)
{
	struct eun_rx_srq *t = &qp->eun.rx.srq;
	u32 seq = eun_holdq_head_seq(&qp->eun.rx.hq);
	u32 n;

	/* In message order, from the oldest not completed. */
	for (n = 0; n < t->cap && t->ntaken; n++, seq++) {
		if (!test_bit(seq & (t->cap - 1), t->taken))
			continue;
		if (notify && eun_rx_srq_flush_one(qp, eun_rx_srq_entry(t, seq)))
			notify = false;
		eun_rx_srq_done(qp, seq);
	}
}
