// SPDX-License-Identifier: GPL-2.0
/*
 * Completer side of a tracking QP: what an EUN_ACK tells the sender.
 *
 * The SACK bitmap and a NACK go to the scoreboard and the reorder window,
 * which decide what is lost; reordering alone never is. Then the packet
 * goes on through rxe's completer as the cumulative ACK it also is (BTH PSN
 * epsn - 1), which completes every WQE whose last PSN it passes. A NACK
 * for an invalid request or an access error, or for want of a receive
 * WQE, goes on as rxe's own NAK at epsn, so that the WQE fails, or waits
 * for the RNR timer, with its verbs meaning.
 *
 * Runs in the QP's send task, for tracking QPs only (eun_hooks.c
 * dispatches); loss detection itself is tx/eun_tx_loss.c's.
 */

#include "rxe.h"
#include "eun/eun_ack_check.h"
#include "eun/eun_backoff.h"
#include "eun/eun_reorder_window.h"
#include "eun/eun_scoreboard.h"
#include "eun/eun_wire.h"
#include "eun_rxe.h"
#include "eun_counters.h"
#include "eun_comp.h"
#include "eun_tx_loss.h"
#include "eun_tx_mode.h"
#include "eun_tx_path.h"

static void eun_comp_count(struct rxe_qp *qp, enum eun_counter c)
{
	eun_counter_inc(eun_qp_rxe(qp), c);
}

/*
 * The receiver refused @psn for want of room: wait before sending again,
 * longer after each refusal in a row, and let a streak that never lets
 * the cumulative ACK move spend the QP's retry budget as rxe's retransmit
 * timer does (its completer sees the timeout at its next turn), so that
 * the QP ends in IB_WC_RETRY_EXC_ERR rather than resending for ever.
 */
static void eun_comp_refused(struct rxe_qp *qp, u32 psn, u64 now)
{
	struct eun_tx *tx = &qp->eun.tx;
	const struct eun_sb_entry *e = eun_sb_lookup(&tx->sb, psn);

	if (!e)
		return;
	switch (eun_bo_nack(&tx->bo, tx->sb.una, e->xmit_ns, now)) {
	case EUN_BO_ECHO:
		return;
	case EUN_BO_RETRY:
		qp->comp.timeout = 1;
		eun_comp_count(qp, EUN_CNT_NACK_RETRY);
		fallthrough;
	case EUN_BO_WAIT:
		eun_comp_count(qp, EUN_CNT_NACK_BACKOFF);
		break;
	}
}

/* Apply an EUN_ACK to the scoreboard; -EINVAL when it refuses it. */
static int eun_comp_scoreboard(struct rxe_qp *qp,
			       const struct eun_ack_info *a)
{
	struct eun_tx *tx = &qp->eun.tx;
	u64 widened = tx->rw.stats.widened;
	struct eun_sb_ack_result res;
	u64 now = ktime_get_ns();
	u32 i;

	if (eun_sb_ack(&tx->sb, a->epsn, a->sack,
		       a->sack_words * EUN_SACK_WORD_BITS, now, &res)) {
		eun_comp_count(qp, EUN_CNT_ACK_BAD);
		return -EINVAL;
	}
	eun_rw_update(&tx->rw, &tx->sb, &res, now);
	eun_bo_progress(&tx->bo, res.una);
	eun_tx_path_echo(qp, a->path, a->late);
	for (i = 0; i < res.spurious; i++)
		eun_comp_count(qp, EUN_CNT_RETX_SPURIOUS);
	if (a->dup && eun_sb_dup(&tx->sb, a->dup_psn) == 1) {
		eun_rw_spurious(&tx->rw, now);
		eun_comp_count(qp, EUN_CNT_RETX_SPURIOUS);
	}
	if (eun_ackc_refused(a)) {
		eun_comp_refused(qp, a->nack_psn, now);
		eun_sb_mark_lost(&tx->sb, a->nack_psn, EUN_SB_CAUSE_NACK);
	}
	eun_counter_add(eun_qp_rxe(qp), EUN_CNT_RW_WIDENED,
			tx->rw.stats.widened - widened);
	eun_tx_loss_detect(qp, now);
	return 0;
}

/*
 * An ACK that came after a READ or atomic sent behind the scoreboard's
 * packets was executed may pass them: the PSNs beyond are that request's,
 * whose responses say what became of it. The scoreboard takes the part
 * that is its own.
 */
