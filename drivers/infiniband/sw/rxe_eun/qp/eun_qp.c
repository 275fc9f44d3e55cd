// SPDX-License-Identifier: GPL-2.0
/*
 * Life of a tracking QP's ordering state: what it allocates when it is
 * created, and what it gives back on reset, error and destroy. Which QPs
 * track is decided once, by eun_qp_init() in eun_hooks.c.
 *
 * Everything a tracking QP needs is allocated here, at create time, in
 * process context: the data path never allocates host memory. The reorder
 * bitmap is the exception by design, and lives in the device's emulated
 * memory; it is opened lazily by the receive side and closed here.
 */

#include "rxe.h"
#include "rxe_queue.h"
#include "eun_rxe.h"
#include "eun_dev.h"
#include "eun_qp.h"
#include "eun_comp_read.h"
#include "eun_rx_read.h"
#include "eun_rx_srq.h"
#include "eun_rx_wsync.h"
#include "eun_tx_loss.h"
#include "eun_tx_path.h"

/* Window of messages the completion hold queue can track. */
static u32 eun_qp_hq_cap(struct rxe_qp *qp)
{
	u32 want = qp->rq.max_wr ? qp->rq.max_wr : 1;

	if (qp->srq)
		return eun_rx_srq_cap(qp);

	return min_t(u32, roundup_pow_of_two(want), EUN_HQ_MAX_CAP);
}

/*
 * Ring slots of the scoreboard: every PSN the requester may have in flight.
 * A READ's or atomic's response PSNs enter it too, and those go as far as
 * the READ bitmap reaches (eun_rd_reach()): past max_inflight by that
 * much. A READ that found no room went behind the fence, and a mix of
 * every verb on an SRQ stalled there.
 */
static u32 eun_qp_sb_cap(struct rxe_qp *qp)
{
	struct rxe_dev *rxe = eun_qp_rxe(qp);
	u32 want = eun_dev_max_inflight(rxe) +
		   max(eun_dev_max_inflight(rxe), eun_dev_track_bits(rxe));

	return clamp_t(u32, roundup_pow_of_two(want), EUN_SB_MIN_CAPACITY,
		       EUN_SB_MAX_CAPACITY);
}

/* The READ tracker's reorder window: at least read_reo_wnd_us. */
static void eun_qp_rd_init(struct rxe_dev *rxe, struct eun_rd *rd)
{
	u64 least = (u64)rxe->eun.params.read_reo_wnd_us * NSEC_PER_USEC;

	eun_rd_init(rd, eun_rd_start_wnd(least), least);
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
	eq->rx.echo_path = EUN_PATH_WIRE_NONE;
	conn = ida_alloc_max(&rxe->eun.conn_ida, EUN_DEV_MAX_CONNS - 1,
			     GFP_KERNEL);
	if (conn < 0) {
		err = conn;
		goto err_rd_conn;
	}
	eq->tx.rd_conn = conn;
	eun_qp_rd_init(rxe, &eq->tx.rd);

	err = eun_holdq_init(&eq->rx.hq, eun_qp_hq_cap(qp), 0);
	if (err)
		goto err_hq;
	err = eun_rx_srq_init(qp, eq->rx.hq.cap);
	if (err)
		goto err_srq;
	err = eun_sb_init(&eq->tx.sb, eun_qp_sb_cap(qp), 0);
	if (err)
		goto err_sb;
	eq->tx.nwqe = qp->sq.queue->index_mask + 1;
	eq->tx.wqe = kcalloc(eq->tx.nwqe, sizeof(*eq->tx.wqe), GFP_KERNEL);
	if (!eq->tx.wqe) {
		err = -ENOMEM;
		goto err_wqe;
	}
	err = eun_tx_path_ring_init(qp, eq->tx.sb.capacity);
	if (err)
		goto err_path;
	eun_rw_init(&eq->tx.rw);
	eun_bo_init(&eq->tx.bo);
	eq->tx.wsync_psn = EUN_WSYNC_NO_PSN;
	eun_tx_loss_init(qp);
	return 0;

err_path:
	kfree(eq->tx.wqe);
	eq->tx.wqe = NULL;
err_wqe:
	eun_sb_destroy(&eq->tx.sb);
err_sb:
	eun_rx_srq_destroy(qp);
err_srq:
	eun_holdq_destroy(&eq->rx.hq);
err_hq:
	ida_free(&rxe->eun.conn_ida, eq->tx.rd_conn);
err_rd_conn:
	ida_free(&rxe->eun.conn_ida, eq->rx.conn);
	return err;
}

