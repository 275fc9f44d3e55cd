// SPDX-License-Identifier: GPL-2.0
/*
 * READ responses at a tracking QP's requester, placed as they arrive; and
 * atomics, tracked the same way as requests of one response PSN (an
 * ATOMIC WRITE as a READ of no bytes: its answer is an empty
 * READ_RESPONSE_ONLY).
 *
 * Each response packet goes straight to its own offset in its READ's
 * local buffer, (PSN - the READ's first PSN) * MTU, and is marked in a
 * reorder bitmap of the device: a connection of the QP's own for its
 * READs, in the same emulated memory and under the same cap as its
 * receive side's. READs may follow each other without waiting (up to
 * EUN_RD_MAX_OUT and the QP's max_rd_atomic): their response PSNs are
 * one range in one bitmap, in which the PSNs of a WRITE or SEND sent
 * between two READs count as come. Each READ completes, through rxe's
 * completer, once every packet of it and of the READs before it is in, so
 * completions stay in posted order; a WRITE or SEND after it, once its
 * ACK came, completes right after it.
 *
 * Missing packets are asked for again by one stock READ request per READ,
 * for the range from the first to the last missing one (core/eun_read.c
 * says why one range), when no new packet has come for the reorder
 * window, or when rxe's retransmit timer fires; never because packets
 * came out of order. The responder answers it from its READ resource as
 * it answers any duplicate READ: a stock responder does too.
 *
 * Everything here runs in the QP's send task but the bitmap's close on
 * the error path (eun_comp_read_close(), any context).
 */

#include "rxe.h"
#include "rxe_queue.h"
#include "eun/eun_bitmap.h"
#include "eun/eun_read.h"
#include "eun/eun_scoreboard.h"
#include "eun/eun_wire.h"
#include "eun_rxe.h"
#include "eun_counters.h"
#include "eun_dev.h"
#include "eun_comp.h"
#include "eun_comp_read.h"
#include "eun_tx_loss.h"
#include "eun_tx_mode.h"
#include "eun_trace.h"

/* Why a re-request went, as its tracepoint says (eun_trace.h). */
enum eun_rd_cause {
	EUN_RD_CAUSE_TIMEOUT,
	EUN_RD_CAUSE_HOLE,
	EUN_RD_CAUSE_BLIND,
};

/* An ATOMIC WRITE's payload: exactly 8 bytes (IBA oA19-28). */
#define EUN_ATOMIC_WRITE_BYTES	8

/* SACK words read to find the last missing PSN: 1024 PSNs past the head. */
#define EUN_RD_SCAN_WORDS	16

static void eun_rd_count(struct rxe_qp *qp, enum eun_counter c)
{
	eun_counter_inc(eun_qp_rxe(qp), c);
}

/* Open the READs' bitmap connection at the first READ's first PSN. */
static void eun_comp_read_open(struct rxe_qp *qp)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_tx *tx = &qp->eun.tx;
	unsigned long flags;

	spin_lock_irqsave(&ed->lock, flags);
	if (tx->rd_open)
		eun_bm_close(&ed->bm, tx->rd_conn);
	/* An erred QP's memory went back to the device: it stays there. */
	tx->rd_open = qp_state(qp) != IB_QPS_ERR &&
		      !eun_bm_open(&ed->bm, tx->rd_conn, tx->rd.first_psn);
	tx->rd_head = tx->rd.first_psn;
	spin_unlock_irqrestore(&ed->lock, flags);
}

/**
 * eun_comp_read_close() - give the READ bitmap's memory back
 * @qp: the tracking QP; any context
 */
void eun_comp_read_close(struct rxe_qp *qp)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_tx *tx = &qp->eun.tx;
	unsigned long flags;

	spin_lock_irqsave(&ed->lock, flags);
	if (tx->rd_open) {
		eun_bm_close(&ed->bm, tx->rd_conn);
		tx->rd_open = false;
	}
	spin_unlock_irqrestore(&ed->lock, flags);
}

static bool eun_comp_read_is_newest(struct rxe_qp *qp)
{
	const struct eun_rd *rd = &qp->eun.tx.rd;
	const struct eun_rd_req *r = eun_rd_at(rd, rd->count - 1);

	return r && r->first_psn == qp->req.psn;
}

static bool eun_comp_read_is_atomic(const struct rxe_send_wqe *wqe)
{
	return wqe->wr.opcode == IB_WR_ATOMIC_CMP_AND_SWP ||
	       wqe->wr.opcode == IB_WR_ATOMIC_FETCH_AND_ADD;
}

/*
 * An ATOMIC WRITE is answered by one READ_RESPONSE_ONLY without payload:
 * it is tracked as a READ of no bytes.
 */
static bool eun_comp_read_is_atomic_write(const struct rxe_send_wqe *wqe)
{
	return wqe->wr.opcode == IB_WR_ATOMIC_WRITE;
}

/* A READ or an atomic: a request answered by responses the QP tracks. */
static bool eun_comp_read_tracks(const struct rxe_send_wqe *wqe)
{
	return wqe->wr.opcode == IB_WR_RDMA_READ ||
	       eun_comp_read_is_atomic(wqe) ||
	       eun_comp_read_is_atomic_write(wqe);
}

/*
 * WRITE or SEND packets are unacknowledged: the scoreboard has them (not
 * only the PSNs of READs and atomics it holds between them).
 */
static bool eun_comp_read_ooo_out(const struct eun_tx *tx)
{
	return tx->open && eun_psn_before(tx->sb.una, tx->ooo_end);
}