static const struct eun_ack_info *eun_comp_ack_clamp(const struct eun_tx *tx,
						     struct eun_ack_info *a)
{
	if (tx->stock_out && eun_psn_after(a->epsn, tx->sb.nxt)) {
		a->epsn = tx->sb.nxt;
		a->sack_words = 0;
	}
	return a;
}

/* The AETH syndromes eun_ackc_nak_syn() gives are rxe's. */
static_assert(EUN_AETH_TYPE_MASK == AETH_TYPE_MASK, "AETH type mask");
static_assert(EUN_AETH_RNR_NAK == AETH_RNR_NAK, "AETH RNR NAK");
static_assert(EUN_AETH_NAK_INVALID_REQ == AETH_NAK_INVALID_REQ, "AETH NAK");
static_assert(EUN_AETH_NAK_REM_ACC_ERR == AETH_NAK_REM_ACC_ERR, "AETH NAK");

/* Hand rxe's completer the NAK a NACK means in verbs terms, if any. */
static void eun_comp_nak(struct rxe_pkt_info *pkt,
			 const struct eun_ack_info *a)
{
	u8 syn;

	if (!eun_ackc_nak_syn(a, aeth_syn(pkt), &syn))
		return;
	aeth_set_syn(pkt, syn);
	pkt->psn = a->epsn;
	bth_set_psn(pkt, a->epsn);
}

/**
 * eun_comp_as_stock_ack() - dress a response packet as rxe's ACK
 * @pkt: the packet; its AETH is where an ACK's is
 */
void eun_comp_as_stock_ack(struct rxe_pkt_info *pkt)
{
	u32 keep = pkt->mask & (RXE_GRH_MASK | RXE_LOOPBACK_MASK);

	pkt->opcode = IB_OPCODE_RC_ACKNOWLEDGE;
	pkt->mask = rxe_opcode[IB_OPCODE_RC_ACKNOWLEDGE].mask | keep;
}

/**
 * eun_comp_ack() - take an EUN_ACK before rxe's completer looks at it
 * @qp: the tracking QP, in its send task
 * @pkt: an EUN_ACK the completer dequeued
 *
 * Return: EUN_ACK_STOCK to go on with the packet, now dressed as rxe's ACK
 * or NAK; EUN_ACK_CONSUMED to drop it, malformed or refused by the
 * scoreboard (counted in rxe_eun_ack_bad).
 */
enum eun_ack_verdict eun_comp_ack(struct rxe_qp *qp,
				  struct rxe_pkt_info *pkt)
{
	static const enum eun_counter kind_counter[] = {
		[EUN_ACK_KIND_ACK]	= EUN_CNT_ACK_RCVD,
		[EUN_ACK_KIND_SACK]	= EUN_CNT_SACK_RCVD,
		[EUN_ACK_KIND_NACK]	= EUN_CNT_NACK_RCVD,
	};
	struct eun_tx *tx = &qp->eun.tx;
	bool ooo = tx->open;
	enum eun_ackc_verdict v;
	struct eun_ack_info a;

	BUILD_BUG_ON(ARRAY_SIZE(kind_counter) != EUN_ACK_KIND_COUNT);
	/*
	 * A NACK fails a WQE, stalls the sender or changes its format: only
	 * for a PSN sent in the ooo format and not yet acknowledged. One
	 * naming any other was not sent by its peer's receive side (a forged
	 * or stale packet).
	 */
	v = eun_ackc_classify(payload_addr(pkt), payload_size(pkt), pkt->psn,
			      ooo ? &tx->sb : NULL, &a);
	if (v == EUN_ACKC_BAD) {
		eun_comp_count(qp, EUN_CNT_ACK_BAD);
		return EUN_ACK_CONSUMED;
	}
	eun_comp_count(qp, kind_counter[a.kind]);
	if (v == EUN_ACKC_STRAY) {
		eun_comp_count(qp, EUN_CNT_ACK_BAD);
		return EUN_ACK_CONSUMED;
	}
	if (v == EUN_ACKC_MODE) {
		eun_tx_mode_nack(qp);
		return EUN_ACK_CONSUMED;
	}
	eun_tx_mode_heard(qp);

	/*
	 * An ACK the scoreboard refuses names PSNs never sent: passed on, it
	 * would complete WQEs whose data never arrived.
	 */
	if (ooo && eun_comp_scoreboard(qp, eun_comp_ack_clamp(tx, &a)))
		return EUN_ACK_CONSUMED;
	eun_comp_nak(pkt, &a);
	eun_comp_as_stock_ack(pkt);
	return EUN_ACK_STOCK;
}
