// SPDX-License-Identifier: GPL-2.0
/*
 * Receive side of a tracking QP: every request packet of the QP passes
 * here before rxe's responder sees it.
 *
 * An ooo packet (EUN_WRITE, EUN_SEND) is handled whole: the reorder bitmap
 * says whether it is new, it is placed where it says it goes, its
 * completion (SEND, WRITE with immediate) waits in the hold queue until
 * every earlier PSN is in, and an EUN_ACK answers when the sender needs
 * news. rxe's responder then only frees it. A stock-format request (READ,
 * atomic, ...) is left to rxe, and only in order: the sender fences
 * FLUSH, and a READ or atomic (ATOMIC WRITE too) sent behind ooo packets
 * waits for them (eun_rx_read.c), so the cursor rxe keeps and the
 * bitmap's head meet at it. Ooo packets sent behind a READ or atomic may come first: the
 * request's PSNs are taken as come when it goes to rxe, and the head
 * passes them.
 */

#include "rxe.h"
#include "rxe_queue.h"
#include "eun/eun_bitmap.h"
#include "eun/eun_hist.h"
#include "eun/eun_holdq.h"
#include "eun/eun_path.h"
#include "eun/eun_rx_check.h"
#include "eun_rxe.h"
#include "eun_counters.h"
#include "eun_dev.h"
#include "eun_trace.h"
#include "eun_opcode.h"
#include "eun_rx.h"
#include "eun_rx_read.h"
#include "eun_rx_ack.h"
#include "eun_rx_place.h"
#include "eun_rx_srq.h"
#include "eun_rx_wsync.h"

/*
 * Packets placed since the last acknowledgment before an out-of-order one
 * is SACKed without AckReq, and the youngest hole it tells
 * (core/eun_ack_policy.c): a network that reorders every few packets gets
 * at most a SACK per this many packets rather than one per reordering.
 */
#define EUN_RX_SACK_GAP		8

static void eun_rx_count(struct rxe_qp *qp, enum eun_counter c)
{
	eun_counter_inc(eun_qp_rxe(qp), c);
}

/* Open the bitmap connection at @psn; called with the device lock held. */
static int eun_rx_open_at(struct rxe_qp *qp, u32 psn)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_rx *rx = &qp->eun.rx;
	int err;

	lockdep_assert_held(&ed->lock);
	if (rx->open)
		eun_bm_close(&ed->bm, rx->conn);
	err = eun_bm_open(&ed->bm, rx->conn, psn);
	/*
	 * No room for a static bitmap: packets in order go on without one,
	 * and the first out of order tries to reserve it again.
	 */
	if (err == -ENOSPC)
		err = 0;
	rx->open = !err;
	if (!err) {
		WRITE_ONCE(rx->epsn, psn);
		/* Paired with eun_rx_read_queue_early(). */
		smp_store_release(&rx->epsn_known, true);
		rx->max_psn = eun_psn_add(psn, EUN_PSN_MASK);
		eun_ackp_reset(&rx->ackp);
	}
	return err;
}

/* Open the bitmap at @psn unless it is open there; device lock held. */
static int eun_rx_follow(struct rxe_qp *qp, u32 psn)
{
	struct eun_rx *rx = &qp->eun.rx;

	if (rx->open && psn == rx->epsn)
		return 0;
	return eun_rx_open_at(qp, psn);
}

/*
 * The first packet after RTR opens the connection at the responder's PSN;
 * a stock-format request rxe executed moved that PSN: follow it, past the
 * READs executed ahead of it (eun_rx_read.c).
 */
static int eun_rx_sync(struct rxe_qp *qp)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_rx *rx = &qp->eun.rx;
	unsigned long flags;
	int err = 0;

	if (!rx->started) {
		eun_holdq_reset(&rx->hq, 0);
		rx->started = true;
		eun_ackp_reset(&rx->ackp);
		rx->dup_pending = false;
		rx->echo_path = EUN_PATH_WIRE_NONE;
	}
	if (rx->open && !rx->stock_psn)
		return 0;

	spin_lock_irqsave(&ed->lock, flags);
	/*
	 * rxe_qp_error() sets the state before eun_qp_release() closes the
	 * bitmap under this lock: an erred QP is never opened again, its
	 * memory stays the device's.
	 */
	if (qp_state(qp) == IB_QPS_ERR)
		err = -ESHUTDOWN;
	else
		err = eun_rx_follow(qp, eun_rx_read_skip(qp, qp->resp.psn));
	spin_unlock_irqrestore(&ed->lock, flags);
	rx->stock_psn = false;
	return err;
}

