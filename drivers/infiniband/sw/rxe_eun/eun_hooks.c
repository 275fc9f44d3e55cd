// SPDX-License-Identifier: GPL-2.0
/*
 * The per-QP hooks: each reads the QP's ordering mode once and sends a
 * go-back-N QP down rxe's stock path, a tracking QP to the ordering layer
 * (qp/, rx/, tx/, comp/), which trusts that the QP tracks.
 *
 * The hooks are called with the locking rxe already holds at each site:
 * the responder runs in its QP's receive task, the requester and the
 * completer in its send task. For a go-back-N QP they cost one load and a
 * compare.
 */

#include "rxe.h"
#include "eun_rxe.h"
#include "eun_comp.h"
#include "eun_comp_read.h"
#include "eun_comp_stock.h"
#include "eun_counters.h"
#include "eun_dev.h"
#include "eun_opcode.h"
#include "eun_qp.h"
#include "eun_rx.h"
#include "eun_rx_ack.h"
#include "eun_rx_read.h"
#include "eun_rx_srq.h"
#include "eun_tx.h"
#include "eun_tx_loss.h"
#include "eun_tx_mode.h"
#include "eun_tx_path.h"

/**
 * eun_qp_init() - choose a new QP's ordering mode and set up its state
 * @rxe: the device
 * @qp: the QP, with its queues created
 *
 * RC QPs of a device that sprays get their virtual paths, in any mode (a
 * go-back-N QP sprayed shows what reordering costs it). RC QPs of a
 * device in a tracking mode track. One that cannot (a shared receive
 * queue, a failed allocation) runs go-back-N and is counted; one whose
 * paths could not be allocated keeps one port.
 */
void eun_qp_init(struct rxe_dev *rxe, struct rxe_qp *qp)
{
	enum eun_qp_mode mode = eun_dev_mode(rxe);

	qp->eun.mode = EUN_QP_GO_BACK_N;
	qp->eun.paths.path = NULL;
	qp->eun.rx.resp_paths.path = NULL;
	qp->eun.rx.resp_path_of = NULL;
	qp->eun.paths_parked_resp = 0;
	qp->eun.tx.path_of = NULL;
	if (qp_type(qp) != IB_QPT_RC)
		return;
	if (eun_tx_path_setup(rxe, qp))
		rxe_dbg_qp(qp, "no memory for its virtual paths: one port\n");
	if (mode == EUN_QP_GO_BACK_N)
		return;
	if (eun_qp_setup(rxe, qp)) {
		eun_counter_inc(rxe, EUN_CNT_QP_FALLBACK);
		return;
	}
	qp->eun.mode = mode;
}

/* The QP is being destroyed; its tasks and timers are stopped. */
void eun_qp_cleanup(struct rxe_qp *qp)
{
	if (eun_qp_tracks(qp))
		eun_qp_teardown(qp);
	eun_tx_path_teardown(qp);
}

/* The QP moved to RESET; its tasks are stopped and drained. */
void eun_qp_reset(struct rxe_qp *qp)
{
	if (eun_qp_tracks(qp))
		eun_qp_forget(qp);
	eun_tx_path_restart(qp);
}

/* The QP moved to the error state, under rxe's qp->state_lock. */
void eun_qp_error(struct rxe_qp *qp)
{
	if (eun_qp_tracks(qp))
		eun_qp_release(qp);
}

/**
 * eun_resp_check_psn() - the responder's first look at a request packet
 * @qp: the QP, in its receive task
 * @pkt: a request packet
 *
 * Return: EUN_PSN_CONSUMED for a packet the ordering layer handled (or
 * dropped, counted: an ooo packet reaching a go-back-N QP means that its
 * peer tracks; a NACK, reason MODE, tells it to send stock format),
 * EUN_PSN_STOCK for rxe's own checks.
 */
