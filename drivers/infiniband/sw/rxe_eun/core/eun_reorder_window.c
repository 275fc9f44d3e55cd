// SPDX-License-Identifier: GPL-2.0
/*
 * Reorder window of rxe_eun: time-based loss detection after RACK
 * (RFC 8985, section 6), over the sender scoreboard of eun_scoreboard.c.
 */

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "eun/eun_reorder_window.h"

/**
 * DOC: reorder window contract
 *
 * After every ACK the caller passes the scoreboard's &struct
 * eun_sb_ack_result to eun_rw_update(), then calls eun_rw_detect_loss().
 *
 * Samples. RTTs come only from PSNs sent once (Karn). The transmit time of
 * the most recently sent PSN known delivered only moves forward; a
 * retransmission counts there only when it was not proven spurious, since
 * such an acknowledgment may belong to the original.
 *
 * Loss rule. A PSN in flight (or retransmitted), not SACKed, that was sent
 * before the most recently sent delivered PSN (earlier time, or the same
 * time and a lower PSN) is lost once now >= its transmit time + the larger
 * of the latest RTT and srtt + 4 rttvar + reorder window
 * (eun_rw_loss_wait()). A PSN that is only overtaken is acknowledged within
 * about one RTT of its sending, so when the network reorders by less than
 * the window in time, nothing is ever marked. Until an RTT has been
 * sampled the rule marks nothing. Only the tail probe below goes then,
 * once until an ACK comes: at its floor when the peer is known to run
 * (an ACK came, it answered a READ or sent ooo packets:
 * eun_rw_answered()), else after %EUN_RW_BLIND_NS. A SEND lost before
 * its QP's first sample (a QP that has only read, or the first request)
 * otherwise waits for the retransmit timer, 17 s at the bed's timeout.
 * Once, because only that timer can tell a stock peer, which takes
 * nothing in this format, and rxe's completer pushes it back each time
 * the send task runs: probes that re-armed themselves kept such a QP
 * from ever going over to the stock format.
 * The earliest deadline of the PSNs sent before but not yet due is handed
 * back for the caller's timer, since no ACK may come to trigger the check.
 *
 * Drought. When no ACK at all has come for a whole loss wait, the silence
 * is no news of the PSNs in question: the peer, or the path back, may be
 * stalled (a soft NIC's host descheduled it), and every PSN of the window
 * would come due at once and be resent for nothing. Then only the lowest
 * PSN due is marked, a probe as in TCP's tail loss probe: its answer, or
 * the ACKs the peer sends when it runs again, bring the news the rule
 * needs. The others are due again a loss wait later.
 *
 * Tail. The newest PSN out, sent once after the most recently sent
 * delivered PSN, has no later PSN to show it lost: the last packet of a
 * burst, or a SEND that a fenced request waits behind. Once
 * %EUN_RW_TAIL_WAITS loss waits (at least %EUN_RW_TAIL_MIN_NS; alone,
 * %EUN_RW_TAIL_ALONE_NS: a stalled peer delays its ACK too) have passed
 * since it went (and since the latest ACK) with nothing else marked or
 * waiting for an answer, it is
 * marked alone, TCP's tail loss probe: its answer, or the SACK it brings,
 * shows what else is missing, where only the retransmit timer would. A
 * retransmission lost again is in the same place when nothing sent after
 * it was delivered (the scoreboard full behind it, or the message done):
 * when the newest PSN is no candidate, the latest such retransmission is
 * probed the same way. A sender that sends nothing but the PSN at una (a
 * receiver's refusal stands) has that PSN probed by itself
 * (eun_rw_probe_una()), whichever the rule above would pick.
 *
 * One question at a time. While a retransmission waits for its answer
 * (it is not due again yet), PSNs that come due are held until it is
 * answered or due. One reordering event deeper than the window makes a
 * run of PSNs come due within a few ACKs; the first resend's answer tells
 * whether the original was only late (spurious: the window widens, and
 * the run is delivered under it) or lost (the hold ends and the run is
 * marked). PSNs that come due in the same check are still marked
 * together. A second real loss waits at most a loss wait longer.
 *
 * Reordering seen. A PSN sent only once that is delivered after a
 * later-sent PSN was known delivered was overtaken, by the difference of
 * their transmit times: with a window that small it would have been
 * marked lost as soon as the later one's ACK came back slowly (a stalled
 * soft NIC delays every ACK alike). The window covers the deepest such
 * difference seen, with a quarter of margin, before any retransmission
 * has to prove it spurious.
 *
 * Window. reo_wnd = min(max(mult * min_rtt / 4, 5/4 reo_seen), srtt).
 * Each spurious retransmission (an ACK too soon after a retransmission, or
 * a duplicate the responder reports) doubles mult (RFC 8985 adds one: with
 * a minimum RTT of an undelayed packet far below the reordering in time,
 * that took tens of round trips of spurious resends to adapt), at most
 * once per smoothed RTT so that a burst of them from one reordering event
 * counts once, and up to %EUN_RW_MAX_MULT. After %EUN_RW_PERSIST
 * recoveries (a recovery ends when no PSN is lost or being resent any
 * more) without a new widening or deeper reordering, mult returns to 1
 * and the reordering seen to 0: the reordering may be gone.
 *
 * Cost. A check walks the window from una, stopping at the first PSN sent
 * after the delivered one when no retransmission is in flight (first
 * transmissions are in PSN order, hence in time order); with one in
 * flight, a second walk finds when the earliest unanswered one is due.
 */