/*
 * rxe's ICRC is the one whose length eun_rxc_parse() takes off the frame.
 */
static_assert(RXE_ICRC_SIZE == EUN_ICRC_LEN, "ICRC length");

static enum eun_rxc_verdict eun_rx_parse(struct rxe_qp *qp,
					 struct rxe_pkt_info *pkt,
					 struct eun_rx_pkt *p)
{
	struct eun_rxc_frame f = {
		.paylen = pkt->paylen,
		.pad = bth_pad(pkt),
		.hdr_len = rxe_opcode[pkt->opcode].length,
		.mtu = qp->mtu,
		.is_write = pkt->opcode == (IB_OPCODE_RC | EUN_OP_RC_WRITE),
	};
	struct eun_rxc_pkt c;
	enum eun_rxc_verdict v;

	v = eun_rxc_parse(&f, pkt->hdr, &c);
	if (v != EUN_RXC_OK)
		return v;
	p->eh = c.eh;
	p->data = pkt->hdr + c.data_off;
	p->len = c.len;
	p->is_write = f.is_write;
	return EUN_RXC_OK;
}

/*
 * Receive WQE of message @seq into @wqe: EUN_RXC_RNR when the application
 * has not posted it (or its SRQ is empty), EUN_RXC_OUTSIDE when a QP on
 * an SRQ cannot keep that many messages apart (refused for want of room,
 * not an RNR: the SRQ may hold WQEs).
 */
static enum eun_rxc_verdict eun_rx_recv_wqe(struct rxe_qp *qp, u32 seq,
					    struct rxe_recv_wqe **wqe)
{
	struct rxe_queue *q = qp->rq.queue;
	const struct eun_holdq *hq = &qp->eun.rx.hq;
	struct eun_rxc_recv r = {
		.msg_seq = seq,
		.head_seq = eun_holdq_head_seq(hq),
		.hq_cap = hq->cap,
		/* An SRQ's WQEs are counted when one is taken. */
		.posted = qp->srq ? U32_MAX :
			  queue_count(q, QUEUE_TYPE_FROM_CLIENT),
	};
	u32 ahead;

	if (eun_rxc_recv_slot(&r, &ahead) != EUN_RXC_OK)
		return qp->srq ? EUN_RXC_OUTSIDE : EUN_RXC_RNR;
	if (qp->srq)
		*wqe = eun_rx_srq_wqe(qp, seq);
	else
		*wqe = queue_addr_from_index(q, queue_get_consumer(q,
					QUEUE_TYPE_FROM_CLIENT) + ahead);
	return *wqe ? EUN_RXC_OK : EUN_RXC_RNR;
}

/* The receive WQE of the hold queue's head message, @seq. */
static struct rxe_recv_wqe *eun_rx_head_wqe(struct rxe_qp *qp, u32 seq)
{
	if (qp->srq)
		return eun_rx_srq_head(qp, seq);
	return queue_head(qp->rq.queue, QUEUE_TYPE_FROM_CLIENT);
}

/* The head message completed into its WQE: the next one is the head. */
static void eun_rx_head_done(struct rxe_qp *qp, u32 seq)
{
	if (qp->srq)
		eun_rx_srq_done(qp, seq);
	else
		queue_advance_consumer(qp->rq.queue, QUEUE_TYPE_FROM_CLIENT);
}

/* Whether the packet's message completes into a receive WQE. */
static bool eun_rx_has_completion(const struct eun_rx_pkt *p)
{
	return !p->is_write || (p->eh.flags & EUN_EXT_F_IMM);
}

static enum eun_rxc_verdict eun_rx_check_target(struct rxe_qp *qp,
						struct rxe_pkt_info *pkt,
						struct eun_rx_pkt *p)
{
	enum eun_rxc_verdict v;

	if (eun_rx_has_completion(p)) {
		v = eun_rx_recv_wqe(qp, p->eh.msg_seq, &p->wqe);
		if (v != EUN_RXC_OK)
			return v;
	}
	if (!p->is_write)
		return eun_rx_place_recv_target(qp, p);
	return eun_rx_place_write_target(qp, pkt, p);
}