/**
 * eun_comp_read_newest_npkts() - response PSNs of the request about to go
 * @qp: the tracking QP, in its send task, its next request admitted
 *
 * Return: how many PSNs the READ or atomic at qp->req.psn takes, when the
 * tracker took it; 0 otherwise.
 */
u32 eun_comp_read_newest_npkts(struct rxe_qp *qp)
{
	const struct eun_rd *rd = &qp->eun.tx.rd;
	const struct eun_rd_req *r = eun_rd_at(rd, rd->count - 1);

	if (!r || r->first_psn != qp->req.psn)
		return 0;
	return eun_psn_dist(r->first_psn, r->last_psn) + 1;
}

/**
 * eun_comp_read_reach() - how far past the oldest unacknowledged PSN the
 *	next request may start
 * @qp: the tracking QP, in its send task
 * @wqe: the WQE whose request would go next
 *
 * On one path a response missing behind later ones is lost, and the READs
 * after it go on while it is asked for again, as far as the READ bitmap
 * reaches. A QP that sprays keeps them within read_inflight of it: there
 * it is mostly late, on a slower path, and READs going on past it filled
 * that path's queue (its peer sprays the responses too, as the bed's
 * guests do).
 *
 * Return: for a READ or atomic, as far as its responses stay within that
 * span (eun_rd_reach()); -ENOENT for anything else, -ERANGE for a READ
 * larger than it.
 */
int eun_comp_read_reach(struct rxe_qp *qp, struct rxe_send_wqe *wqe)
{
	struct rxe_dev *rxe = eun_qp_rxe(qp);
	u32 bits = eun_dev_track_bits(rxe);

	if (!eun_comp_read_tracks(wqe))
		return -ENOENT;
	if (qp->eun.paths.path)
		bits = min(bits, eun_dev_read_inflight(rxe));
	return eun_rd_reach(eun_comp_read_is_atomic_write(wqe) ? 0 :
			    wqe->dma.length, eun_comp_read_is_atomic(wqe),
			    qp->mtu, bits);
}

/*
 * Response PSNs between two READs are a WRITE's or a SEND's, sent
 * between them: no response comes for them, and the head passes them as
 * come. Called with the device lock held.
 */
static void eun_comp_read_skip_gap(struct rxe_qp *qp)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_tx *tx = &qp->eun.tx;
	struct eun_bm_result res;

	lockdep_assert_held(&ed->lock);
	while (eun_rd_owns(&tx->rd, tx->rd_head) &&
	       eun_rd_find(&tx->rd, tx->rd_head) < 0) {
		if (!tx->rd_open) {
			tx->rd_head = eun_psn_add(tx->rd_head, 1);
			continue;
		}
		if (eun_bm_rx(&ed->bm, tx->rd_conn, tx->rd_head, tx->rd_head,
			      &res) || res.verdict != EUN_BM_IN_ORDER)
			return;
		tx->rd_head = res.head;
	}
}

/*
 * Whether the READ or atomic of @wqe fits beside the response packets the
 * READs out still await (read_inflight): packets placed past a missing
 * one no longer count, so READs go on during its repair, as far as
 * eun_comp_read_reach() lets them.
 */
static bool eun_comp_read_room(struct rxe_qp *qp, struct rxe_send_wqe *wqe)
{
	u32 len = eun_comp_read_is_atomic_write(wqe) ? 0 : wqe->dma.length;
	u64 npkts;

	if (!qp->mtu)
		return true;
	npkts = eun_rd_npkts(len, eun_comp_read_is_atomic(wqe), qp->mtu);
	return eun_rd_room(&qp->eun.tx.rd, min_t(u64, npkts, U32_MAX),
			   eun_dev_read_inflight(eun_qp_rxe(qp)));
}

/* A response of a READ out is missing below one that came after it. */
static bool eun_comp_read_hole_out(const struct eun_tx *tx)
{
	const struct eun_rd *rd = &tx->rd;

	return rd->count && rd->seen && eun_psn_after(rd->max_psn, tx->rd_head);
}

/* Track a READ or atomic whose request takes PSN qp->req.psn. */
static int eun_comp_read_add(struct rxe_qp *qp, struct rxe_send_wqe *wqe)
{
	struct eun_tx *tx = &qp->eun.tx;
	bool atomic = eun_comp_read_is_atomic(wqe);
	struct eun_rd_req r = {
		.first_psn = qp->req.psn,
		.len = wqe->dma.length,
		.va = atomic ? wqe->wr.wr.atomic.remote_addr :
			       wqe->wr.wr.rdma.remote_addr,
		.rkey = atomic ? wqe->wr.wr.atomic.rkey : wqe->wr.wr.rdma.rkey,
		.atomic = atomic,
		.after_ooo = eun_comp_read_ooo_out(tx),
	};
	u64 now = ktime_get_ns();
	bool first = !tx->rd.count;
	bool past_hole = eun_comp_read_hole_out(tx);
	int err;

	if (eun_comp_read_is_atomic_write(wqe)) {
		/* rxe's own RETH: the address in iova, which reads nothing. */
		r.va = wqe->iova;
		r.len = 0;
	}
	r.writes = atomic || eun_comp_read_is_atomic_write(wqe);
	r.in_turn = !r.writes && eun_rd_writes_out(&tx->rd);
	err = eun_rd_start(&tx->rd, &r, qp->mtu, now);
	if (err)
		return err;
	if (first) {
		tx->rd_force = false;
		eun_comp_read_open(qp);
	} else {
		unsigned long flags;

		spin_lock_irqsave(&eun_qp_dev(qp)->lock, flags);
		eun_comp_read_skip_gap(qp);
		spin_unlock_irqrestore(&eun_qp_dev(qp)->lock, flags);
	}
	if (r.after_ooo)
		eun_rd_count(qp, EUN_CNT_READ_UNFENCED);
	if (r.in_turn)
		eun_rd_count(qp, EUN_CNT_READ_IN_TURN);
	if (past_hole)
		eun_rd_count(qp, EUN_CNT_READ_PAST_HOLE);
	eun_tx_loss_arm(qp, eun_rd_wake(&tx->rd, tx->rd_head, now), now);
	return 0;
}