/**
 * eun_rw_init() - start without samples, window multiplier 1
 * @rw: reorder window
 */
void eun_rw_init(struct eun_rw *rw)
{
	memset(rw, 0, sizeof(*rw));
	rw->mult = 1;
}

static void rw_rtt_sample(struct eun_rw *rw, u64 rtt)
{
	if (!rw->has_rtt) {
		rw->min_rtt_ns = rtt;
		rw->srtt_ns = rtt;
		rw->rttvar_ns = rtt / 2;
		rw->has_rtt = true;
	} else {
		u64 dev = rtt > rw->srtt_ns ? rtt - rw->srtt_ns :
					      rw->srtt_ns - rtt;

		rw->min_rtt_ns = min(rw->min_rtt_ns, rtt);
		rw->rttvar_ns = rw->rttvar_ns - rw->rttvar_ns / 4 + dev / 4;
		rw->srtt_ns = rw->srtt_ns - rw->srtt_ns / 8 + rtt / 8;
	}
	rw->rtt_ns = rtt;
}

/* A PSN sent once, sent at @xmit_ns, arrived after a later-sent one. */
static void rw_reordered(struct eun_rw *rw, u64 xmit_ns)
{
	if (!rw->has_xmit || xmit_ns >= rw->xmit_ns ||
	    rw->xmit_ns - xmit_ns <= rw->reo_seen_ns)
		return;
	rw->reo_seen_ns = rw->xmit_ns - xmit_ns;
	rw->persist = EUN_RW_PERSIST;
	rw->stats.reordered++;
}

static void rw_delivered(struct eun_rw *rw, u64 xmit_ns, u32 psn)
{
	if (rw->has_xmit && (xmit_ns < rw->xmit_ns ||
			     (xmit_ns == rw->xmit_ns &&
			      !eun_psn_after(psn, rw->psn))))
		return;
	rw->xmit_ns = xmit_ns;
	rw->psn = psn;
	rw->has_xmit = true;
}

/* A recovery ends when nothing is lost or being resent any more. */
static void rw_track_recovery(struct eun_rw *rw, const struct eun_sb *sb)
{
	bool busy = eun_sb_count(sb, EUN_SB_LOST) ||
		    eun_sb_count(sb, EUN_SB_RETRANSMITTED);

	if (rw->in_recovery && !busy && rw->persist && !--rw->persist &&
	    (rw->mult > 1 || rw->reo_seen_ns)) {
		rw->mult = 1;
		rw->reo_seen_ns = 0;
		rw->stats.narrowed++;
	}
	rw->in_recovery = busy;
}

/**
 * eun_rw_spurious_ns() - the scoreboard's spurious-retransmission threshold
 * @rw: reorder window
 *
 * An ACK that comes back sooner than the fastest round trip seen cannot be
 * for a retransmission; a quarter of margin keeps a retransmission that
 * happens to travel faster than every packet so far from passing for
 * spurious.
 *
 * Return: 3/4 of the minimum RTT, 0 before any sample.
 */
u64 eun_rw_spurious_ns(const struct eun_rw *rw)
{
	return rw->min_rtt_ns - rw->min_rtt_ns / 4;
}

/**
 * eun_rw_update() - take in what one ACK told the scoreboard
 * @rw: reorder window
 * @sb: the scoreboard the ACK went to: its spurious-retransmission
 *	threshold follows the minimum RTT (eun_rw_spurious_ns())
 * @res: the result of eun_sb_ack()
 * @now: arrival time of the ACK (ns)
 */
