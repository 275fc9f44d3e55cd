// SPDX-License-Identifier: GPL-2.0
/*
 * A tracking QP whose peer does not track.
 *
 * Nothing in connection set-up tells the two sides' modes apart, so the
 * send side finds out from what comes back. A peer running stock rdma_rxe
 * drops the ooo format as an unknown opcode and never answers it; a QP of
 * this module that runs go-back-N (ooo_mode=gbn, a shared receive queue, no
 * memory for its state) answers it with a NACK, reason MODE. On either
 * sign, the QP's send side goes over to the stock format for good: rxe's
 * go-back-N retry rewinds to the oldest unacknowledged PSN and sends it
 * again as rxe would. Its receive side keeps tracking: it takes the peer's
 * stock-format requests as it takes the fenced ones.
 *
 * Everything here runs in the QP's send task.
 */

#include "rxe.h"
#include "eun_rxe.h"
#include "eun_counters.h"
#include "eun_tx_mode.h"

static void eun_tx_go_stock(struct rxe_qp *qp, const char *why)
{
	struct eun_tx *tx = &qp->eun.tx;

	tx->stock_send = true;
	/* The scoreboard stops: rxe's own bookkeeping resends from now on. */
	tx->open = false;
	eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_QP_STOCK_SEND);
	pr_info_ratelimited("rdma_rxe_eun: QP %u: %s: sending stock format, go-back-N\n",
			    qp_num(qp), why);
}

/**
 * eun_tx_mode_heard() - an EUN_ACK came, or the response to a request
 *	sent behind ooo packets: the peer tracks
 * @qp: the tracking QP
 */
void eun_tx_mode_heard(struct rxe_qp *qp)
{
	qp->eun.tx.heard = true;
}

/*
 * Silent timeouts a tracking QP takes for loss before it calls its peer
 * stock. A lost first packet (with nothing from the peer in the ooo
 * format yet) looks like a stock peer, and so does one whose resend was
 * lost too: at 2% loss both ways, one QP in a few thousand. A stock peer
 * stays silent through the selective resends too.
 */
#define EUN_TX_MODE_SILENT_TIMEOUTS	3

/**
 * eun_tx_mode_timeout() - the retransmit timer fired: is the peer stock?
 * @qp: the tracking QP
 *
 * Ooo packets went, were resent on the previous timeouts, and not one
 * EUN_ACK came back, nor an ooo packet from the peer, nor an answer to a
 * request sent behind them: a stock peer dropped them all. (A network
 * that loses every packet looks the same; go-back-N is then no worse.)
 * When rxe has no retry left after this one, the QP goes over at once:
 * its last try is in the format every peer takes.
 *
 * Return: true when the QP went over to the stock format: rxe's go-back-N
 * retry must take this timeout.
 */
bool eun_tx_mode_timeout(struct rxe_qp *qp)
{
	struct eun_tx *tx = &qp->eun.tx;

	if (tx->stock_send || tx->stock_out || !tx->sent_ooo || tx->heard ||
	    READ_ONCE(qp->eun.rx.peer_ooo))
		return false;
	if (++tx->unheard_timeouts < EUN_TX_MODE_SILENT_TIMEOUTS &&
	    qp->comp.retry_cnt > 0)
		return false;
	eun_tx_go_stock(qp, "no answer to the ooo format (stock peer?)");
	return true;
}

/**
 * eun_tx_mode_nack() - the peer's QP does not track (NACK, reason MODE)
 * @qp: the tracking QP
 *
 * The refused packets are lost: rxe's completer takes the next turn as a
 * retransmit timeout (spending one retry_cnt), and its go-back-N retry
 * sends them again in the stock format.
 */
void eun_tx_mode_nack(struct rxe_qp *qp)
{
	if (qp->eun.tx.stock_send)
		return;
	eun_tx_go_stock(qp, "the peer's QP runs go-back-N");
	qp->comp.timeout = 1;
}