/**
 * eun_comp_read_admit() - whether a stock-format request may go
 * @qp: the tracking QP, in its send task
 * @wqe: its WQE, still posted; the request would take PSN qp->req.psn
 * @idle: nothing is in flight
 *
 * An idle QP sends any request; a READ or an atomic is tracked from here
 * when it can be. One also goes while only WRITE and SEND packets, or
 * only tracked requests, are out, if there is room for it (in the ring,
 * within max_rd_atomic and read_inflight): the responder
 * executes it once the packets before it are in (EUN_BTH_AFTER_OOO). The
 * requester may admit the same request again after a stall: it is then
 * already tracked.
 *
 * Return: true to send the request.
 */
bool eun_comp_read_admit(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			 bool idle)
{
	struct eun_tx *tx = &qp->eun.tx;
	struct eun_rd *rd = &tx->rd;
	u32 room = min_t(u32, EUN_RD_MAX_OUT, qp->attr.max_rd_atomic);

	if (!eun_comp_read_tracks(wqe))
		return idle;
	if (rd->count && eun_comp_read_is_newest(qp))
		return true;
	if (idle) {
		eun_comp_read_add(qp, wqe);
		return true;
	}
	/*
	 * Behind WRITE and SEND packets only (no other request is out), to
	 * a peer known to track (it acknowledged them so).
	 */
	if (!tx->stock_out && !tx->stock_send && tx->heard)
		return rd->count < room && eun_comp_read_room(qp, wqe) &&
		       !eun_comp_read_add(qp, wqe);
	return rd->count && rd->count < room && eun_comp_read_room(qp, wqe) &&
	       !eun_comp_read_add(qp, wqe);
}

/**
 * eun_comp_read_mark() - mark a tracked READ or atomic request
 * @qp: the tracking QP, in its send task
 * @pkt: a stock-format request rxe built, its headers in place
 *
 * A READ tracked with a bitmap takes its responses in any order: its
 * request says so (EUN_BTH_ANY_ORDER), and a responder of this module
 * that sprays may then send them over its paths. Without a bitmap only
 * the next response in order is taken, so the request stays unmarked.
 * A request sent behind unacknowledged WRITE or SEND packets says so too
 * (EUN_BTH_AFTER_OOO): it must wait for them at the responder; so must a
 * READ sent behind an atomic or ATOMIC WRITE out.
 */
void eun_comp_read_mark(struct rxe_qp *qp, struct rxe_pkt_info *pkt)
{
	const struct eun_rd *rd = &qp->eun.tx.rd;
	const struct eun_rd_req *r;

	if (!rd->count || !eun_comp_read_is_newest(qp))
		return;
	r = eun_rd_at(rd, rd->count - 1);
	if (r->after_ooo || r->in_turn)
		eun_wire_set_after_ooo(pkt->hdr);
	if (pkt->opcode == IB_OPCODE_RC_RDMA_READ_REQUEST && qp->eun.tx.rd_open)
		eun_wire_set_any_order(pkt->hdr);
}

static enum eun_rd_kind eun_comp_read_kind(u8 opcode)
{
	switch (opcode) {
	case IB_OPCODE_RC_RDMA_READ_RESPONSE_FIRST:
		return EUN_RD_FIRST;
	case IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE:
		return EUN_RD_MIDDLE;
	case IB_OPCODE_RC_RDMA_READ_RESPONSE_LAST:
		return EUN_RD_LAST;
	case IB_OPCODE_RC_ATOMIC_ACKNOWLEDGE:
		return EUN_RD_ATOMIC_ACK;
	default:
		return EUN_RD_ONLY;
	}
}

/*
 * The WQE of READ @index out (0: the oldest), pending, as tracked. The
 * READs out are in the send queue in their order, among the WRITE and
 * SEND WQEs not yet completed that they went behind or that went behind
 * them: the one whose first PSN is the READ's.
 */
static struct rxe_send_wqe *eun_comp_read_wqe(struct rxe_qp *qp, u32 index)
{
	const struct eun_rd_req *r = eun_rd_at(&qp->eun.tx.rd, index);
	struct rxe_queue *q = qp->sq.queue;
	u32 idx = queue_get_consumer(q, QUEUE_TYPE_FROM_CLIENT);
	u32 prod = queue_get_producer(q, QUEUE_TYPE_FROM_CLIENT);
	struct rxe_send_wqe *wqe = NULL;

	if (!r)
		return NULL;
	for (; idx != prod; idx = queue_next_index(q, idx)) {
		wqe = queue_addr_from_index(q, idx);
		if (eun_comp_read_tracks(wqe) && wqe->first_psn == r->first_psn)
			break;
	}
	if (idx == prod)
		return NULL;
	if (wqe->state != wqe_state_pending ||
	    eun_comp_read_is_atomic(wqe) != r->atomic ||
	    wqe->last_psn != r->last_psn)
		return NULL;
	return wqe;
}

