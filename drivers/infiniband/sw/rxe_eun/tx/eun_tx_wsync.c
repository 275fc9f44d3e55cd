// SPDX-License-Identifier: GPL-2.0
/*
 * write_sync=sender: the requester holds the last packet of an RDMA WRITE
 * until every PSN before it is acknowledged, so that it never lands before
 * the rest (Eunomia's method: one round trip per WRITE, nothing held at
 * the receiver). The receive side's cure is rx/eun_rx_wsync.c.
 *
 * Runs in the QP's send task.
 */

#include "rxe.h"
#include "eun_rxe.h"
#include "eun_counters.h"
#include "eun_tx_wsync.h"

/**
 * eun_tx_wsync_delay() - whether write_sync=sender holds the next packet
 * @qp: the QP, in its send task
 * @wqe: the WQE the requester's next packet comes from
 *
 * The last packet of a WRITE waits until every PSN before it is
 * acknowledged; the completer wakes the requester when that moves.
 *
 * Return: true to wait.
 */
bool eun_tx_wsync_delay(struct rxe_qp *qp, struct rxe_send_wqe *wqe)
{
	struct eun_tx *tx = &qp->eun.tx;

	if (eun_qp_dev(qp)->params.write_sync != EUN_WSYNC_SENDER ||
	    !eun_wqe_is_write(wqe) || wqe->dma.resid > qp->mtu ||
	    qp->comp.psn == qp->req.psn)
		return false;
	if (tx->wsync_psn != qp->req.psn) {
		tx->wsync_psn = qp->req.psn;
		eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_WSYNC_DELAYED);
	}
	return true;
}

/**
 * eun_tx_wsync_ack_req() - whether a packet must ask for an ACK
 * @qp: the QP
 * @wqe: its WQE
 * @psn: the packet's PSN
 * @last_psn: the WQE's last PSN
 *
 * With write_sync=sender the packet before a WRITE's last asks, or the
 * held last packet would wait for the retransmit timer.
 */
bool eun_tx_wsync_ack_req(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			  u32 psn, u32 last_psn)
{
	return eun_qp_dev(qp)->params.write_sync == EUN_WSYNC_SENDER &&
	       eun_wqe_is_write(wqe) &&
	       eun_psn_add(psn, 1) == last_psn;
}