static void eun_rx_nack(struct rxe_qp *qp, enum eun_nack_reason reason,
			u32 psn)
{
	static const enum eun_counter reason_counter[] = {
		[EUN_NACK_NONE]		= EUN_CNT_NACK_SENT_ERR,
		[EUN_NACK_CAP]		= EUN_CNT_NACK_SENT_CAP,
		[EUN_NACK_NOMEM]	= EUN_CNT_NACK_SENT_NOMEM,
		[EUN_NACK_INVALID]	= EUN_CNT_NACK_SENT_ERR,
		[EUN_NACK_RNR]		= EUN_CNT_NACK_SENT_RNR,
		[EUN_NACK_ACCESS]	= EUN_CNT_NACK_SENT_ERR,
		[EUN_NACK_MODE]		= EUN_CNT_NACK_SENT_MODE,
	};

	BUILD_BUG_ON(ARRAY_SIZE(reason_counter) != EUN_NACK_REASON_COUNT);
	eun_rx_count(qp, reason_counter[reason]);
	eun_rx_ack_send(qp, EUN_ACK_KIND_NACK, reason, psn);
}

/*
 * SEND with invalidate: the rkey is invalidated only now, with the whole
 * message in and every earlier one completed, as rxe does when the last
 * packet comes in order. A key that cannot be invalidated fails the
 * receive WQE and the QP, as in rxe.
 */
static enum ib_wc_status eun_rx_invalidate(struct rxe_qp *qp,
					   const struct eun_holdq_done *d)
{
	int err;

	if (d->kind != EUN_HQ_SEND_INV)
		return IB_WC_SUCCESS;
	err = rkey_is_mw(d->imm) ? rxe_invalidate_mw(qp, d->imm) :
				   rxe_invalidate_mr(qp, d->imm);
	return err ? IB_WC_REM_INV_REQ_ERR : IB_WC_SUCCESS;
}

/* wc_flags beyond IB_WC_GRH, and the word that goes with them. */
static int eun_rx_wc_flags(const struct eun_holdq_done *d, __be32 *imm,
			   u32 *rkey)
{
	*imm = 0;
	*rkey = 0;
	if (d->kind == EUN_HQ_SEND_INV) {
		*rkey = d->imm;
		return IB_WC_WITH_INVALIDATE;
	}
	if (!d->has_imm)
		return 0;
	*imm = cpu_to_be32(d->imm);
	return IB_WC_WITH_IMM;
}

/* Complete the head receive WQE; false when the QP went to error. */
static bool eun_rx_post_cqe(struct rxe_qp *qp, struct rxe_pkt_info *pkt,
			    const struct eun_holdq_done *d)
{
	struct rxe_recv_wqe *wqe = eun_rx_head_wqe(qp, d->msg_seq);
	enum ib_wc_status status;
	struct rxe_cqe cqe = {};
	__be32 imm;
	u32 rkey;
	int flags;

	/*
	 * The WQE was there when the message's packets were checked; the
	 * producer index lives in memory the application can write, and a
	 * queue emptied under us is the application's fault, not the peer's.
	 */
	if (!wqe) {
		rxe_qp_error(qp);
		return false;
	}
	status = eun_rx_invalidate(qp, d);
	flags = eun_rx_wc_flags(d, &imm, &rkey);
	if (qp->rcq->is_user) {
		struct ib_uverbs_wc *uwc = &cqe.uibwc;

		uwc->wr_id = wqe->wr_id;
		uwc->status = status;
		uwc->opcode = d->kind == EUN_HQ_WRITE_IMM ?
			      IB_WC_RECV_RDMA_WITH_IMM : IB_WC_RECV;
		uwc->byte_len = d->byte_len;
		uwc->qp_num = qp->ibqp.qp_num;
		uwc->wc_flags = IB_WC_GRH | flags;
		if (flags & IB_WC_WITH_INVALIDATE)
			uwc->ex.invalidate_rkey = rkey;
		else
			uwc->ex.imm_data = imm;
		uwc->port_num = qp->attr.port_num;
	} else {
		struct ib_wc *wc = &cqe.ibwc;

		wc->wr_id = wqe->wr_id;
		wc->status = status;
		wc->opcode = d->kind == EUN_HQ_WRITE_IMM ?
			     IB_WC_RECV_RDMA_WITH_IMM : IB_WC_RECV;
		wc->byte_len = d->byte_len;
		wc->qp = &qp->ibqp;
		wc->wc_flags = IB_WC_GRH | IB_WC_WITH_NETWORK_HDR_TYPE | flags;
		wc->network_hdr_type =
			PKT_TO_SKB(pkt)->protocol == htons(ETH_P_IP) ?
			RDMA_NETWORK_IPV4 : RDMA_NETWORK_IPV6;
		if (flags & IB_WC_WITH_INVALIDATE)
			wc->ex.invalidate_rkey = rkey;
		else
			wc->ex.imm_data = imm;
		wc->port_num = qp->attr.port_num;
	}

	eun_rx_head_done(qp, d->msg_seq);
	qp->resp.msn++;
	rxe_counter_inc(eun_qp_rxe(qp), RXE_CNT_RDMA_RECV);
	if (rxe_cq_post(qp->rcq, &cqe, d->cookie) || status != IB_WC_SUCCESS) {
		rxe_qp_error(qp);
		return false;
	}
	return true;
}