/* Whether a response packet fits a READ out: its PSN, opcode, size. */
static int eun_comp_read_check(struct rxe_qp *qp, struct rxe_pkt_info *pkt)
{
	int err;

	err = eun_rd_check(&qp->eun.tx.rd, pkt->psn,
			   eun_comp_read_kind(pkt->opcode), payload_size(pkt),
			   qp->mtu);
	if (err)
		return err;
	if ((pkt->mask & RXE_AETH_MASK) &&
	    (aeth_syn(pkt) & AETH_TYPE_MASK) != AETH_ACK)
		return -EPROTO;
	return 0;
}

/*
 * Ask the bitmap about a response packet. Without a bitmap (the static
 * one did not fit, or the QP erred) only the next packet in order is
 * taken.
 */
static enum eun_bm_verdict eun_comp_read_track(struct rxe_qp *qp, u32 psn)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_tx *tx = &qp->eun.tx;
	struct eun_bm_result res = { .verdict = EUN_BM_NO_MEMORY };
	unsigned long flags;

	spin_lock_irqsave(&ed->lock, flags);
	if (tx->rd_open) {
		if (eun_bm_rx(&ed->bm, tx->rd_conn, tx->rd_head, psn, &res))
			res.verdict = EUN_BM_NO_MEMORY;
	} else if (psn == tx->rd_head) {
		res.verdict = EUN_BM_IN_ORDER;
		res.head = eun_psn_add(psn, 1);
	} else if (eun_psn_before(psn, tx->rd_head)) {
		res.verdict = EUN_BM_DUPLICATE;
	}
	if (res.verdict == EUN_BM_IN_ORDER) {
		tx->rd_head = res.head;
		eun_comp_read_skip_gap(qp);
	}
	spin_unlock_irqrestore(&ed->lock, flags);
	return res.verdict;
}

/*
 * Copy a response packet's payload to its offset in its READ's buffer,
 * or an atomic's result (AtomicAckETH) to the start of its buffer.
 */
static int eun_comp_read_place(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			       const struct eun_rd_req *r,
			       struct rxe_pkt_info *pkt)
{
	struct rxe_dma_info *dma = &wqe->dma;
	struct rxe_dma_info saved = *dma;
	u32 index = eun_psn_dist(r->first_psn, pkt->psn);
	u32 len = r->atomic ? sizeof(u64) : payload_size(pkt);
	u64 orig = r->atomic ? atmack_orig(pkt) : 0;
	void *src = r->atomic ? (void *)&orig : payload_addr(pkt);
	int err;

	if (!len)
		return 0;
	dma->resid = dma->length;
	dma->cur_sge = 0;
	dma->sge_offset = 0;
	err = advance_dma_data(dma, index * qp->mtu);
	if (!err)
		err = copy_data(qp->pd, IB_ACCESS_LOCAL_WRITE, dma, src, len,
				RXE_TO_MR_OBJ);
	dma->resid = saved.resid;
	dma->cur_sge = saved.cur_sge;
	dma->sge_offset = saved.sge_offset;
	return err;
}

/* Progress, as rxe's completer counts it: the QP's retries start again. */
static void eun_comp_read_progress(struct rxe_qp *qp)
{
	qp->comp.retry_cnt = qp->attr.retry_cnt;
	qp->comp.rnr_retry = qp->attr.rnr_retry;
	qp->comp.started_retry = 0;
}

/*
 * Another READ is complete behind the one this packet completes: queue a
 * copy of the packet as the ACK of its last PSN @psn, which completes it
 * in its turn (rxe's completer takes one ACK per WQE). Without memory for it, the next
 * packet or the retransmit timer does.
 */
static void eun_comp_read_token(struct rxe_qp *qp, struct rxe_pkt_info *pkt,
				u32 psn)
{
	struct sk_buff *skb = PKT_TO_SKB(pkt);
	struct rxe_pkt_info *tpkt;
	struct sk_buff *token;

	if (!ib_device_try_get(qp->ibqp.device))
		return;
	token = skb_copy(skb, GFP_ATOMIC);
	if (!token) {
		ib_device_put(qp->ibqp.device);
		return;
	}
	tpkt = SKB_TO_PKT(token);
	tpkt->hdr = token->data + (pkt->hdr - skb->data);
	tpkt->psn = psn;
	rxe_get(qp);
	skb_queue_head(&qp->resp_pkts, token);
}

/*
 * WRITE and SEND packets sent after the READ that just completed, which
 * the scoreboard knows acknowledged: their ACKs reached rxe cut before
 * the READ (eun_comp_read_ack_past()). A copy of @pkt as the ACK of the
 * last of them (or of the PSN before the next READ out) completes them.
 */
static void eun_comp_read_acked_after(struct rxe_qp *qp,
				      struct rxe_pkt_info *pkt, u32 last)
{
	struct eun_tx *tx = &qp->eun.tx;
	const struct eun_rd_req *next = eun_rd_at(&tx->rd, 0);
	u32 to;

	if (!tx->open || !eun_psn_after(tx->sb.una, eun_psn_add(last, 1)))
		return;
	to = eun_psn_add(tx->sb.una, EUN_PSN_MASK);
	if (next && !eun_psn_before(to, next->first_psn))
		to = eun_psn_add(next->first_psn, EUN_PSN_MASK);
	if (eun_psn_after(to, last))
		eun_comp_read_token(qp, pkt, to);
}

/*
 * The oldest READ or atomic is complete, so the responder executed it, and
 * every WRITE or SEND packet sent before it is in: it went behind them
 * marked, or after they were acknowledged. The scoreboard takes its PSNs
 * and those before as acknowledged; else it would fill with requests that
 * no ACK passes when only READs follow.
 */