enum eun_psn_verdict eun_resp_check_psn(struct rxe_qp *qp,
					struct rxe_pkt_info *pkt)
{
	if (eun_qp_tracks(qp))
		return eun_rx_request(qp, pkt);
	if (!eun_op_is_ooo_request(pkt->opcode))
		return EUN_PSN_STOCK;
	eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_RX_MODE);
	if (qp_type(qp) == IB_QPT_RC)
		eun_rx_ack_mode(qp, pkt->psn);
	return EUN_PSN_CONSUMED;
}

/**
 * eun_resp_flush_srq() - the responder flushes a QP on an SRQ
 * @qp: the QP, in its receive task, in error (@notify) or being drained
 * @notify: complete the WQEs it took with a flush error
 */
void eun_resp_flush_srq(struct rxe_qp *qp, bool notify)
{
	if (eun_qp_tracks(qp))
		eun_rx_srq_flush(qp, notify);
}

/**
 * eun_resp_queue_early() - a request packet is about to be queued for
 *	the responder
 * @qp: the QP, in rxe's receive path
 * @skb: the packet
 *
 * Return: true when the ordering layer queued it (a tracking QP's copy of
 * a READ it executed goes before the requests waiting), false for rxe to
 * queue it at the tail.
 */
bool eun_resp_queue_early(struct rxe_qp *qp, struct sk_buff *skb)
{
	return eun_qp_tracks(qp) && eun_rx_read_queue_early(qp, skb);
}

/**
 * eun_resp_res() - the READ or atomic resource a new request takes
 * @qp: the QP, in its receive task
 * @pkt: the request rxe is about to execute
 *
 * Return: NULL for rxe's next in turn; a tracking QP, which executes
 * READs out of order, takes the one of its oldest request instead
 * (rx/eun_rx_read.c).
 */
struct resp_res *eun_resp_res(struct rxe_qp *qp, struct rxe_pkt_info *pkt)
{
	return eun_qp_tracks(qp) ? eun_rx_read_res(qp, pkt) : NULL;
}

/**
 * eun_resp_read_any_part() - whether a copy of a READ may ask for any part
 *	of it
 * @qp: the QP, in its receive task, replaying a READ
 *
 * Return: true for a tracking QP, which keeps the READ's start so that a
 * requester may ask for each of its holes alone (its READ responses say
 * so: rx/eun_rx_read.c); false for rxe's rule, which moves the start to
 * each copy's and refuses a copy below it.
 */
bool eun_resp_read_any_part(struct rxe_qp *qp)
{
	return eun_qp_tracks(qp);
}

/**
 * eun_comp_get_ack() - the completer's first look at a response packet
 * @qp: the QP, in its send task
 * @pkt: the packet, before rxe looks at its PSN
 *
 * An EUN_ACK carries a SACK bitmap that must reach the scoreboard whatever
 * its PSN says to rxe's check_psn(); a tracking QP places a READ response
 * at its offset, whatever its order (comp/eun_comp_read.c).
 *
 * Return: EUN_ACK_STOCK for rxe's own handling (every stock packet, and an
 * EUN_ACK dressed as rxe's ACK or NAK), EUN_ACK_CONSUMED for one dropped
 * and counted (malformed, or sent to a go-back-N QP).
 */
enum eun_ack_verdict eun_comp_get_ack(struct rxe_qp *qp,
				      struct rxe_pkt_info *pkt)
{
	if (eun_op_is_read_response(pkt->opcode) ||
	    pkt->opcode == IB_OPCODE_RC_ATOMIC_ACKNOWLEDGE)
		return eun_qp_tracks(qp) ? eun_comp_read(qp, pkt) :
					   EUN_ACK_STOCK;
	if (pkt->opcode == IB_OPCODE_RC_ACKNOWLEDGE && eun_qp_tracks(qp))
		return eun_comp_read_ack(qp, pkt);
	if (!eun_op_is_ooo_ack(pkt->opcode))
		return EUN_ACK_STOCK;
	if (eun_qp_tracks(qp) && eun_comp_ack(qp, pkt) == EUN_ACK_CONSUMED)
		return EUN_ACK_CONSUMED;
	if (eun_qp_tracks(qp))
		return eun_comp_read_ack_past(qp, pkt);
	eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_RX_MODE);
	return EUN_ACK_CONSUMED;
}