void eun_rw_update(struct eun_rw *rw, struct eun_sb *sb,
		   const struct eun_sb_ack_result *res, u64 now)
{
	if (res->has_rtt) {
		rw_rtt_sample(rw, res->rtt_ns);
		eun_sb_set_spurious_ns(sb, eun_rw_spurious_ns(rw));
	}
	if (res->has_earliest)
		rw_reordered(rw, res->earliest_xmit_ns);
	if (res->has_latest)
		rw_delivered(rw, res->latest_xmit_ns, res->latest_psn);
	if (res->spurious)
		eun_rw_spurious(rw, now);
	rw->ack_ns = now;
	rw->has_ack = true;
	rw_track_recovery(rw, sb);
}

/**
 * eun_rw_spurious() - a retransmission was needless: widen the window
 * @rw: reorder window
 * @now: time of the evidence (ns)
 *
 * eun_rw_update() calls it for spurious retransmissions found by an ACK;
 * the caller calls it when eun_sb_dup() returns 1.
 */
void eun_rw_spurious(struct eun_rw *rw, u64 now)
{
	rw->stats.spurious++;
	if (rw->stats.widened && rw->has_rtt && now >= rw->widened_ns &&
	    now - rw->widened_ns < rw->srtt_ns)
		return;
	rw->mult = min_t(u32, rw->mult * 2, EUN_RW_MAX_MULT);
	rw->persist = EUN_RW_PERSIST;
	rw->widened_ns = now;
	rw->stats.widened++;
}

/**
 * eun_rw_answered() - the peer runs: a response to one of the QP's READs
 *	came, or an ooo packet of the peer's
 * @rw: reorder window
 *
 * Neither gives an RTT sample; this tells the window that the peer runs
 * and takes this format, so that a SEND or WRITE packet lost before any
 * sample is probed at the tail floor, not after %EUN_RW_BLIND_NS.
 */
void eun_rw_answered(struct eun_rw *rw)
{
	rw->answered = true;
}

/**
 * eun_rw_reo_wnd() - the reorder window now
 * @rw: reorder window
 *
 * Return: min(max(mult * min_rtt / 4, 5/4 reo_seen), srtt) in ns; 0
 * before any RTT sample.
 */
u64 eun_rw_reo_wnd(const struct eun_rw *rw)
{
	if (!rw->has_rtt)
		return 0;
	return min(max(rw->min_rtt_ns / 4 * rw->mult,
		       rw->reo_seen_ns + rw->reo_seen_ns / 4), rw->srtt_ns);
}

/**
 * eun_rw_loss_wait() - how long after its transmission an overtaken PSN
 *	counts as lost
 * @rw: reorder window
 *
 * RFC 8985 waits RACK.rtt + reo_wnd. Here the RTT term is at least
 * srtt + 4 * rttvar, the RTT a packet may take without being late (RFC
 * 6298). The transmit time is when the requester built the packet: a
 * burst of a full window leaves the host over many milliseconds, and a
 * soft NIC's round trips vary with where in the burst a packet was. With
 * RACK.rtt alone, a "delay 1ms reorder 25% 50%" transfer resent one
 * packet in twenty, every one spuriously. Losses are found a few RTTs
 * after the fact, still far sooner than by the retransmit timeout.
 *
 * Return: the wait in ns; 0 before any RTT sample.
 */
u64 eun_rw_loss_wait(const struct eun_rw *rw)
{
	return max(rw->rtt_ns, rw->srtt_ns + 4 * rw->rttvar_ns) +
	       eun_rw_reo_wnd(rw);
}

/* The tail probe's wait, from the loss wait the caller has at hand. */
static u64 rw_tail_wait(u64 wait, bool alone)
{
	return max(EUN_RW_TAIL_WAITS * wait,
		   alone ? EUN_RW_TAIL_ALONE_NS : EUN_RW_TAIL_MIN_NS);
}

/**
 * eun_rw_tail_wait() - how long the newest PSN out waits before its probe
 * @rw: reorder window
 * @alone: it is the only PSN out
 *
 * Return: %EUN_RW_TAIL_WAITS loss waits, at least %EUN_RW_TAIL_MIN_NS,
 * or %EUN_RW_TAIL_ALONE_NS when @alone (ns).
 */
u64 eun_rw_tail_wait(const struct eun_rw *rw, bool alone)
{
	return rw_tail_wait(eun_rw_loss_wait(rw), alone);
}