static void eun_comp_read_acks_done(struct rxe_qp *qp,
				    const struct eun_rd_req *r)
{
	struct eun_tx *tx = &qp->eun.tx;
	u32 end = eun_psn_add(r->last_psn, 1);
	struct eun_sb_ack_result res;

	if (!tx->open || !eun_psn_before(tx->sb.una, end) ||
	    eun_psn_after(end, tx->sb.nxt))
		return;
	eun_sb_ack(&tx->sb, end, NULL, 0, ktime_get_ns(), &res);
}

/*
 * Every packet of the oldest READ is in: hand rxe's completer the ACK of
 * its last PSN, which completes the WQE as any ACK does.
 */
static void eun_comp_read_done(struct rxe_qp *qp, struct rxe_pkt_info *pkt)
{
	struct eun_rd *rd = &qp->eun.tx.rd;
	u32 last = eun_rd_at(rd, 0)->last_psn;
	u64 now = ktime_get_ns();

	eun_comp_as_stock_ack(pkt);
	aeth_set_syn(pkt, AETH_ACK_UNLIMITED);
	pkt->psn = last;
	qp->comp.psn = last;
	qp->comp.opcode = -1;
	eun_comp_read_acks_done(qp, eun_rd_at(rd, 0));
	eun_rd_retire(rd);
	if (rd->count && eun_rd_oldest_done(rd, qp->eun.tx.rd_head)) {
		/* Its ACK completes what lies between too: it came after. */
		eun_comp_read_token(qp, pkt, eun_rd_at(rd, 0)->last_psn);
		return;
	}
	if (!rd->count)
		eun_comp_read_close(qp);
	else
		eun_tx_loss_arm(qp, eun_rd_wake(rd, qp->eun.tx.rd_head, now),
				now);
	eun_comp_read_acked_after(qp, pkt, last);
}

/*
 * The oldest READ's buffer cannot take the data (its MR went): fail the
 * WQE as rxe does, from its completer's error state, which a packet out
 * of sequence at the expected PSN leads to.
 */
static void eun_comp_read_fail(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			       struct rxe_pkt_info *pkt)
{
	u32 keep = pkt->mask & (RXE_GRH_MASK | RXE_LOOPBACK_MASK);
	u8 opcode = IB_OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE;

	eun_comp_read_close(qp);
	eun_rd_stop(&qp->eun.tx.rd);
	wqe->status = IB_WC_LOC_PROT_ERR;
	pkt->opcode = opcode;
	pkt->mask = rxe_opcode[opcode].mask | keep;
	pkt->psn = qp->comp.psn;
	qp->comp.opcode = -1;
}

/* A second copy of a response: it may prove a re-request spurious. */
static void eun_comp_read_copy(struct rxe_qp *qp, u32 psn)
{
	if (eun_rd_duplicate(&qp->eun.tx.rd, psn))
		eun_rd_count(qp, EUN_CNT_READ_REREQ_SPURIOUS);
}

/* Track a placed or dropped packet; the verdict says which. */
static void eun_comp_read_note(struct rxe_qp *qp, u32 psn,
			       enum eun_bm_verdict v, u64 now)
{
	struct eun_tx *tx = &qp->eun.tx;

	switch (v) {
	case EUN_BM_IN_ORDER:
	case EUN_BM_OOO:
		eun_rd_count(qp, EUN_CNT_READ_PLACED);
		if (v == EUN_BM_OOO)
			eun_rd_count(qp, EUN_CNT_READ_OOO);
		eun_rw_answered(&tx->rw);
		eun_rd_arrival(&tx->rd, psn, tx->rd_head, true, now);
		eun_comp_read_progress(qp);
		break;
	case EUN_BM_DUPLICATE:
		eun_rd_count(qp, EUN_CNT_READ_DUP);
		eun_rd_arrival(&tx->rd, psn, tx->rd_head, false, now);
		eun_comp_read_copy(qp, psn);
		break;
	default:
		/* Beyond the cap or no memory: asked for again later. */
		eun_rd_count(qp, EUN_CNT_READ_DROP);
		eun_rd_arrival(&tx->rd, psn, tx->rd_head, false, now);
		break;
	}
}

/*
 * A response to a request sent behind WRITE and SEND packets: the
 * responder executed it once every one of them was in, so they are all
 * acknowledged, whatever became of the ACKs that said so. And the peer
 * tracks: a stock one drops those packets and answers nothing behind
 * them. WRITEs each followed by an atomic may draw no EUN_ACK at all,
 * and a QP that never heard one takes three timeouts for a stock peer.
 */
static void eun_comp_read_acks_ooo(struct rxe_qp *qp,
				   const struct eun_rd_req *r)
{
	struct eun_tx *tx = &qp->eun.tx;
	struct eun_sb_ack_result res;

	if (!r->after_ooo)
		return;
	eun_tx_mode_heard(qp);
	if (!eun_comp_read_ooo_out(tx) ||
	    eun_psn_after(r->first_psn, tx->sb.nxt))
		return;
	eun_sb_ack(&tx->sb, r->first_psn, NULL, 0, ktime_get_ns(), &res);
}