/* Hand out, in posted order, every completion now in order. */
static void eun_rx_complete(struct rxe_qp *qp, struct rxe_pkt_info *pkt)
{
	struct eun_rx *rx = &qp->eun.rx;
	struct eun_holdq_done d;

	while (eun_holdq_pop(&rx->hq, rx->epsn, &d))
		if (!eun_rx_post_cqe(qp, pkt, &d))
			break;
}

/* What the hold queue is told of a packet whose message completes. */
static void eun_rx_hq_pkt(struct rxe_pkt_info *pkt, const struct eun_rx_pkt *p,
			  struct eun_holdq_pkt *hp)
{
	const struct eun_ext_hdr *eh = &p->eh;

	*hp = (struct eun_holdq_pkt) {
		.msg_seq = eh->msg_seq,
		.psn = pkt->psn,
		.pkt_index = eh->pkt_index,
		.is_last = eh->flags & EUN_EXT_F_LAST,
		.has_imm = eh->flags & (EUN_EXT_F_IMM | EUN_EXT_F_INV),
		.imm = eh->imm,
		.byte_len = eh->msg_len,
		.cookie = bth_se(pkt),
	};
	if (p->is_write)
		hp->kind = EUN_HQ_WRITE_IMM;
	else if (eh->flags & EUN_EXT_F_INV)
		hp->kind = EUN_HQ_SEND_INV;
	else
		hp->kind = hp->has_imm ? EUN_HQ_SEND_IMM : EUN_HQ_SEND;
}

/*
 * Whether the hold queue will take the packet, asked before it is placed
 * or marked: one it refused after that would leave its message never
 * complete, and every later completion behind it.
 */
static bool eun_rx_hq_takes(struct rxe_qp *qp, struct rxe_pkt_info *pkt,
			    const struct eun_rx_pkt *p)
{
	struct eun_holdq_pkt hp;

	if (!eun_rx_has_completion(p))
		return true;
	eun_rx_hq_pkt(pkt, p, &hp);
	return !eun_holdq_check(&qp->eun.rx.hq, &hp);
}

static void eun_rx_note(struct rxe_qp *qp, struct rxe_pkt_info *pkt,
			const struct eun_rx_pkt *p)
{
	struct eun_holdq_pkt hp;

	eun_rx_hq_pkt(pkt, p, &hp);
	if (eun_holdq_note(&qp->eun.rx.hq, &hp) < 0)
		eun_rx_count(qp, EUN_CNT_RX_MALFORMED);
}

/* Acknowledge a placed packet when the sender needs to hear of it. */
static void eun_rx_ack_placed(struct rxe_qp *qp, struct rxe_pkt_info *pkt,
			      const struct eun_bm_result *res)
{
	struct eun_rx *rx = &qp->eun.rx;
	struct eun_ackp_pkt p = {
		.psn = pkt->psn,
		.epsn = rx->epsn,
		.in_order = res->verdict == EUN_BM_IN_ORDER,
		.beyond = !eun_psn_before(rx->max_psn, rx->epsn),
		.ack_req = bth_ack(pkt),
	};

	switch (eun_ackp_placed(&rx->ackp, &p, EUN_RX_SACK_GAP)) {
	case EUN_ACKP_SACK:
		eun_rx_ack_send(qp, EUN_ACK_KIND_SACK, EUN_NACK_NONE, 0);
		break;
	case EUN_ACKP_ACK:
		eun_rx_ack_cumulative(qp);
		break;
	default:
		break;
	}
}

