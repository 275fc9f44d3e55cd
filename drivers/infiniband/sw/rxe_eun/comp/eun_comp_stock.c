// SPDX-License-Identifier: GPL-2.0
/*
 * Completer side of a QP that does not track (ooo_mode=gbn, rxe's own
 * go-back-N): a plain ACK at the PSN of a READ or atomic it waits on.
 *
 * rxe's responder answers a duplicate SEND or WRITE, which go-back-N
 * sends again, with an ACK of the latest PSN it completed: that may be
 * the last response PSN of a READ, or an atomic's. Such an ACK first
 * completes the SEND or WRITE before, then rxe's completer checked it
 * against the READ or atomic behind and took it for its answer: the WQE
 * completed as a success with its data never placed (a READ with part of
 * its buffer unwritten, a CAS returning nothing). A READ or atomic is
 * answered by its data only: such an ACK says that the responses before
 * it were lost, the IBA's implied NAK, and rxe retries from the PSN it
 * expects. An older ACK, of the WQEs before, that reaches the completer
 * in the middle of a READ is dropped: rxe took it for the end of a
 * response sequence, and the READ's next response took the completer to
 * its error state.
 */
#include "rxe.h"
#include "eun_rxe.h"
#include "eun_comp_stock.h"

/**
 * eun_comp_stock_plain_ack() - a plain ACK, checked against a READ or
 *	atomic of a QP that does not track
 * @qp: the QP
 * @pkt: an RC ACKNOWLEDGE, AETH type ACK
 * @wqe: the WQE rxe's completer checks it against
 *
 * Return: EUN_PLAIN_ACK_RETRY when @wqe is a READ, compare-and-swap or
 * fetch-and-add still waiting and @pkt's PSN lies within its PSNs;
 * EUN_PLAIN_ACK_STALE when it lies before them (it acknowledges WQEs
 * that completed; rxe would take it as the end of a response sequence);
 * else EUN_PLAIN_ACK_STOCK.
 */
enum eun_plain_ack_verdict eun_comp_stock_plain_ack(struct rxe_qp *qp,
						    struct rxe_pkt_info *pkt,
						    struct rxe_send_wqe *wqe)
{
	if (!wqe || wqe->state != wqe_state_pending ||
	    !(wqe->mask & WR_ATOMIC_OR_READ_MASK) ||
	    psn_compare(pkt->psn, wqe->last_psn) > 0)
		return EUN_PLAIN_ACK_STOCK;
	if (psn_compare(pkt->psn, wqe->first_psn) < 0)
		return EUN_PLAIN_ACK_STALE;
	return EUN_PLAIN_ACK_RETRY;
}