/**
 * eun_comp_read() - a READ response packet reached the completer
 * @qp: the tracking QP, in its send task
 * @pkt: the packet
 *
 * The payload is placed before the bitmap marks the packet: a packet
 * marked is in its buffer. A packet of a later READ whose buffer refuses
 * it is dropped unmarked, asked for again, and fails its READ once that
 * is the oldest.
 *
 * Return: EUN_ACK_CONSUMED for a packet placed (or dropped and counted),
 * EUN_ACK_STOCK for rxe's own handling: a packet that completed the
 * oldest READ, dressed as the ACK of its last PSN (or as what fails it),
 * or any READ response while no READ is tracked (rxe drops a stale one).
 */
enum eun_ack_verdict eun_comp_read(struct rxe_qp *qp, struct rxe_pkt_info *pkt)
{
	struct eun_tx *tx = &qp->eun.tx;
	struct rxe_send_wqe *wqe = NULL;
	u64 now = ktime_get_ns();
	int index;
	int err;

	if (eun_wire_any_part(pkt->hdr))
		tx->rd_any_part = true;
	if (!tx->rd.count) {
		eun_comp_read_copy(qp, pkt->psn);
		return EUN_ACK_STOCK;
	}
	index = eun_rd_find(&tx->rd, pkt->psn);
	if (index >= 0)
		wqe = eun_comp_read_wqe(qp, index);
	err = wqe ? eun_comp_read_check(qp, pkt) : -ENOENT;
	if (index < 0 && eun_psn_before(pkt->psn, tx->rd.first_psn)) {
		eun_rd_count(qp, EUN_CNT_READ_DUP);
		eun_comp_read_copy(qp, pkt->psn);
		return EUN_ACK_CONSUMED;
	}
	if (err) {
		eun_rd_count(qp, EUN_CNT_READ_BAD);
		return EUN_ACK_CONSUMED;
	}
	if (eun_comp_read_place(qp, wqe, eun_rd_at(&tx->rd, index), pkt)) {
		if (index)
			return EUN_ACK_CONSUMED;
		eun_comp_read_fail(qp, wqe, pkt);
		return EUN_ACK_STOCK;
	}
	eun_comp_read_note(qp, pkt->psn, eun_comp_read_track(qp, pkt->psn), now);
	eun_comp_read_acks_ooo(qp, eun_rd_at(&tx->rd, index));
	if (eun_rd_oldest_done(&tx->rd, tx->rd_head)) {
		eun_comp_read_done(qp, pkt);
		return EUN_ACK_STOCK;
	}
	eun_tx_loss_arm(qp, eun_rd_wake(&tx->rd, tx->rd_head, now), now);
	return EUN_ACK_CONSUMED;
}

/*
 * A sequence NAK naming a READ or atomic out: the responder holds
 * requests sent after it (rx/eun_rx_read.c). Its loss counts from now,
 * by the reorder window, as if a response beyond it had come; rxe would
 * resend everything out at once. One naming a request whose responses
 * came is stale.
 */
static enum eun_ack_verdict eun_comp_read_gap(struct rxe_qp *qp,
					      struct rxe_pkt_info *pkt)
{
	struct eun_tx *tx = &qp->eun.tx;
	u64 now = ktime_get_ns();

	if (!eun_rd_owns(&tx->rd, pkt->psn))
		return EUN_ACK_STOCK;
	eun_rd_count(qp, EUN_CNT_READ_GAP_RCVD);
	if (eun_rd_gap(&tx->rd, pkt->psn, tx->rd_head, now))
		eun_tx_loss_arm(qp, eun_rd_wake(&tx->rd, tx->rd_head, now), now);
	return EUN_ACK_CONSUMED;
}

/**
 * eun_comp_read_ack() - a plain ACK reached the completer
 * @qp: the tracking QP, in its send task
 * @pkt: the ACK (or NAK)
 *
 * A copy queued by eun_comp_read_token() comes back as the ACK of the
 * oldest READ's last PSN: rxe's completer takes it as such once its
 * expected PSN is there. A sequence NAK of a READ or atomic out is taken
 * here (eun_comp_read_gap()).
 *
 * Return: EUN_ACK_CONSUMED for a sequence NAK taken, else EUN_ACK_STOCK.
 */
enum eun_ack_verdict eun_comp_read_ack(struct rxe_qp *qp,
				       struct rxe_pkt_info *pkt)
{
	struct eun_rd *rd = &qp->eun.tx.rd;
	const struct eun_rd_req *r = eun_rd_at(rd, 0);

	if (aeth_syn(pkt) == AETH_NAK_PSN_SEQ_ERROR)
		return eun_comp_read_gap(qp, pkt);
	if (!r || pkt->psn != r->last_psn ||
	    (aeth_syn(pkt) & AETH_TYPE_MASK) != AETH_ACK ||
	    !eun_rd_oldest_done(rd, qp->eun.tx.rd_head) ||
	    !eun_comp_read_wqe(qp, 0))
		return EUN_ACK_STOCK;
	eun_comp_read_done(qp, pkt);
	return EUN_ACK_STOCK;
}

/**
 * eun_comp_read_ack_past() - an ACK that passes the oldest READ out
 * @qp: the tracking QP, in its send task
 * @pkt: an EUN_ACK the scoreboard took, dressed as rxe's ACK or NAK
 *
 * rxe's completer takes an ACK past a READ it waits for as that READ's
 * implied NAK, and rewinds to it: go-back-N. The responder executed the
 * READ and the WRITE and SEND packets after it came, but the READ's
 * responses may still be on their way. The ACK goes on cut to the PSN
 * before the READ, completing what lies before it; what it acknowledged
 * after the READ completes when the READ does
 * (eun_comp_read_acked_after()). A NAK past the READ is dropped: the
 * scoreboard took it, and the packet it names goes again.
 *
 * Return: EUN_ACK_STOCK, @pkt cut when it passed the READ;
 * EUN_ACK_CONSUMED for a NAK past it.
 */