/**
 * eun_qp_setup() - set up the ordering state of a new tracking QP
 * @rxe: the device, in a tracking mode
 * @qp: a new RC QP, with its queues created
 *
 * A QP on a shared receive queue tracks too: it takes the SRQ's WQEs for
 * its messages as they come (rx/eun_rx_srq.c).
 *
 * Return: 0, -EOPNOTSUPP for a QP that cannot track, or the error of an
 * allocation; the QP then runs go-back-N.
 */
int eun_qp_setup(struct rxe_dev *rxe, struct rxe_qp *qp)
{
	if (!qp->sq.queue || (!qp->srq && !qp->rq.queue))
		return -EOPNOTSUPP;
	return eun_qp_alloc(rxe, qp);
}

/* Give the bitmap's emulated memory back; any context. */
static void eun_qp_close_bitmap(struct rxe_qp *qp)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	unsigned long flags;

	spin_lock_irqsave(&ed->lock, flags);
	if (qp->eun.rx.open) {
		eun_bm_close(&ed->bm, qp->eun.rx.conn);
		qp->eun.rx.open = false;
	}
	spin_unlock_irqrestore(&ed->lock, flags);
}

/**
 * eun_qp_forget() - forget the ordering state of a QP moved to RESET
 * @qp: the QP; its tasks are stopped and drained
 *
 * The QP starts again as a new one: its next peer may be a new QP, so no
 * message number, held completion, in-flight record or reorder window of
 * the old connection may remain. What the first packet of each direction
 * sets up (the hold queue, the scoreboard, the bitmap) is left to it.
 */
void eun_qp_forget(struct rxe_qp *qp)
{
	struct eun_qp *eq = &qp->eun;

	eun_qp_close_bitmap(qp);
	eun_comp_read_close(qp);
	eun_rx_wsync_drop(qp);
	eun_tx_loss_stop(qp);
	eun_rx_srq_flush(qp, false);

	eq->rx.started = false;
	WRITE_ONCE(eq->rx.epsn_known, false);
	eq->rx.stock_psn = false;
	eq->rx.peer_ooo = false;
	eun_rx_read_forget(qp);
	eq->rx.ooo_degree = (struct eun_hist) {};

	eq->tx.open = false;
	eq->tx.stock_out = false;
	eq->tx.fence_wait = false;
	eq->tx.sent_ooo = false;
	eq->tx.heard = false;
	eq->tx.unheard_timeouts = 0;
	eq->tx.stock_send = false;
	eq->tx.rd_any_part = false;
	eq->tx.recv_seq = 0;
	eq->tx.write_seq = 0;
	memset(eq->tx.wqe, 0, eq->tx.nwqe * sizeof(*eq->tx.wqe));
	eun_rw_init(&eq->tx.rw);
	eun_bo_init(&eq->tx.bo);
	eq->tx.wsync_psn = EUN_WSYNC_NO_PSN;
	eun_qp_rd_init(eun_qp_rxe(qp), &eq->tx.rd);
}

/**
 * eun_qp_release() - release what a QP in error no longer needs
 * @qp: the QP, just moved to the error state; called with rxe's
 *	qp->state_lock held, interrupts off
 *
 * An erred QP places nothing more: its bitmap memory and held last
 * packets go back to the device at once, not when the application gets
 * round to destroying it.
 */
void eun_qp_release(struct rxe_qp *qp)
{
	lockdep_assert_held(&qp->state_lock);
	eun_qp_close_bitmap(qp);
	eun_comp_read_close(qp);
	eun_rx_wsync_drop(qp);
}

/**
 * eun_qp_teardown() - free a QP's ordering state
 * @qp: the QP being destroyed; its tasks and timers are stopped
 */
void eun_qp_teardown(struct rxe_qp *qp)
{
	struct rxe_dev *rxe = eun_qp_rxe(qp);
	struct eun_qp *eq = &qp->eun;

	eun_qp_close_bitmap(qp);
	eun_comp_read_close(qp);
	eun_rx_read_forget(qp);
	eun_rx_wsync_drop(qp);
	eun_tx_loss_stop(qp);
	kfree(eq->tx.wqe);
	eq->tx.wqe = NULL;
	eun_sb_destroy(&eq->tx.sb);
	eun_rx_srq_destroy(qp);
	eun_holdq_destroy(&eq->rx.hq);
	ida_free(&rxe->eun.conn_ida, eq->tx.rd_conn);
	ida_free(&rxe->eun.conn_ida, eq->rx.conn);
	eq->mode = EUN_QP_GO_BACK_N;
}