/**
 * eun_comp_plain_ack() - a plain ACK, checked against a WQE by rxe's
 *	completer
 * @qp: the QP, in its send task
 * @pkt: an RC ACKNOWLEDGE, AETH type ACK
 * @wqe: the WQE rxe's completer checks it against
 *
 * A tracking QP completes its READs by such ACKs itself
 * (comp/eun_comp_read.c); for a QP that does not track, rxe's go-back-N,
 * comp/eun_comp_stock.c decides.
 *
 * Return: what rxe does with the packet.
 */
enum eun_plain_ack_verdict eun_comp_plain_ack(struct rxe_qp *qp,
					      struct rxe_pkt_info *pkt,
					      struct rxe_send_wqe *wqe)
{
	return eun_qp_tracks(qp) ? EUN_PLAIN_ACK_STOCK :
				   eun_comp_stock_plain_ack(qp, pkt, wqe);
}

/*
 * The requester stops sending new PSNs this far ahead of the oldest
 * unacked. Its check lets one PSN more out than the distance (stock's 129
 * for 128): a tracking QP keeps to max_inflight, so that the responder
 * never tracks a PSN max_inflight past its head, which would take one
 * more HD block. gbn keeps stock's count. A tracking QP's READ or atomic
 * is one packet whose responses its READ bitmap tracks: it may go further,
 * as far as they stay within the bitmap (stock's 129 PSNs hold three 64
 * KiB READs, the default bitmap four), and never less far than
 * max_inflight lets it: a READ larger than the bitmap goes as before.
 */
u32 eun_req_max_inflight(struct rxe_qp *qp, struct rxe_send_wqe *wqe)
{
	u32 max = eun_dev_max_inflight(eun_qp_rxe(qp));
	int reach;

	if (!eun_qp_tracks(qp))
		return max;
	reach = eun_comp_read_reach(qp, wqe);
	return max_t(u32, max - 1, reach > 0 ? reach : 0);
}

/* Before any new packet: resend one hole the scoreboard holds lost. */
enum eun_resend_verdict eun_req_resend(struct rxe_qp *qp)
{
	return eun_qp_tracks(qp) ? eun_tx_resend(qp) : EUN_RESEND_NONE;
}

/*
 * Whether the requester's next packet may go now: a tracking QP fences
 * stock-format requests and keeps within its scoreboard (eun_tx_admit()).
 */
bool eun_req_admit(struct rxe_qp *qp, struct rxe_send_wqe *wqe)
{
	return !eun_qp_tracks(qp) || eun_tx_admit(qp, wqe);
}

/* The requester's next packet is built by eun_req_send(), not by rxe. */
bool eun_req_owns(struct rxe_qp *qp, struct rxe_send_wqe *wqe)
{
	return eun_qp_tracks(qp) && !qp->eun.tx.stock_send && eun_tx_owns(wqe);
}

/*
 * rxe built the headers of a stock-format request: a tracking QP marks a
 * READ whose responses it places in any order (eun_comp_read_mark()).
 */
void eun_req_stock_built(struct rxe_qp *qp, struct rxe_pkt_info *pkt)
{
	if (eun_qp_tracks(qp))
		eun_comp_read_mark(qp, pkt);
}

/*
 * The stack refused a stock-format request rxe built (a full qdisc returns
 * NET_XMIT_DROP; rxe counted it in send_err): a tracking QP takes it as
 * lost in the network, as it takes its ooo packets (tx/eun_tx.c), and its
 * READ tracker asks again or rxe's retransmit timer rewinds. rxe 6.12
 * fails the WQE and the QP instead, which a go-back-N QP keeps.
 */