enum eun_ack_verdict eun_comp_read_ack_past(struct rxe_qp *qp,
					    struct rxe_pkt_info *pkt)
{
	const struct eun_rd_req *r = eun_rd_at(&qp->eun.tx.rd, 0);
	u32 before;

	if (!r || eun_psn_before(pkt->psn, r->first_psn))
		return EUN_ACK_STOCK;
	if ((aeth_syn(pkt) & AETH_TYPE_MASK) != AETH_ACK)
		return EUN_ACK_CONSUMED;
	before = eun_psn_add(r->first_psn, EUN_PSN_MASK);
	pkt->psn = before;
	bth_set_psn(pkt, before);
	return EUN_ACK_STOCK;
}

/*
 * The ranges a re-request asks for from @head: one per READ, from its
 * first PSN that may be missing to its last below the highest that came;
 * or, from a responder that answers any part of a READ, one per run of
 * missing PSNs (eun_rd_runs()).
 */
static u32 eun_comp_read_ranges(struct rxe_qp *qp, u32 head,
				struct eun_rd_range *out, u32 max)
{
	struct eun_dev *ed = eun_qp_dev(qp);
	struct eun_tx *tx = &qp->eun.tx;
	u64 words[EUN_RD_SCAN_WORDS];
	u32 nbits = EUN_RD_SCAN_WORDS * 64;
	unsigned long flags;
	u32 bm_head = head;
	int span = -ENOENT;
	u32 end, n;

	spin_lock_irqsave(&ed->lock, flags);
	if (tx->rd_open)
		span = eun_bm_sack_words(&ed->bm, tx->rd_conn, &bm_head,
					 words, nbits);
	spin_unlock_irqrestore(&ed->lock, flags);
	if (span < 0 || bm_head != head) {
		end = eun_rd_range_end(&tx->rd, head, NULL, 0, nbits + 1);
		n = eun_rd_split(&tx->rd, head, end, out, max);
		return eun_rd_narrow(head, NULL, 0, 0, out, n);
	}
	end = eun_rd_range_end(&tx->rd, head, words, nbits, span);
	n = eun_rd_split(&tx->rd, head, end, out, max);
	n = eun_rd_narrow(head, words, nbits, span, out, n);
	if (!tx->rd_any_part)
		return n;
	return eun_rd_runs(head, words, nbits, span, out, n,
			   min_t(u32, max, EUN_RD_RUNS_MAX));
}

/*
 * Fill the header of a re-request: the READ range, or the atomic again
 * (an ATOMIC WRITE with its 8 bytes, which rxe kept in the WQE).
 */
static void eun_comp_read_fill(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			       const struct eun_rd_req *r, u32 first, u32 last,
			       struct rxe_pkt_info *pkt)
{
	u64 offset = (u64)eun_psn_dist(r->first_psn, first) * qp->mtu;
	u64 want = (u64)(eun_psn_dist(first, last) + 1) * qp->mtu;

	if (eun_comp_read_is_atomic_write(wqe)) {
		reth_set_va(pkt, r->va);
		reth_set_rkey(pkt, r->rkey);
		reth_set_len(pkt, EUN_ATOMIC_WRITE_BYTES);
		memcpy(payload_addr(pkt), wqe->dma.atomic_wr,
		       EUN_ATOMIC_WRITE_BYTES);
		return;
	}
	if (!r->atomic) {
		reth_set_va(pkt, r->va + offset);
		reth_set_rkey(pkt, r->rkey);
		reth_set_len(pkt, min_t(u64, want, r->len - offset));
		return;
	}
	atmeth_set_va(pkt, r->va);
	atmeth_set_rkey(pkt, r->rkey);
	if (pkt->opcode == IB_OPCODE_RC_COMPARE_SWAP) {
		atmeth_set_swap_add(pkt, wqe->wr.wr.atomic.swap);
		atmeth_set_comp(pkt, wqe->wr.wr.atomic.compare_add);
	} else {
		atmeth_set_swap_add(pkt, wqe->wr.wr.atomic.compare_add);
	}
}

static u8 eun_comp_read_opcode(const struct rxe_send_wqe *wqe)
{
	switch (wqe->wr.opcode) {
	case IB_WR_ATOMIC_CMP_AND_SWP:
		return IB_OPCODE_RC_COMPARE_SWAP;
	case IB_WR_ATOMIC_FETCH_AND_ADD:
		return IB_OPCODE_RC_FETCH_ADD;
	case IB_WR_ATOMIC_WRITE:
		return IB_OPCODE_RC_ATOMIC_WRITE;
	default:
		return IB_OPCODE_RC_RDMA_READ_REQUEST;
	}
}

/*
 * Send the request for PSNs @first..@last of READ @r, or atomic @r again
 * (the responder executes it once and replays its stored result).
 */