/* Whether @e was sent before the most recently sent delivered PSN. */
static bool rw_sent_before(const struct eun_rw *rw,
			   const struct eun_sb_entry *e)
{
	return e->xmit_ns < rw->xmit_ns ||
	       (e->xmit_ns == rw->xmit_ns && eun_psn_before(e->psn, rw->psn));
}

/* PSNs out that are neither acknowledged nor skipped: the loss marks' own. */
static u32 rw_unacked(const struct eun_sb *sb)
{
	return eun_sb_count(sb, EUN_SB_IN_FLIGHT) +
	       eun_sb_count(sb, EUN_SB_RETRANSMITTED);
}

/*
 * When the earliest retransmission still waiting for its answer comes due
 * (after @now), 0 when none waits.
 */
static u64 rw_answer_due(const struct eun_sb *sb, u64 wait, u64 now)
{
	const struct eun_sb_entry *e;
	u64 first = 0;
	u32 psn;

	if (!eun_sb_count(sb, EUN_SB_RETRANSMITTED))
		return 0;
	for (psn = sb->una; psn != sb->nxt; psn = eun_psn_add(psn, 1)) {
		e = eun_sb_lookup(sb, psn);
		if (e->state == EUN_SB_RETRANSMITTED && e->xmit_ns + wait > now &&
		    (!first || e->xmit_ns + wait < first))
			first = e->xmit_ns + wait;
	}
	return first;
}

/*
 * A retransmission that nothing sent after it was delivered: lost again,
 * no rule can show it, and nothing new may follow (the window is full
 * behind it, or the message was the last). The latest sent, or NULL.
 */
static const struct eun_sb_entry *rw_resend_unseen(const struct eun_rw *rw,
						   const struct eun_sb *sb)
{
	const struct eun_sb_entry *e, *found = NULL;
	u32 psn;

	if (!eun_sb_count(sb, EUN_SB_RETRANSMITTED))
		return NULL;
	for (psn = sb->una; psn != sb->nxt; psn = eun_psn_add(psn, 1)) {
		e = eun_sb_lookup(sb, psn);
		if (e->state == EUN_SB_RETRANSMITTED && !rw_sent_before(rw, e) &&
		    (!found || e->xmit_ns >= found->xmit_ns))
			found = e;
	}
	return found;
}

/*
 * The newest PSN out, when nothing sent after it can show it lost, or
 * else a retransmission in that case: marked once eun_rw_tail_wait()
 * (from the loss wait @wait), and at least @min_ns, has passed since it
 * went and since the latest ACK; else its deadline joins @next.
 */
static int rw_probe_tail(struct eun_rw *rw, struct eun_sb *sb, u64 wait,
			 u64 min_ns, u64 now, u64 *next)
{
	const struct eun_sb_entry *e;
	bool alone;
	u64 due;

	/* Not the PSNs of READs and atomics sent after it (eun_sb_skip()). */
	e = eun_sb_newest_sent(sb);
	if (!e)
		return 0;
	if (e->state != EUN_SB_IN_FLIGHT || rw_sent_before(rw, e)) {
		e = rw_resend_unseen(rw, sb);
		if (!e)
			return 0;
	}
	alone = e->psn == sb->una;
	due = max(e->xmit_ns, rw->has_ack ? rw->ack_ns : 0) +
	      max(rw_tail_wait(wait, alone), min_ns);
	if (due > now) {
		if (!*next || due < *next)
			*next = due;
		return 0;
	}
	rw->stats.tail_probes++;
	return eun_sb_mark_lost(sb, e->psn, EUN_SB_CAUSE_REORDER);
}

/* A probe that waits for an ACK went, and none came since. */
static bool rw_probed_unanswered(const struct eun_rw *rw)
{
	return rw->probed && (!rw->has_ack || rw->ack_ns <= rw->probe_ns);
}

static void rw_note_probe(struct eun_rw *rw, u64 now)
{
	rw->probed = true;
	rw->probe_ns = now;
}

/* Before any RTT sample: the tail probe alone, once until an ACK comes. */
static int rw_probe_unsampled(struct eun_rw *rw, struct eun_sb *sb, u64 now,
			      u64 *next)
{
	bool runs = rw->answered || rw->has_ack;
	int n;

	if (rw_probed_unanswered(rw))
		return 0;
	n = rw_probe_tail(rw, sb, 0, runs ? 0 : EUN_RW_BLIND_NS, now, next);
	if (n)
		rw_note_probe(rw, now);
	return n;
}

