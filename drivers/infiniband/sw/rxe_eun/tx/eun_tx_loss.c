// SPDX-License-Identifier: GPL-2.0
/*
 * Loss detection of a tracking QP's sender.
 *
 * What is lost is decided in one place: the reorder window
 * (core/eun_reorder_window.c, RACK after RFC 8985) marks PSNs of the
 * scoreboard lost once they are overdue by more than the reordering the
 * QP has seen, and the retransmit timer marks every hole lost. The
 * requester (before each new packet) and the completer (after each ACK)
 * ask for the check; the QP's RACK timer asks when no ACK comes. The
 * timer is set up, armed and stopped here only.
 *
 * Everything here but the timer's callback runs in the QP's send task.
 */

#include "rxe.h"
#include "eun/eun_backoff.h"
#include "eun/eun_reorder_window.h"
#include "eun/eun_scoreboard.h"
#include "eun_rxe.h"
#include "eun_counters.h"
#include "eun_tx_loss.h"

/*
 * A high-resolution timer: the windows are a few milliseconds, as long as
 * one or two jiffies at HZ=250, and a wheel timer rounded each up by one.
 */
static enum hrtimer_restart eun_tx_loss_timer(struct hrtimer *t)
{
	struct rxe_qp *qp = container_of(t, struct rxe_qp, eun.tx.rack_timer);
	unsigned long flags;

	if (!rxe_get(qp))
		return HRTIMER_NORESTART;
	spin_lock_irqsave(&qp->state_lock, flags);
	if (qp->valid)
		rxe_sched_task(&qp->send_task);
	spin_unlock_irqrestore(&qp->state_lock, flags);
	rxe_put(qp);
	return HRTIMER_NORESTART;
}

/*
 * Wake the send task at @deadline_ns (ktime_get_ns()'s clock), or earlier.
 * Deadlines move later with almost every packet (a READ's wait runs from
 * its latest response), and each restart of an hrtimer may reprogram the
 * clock event device, dear on an emulated CPU: a timer already set to
 * fire sooner is left alone, and the send task it wakes sets it again for
 * the deadline then due.
 */
static void eun_tx_loss_wake_at(struct rxe_qp *qp, u64 deadline_ns)
{
	struct hrtimer *t = &qp->eun.tx.rack_timer;
	ktime_t when = ns_to_ktime(deadline_ns);

	if (hrtimer_is_queued(t) && ktime_before(hrtimer_get_expires(t), when))
		return;
	hrtimer_start(t, when, HRTIMER_MODE_ABS_SOFT);
}

/**
 * eun_tx_loss_init() - set up a new tracking QP's RACK timer
 * @qp: the QP
 */
void eun_tx_loss_init(struct rxe_qp *qp)
{
	hrtimer_init(&qp->eun.tx.rack_timer, CLOCK_MONOTONIC,
		     HRTIMER_MODE_ABS_SOFT);
	qp->eun.tx.rack_timer.function = eun_tx_loss_timer;
}

/**
 * eun_tx_loss_stop() - stop the RACK timer and wait for its callback
 * @qp: the QP, going to reset or destruction
 */
void eun_tx_loss_stop(struct rxe_qp *qp)
{
	hrtimer_cancel(&qp->eun.tx.rack_timer);
}

/**
 * eun_tx_loss_detect() - let the reorder window mark what is lost now
 * @qp: the QP, in its send task
 * @now: current time (ns)
 *
 * Arms the RACK timer for the next deadline, since no ACK may come to
 * trigger the check. Waits while acknowledgments are queued: the completer
 * takes one per turn of the send task, and a soft NIC delivers them in
 * bursts after a stall, so that a SACK of a later PSN would otherwise be
 * judged before the ACK right behind it covers the earlier one.
 */
void eun_tx_loss_detect(struct rxe_qp *qp, u64 now)
{
	struct rxe_dev *rxe = eun_qp_rxe(qp);
	struct eun_tx *tx = &qp->eun.tx;
	u64 probes = tx->rw.stats.probes;
	u64 held = tx->rw.stats.held;
	u64 tail = tx->rw.stats.tail_probes;
	u64 next_ns = 0;

	if (!skb_queue_empty(&qp->resp_pkts))
		return;

	/* A peer that sends ooo packets runs and tracks: probe it sooner. */
	if (!tx->rw.answered && READ_ONCE(qp->eun.rx.peer_ooo))
		eun_rw_answered(&tx->rw);
	eun_rw_detect_loss(&tx->rw, &tx->sb, now, &next_ns);
	/* The end of a wait after a refusal needs its wake-up too. */
	if (eun_bo_waiting(&tx->bo, now) &&
	    (next_ns <= now || eun_bo_until(&tx->bo) < next_ns))
		next_ns = eun_bo_until(&tx->bo);
	eun_counter_add(rxe, EUN_CNT_RW_PROBES, tx->rw.stats.probes - probes);
	eun_counter_add(rxe, EUN_CNT_RW_HELD, tx->rw.stats.held - held);
	eun_counter_add(rxe, EUN_CNT_RW_TAIL_PROBES,
			tx->rw.stats.tail_probes - tail);
	if (next_ns > now)
		eun_tx_loss_wake_at(qp, next_ns);
}

/**
 * eun_tx_loss_timeout() - the retransmit timer fired on a tracking QP
 * @qp: the QP, in its send task, instead of rxe's go-back-N rewind
 *
 * Return: true when the scoreboard took it (every unacknowledged PSN is
 * marked lost and resent as a hole); false while only a stock-format
 * request is outstanding, or before the first ooo packet: rxe then
 * rewinds and resends it, go-back-N (a tracked READ is
 * comp/eun_comp_read.c's).
 */
bool eun_tx_loss_timeout(struct rxe_qp *qp)
{
	struct eun_tx *tx = &qp->eun.tx;

	if (!tx->open || (tx->stock_out && !eun_sb_in_flight(&tx->sb)))
		return false;
	eun_sb_timeout(&tx->sb);
	return true;
}

/**
 * eun_tx_loss_arm() - wake the send task at a deadline no ACK may bring
 * @qp: the QP, in its send task
 * @deadline_ns: when (ns); 0 for none
 * @now: current time (ns)
 *
 * A tracked READ's missing responses count as lost at such a deadline
 * (comp/eun_comp_read.c); the scoreboard is closed meanwhile, so the
 * timer is free. The send task may be woken sooner: it arms again for
 * the deadline due then.
 */
void eun_tx_loss_arm(struct rxe_qp *qp, u64 deadline_ns, u64 now)
{
	if (deadline_ns > now)
		eun_tx_loss_wake_at(qp, deadline_ns);
}

/**
 * eun_tx_loss_resent() - after a resend, what rxe's requester does after
 *	any packet it sends
 * @qp: the QP, in its send task
 *
 * The requester no longer waits for skbs: left set, the flag makes every
 * skb the QP frees (its responder's ACKs too) run the send task, whose
 * completer pushes the retransmit timer back each time, so that a peer
 * that keeps sending starves the timer of a QP whose resends were lost.
 * And the retransmit timer runs, if it was not running.
 */
void eun_tx_loss_resent(struct rxe_qp *qp)
{
	qp->need_req_skb = 0;
	if (qp->qp_timeout_jiffies && !timer_pending(&qp->retrans_timer))
		mod_timer(&qp->retrans_timer,
			  jiffies + qp->qp_timeout_jiffies);
}
