// SPDX-License-Identifier: GPL-2.0
/*
 * Dispatch of the rxe hooks by QP ordering mode.
 *
 * The hooks are called with the locking rxe already holds at each site:
 * the responder and completer run in their QP's task, the requester in
 * its own. They must stay cheap for a go-back-N QP: one load and a
 * compare.
 */

#include "rxe.h"
#include "eun_qp.h"

static const enum eun_counter eun_psn_counter[] = {
	[EUN_PSN_ACCEPT]	= EUN_CNT_PSN_ACCEPT,
	[EUN_PSN_DUPLICATE]	= EUN_CNT_PSN_DUPLICATE,
	[EUN_PSN_DROP]		= EUN_CNT_PSN_DROP,
};

/* An ooo packet reached a go-back-N QP: its peer runs another mode. */
static enum eun_psn_verdict eun_resp_mode_mismatch(struct rxe_qp *qp)
{
	eun_counter_inc(to_rdev(qp->ibqp.device), EUN_CNT_RX_MODE);
	return EUN_PSN_CONSUMED;
}

static enum eun_psn_verdict eun_count_psn(struct rxe_qp *qp,
					  enum eun_psn_verdict verdict)
{
	if (verdict != EUN_PSN_STOCK && verdict != EUN_PSN_CONSUMED)
		eun_counter_inc(to_rdev(qp->ibqp.device),
				eun_psn_counter[verdict]);
	return verdict;
}

enum eun_psn_verdict eun_resp_check_psn(struct rxe_qp *qp,
					struct rxe_pkt_info *pkt)
{
	switch (qp->eun.mode) {
	case EUN_QP_STATIC:
	case EUN_QP_EUNOMIA:
		return eun_rx_request(qp, pkt);
	case EUN_QP_GO_BACK_N:
	default:
		if (eun_op_is_ooo_request(pkt->opcode))
			return eun_resp_mode_mismatch(qp);
		return eun_count_psn(qp, EUN_PSN_STOCK);
	}
}

enum eun_ack_verdict eun_comp_check_ack(struct rxe_qp *qp,
					struct rxe_pkt_info *pkt,
					struct rxe_send_wqe *wqe)
{
	switch (qp->eun.mode) {
	case EUN_QP_GO_BACK_N:
	default:
		return EUN_ACK_STOCK;
	}
}

/* Every packet the completer dequeues, before its PSN is looked at. */
enum eun_ack_verdict eun_comp_get_ack(struct rxe_qp *qp,
				      struct rxe_pkt_info *pkt)
{
	return eun_comp_ack(qp, pkt);
}

void eun_req_init_packet(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			 struct rxe_pkt_info *pkt)
{
}

/* The requester holds the next packet (beyond the in-flight window). */
bool eun_req_must_wait(struct rxe_qp *qp, struct rxe_send_wqe *wqe)
{
	return eun_tx_must_wait(qp, wqe);
}

/* The requester's next packet is built by eun_req_send(), not by rxe. */
bool eun_req_owns(struct rxe_qp *qp, struct rxe_send_wqe *wqe)
{
	return eun_tx_owns(qp, wqe);
}

int eun_req_send(struct rxe_qp *qp, struct rxe_av *av,
		 struct rxe_send_wqe *wqe, struct rxe_pkt_info *pkt,
		 u32 payload)
{
	return eun_tx_send(qp, av, wqe, pkt, payload);
}

/* Before any new packet: resend a hole. 1: one went, call again. */
int eun_req_resend(struct rxe_qp *qp)
{
	return eun_tx_resend(qp);
}

/*
 * The requester stops sending new PSNs this far ahead of the oldest
 * unacked. Its check lets one PSN more out than the distance (stock's 129
 * for 128): a tracking QP keeps to max_inflight, so that the responder
 * never tracks a PSN max_inflight past its head, which would take one
 * more HD block. gbn keeps stock's count.
 */
u32 eun_req_max_inflight(struct rxe_qp *qp)
{
	u32 max = eun_dev_max_inflight(to_rdev(qp->ibqp.device));

	return eun_qp_tracks(qp) ? max - 1 : max;
}

/*
 * The retransmit timer (or an RNR wait) ran out. A tracking QP marks its
 * holes lost and returns true; otherwise the requester rewinds to the
 * oldest unacknowledged PSN: go-back-N.
 */
bool eun_req_retry(struct rxe_qp *qp)
{
	if (eun_tx_timeout(qp))
		return true;
	if (!eun_qp_tracks(qp))
		eun_counter_inc(to_rdev(qp->ibqp.device), EUN_CNT_GBN_RETRY);
	return false;
}

/*
 * rxe_rcv() knows no such opcode. A peer whose QP runs another ordering
 * mode sends opcodes that only that mode knows: counted apart, so that
 * a user can tell a mode mismatch from a broken packet.
 */
void eun_rcv_unknown_opcode(struct rxe_dev *rxe, u8 opcode)
{
	eun_counter_inc(rxe, EUN_CNT_RCV_DROP_OPCODE);
}

/* rxe_rcv() dropped a packet: stock rxe keeps no count of it. */
void eun_rcv_drop(struct rxe_dev *rxe)
{
	eun_counter_inc(rxe, EUN_CNT_RCV_DROP);
}

/*
 * A user QP posted sends: run its send task here, in the posting thread,
 * rather than only queueing it on rxe_wq as stock 6.12 does. The
 * completions of sends that finish at once (UD, UC) are then in the CQ when
 * ibv_post_send() returns, as an application polling or resizing the CQ
 * right after expects; with the task only queued, the bed's single vCPU
 * ran the kworker after the application's next call in whole boots. The
 * task's own state machine keeps one instance running at a time.
 */
void eun_post_send_kick(struct rxe_qp *qp)
{
	rxe_run_task(&qp->send_task);
}