static int eun_comp_read_send(struct rxe_qp *qp, struct rxe_send_wqe *wqe,
			      const struct eun_rd_req *r, u32 first, u32 last)
{
	const u8 opcode = eun_comp_read_opcode(wqe);
	u32 payload = eun_comp_read_is_atomic_write(wqe) ?
		      EUN_ATOMIC_WRITE_BYTES : 0;
	int paylen = rxe_opcode[opcode].length + payload + RXE_ICRC_SIZE;
	struct rxe_pkt_info pkt = {};
	struct sk_buff *skb;

	pkt.rxe = eun_qp_rxe(qp);
	pkt.qp = qp;
	pkt.wqe = wqe;
	pkt.psn = first;
	pkt.opcode = opcode;
	pkt.mask = rxe_opcode[opcode].mask;
	skb = rxe_init_packet(pkt.rxe, &qp->pri_av, paylen, &pkt);
	if (!skb)
		return -ENOMEM;
	pkt.paylen = paylen;
	bth_init(&pkt, opcode, 0, 0, 0, IB_DEFAULT_PKEY_FULL,
		 qp->attr.dest_qp_num, 1, first);
	if (r->after_ooo || r->in_turn)
		eun_wire_set_after_ooo(pkt.hdr);
	eun_comp_read_fill(qp, wqe, r, first, last, &pkt);
	if (rxe_prepare(&qp->pri_av, &pkt, skb)) {
		kfree_skb(skb);
		return -ENOMEM;
	}
	return rxe_xmit_packet(qp, &pkt, skb);
}

/**
 * eun_comp_read_resend() - re-request the missing responses of the READs
 *	out if they count as lost
 * @qp: the tracking QP, in its send task, before the requester's new
 *	packets, while fenced stock-format requests are out
 * @now: current time (ns)
 *
 * Return: EUN_RESEND_SENT when re-requests went (or failed to: they are
 * tried again on the next quiet period or timeout), EUN_RESEND_NONE when
 * none is due, EUN_RESEND_BLOCKED when the QP has too many packets in the
 * network now.
 */
enum eun_resend_verdict eun_comp_read_resend(struct rxe_qp *qp, u64 now)
{
	struct eun_tx *tx = &qp->eun.tx;
	struct eun_rd_range *ranges = tx->rd_ranges;
	u32 head = tx->rd_head;
	u32 i, n, quiet_us, asked = 0;
	u8 cause;

	if (!tx->rd.count)
		return EUN_RESEND_NONE;
	/*
	 * Responses queued for the completer are news not read yet: the send
	 * task runs again for them, and each arms the wake-up again.
	 */
	if (!tx->rd_force && !skb_queue_empty(&qp->resp_pkts))
		return EUN_RESEND_NONE;
	if (!tx->rd_force && !eun_rd_due(&tx->rd, head, now)) {
		/* Woken early (eun_tx_loss_arm() keeps a sooner wake-up). */
		eun_tx_loss_arm(qp, eun_rd_wake(&tx->rd, head, now), now);
		return EUN_RESEND_NONE;
	}
	if (atomic_read(&qp->skb_out) > RXE_INFLIGHT_SKBS_PER_QP_HIGH) {
		qp->need_req_skb = 1;
		return EUN_RESEND_BLOCKED;
	}
	cause = tx->rd_force ? EUN_RD_CAUSE_TIMEOUT :
		eun_rd_blind(&tx->rd, head) ||
		eun_rd_paused(&tx->rd, head, now) ? EUN_RD_CAUSE_BLIND :
						    EUN_RD_CAUSE_HOLE;
	quiet_us = div_u64(now - min(now, tx->rd.quiet_from_ns), NSEC_PER_USEC);
	n = eun_comp_read_ranges(qp, head, ranges, ARRAY_SIZE(tx->rd_ranges));
	/*
	 * Nothing came for a while, or nothing of several requests: a probe,
	 * the oldest range alone. A host that stopped running the peer or
	 * this guest stops every READ at once, and asking for all of them
	 * again would queue a copy of the whole pipeline behind the
	 * originals. The answer, or any later response, times the rest again.
	 */
	if (cause == EUN_RD_CAUSE_BLIND ||
	    (cause == EUN_RD_CAUSE_HOLE &&
	     eun_rd_several_whole(&tx->rd, ranges, n)))
		n = min(n, 1U);
	for (i = 0; i < n; i++) {
		struct rxe_send_wqe *wqe = eun_comp_read_wqe(qp, ranges[i].index);

		/* A READ not sent yet (the requester stalled) is not asked for. */
		if (!wqe)
			break;
		if (eun_comp_read_send(qp, wqe,
				       eun_rd_at(&tx->rd, ranges[i].index),
				       ranges[i].first_psn, ranges[i].last_psn))
			continue;
		eun_rd_count(qp, tx->rd_force ? EUN_CNT_READ_REREQ_TIMEOUT :
						EUN_CNT_READ_REREQ);
		/* A run after the READ's first hole, asked for alone. */
		if (i && ranges[i].index == ranges[i - 1].index)
			eun_rd_count(qp, EUN_CNT_READ_REREQ_PART);
		trace_eun_read_rerequest(qp_num(qp), ranges[i].first_psn,
					 ranges[i].last_psn, cause, quiet_us);
		asked = i + 1;
	}
	eun_tx_loss_resent(qp);
	eun_rd_rerequested(&tx->rd, head, now);
	if (asked)
		eun_rd_answer_due(&tx->rd, ranges[asked - 1].last_psn);
	tx->rd_force = false;
	eun_tx_loss_arm(qp, eun_rd_wake(&tx->rd, head, now), now);
	return EUN_RESEND_SENT;
}

/**
 * eun_comp_read_timeout() - rxe's retransmit timer fired (or a NAK asks
 *	for a retry)
 * @qp: the tracking QP, in its send task
 *
 * Return: true when READs are tracked: their missing packets are
 * re-requested next (rxe has counted the retry); false to let rxe rewind
 * and send again what is out.
 */
bool eun_comp_read_timeout(struct rxe_qp *qp)
{
	struct eun_tx *tx = &qp->eun.tx;

	if (!tx->rd.count)
		return false;
	tx->rd_force = true;
	return true;
}