static enum eun_psn_verdict eun_rx_duplicate(struct rxe_qp *qp, u32 psn)
{
	qp->eun.rx.dup_pending = true;
	qp->eun.rx.dup_psn = psn;
	eun_rx_count(qp, EUN_CNT_PSN_DUPLICATE);
	eun_rx_ack_send(qp, EUN_ACK_KIND_SACK, EUN_NACK_NONE, 0);
	return EUN_PSN_CONSUMED;
}

/* Ask the bitmap about a packet whose target was checked. */
static int eun_rx_track(struct rxe_qp *qp, u32 psn, struct eun_bm_result *res)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_rx *rx = &qp->eun.rx;
	unsigned long flags;
	int err = -ENOENT;

	spin_lock_irqsave(&ed->lock, flags);
	if (rx->open)
		err = eun_bm_rx(&ed->bm, rx->conn, rx->epsn, psn, res);
	spin_unlock_irqrestore(&ed->lock, flags);
	return err;
}

/* Placement failed: the QP cannot go on (its MR changed under it). */
static void eun_rx_place_failed(struct rxe_qp *qp, u32 psn)
{
	eun_rx_nack(qp, EUN_NACK_ACCESS, psn);
	rxe_qp_error(qp);
}

/*
 * How out of order a placed packet came: its distance from the expected
 * PSN (the device's and the QP's histograms), and how many higher PSNs
 * had come before it. The next acknowledgment echoes a probe, or else the
 * latest of the packets since the last one, with its path, so the sender
 * learns which of its paths reorder.
 */
static void eun_rx_note_order(struct rxe_qp *qp, u32 psn, u8 path)
{
	struct eun_rx *rx = &qp->eun.rx;
	u32 degree = eun_psn_dist(rx->epsn, psn);
	u32 late = 0;

	if (eun_psn_after(psn, rx->max_psn))
		rx->max_psn = psn;
	else
		late = eun_psn_dist(psn, rx->max_psn);
	eun_hist_add(&rx->ooo_degree, degree);
	eun_dev_note_ooo_degree(eun_qp_rxe(qp), degree);
	if (degree || late)
		trace_eun_ooo_arrival(qp_num(qp), psn, rx->epsn, late, path);
	if (eun_path_echo_takes(rx->echo_path, rx->echo_late, path, late)) {
		rx->echo_path = path;
		rx->echo_late = late;
	}
}

/*
 * A new packet: place it (or keep it aside, @held: write_sync=receiver),
 * and once the expected PSN moves, the held last packets and the
 * completions it put in order.
 */
static void eun_rx_accept(struct rxe_qp *qp, struct rxe_pkt_info *pkt,
			  struct eun_rx_pkt *p, const struct eun_bm_result *res,
			  bool held)
{
	struct eun_rx *rx = &qp->eun.rx;
	bool last = p->eh.flags & EUN_EXT_F_LAST;

	if (!held && eun_rx_place_data(qp, p)) {
		eun_rx_place_failed(qp, pkt->psn);
		return;
	}
	eun_rx_count(qp, EUN_CNT_PSN_ACCEPT);
	WRITE_ONCE(rx->peer_ooo, true);
	eun_rx_note_order(qp, pkt->psn, p->eh.path);
	if (res->verdict == EUN_BM_OOO)
		eun_rx_count(qp, EUN_CNT_RX_OOO);
	if (held)
		eun_rx_count(qp, EUN_CNT_WSYNC_HELD);
	if (eun_rx_has_completion(p))
		eun_rx_note(qp, pkt, p);
	if (res->verdict == EUN_BM_IN_ORDER) {
		rx->epsn = res->head;
		eun_rx_read_reached(qp);
		if (eun_rx_wsync_place_ready(qp)) {
			eun_rx_place_failed(qp, pkt->psn);
			return;
		}
	}
	eun_rx_complete(qp, pkt);
	if (last && eun_rx_has_completion(p) &&
	    !eun_psn_before(pkt->psn, rx->epsn))
		eun_rx_count(qp, EUN_CNT_RX_HELD);
	eun_rx_ack_placed(qp, pkt, res);
}