bool eun_req_stock_dropped(struct rxe_qp *qp, int err)
{
	return eun_qp_tracks(qp) && err > 0;
}

/*
 * Send a packet of a WQE eun_req_owns() took, so of a tracking QP, in the
 * ooo format. Return: 0 or a negative error for the WQE.
 */
int eun_req_send(struct rxe_qp *qp, struct rxe_av *av,
		 struct rxe_send_wqe *wqe, struct rxe_pkt_info *pkt,
		 u32 payload)
{
	return eun_tx_send(qp, av, wqe, pkt, payload);
}

/**
 * eun_req_retry() - the retransmit timer, a NAK or an RNR wait asks for a
 *	retry
 * @qp: the QP, in its send task
 *
 * A tracking QP marks its holes lost and resends them selectively, or
 * re-requests the missing responses of its READ. What is left, a
 * go-back-N QP, a tracking QP's other fenced stock-format request, or a
 * tracking QP that finds its peer does not track (tx/eun_tx_mode.c), is
 * rewound by rxe to the oldest unacknowledged PSN: go-back-N, counted.
 *
 * Return: true when the ordering layer took the retry.
 */
bool eun_req_retry(struct rxe_qp *qp)
{
	bool taken;

	if (eun_qp_tracks(qp) && !eun_tx_mode_timeout(qp)) {
		/* READs and WRITE or SEND packets may both be out. */
		taken = eun_comp_read_timeout(qp);
		taken |= eun_tx_loss_timeout(qp);
		if (taken)
			return true;
	}
	eun_counter_inc(eun_qp_rxe(qp), EUN_CNT_GBN_RETRY);
	return false;
}

/*
 * A user QP posted sends: run its send task here, in the posting thread,
 * rather than only queueing it on rxe_wq as stock 6.12 does. The
 * completions of sends that finish at once (UD, UC) are then in the CQ when
 * ibv_post_send() returns, as an application polling or resizing the CQ
 * right after expects; with the task only queued, the bed's single vCPU
 * ran the kworker after the application's next call in whole boots. The
 * task's own state machine keeps one instance running at a time.
 *
 * An RC send completes only when the peer acknowledges it, so no caller
 * can expect its completion at once; and run in the posting thread an
 * RC QP's task cost both guests a fifth more kernel time per packet than
 * on the workqueue (measured: Documentation/testing.rst). RC keeps
 * stock's way.
 */
void eun_post_send_kick(struct rxe_qp *qp)
{
	if (qp_type(qp) == IB_QPT_RC)
		rxe_sched_task(&qp->send_task);
	else
		rxe_run_task(&qp->send_task);
}

/**
 * eun_udp_sport() - the UDP source port of a packet rxe_prepare() builds
 * @qp: the QP
 * @pkt: the packet, its headers built
 *
 * The last look at a packet before it leaves: a READ response of a
 * tracking QP is marked if it may be asked for in part
 * (rx/eun_rx_read.c), and the port is the packet's path's
 * (tx/eun_tx_path.c).
 *
 * Return: the port, host order.
 */
u16 eun_udp_sport(struct rxe_qp *qp, const struct rxe_pkt_info *pkt)
{
	if (!(pkt->mask & RXE_REQ_MASK))
		eun_rx_read_mark(qp, pkt->opcode, pkt->hdr);
	return eun_tx_path_sport(qp, pkt);
}

/*
 * rxe_rcv() knows no such opcode. A peer whose QP runs another ordering
 * mode sends opcodes that only that mode knows: counted apart, so that
 * a user can tell a mode mismatch from a broken packet.
 */
void eun_rcv_unknown_opcode(struct rxe_dev *rxe)
{
	eun_counter_inc(rxe, EUN_CNT_RCV_DROP_OPCODE);
}

/* rxe_rcv() dropped a packet: stock rxe keeps no count of it. */
void eun_rcv_drop(struct rxe_dev *rxe)
{
	eun_counter_inc(rxe, EUN_CNT_RCV_DROP);
}
