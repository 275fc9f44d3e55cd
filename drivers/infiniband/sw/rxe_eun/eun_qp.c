// SPDX-License-Identifier: GPL-2.0
/*
 * Life of a QP's ordering state: which mode it runs, what it allocates
 * when it is created, and what it gives back on reset, error and destroy.
 *
 * Everything a tracking QP needs is allocated here, at create time, in
 * process context: the data path never allocates host memory. The reorder
 * bitmap is the exception by design, and lives in the device's emulated
 * memory; it is opened lazily by the receive side and closed here.
 */

#include "rxe.h"
#include "rxe_queue.h"
#include "eun_qp.h"

/* Window of messages the completion hold queue can track. */
static u32 eun_qp_hq_cap(struct rxe_qp *qp)
{
	u32 want = qp->rq.max_wr ? qp->rq.max_wr : 1;

	return min_t(u32, roundup_pow_of_two(want), EUN_HQ_MAX_CAP);
}

/* Ring slots of the scoreboard: every PSN the requester may have in flight. */
static u32 eun_qp_sb_cap(struct rxe_qp *qp)
{
	u32 want = 2 * eun_dev_max_inflight(to_rdev(qp->ibqp.device));

	return clamp_t(u32, roundup_pow_of_two(want), EUN_SB_MIN_CAPACITY,
		       EUN_SB_MAX_CAPACITY);
}

static void eun_qp_rack_timer(struct timer_list *t)
{
	struct rxe_qp *qp = from_timer(qp, t, eun.tx.rack_timer);
	unsigned long flags;

	if (!rxe_get(qp))
		return;
	spin_lock_irqsave(&qp->state_lock, flags);
	if (qp->valid)
		rxe_sched_task(&qp->send_task);
	spin_unlock_irqrestore(&qp->state_lock, flags);
	rxe_put(qp);
}

static int eun_qp_alloc(struct rxe_dev *rxe, struct rxe_qp *qp)
{
	struct eun_qp *eq = &qp->eun;
	int conn;
	int err;

	conn = ida_alloc_max(&rxe->eun.conn_ida, EUN_DEV_MAX_CONNS - 1,
			     GFP_KERNEL);
	if (conn < 0)
		return conn;
	eq->rx.conn = conn;

	err = eun_holdq_init(&eq->rx.hq, eun_qp_hq_cap(qp), 0);
	if (err)
		goto err_hq;
	err = eun_sb_init(&eq->tx.sb, eun_qp_sb_cap(qp), 0);
	if (err)
		goto err_sb;
	eq->tx.nwqe = qp->sq.queue->index_mask + 1;
	eq->tx.wqe = kcalloc(eq->tx.nwqe, sizeof(*eq->tx.wqe), GFP_KERNEL);
	if (!eq->tx.wqe) {
		err = -ENOMEM;
		goto err_wqe;
	}
	eun_rw_init(&eq->tx.rw);
	timer_setup(&eq->tx.rack_timer, eun_qp_rack_timer, 0);
	return 0;

err_wqe:
	eun_sb_destroy(&eq->tx.sb);
err_sb:
	eun_holdq_destroy(&eq->rx.hq);
err_hq:
	ida_free(&rxe->eun.conn_ida, conn);
	return err;
}

/**
 * eun_qp_init() - choose a new QP's ordering mode and set up its state
 * @rxe: the device
 * @qp: the QP, with its queues created
 *
 * RC QPs of a device in a tracking mode track; a QP with a shared receive
 * queue cannot (its receive WQEs are not numbered per QP), nor can one
 * whose state could not be allocated: both run go-back-N and are counted.
 */
void eun_qp_init(struct rxe_dev *rxe, struct rxe_qp *qp)
{
	enum eun_qp_mode mode = rxe->eun.ready ? rxe->eun.params.mode :
						 EUN_QP_GO_BACK_N;

	qp->eun.mode = EUN_QP_GO_BACK_N;
	if (mode == EUN_QP_GO_BACK_N || qp_type(qp) != IB_QPT_RC)
		return;
	if (qp->srq || !qp->rq.queue || !qp->sq.queue ||
	    eun_qp_alloc(rxe, qp)) {
		eun_counter_inc(rxe, EUN_CNT_QP_FALLBACK);
		return;
	}
	qp->eun.mode = mode;
}

/* Give the bitmap's emulated memory back; any context. */
static void eun_qp_close_bitmap(struct rxe_qp *qp)
{
	struct eun_dev *ed = &to_rdev(qp->ibqp.device)->eun;
	unsigned long flags;

	spin_lock_irqsave(&ed->lock, flags);
	if (qp->eun.rx.open) {
		eun_bm_close(&ed->bm, qp->eun.rx.conn);
		qp->eun.rx.open = false;
	}
	spin_unlock_irqrestore(&ed->lock, flags);
}

/**
 * eun_qp_reset() - forget the ordering state of a QP moved to RESET
 * @qp: the QP; its tasks are stopped and drained
 */
void eun_qp_reset(struct rxe_qp *qp)
{
	if (!eun_qp_tracks(qp))
		return;
	eun_qp_close_bitmap(qp);
	timer_delete_sync(&qp->eun.tx.rack_timer);
	qp->eun.tx.open = false;
	qp->eun.tx.stock_out = false;
	qp->eun.rx.stock_psn = false;
}

/**
 * eun_qp_error() - release what a QP in error no longer needs
 * @qp: the QP, just moved to the error state
 *
 * An erred QP places nothing more: its bitmap memory goes back to the
 * device at once, not when the application gets round to destroying it.
 */
void eun_qp_error(struct rxe_qp *qp)
{
	if (eun_qp_tracks(qp))
		eun_qp_close_bitmap(qp);
}

/**
 * eun_qp_cleanup() - free a QP's ordering state
 * @qp: the QP being destroyed; its tasks and timers are stopped
 */
void eun_qp_cleanup(struct rxe_qp *qp)
{
	struct rxe_dev *rxe = to_rdev(qp->ibqp.device);
	struct eun_qp *eq = &qp->eun;

	if (!eun_qp_tracks(qp))
		return;
	eun_qp_close_bitmap(qp);
	timer_delete_sync(&eq->tx.rack_timer);
	kfree(eq->tx.wqe);
	eq->tx.wqe = NULL;
	eun_sb_destroy(&eq->tx.sb);
	eun_holdq_destroy(&eq->rx.hq);
	ida_free(&rxe->eun.conn_ida, eq->rx.conn);
	eq->mode = EUN_QP_GO_BACK_N;
}