static void eun_rx_ooo_request(struct rxe_qp *qp, struct rxe_pkt_info *pkt)
{
	struct eun_rx *rx = &qp->eun.rx;
	struct eun_bm_result res;
	struct eun_rx_pkt p = {};
	enum eun_rxc_verdict v;
	int slot;

	if (eun_rx_parse(qp, pkt, &p) != EUN_RXC_OK) {
		eun_rx_count(qp, EUN_CNT_RX_MALFORMED);
		return;
	}
	/*
	 * A sender keeps its packets within max_inflight of its oldest
	 * unacknowledged PSN, which is never past the expected PSN here.
	 */
	v = eun_rxc_psn(rx->epsn, pkt->psn,
			eun_dev_max_inflight(eun_qp_rxe(qp)));
	if (v == EUN_RXC_DUPLICATE) {
		eun_rx_duplicate(qp, pkt->psn);
		goto out;
	}
	if (v == EUN_RXC_OUTSIDE) {
		/* No sender has it in flight: not even its target is asked. */
		eun_rx_count(qp, EUN_CNT_PSN_DROP);
		eun_rx_nack(qp, EUN_NACK_CAP, pkt->psn);
		goto out;
	}
	v = eun_rx_check_target(qp, pkt, &p);
	if (v != EUN_RXC_OK && v != EUN_RXC_EMPTY) {
		eun_rx_nack(qp, eun_rxc_nack_reason(v), pkt->psn);
		goto out;
	}
	if (!eun_rx_hq_takes(qp, pkt, &p)) {
		/* It contradicts its message: dropped, neither placed nor marked. */
		eun_rx_count(qp, EUN_CNT_RX_MALFORMED);
		goto out;
	}
	slot = eun_rx_wsync_hold(qp, pkt, &p);
	if (slot == -ESHUTDOWN) {
		/* An erred QP answers nothing. */
		eun_rx_count(qp, EUN_CNT_PSN_DROP);
		goto out;
	}
	if (slot == -ENOSPC) {
		/*
		 * Unmarked, and said so: left to the sender's loss detection,
		 * a refused tail waits for its retransmit timer, and its
		 * resends can be refused again while the held packets age.
		 */
		eun_rx_count(qp, EUN_CNT_PSN_DROP);
		eun_rx_nack(qp, EUN_NACK_NOMEM, pkt->psn);
		goto out;
	}
	if (slot == -EEXIST) {
		eun_rx_duplicate(qp, pkt->psn);
		goto out;
	}
	if (eun_rx_track(qp, pkt->psn, &res)) {
		/* QP error closed the bitmap under us: nothing to place into. */
		eun_rx_wsync_cancel(qp, slot, pkt->psn);
		eun_rx_count(qp, EUN_CNT_PSN_DROP);
		goto out;
	}
	if (res.verdict != EUN_BM_IN_ORDER && res.verdict != EUN_BM_OOO)
		eun_rx_wsync_cancel(qp, slot, pkt->psn);

	switch (res.verdict) {
	case EUN_BM_IN_ORDER:
	case EUN_BM_OOO:
		eun_rx_accept(qp, pkt, &p, &res, slot >= 0);
		break;
	case EUN_BM_DUPLICATE:
		eun_rx_duplicate(qp, pkt->psn);
		break;
	case EUN_BM_BEYOND_CAP:
		eun_rx_count(qp, EUN_CNT_PSN_DROP);
		eun_rx_nack(qp, EUN_NACK_CAP, pkt->psn);
		break;
	case EUN_BM_NO_MEMORY:
	default:
		eun_rx_count(qp, EUN_CNT_PSN_DROP);
		eun_rx_nack(qp, EUN_NACK_NOMEM, pkt->psn);
		break;
	}
out:
	eun_rx_place_release(&p);
}

/*
 * Mark the PSNs from the expected one up to @end, then those of the READs
 * executed ahead that start where it got to, in order; device lock held.
 * The head passes the packets marked beyond them: WRITE and SEND packets
 * sent after the request came first. Return: whether it passed any.
 */