/**
 * eun_rw_detect_loss() - mark lost what the reorder window says is lost
 * @rw: reorder window
 * @sb: scoreboard
 * @now: current time (ns)
 * @next_ns: set to the time the next check is due, 0 when none is
 *
 * Return: how many PSNs were marked lost (cause %EUN_SB_CAUSE_REORDER).
 */
int eun_rw_detect_loss(struct eun_rw *rw, struct eun_sb *sb, u64 now,
		       u64 *next_ns)
{
	u64 wait = eun_rw_loss_wait(rw), next = 0, answer, due;
	bool drought, probe = false, held = false;
	const struct eun_sb_entry *e;
	u32 psn;
	int n = 0;

	*next_ns = 0;
	if (!rw->has_rtt || !rw->has_xmit) {
		n = rw_probe_unsampled(rw, sb, now, &next);
		goto out;
	}
	drought = rw->has_ack && now >= rw->ack_ns + wait;
	answer = rw_answer_due(sb, wait, now);
	/* Only skipped PSNs out (READs): nothing for the walk to mark. */
	if (!rw_unacked(sb))
		goto tail;
	for (psn = sb->una; psn != sb->nxt; psn = eun_psn_add(psn, 1)) {
		e = eun_sb_lookup(sb, psn);
		if (e->state != EUN_SB_IN_FLIGHT &&
		    e->state != EUN_SB_RETRANSMITTED)
			continue;
		if (!rw_sent_before(rw, e)) {
			if (!eun_sb_count(sb, EUN_SB_RETRANSMITTED))
				break;
			continue;
		}
		due = e->xmit_ns + wait;
		if (due <= now && answer) {
			held = true;
			due = answer;
		} else if (due <= now && drought && n) {
			probe = true;
			due = now + wait;
		}
		if (due <= now)
			n += eun_sb_mark_lost(sb, psn, EUN_SB_CAUSE_REORDER);
		else if (!next || due < next)
			next = due;
	}
tail:
	if (!n && !answer)
		n = rw_probe_tail(rw, sb, wait, 0, now, &next);
out:
	*next_ns = next;
	rw->stats.marked += n;
	rw->stats.probes += probe;
	rw->stats.held += held;
	if (n)
		rw->in_recovery = true;
	return n;
}

/**
 * eun_rw_probe_una() - mark the PSN at una lost once its answer is overdue
 * @rw: reorder window
 * @sb: scoreboard
 * @now: current time (ns)
 * @next_ns: set to when it comes due, 0 when it is not out (lost or
 *	acknowledged already, or nothing is out)
 *
 * For a sender that sends nothing but the PSN at una (a receiver's
 * refusal for want of room stands): no later PSN can show it lost, and
 * the tail probe of eun_rw_detect_loss() may pick another PSN, which
 * such a sender does not resend. It is probed as the newest PSN out
 * would be: eun_rw_tail_wait() after it went and after the latest ACK,
 * and once only until an ACK comes. A link gone dark is the retransmit
 * timer's: rxe's completer pushes that timer back each time the send
 * task runs, so a probe that rearmed itself would keep it from ever
 * firing, and the QP from ever spending its retries.
 *
 * Return: 1 when it was marked lost (cause %EUN_SB_CAUSE_REORDER), else 0.
 */
int eun_rw_probe_una(struct eun_rw *rw, struct eun_sb *sb, u64 now,
		     u64 *next_ns)
{
	const struct eun_sb_entry *e;
	u64 due;

	*next_ns = 0;
	if (sb->una == sb->nxt)
		return 0;
	e = eun_sb_lookup(sb, sb->una);
	if (!e || !e->xmits || (e->state != EUN_SB_IN_FLIGHT &&
				e->state != EUN_SB_RETRANSMITTED))
		return 0;
	/* Once per ACK, as TCP's tail loss probe: then the retransmit timer. */
	if (rw_probed_unanswered(rw))
		return 0;
	due = max(e->xmit_ns, rw->has_ack ? rw->ack_ns : 0) +
	      eun_rw_tail_wait(rw, false);
	if (due > now) {
		*next_ns = due;
		return 0;
	}
	if (eun_sb_mark_lost(sb, sb->una, EUN_SB_CAUSE_REORDER) != 1)
		return 0;
	rw_note_probe(rw, now);
	rw->stats.tail_probes++;
	rw->stats.marked++;
	rw->in_recovery = true;
	return 1;
}