static int eun_rx_take_locked(struct rxe_qp *qp, u32 end, bool *passed)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_rx *rx = &qp->eun.rx;
	struct eun_bm_result res;

	lockdep_assert_held(&ed->lock);
	/* Nothing came beyond: the bitmap opens past them, as it used to. */
	if (eun_psn_before(rx->max_psn, rx->epsn))
		return eun_rx_open_at(qp, eun_rx_read_skip(qp, end));
	do {
		while (eun_psn_before(rx->epsn, end)) {
			if (eun_bm_rx(&ed->bm, rx->conn, rx->epsn, rx->epsn,
				      &res) || res.verdict != EUN_BM_IN_ORDER)
				return -EIO;
			rx->epsn = res.head;
		}
		*passed |= eun_psn_after(rx->epsn, end);
		end = eun_rx_read_skip(qp, rx->epsn);
	} while (end != rx->epsn);
	return 0;
}

/*
 * A READ or atomic at the expected PSN goes to rxe: its PSNs are taken
 * as come at once, not by reopening the bitmap past them once it is
 * executed, which would forget the WRITE and SEND packets sent after it
 * that came first; the completions they held go, and the sender hears
 * of the packets passed. Without a bitmap the next packet reopens it
 * past the request, as for other stock-format requests.
 */
static void eun_rx_take_request(struct rxe_qp *qp, struct rxe_pkt_info *pkt)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_rx *rx = &qp->eun.rx;
	u32 end = eun_psn_add(pkt->psn, eun_rx_read_npkts(qp, pkt));
	bool passed = false;
	unsigned long flags;
	int err = -ENOENT;

	spin_lock_irqsave(&ed->lock, flags);
	if (rx->open && qp_state(qp) != IB_QPS_ERR)
		err = eun_rx_take_locked(qp, end, &passed);
	spin_unlock_irqrestore(&ed->lock, flags);
	if (err)
		return;
	rx->stock_psn = false;
	if (eun_psn_before(rx->max_psn, rx->epsn))
		rx->max_psn = eun_psn_add(rx->epsn, EUN_PSN_MASK);
	eun_rx_read_reached(qp);
	if (eun_rx_wsync_place_ready(qp)) {
		eun_rx_place_failed(qp, pkt->psn);
		return;
	}
	eun_rx_complete(qp, pkt);
	if (passed)
		eun_rx_ack_cumulative(qp);
}

static enum eun_psn_verdict eun_rx_stock_request(struct rxe_qp *qp,
						 struct rxe_pkt_info *pkt)
{
	struct eun_rx *rx = &qp->eun.rx;
	s32 ahead = eun_psn_diff(rx->epsn, pkt->psn);
	enum eun_psn_verdict v;

	if (eun_rx_read_is_request(pkt->opcode)) {
		v = eun_rx_read_request(qp, pkt);
		if (v == EUN_PSN_STOCK && rx->stock_psn)
			eun_rx_take_request(qp, pkt);
		return v;
	}
	if (ahead > 0) {
		/* The sender fences these: only a stale copy gets here. */
		eun_rx_count(qp, EUN_CNT_PSN_DROP);
		return EUN_PSN_CONSUMED;
	}
	qp->resp.psn = rx->epsn;
	rx->stock_psn = !ahead;
	return EUN_PSN_STOCK;
}

/**
 * eun_rx_request() - the responder's PSN check for a tracking QP
 * @qp: the QP, in its receive task
 * @pkt: a request packet
 *
 * Return: EUN_PSN_CONSUMED for an ooo packet (handled whole here), or what
 * rxe's responder does with a stock-format one.
 */
enum eun_psn_verdict eun_rx_request(struct rxe_qp *qp,
				    struct rxe_pkt_info *pkt)
{
	int err = eun_rx_sync(qp);

	if (err) {
		eun_rx_count(qp, EUN_CNT_PSN_DROP);
		/* An erred QP answers nothing; else the memory is full. */
		if (err != -ESHUTDOWN)
			eun_rx_nack(qp, EUN_NACK_NOMEM, pkt->psn);
		return EUN_PSN_CONSUMED;
	}
	if (!eun_op_is_ooo_request(pkt->opcode))
		return eun_rx_stock_request(qp, pkt);

	eun_rx_ooo_request(qp, pkt);
	return EUN_PSN_CONSUMED;
}
