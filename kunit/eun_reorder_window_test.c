// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the RACK-style reorder window: no loss mark without an
 * RTT sample, a real loss found after about RTT + window (not the retransmit
 * timeout), pure reordering within the window never marked (randomized,
 * seeded), spurious retransmissions widening the window once per round
 * trip up to SRTT, the window covering the reordering seen, the window
 * narrowing again after enough recoveries, one probe instead of the
 * whole window when no ACK came for a loss wait, the newest PSN out probed
 * alone when nothing sent after it can show it lost (a retransmission lost
 * again too), no new mark while a retransmission waits for its answer,
 * and the PSN at una probed alone, once per ACK, for a sender that sends
 * nothing else.
 */
#include <kunit/test.h>
#include <linux/string.h>

#include "eun/eun_reorder_window.h"

#define US	1000ULL

struct fx {
	struct eun_sb sb;
	struct eun_rw rw;
};

static void fx_destroy_action(void *f)
{
	eun_sb_destroy(&((struct fx *)f)->sb);
}

static struct fx *fx_new(struct kunit *test, u32 capacity, u32 first)
{
	struct fx *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_ASSERT_EQ(test, eun_sb_init(&f->sb, capacity, first), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fx_destroy_action, f), 0);
	eun_rw_init(&f->rw);
	return f;
}

/* One ACK through the scoreboard and the window, as the glue will do it. */
static void fx_ack(struct kunit *test, struct fx *f, u32 epsn, u64 sack,
		   u64 now)
{
	struct eun_sb_ack_result res;

	KUNIT_ASSERT_EQ(test, eun_sb_ack(&f->sb, epsn, &sack, 64, now, &res), 0);
	eun_rw_update(&f->rw, &f->sb, &res, now);
}

static int fx_detect(struct fx *f, u64 now, u64 *next)
{
	return eun_rw_detect_loss(&f->rw, &f->sb, now, next);
}

static void eun_rw_no_sample_no_mark(struct kunit *test)
{
	struct fx *f = fx_new(test, 16, 0);
	u64 next = 1;

	KUNIT_EXPECT_EQ(test, eun_rw_reo_wnd(&f->rw), 0);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 0, 0), 0);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 1, 0), 0);
	/* Only the newest PSN's blind tail probe is due, a second later. */
	KUNIT_EXPECT_EQ(test, fx_detect(f, 1000 * US, &next), 0);
	KUNIT_EXPECT_EQ(test, next, EUN_RW_BLIND_NS);
	/* A SACK of a retransmitted PSN gives no RTT (Karn): still nothing. */
	KUNIT_ASSERT_EQ(test, eun_sb_mark_lost(&f->sb, 1, EUN_SB_CAUSE_NACK), 1);
	KUNIT_ASSERT_EQ(test, eun_sb_retransmitted(&f->sb, 1, 10 * US), 0);
	fx_ack(test, f, 0, 0x0, 2000 * US);
	fx_ack(test, f, 0, 0x1, 2000 * US);
	KUNIT_EXPECT_FALSE(test, f->rw.has_rtt);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 3000 * US, &next), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_count(&f->sb, EUN_SB_LOST), 0);
}

static void eun_rw_loss_after_rtt_and_window(struct kunit *test)
{
	struct fx *f = fx_new(test, 16, 0xfffffe);
	u64 next;

	/* PSNs 0xfffffe, 0xffffff, 0 sent 1 us apart; the first is lost. */
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 0xfffffe, 0), 0);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 0xffffff, 1 * US), 0);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 0, 2 * US), 0);
	fx_ack(test, f, 0xfffffe, 0x1, 101 * US);
	KUNIT_EXPECT_EQ(test, f->rw.rtt_ns, 100 * US);
	KUNIT_EXPECT_EQ(test, eun_rw_reo_wnd(&f->rw), 25 * US);
	/*
	 * Not yet: due at 0 + (SRTT 100 + 4 RTTVAR 50) + window 25 us, which
	 * is what the timer gets.
	 */
	KUNIT_EXPECT_EQ(test, fx_detect(f, 101 * US, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 325 * US);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 325 * US - 1, &next), 0);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 325 * US, &next), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 0xfffffe)->state, EUN_SB_LOST);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 0xfffffe)->cause, EUN_SB_CAUSE_REORDER);
	/* PSN 0 was sent after the delivered one: never a candidate. */
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 0)->state, EUN_SB_IN_FLIGHT);
	KUNIT_EXPECT_EQ(test, next, 0);
	KUNIT_EXPECT_EQ(test, f->rw.stats.marked, 1);
	KUNIT_EXPECT_TRUE(test, f->rw.in_recovery);
}

/* PSNs 0..3 overtaken by PSN 4, which an ACK at 101 us SACKs. */
static struct fx *fx_overtaken(struct kunit *test)
{
	struct fx *f = fx_new(test, 16, 0);
	u32 psn;

	for (psn = 0; psn <= 4; psn++)
		KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, psn, psn * US), 0);
	fx_ack(test, f, 0, 0x8, 101 * US);
	return f;
}

static void eun_rw_drought_probes_one(struct kunit *test)
{
	struct fx *f = fx_overtaken(test);
	u64 wait = eun_rw_loss_wait(&f->rw), next;

	/* ACKs came within a loss wait: all four due PSNs are lost. */
	KUNIT_EXPECT_EQ(test, fx_detect(f, 101 * US + wait - 1, &next), 4);
	KUNIT_EXPECT_EQ(test, f->rw.stats.probes, 0);

	/* No ACK for a whole loss wait: only the lowest, the others later. */
	f = fx_overtaken(test);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 101 * US + wait, &next), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 0)->state, EUN_SB_LOST);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 1)->state, EUN_SB_IN_FLIGHT);
	KUNIT_EXPECT_EQ(test, next, 101 * US + 2 * wait);
	KUNIT_EXPECT_EQ(test, f->rw.stats.probes, 1);
	/* An ACK that still lacks them ends the drought: the rest are lost. */
	fx_ack(test, f, 0, 0x8, 102 * US + wait);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 102 * US + wait, &next), 3);
	KUNIT_EXPECT_EQ(test, eun_sb_count(&f->sb, EUN_SB_LOST), 4);
}

/*
 * The newest PSN out, sent after the delivered one, is marked alone
 * EUN_RW_TAIL_WAITS loss waits (at least EUN_RW_TAIL_MIN_NS, alone at
 * least EUN_RW_TAIL_ALONE_NS) after it went or after the latest ACK,
 * once: not while anything else is due or a retransmission waits.
 */
static void eun_rw_tail_probe(struct kunit *test)
{
	struct fx *f = fx_new(test, 16, 0);
	u64 wait, pto, next;

	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 0, 0), 0);
	fx_ack(test, f, 1, 0, 100 * US);
	/* PSNs 1 and 2 go; no later PSN will show either lost. */
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 1, 110 * US), 0);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 2, 120 * US), 0);
	wait = eun_rw_loss_wait(&f->rw);
	/* Waits of microseconds: the floor rules. */
	pto = eun_rw_tail_wait(&f->rw, false);
	KUNIT_EXPECT_EQ(test, pto, EUN_RW_TAIL_MIN_NS);
	KUNIT_EXPECT_GT(test, pto, EUN_RW_TAIL_WAITS * wait);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 120 * US, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 120 * US + pto);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 120 * US + pto - 1, &next), 0);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 120 * US + pto, &next), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 2)->state, EUN_SB_LOST);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 2)->cause, EUN_SB_CAUSE_REORDER);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 1)->state, EUN_SB_IN_FLIGHT);
	KUNIT_EXPECT_EQ(test, f->rw.stats.tail_probes, 1);
	/* Resent, it waits for its answer: no second probe meanwhile. */
	KUNIT_ASSERT_EQ(test, eun_sb_retransmitted(&f->sb, 2, 120 * US + pto), 0);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 120 * US + pto + wait - 1, &next), 0);
	KUNIT_EXPECT_EQ(test, f->rw.stats.tail_probes, 1);
	/* Its SACK shows PSN 1 lost, by the rule: sent before it. */
	fx_ack(test, f, 1, 0x1, 220 * US + pto);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 220 * US + pto + 2 * wait, &next), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 1)->state, EUN_SB_LOST);
	KUNIT_EXPECT_EQ(test, f->rw.stats.tail_probes, 1);

	/* A READ's PSNs after the newest packet: the packet is probed. */
	f = fx_new(test, 16, 0);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 0, 0), 0);
	fx_ack(test, f, 1, 0, 100 * US);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 1, 110 * US), 0);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 2, 120 * US), 0);
	KUNIT_ASSERT_EQ(test, eun_sb_skip(&f->sb, 3, 4), 0);
	pto = eun_rw_tail_wait(&f->rw, false);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 120 * US + pto - 1, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 120 * US + pto);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 120 * US + pto, &next), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 2)->state, EUN_SB_LOST);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 6)->state, EUN_SB_SACKED);
	/* Only the READ's PSNs left: nothing to probe. */
	fx_ack(test, f, 3, 0, 200 * US + pto);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 10000 * US, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 0);

	/* A later ACK (of earlier PSNs) pushes the probe back. */
	f = fx_new(test, 16, 0);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 0, 0), 0);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 1, 10 * US), 0);
	fx_ack(test, f, 1, 0, 100 * US);
	/* PSN 1 is the only one out: the longer floor. */
	pto = eun_rw_tail_wait(&f->rw, true);
	KUNIT_EXPECT_EQ(test, pto, EUN_RW_TAIL_ALONE_NS);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 100 * US, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 100 * US + pto);

	/* Round trips of tens of ms: EUN_RW_TAIL_WAITS loss waits. */
	f = fx_new(test, 16, 0);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 0, 0), 0);
	fx_ack(test, f, 1, 0, 20000 * US);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 1, 20010 * US), 0);
	wait = eun_rw_loss_wait(&f->rw);
	pto = EUN_RW_TAIL_WAITS * wait;
	KUNIT_EXPECT_GT(test, pto, EUN_RW_TAIL_ALONE_NS);
	KUNIT_EXPECT_EQ(test, eun_rw_tail_wait(&f->rw, true), pto);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 20010 * US + pto - 1, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 20010 * US + pto);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 20010 * US + pto, &next), 1);
	KUNIT_EXPECT_EQ(test, f->rw.stats.tail_probes, 1);

	/*
	 * Before an RTT sample, once the peer is known to run (it answered
	 * a READ: a QP that has only read), the probe at its floor, and not
	 * again until an ACK comes: only the retransmit timer can tell a
	 * dark link, or a stock peer, and the send task's runs push it back.
	 */
	f = fx_new(test, 16, 0);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 0, 5 * US), 0);
	eun_rw_answered(&f->rw);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 5 * US, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 5 * US + EUN_RW_TAIL_ALONE_NS);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 4 * US + EUN_RW_TAIL_ALONE_NS, &next), 0);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 5 * US + EUN_RW_TAIL_ALONE_NS, &next), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 0)->state, EUN_SB_LOST);
	KUNIT_ASSERT_EQ(test, eun_sb_retransmitted(&f->sb, 0, 60000 * US), 0);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 60000 * US, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 0);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 900000 * US, &next), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 0)->state,
			EUN_SB_RETRANSMITTED);
	KUNIT_EXPECT_EQ(test, f->rw.stats.tail_probes, 1);
	/* Its answer gives no sample (Karn), but it is in. */
	fx_ack(test, f, 1, 0, 920000 * US);
	KUNIT_EXPECT_FALSE(test, f->rw.has_rtt);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 1000000 * US, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 0);
}

/*
 * Before any RTT sample, from a peer that has shown nothing, the tail
 * probe waits TCP's initial retransmission timeout (a SEND lost first
 * waited for the retransmit timer, 17 s on the bed), once; an ACK that
 * moves nothing (it gives no sample) shows the peer runs: one more, at
 * the floor.
 */
static void eun_rw_blind_probe(struct kunit *test)
{
	struct fx *f = fx_new(test, 16, 0);
	u64 next, t = EUN_RW_BLIND_NS;

	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 0, &next), 0);
	KUNIT_EXPECT_EQ(test, next, t);
	KUNIT_EXPECT_EQ(test, fx_detect(f, t - 1, &next), 0);
	KUNIT_EXPECT_EQ(test, fx_detect(f, t, &next), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 0)->state, EUN_SB_LOST);
	KUNIT_EXPECT_EQ(test, f->rw.stats.tail_probes, 1);
	/* Lost again: the retransmit timer's, however long it takes. */
	KUNIT_ASSERT_EQ(test, eun_sb_retransmitted(&f->sb, 0, t), 0);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 20 * t, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 0);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 0)->state,
			EUN_SB_RETRANSMITTED);
	fx_ack(test, f, 0, 0, 21 * t);
	KUNIT_EXPECT_FALSE(test, f->rw.has_rtt);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 21 * t, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 21 * t + EUN_RW_TAIL_ALONE_NS);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 21 * t + EUN_RW_TAIL_ALONE_NS,
					&next), 1);
	KUNIT_EXPECT_EQ(test, f->rw.stats.tail_probes, 2);
}

/* PSN 0 of fx_overtaken() comes due alone and is resent; 1..3 come due. */
static struct fx *fx_resent_first(struct kunit *test, u64 *wait)
{
	struct fx *f = fx_overtaken(test);
	u64 next;
	u32 psn;

	*wait = eun_rw_loss_wait(&f->rw);
	KUNIT_EXPECT_EQ(test, fx_detect(f, *wait, &next), 1);
	KUNIT_ASSERT_TRUE(test, eun_sb_next_lost(&f->sb, &psn));
	KUNIT_ASSERT_EQ(test, psn, 0);
	KUNIT_ASSERT_EQ(test, eun_sb_retransmitted(&f->sb, 0, *wait), 0);
	/* Unanswered: the three due now are held until the resend is due. */
	KUNIT_EXPECT_EQ(test, fx_detect(f, *wait + 3 * US, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 2 * *wait);
	KUNIT_EXPECT_EQ(test, eun_sb_count(&f->sb, EUN_SB_IN_FLIGHT), 3);
	KUNIT_EXPECT_EQ(test, f->rw.stats.held, 1);
	KUNIT_EXPECT_EQ(test, f->rw.stats.probes, 0);
	return f;
}

static void eun_rw_one_question_at_a_time(struct kunit *test)
{
	u64 wait, next;
	struct fx *f;

	/* The original of PSN 0 was only late: the window widens, none lost. */
	f = fx_resent_first(test, &wait);
	fx_ack(test, f, 1, 0x4, wait + 5 * US);
	KUNIT_EXPECT_EQ(test, f->sb.stats.spurious, 1);
	KUNIT_EXPECT_EQ(test, f->rw.mult, 2);
	KUNIT_EXPECT_EQ(test, fx_detect(f, wait + 5 * US, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 1 * US + eun_rw_loss_wait(&f->rw));
	KUNIT_EXPECT_EQ(test, f->sb.stats.retransmits[EUN_SB_CAUSE_REORDER], 1);

	/* The resend answers a round trip later: PSN 0 was lost, so are 1..3. */
	f = fx_resent_first(test, &wait);
	fx_ack(test, f, 1, 0x4, wait + 100 * US);
	KUNIT_EXPECT_EQ(test, f->sb.stats.spurious, 0);
	KUNIT_EXPECT_EQ(test, fx_detect(f, wait + 100 * US, &next), 3);
	KUNIT_EXPECT_EQ(test, eun_sb_count(&f->sb, EUN_SB_LOST), 3);

	/*
	 * Never answered: the hold ends when the resend is due. No ACK came
	 * meanwhile, so the drought rule probes with PSN 1 alone.
	 */
	f = fx_resent_first(test, &wait);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 2 * wait - 1, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 2 * wait);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 2 * wait, &next), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 1)->state, EUN_SB_LOST);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 2)->state, EUN_SB_IN_FLIGHT);
	KUNIT_EXPECT_EQ(test, f->rw.stats.held, 2);
	KUNIT_EXPECT_EQ(test, f->rw.stats.probes, 1);
}

static void eun_rw_retransmission_lost_again(struct kunit *test)
{
	struct fx *f = fx_new(test, 16, 0);
	u32 psn;
	u64 next;

	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 0, 0), 0);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 1, 1 * US), 0);
	fx_ack(test, f, 0, 0x1, 101 * US);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 325 * US, &next), 1);
	KUNIT_ASSERT_TRUE(test, eun_sb_next_lost(&f->sb, &psn));
	KUNIT_ASSERT_EQ(test, eun_sb_retransmitted(&f->sb, psn, 325 * US), 0);
	/*
	 * Resent after everything delivered: the rule cannot show it lost;
	 * it is probed as a tail, alone out, not left to the timer.
	 */
	KUNIT_EXPECT_EQ(test, fx_detect(f, 1000 * US, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 325 * US + EUN_RW_TAIL_ALONE_NS);
	/*
	 * A PSN sent after the retransmission is delivered: it is due again,
	 * at 325 + (SRTT 100 + 4 RTTVAR 37.5) + 25 us.
	 */
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 2, 326 * US), 0);
	fx_ack(test, f, 0, 0x3, 426 * US);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 426 * US, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 600 * US);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 600 * US, &next), 1);
	KUNIT_EXPECT_EQ(test, f->sb.stats.retransmits[EUN_SB_CAUSE_REORDER], 1);
	KUNIT_EXPECT_EQ(test, f->rw.stats.tail_probes, 0);
}

/*
 * A retransmission lost again, with the PSNs after it SACKed and nothing
 * new to send (the scoreboard full, or the message done): no later PSN
 * is delivered to show it lost, so it is probed as a tail would be, once
 * the tail wait has passed since it went and since the latest ACK; then
 * it waits for that probe's answer.
 */
static void eun_rw_resend_lost_probed(struct kunit *test)
{
	struct fx *f = fx_new(test, 16, 0);
	u64 wait, pto, t, next;
	u32 psn;

	/* 0..3 go, 0 is lost, 1..3 are SACKed. */
	for (psn = 0; psn < 4; psn++)
		KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, psn, psn * US), 0);
	fx_ack(test, f, 0, 0x7, 103 * US);
	wait = eun_rw_loss_wait(&f->rw);
	KUNIT_EXPECT_EQ(test, fx_detect(f, wait, &next), 1);
	KUNIT_ASSERT_TRUE(test, eun_sb_next_lost(&f->sb, &psn));
	KUNIT_ASSERT_EQ(test, psn, 0);
	t = 2 * wait;
	KUNIT_ASSERT_EQ(test, eun_sb_retransmitted(&f->sb, 0, t), 0);
	/* Its answer may still come: nothing while it is not due. */
	KUNIT_EXPECT_EQ(test, fx_detect(f, t + wait - 1, &next), 0);
	KUNIT_EXPECT_EQ(test, f->rw.stats.tail_probes, 0);
	/* Alone out: the longer floor, from the resend. */
	pto = eun_rw_tail_wait(&f->rw, true);
	KUNIT_EXPECT_EQ(test, pto, EUN_RW_TAIL_ALONE_NS);
	KUNIT_EXPECT_EQ(test, fx_detect(f, t + pto - 1, &next), 0);
	KUNIT_EXPECT_EQ(test, next, t + pto);
	KUNIT_EXPECT_EQ(test, fx_detect(f, t + pto, &next), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 0)->state, EUN_SB_LOST);
	KUNIT_EXPECT_EQ(test, f->rw.stats.tail_probes, 1);
	/* Resent again, it waits for its answer: no probe meanwhile. */
	KUNIT_ASSERT_EQ(test, eun_sb_retransmitted(&f->sb, 0, t + pto), 0);
	KUNIT_EXPECT_EQ(test, fx_detect(f, t + pto + wait - 1, &next), 0);
	KUNIT_EXPECT_EQ(test, f->rw.stats.tail_probes, 1);
	/* Answered: nothing is left out. */
	fx_ack(test, f, 4, 0, t + pto + 100 * US);
	KUNIT_EXPECT_EQ(test, fx_detect(f, t + 2 * pto, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 0);
	KUNIT_EXPECT_EQ(test, f->rw.stats.tail_probes, 1);
}

/*
 * A sender stalled by a refusal sends nothing but the PSN at una: it is
 * probed by itself, a tail wait after it went and after the latest ACK,
 * and not again until an ACK comes (a dark link is the retransmit
 * timer's); not at all once it is lost or acknowledged.
 */
static void eun_rw_una_probed(struct kunit *test)
{
	struct fx *f = fx_new(test, 16, 0);
	u64 pto, ack = 103 * US, next, t;
	u32 psn;

	KUNIT_EXPECT_EQ(test, eun_rw_probe_una(&f->rw, &f->sb, 0, &next), 0);
	KUNIT_EXPECT_EQ(test, next, 0);
	for (psn = 0; psn < 4; psn++)
		KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, psn, psn * US), 0);
	fx_ack(test, f, 0, 0x7, ack);
	pto = eun_rw_tail_wait(&f->rw, false);
	KUNIT_EXPECT_EQ(test, pto, EUN_RW_TAIL_MIN_NS);
	KUNIT_EXPECT_EQ(test, eun_rw_probe_una(&f->rw, &f->sb, ack, &next), 0);
	KUNIT_EXPECT_EQ(test, next, ack + pto);
	KUNIT_EXPECT_EQ(test,
			eun_rw_probe_una(&f->rw, &f->sb, ack + pto - 1, &next), 0);
	KUNIT_EXPECT_EQ(test, eun_rw_probe_una(&f->rw, &f->sb, ack + pto, &next),
			1);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 0)->state, EUN_SB_LOST);
	KUNIT_EXPECT_EQ(test, f->rw.stats.tail_probes, 1);
	/* Lost already: nothing to probe, no deadline. */
	KUNIT_EXPECT_EQ(test, eun_rw_probe_una(&f->rw, &f->sb, ack + pto, &next),
			0);
	KUNIT_EXPECT_EQ(test, next, 0);
	/* Resent, no ACK since the probe: left to the retransmit timer. */
	t = ack + pto;
	KUNIT_ASSERT_EQ(test, eun_sb_retransmitted(&f->sb, 0, t), 0);
	KUNIT_EXPECT_EQ(test, eun_rw_probe_una(&f->rw, &f->sb, t + 9 * pto,
					       &next), 0);
	KUNIT_EXPECT_EQ(test, next, 0);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&f->sb, 0)->state,
			EUN_SB_RETRANSMITTED);
	/* An ACK that moves nothing shows the peer runs: one more probe. */
	fx_ack(test, f, 0, 0x7, t + 10 * pto);
	KUNIT_EXPECT_EQ(test, eun_rw_probe_una(&f->rw, &f->sb, t + 10 * pto,
					       &next), 0);
	KUNIT_EXPECT_EQ(test, next, t + 11 * pto);
	KUNIT_EXPECT_EQ(test, eun_rw_probe_una(&f->rw, &f->sb, t + 11 * pto,
					       &next), 1);
	KUNIT_EXPECT_EQ(test, f->sb.stats.retransmits[EUN_SB_CAUSE_REORDER], 1);
	/* Resent and answered: nothing is out. */
	KUNIT_ASSERT_EQ(test, eun_sb_retransmitted(&f->sb, 0, t + 11 * pto), 0);
	fx_ack(test, f, 4, 0, t + 11 * pto + 100 * US);
	KUNIT_EXPECT_EQ(test, eun_rw_probe_una(&f->rw, &f->sb, t + 20 * pto,
					       &next), 0);
	KUNIT_EXPECT_EQ(test, next, 0);
	KUNIT_EXPECT_EQ(test, f->rw.stats.tail_probes, 2);
}

static void eun_rw_spurious_widens(struct kunit *test)
{
	struct fx *f = fx_new(test, 16, 0);
	u32 psn;
	u64 next;

	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 0, 0), 0);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 1, 1 * US), 0);
	fx_ack(test, f, 0, 0x1, 101 * US);
	KUNIT_EXPECT_EQ(test, fx_detect(f, 325 * US, &next), 1);
	KUNIT_ASSERT_TRUE(test, eun_sb_next_lost(&f->sb, &psn));
	KUNIT_ASSERT_EQ(test, eun_sb_retransmitted(&f->sb, psn, 325 * US), 0);
	/* The original was only late: acknowledged 5 us after the resend. */
	fx_ack(test, f, 2, 0, 330 * US);
	KUNIT_EXPECT_EQ(test, f->sb.stats.spurious, 1);
	KUNIT_EXPECT_EQ(test, f->rw.mult, 2);
	KUNIT_EXPECT_EQ(test, eun_rw_reo_wnd(&f->rw), 50 * US);
	/* Within the same round trip a second piece of evidence adds nothing. */
	eun_rw_spurious(&f->rw, 331 * US);
	KUNIT_EXPECT_EQ(test, f->rw.mult, 2);
	eun_rw_spurious(&f->rw, 430 * US);
	KUNIT_EXPECT_EQ(test, f->rw.mult, 4);
	KUNIT_EXPECT_EQ(test, eun_rw_reo_wnd(&f->rw), 100 * US);
	/* Never wider than SRTT (100 us here). */
	eun_rw_spurious(&f->rw, 530 * US);
	eun_rw_spurious(&f->rw, 630 * US);
	KUNIT_EXPECT_EQ(test, f->rw.mult, 16);
	KUNIT_EXPECT_EQ(test, eun_rw_reo_wnd(&f->rw), 100 * US);
	KUNIT_EXPECT_EQ(test, f->rw.stats.spurious, 5);
	KUNIT_EXPECT_EQ(test, f->rw.stats.widened, 4);
}

static void eun_rw_mult_bounded(struct kunit *test)
{
	struct eun_rw rw;
	u32 i;

	eun_rw_init(&rw);
	for (i = 0; i < 3 * EUN_RW_MAX_MULT; i++)
		eun_rw_spurious(&rw, i);
	KUNIT_EXPECT_EQ(test, rw.mult, EUN_RW_MAX_MULT);
}

static void eun_rw_narrows_after_recoveries(struct kunit *test)
{
	struct fx *f = fx_new(test, 16, 0);
	u64 t = 0;
	u32 psn, i;

	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 0, t), 0);
	fx_ack(test, f, 1, 0, t += 100 * US);
	eun_rw_spurious(&f->rw, t);
	KUNIT_ASSERT_EQ(test, f->rw.mult, 2);
	for (i = 0; i < EUN_RW_PERSIST; i++) {
		/* One recovery: a NACK, the resend, the ACK. */
		psn = f->sb.nxt;
		KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, psn, t), 0);
		KUNIT_ASSERT_EQ(test, eun_sb_mark_lost(&f->sb, psn, EUN_SB_CAUSE_NACK), 1);
		fx_ack(test, f, psn, 0, t += US);
		KUNIT_EXPECT_TRUE(test, f->rw.in_recovery);
		KUNIT_ASSERT_EQ(test, eun_sb_retransmitted(&f->sb, psn, t), 0);
		fx_ack(test, f, eun_psn_add(psn, 1), 0, t += 200 * US);
		KUNIT_EXPECT_FALSE(test, f->rw.in_recovery);
		KUNIT_EXPECT_EQ(test, f->rw.mult, i + 1 < EUN_RW_PERSIST ? 2 : 1);
	}
	KUNIT_EXPECT_EQ(test, f->rw.stats.narrowed, 1);
}

/*
 * PSN 0 arrives behind PSN 3, sent 30 us after it: the window takes 5/4 of
 * that at once, before any retransmission has to prove it spurious. Less
 * overtaking changes nothing; a retransmission arriving late proves no
 * reordering, since the original may have been lost.
 */
static void eun_rw_covers_reordering_seen(struct kunit *test)
{
	struct fx *f = fx_new(test, 16, 0);
	u32 psn;

	for (psn = 0; psn <= 3; psn++)
		KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, psn, psn * 10 * US), 0);
	fx_ack(test, f, 0, 0x4, 130 * US);
	KUNIT_EXPECT_EQ(test, eun_rw_reo_wnd(&f->rw), 25 * US);
	fx_ack(test, f, 1, 0x2, 140 * US);
	KUNIT_EXPECT_EQ(test, f->rw.reo_seen_ns, 30 * US);
	KUNIT_EXPECT_EQ(test, f->rw.stats.reordered, 1);
	KUNIT_EXPECT_EQ(test, f->rw.srtt_ns, 105 * US);
	KUNIT_EXPECT_EQ(test, eun_rw_reo_wnd(&f->rw), 30 * US + 30 * US / 4);
	KUNIT_EXPECT_EQ(test, f->rw.persist, EUN_RW_PERSIST);
	/* PSN 1 was overtaken by 20 us only. */
	fx_ack(test, f, 2, 0x1, 150 * US);
	KUNIT_EXPECT_EQ(test, f->rw.reo_seen_ns, 30 * US);
	KUNIT_EXPECT_EQ(test, f->rw.stats.reordered, 1);
	/* PSN 2 resent at 160 us, overtaken by PSN 4 sent at 250 us. */
	KUNIT_ASSERT_EQ(test, eun_sb_mark_lost(&f->sb, 2, EUN_SB_CAUSE_NACK), 1);
	KUNIT_ASSERT_EQ(test, eun_sb_retransmitted(&f->sb, 2, 160 * US), 0);
	KUNIT_ASSERT_EQ(test, eun_sb_sent(&f->sb, 4, 250 * US), 0);
	fx_ack(test, f, 2, 0x2, 350 * US);
	fx_ack(test, f, 5, 0, 460 * US);
	KUNIT_EXPECT_EQ(test, eun_sb_count(&f->sb, EUN_SB_IN_FLIGHT), 0);
	KUNIT_EXPECT_EQ(test, f->rw.reo_seen_ns, 30 * US);
	KUNIT_EXPECT_EQ(test, f->rw.stats.reordered, 1);
	KUNIT_EXPECT_EQ(test, f->rw.stats.spurious, 0);
}

/* ---- randomized: reordering within the window, one real loss --------- */

#define SIM_N		256
#define SIM_GAP		(1 * US)	/* between first transmissions */
#define SIM_OWD		(40 * US)	/* one way, each direction */
#define SIM_NONE	(~0ULL)

struct sim {
	struct fx *f;
	u64 arrive[SIM_N];
	u32 order[SIM_N];
	bool got[SIM_N];
	u32 sent;
	u64 next;
	u64 first_mark_ns;
	int marked;
};

static u64 sim_rand(u64 *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Arrival times: send time + OWD + jitter below @jitter; @drop never. */
static void sim_arrivals(struct sim *s, u64 seed, u64 jitter, int drop)
{
	u32 i, j, k;

	for (i = 0; i < SIM_N; i++) {
		s->arrive[i] = i * SIM_GAP + SIM_OWD + sim_rand(&seed) % jitter;
		if ((int)i == drop)
			s->arrive[i] = SIM_NONE;
		s->order[i] = i;
	}
	/* Insertion sort by arrival time: SIM_N is small. */
	for (i = 1; i < SIM_N; i++) {
		k = s->order[i];
		for (j = i; j && s->arrive[s->order[j - 1]] > s->arrive[k]; j--)
			s->order[j] = s->order[j - 1];
		s->order[j] = k;
	}
}

static void sim_detect(struct kunit *test, struct sim *s, u64 now)
{
	int n = fx_detect(s->f, now, &s->next);

	if (n && !s->marked)
		s->first_mark_ns = now;
	s->marked += n;
	KUNIT_EXPECT_TRUE(test, !s->next || s->next > now);
}

/* Sender side up to @now: first transmissions and due timer checks. */
static void sim_advance(struct kunit *test, struct sim *s, u64 now)
{
	for (;;) {
		u64 send = s->sent < SIM_N ? s->sent * SIM_GAP : SIM_NONE;

		if (s->next && s->next <= now && s->next <= send) {
			sim_detect(test, s, s->next);
		} else if (send <= now) {
			KUNIT_ASSERT_EQ(test, eun_sb_sent(&s->f->sb, s->sent, send), 0);
			s->sent++;
		} else {
			return;
		}
	}
}

/* The responder's ACK after packet @k arrived, seen by the sender. */
static void sim_ack(struct kunit *test, struct sim *s, u32 k)
{
	u64 sack[SIM_N / 64] = {}, now = s->arrive[k] + SIM_OWD;
	struct eun_sb_ack_result res;
	u32 epsn = 0, i;

	s->got[k] = true;
	while (epsn < SIM_N && s->got[epsn])
		epsn++;
	for (i = epsn + 1; i < SIM_N; i++)
		if (s->got[i])
			sack[(i - epsn - 1) / 64] |= 1ULL << ((i - epsn - 1) % 64);
	sim_advance(test, s, now);
	KUNIT_ASSERT_EQ(test, eun_sb_ack(&s->f->sb, epsn, sack, SIM_N - 1, now, &res), 0);
	eun_rw_update(&s->f->rw, &s->f->sb, &res, now);
	sim_detect(test, s, now);
}

static void sim_run(struct kunit *test, struct sim *s)
{
	u32 i;

	for (i = 0; i < SIM_N && s->arrive[s->order[i]] != SIM_NONE; i++)
		sim_ack(test, s, s->order[i]);
	sim_advance(test, s, SIM_NONE - 1);
}

static const u64 sim_seeds[] = { 1, 2, 0xdeadbeef, 0x123456789ULL, 77 };

static void seed_desc(const u64 *t, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "seed %llu", *t);
}

KUNIT_ARRAY_PARAM(sim_seed, sim_seeds, seed_desc);

static void eun_rw_reordering_never_lost(struct kunit *test)
{
	struct sim *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, s);
	s->f = fx_new(test, SIM_N, 0);
	/*
	 * Min RTT >= 2 OWD, so the window >= OWD / 2 = 20 us; packets are
	 * displaced by up to 19 us, i.e. overtaken by up to 19 later ones.
	 */
	sim_arrivals(s, *(const u64 *)test->param_value, SIM_OWD / 2 - US, -1);
	sim_run(test, s);
	KUNIT_EXPECT_EQ(test, s->marked, 0);
	KUNIT_EXPECT_EQ(test, s->f->sb.una, SIM_N);
	KUNIT_EXPECT_GE(test, eun_rw_reo_wnd(&s->f->rw), SIM_OWD / 2);
}

static void eun_rw_real_loss_found_early(struct kunit *test)
{
	struct sim *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	u64 seed = *(const u64 *)test->param_value, rtt_max, bound;
	int drop = 10 + seed % 200;

	KUNIT_ASSERT_NOT_NULL(test, s);
	s->f = fx_new(test, SIM_N, 0);
	sim_arrivals(s, seed, SIM_OWD / 2 - US, drop);
	sim_run(test, s);
	KUNIT_EXPECT_EQ(test, s->marked, 1);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(&s->f->sb, drop)->state, EUN_SB_LOST);
	KUNIT_EXPECT_EQ(test, eun_sb_count(&s->f->sb, EUN_SB_LOST), 1);
	/*
	 * Found within SRTT + 4 RTTVAR + window after it was sent (two RTTs
	 * at most here), not after an RTO.
	 */
	rtt_max = 2 * SIM_OWD + SIM_OWD / 2;
	bound = drop * SIM_GAP + 2 * rtt_max;
	KUNIT_EXPECT_LE(test, s->first_mark_ns, bound);
	KUNIT_EXPECT_GE(test, s->first_mark_ns, drop * SIM_GAP + 2 * SIM_OWD);
}

static struct kunit_case eun_reorder_window_cases[] = {
	KUNIT_CASE(eun_rw_no_sample_no_mark),
	KUNIT_CASE(eun_rw_loss_after_rtt_and_window),
	KUNIT_CASE(eun_rw_drought_probes_one),
	KUNIT_CASE(eun_rw_tail_probe),
	KUNIT_CASE(eun_rw_one_question_at_a_time),
	KUNIT_CASE(eun_rw_retransmission_lost_again),
	KUNIT_CASE(eun_rw_resend_lost_probed),
	KUNIT_CASE(eun_rw_una_probed),
	KUNIT_CASE(eun_rw_blind_probe),
	KUNIT_CASE(eun_rw_spurious_widens),
	KUNIT_CASE(eun_rw_mult_bounded),
	KUNIT_CASE(eun_rw_narrows_after_recoveries),
	KUNIT_CASE(eun_rw_covers_reordering_seen),
	KUNIT_CASE_PARAM(eun_rw_reordering_never_lost, sim_seed_gen_params),
	KUNIT_CASE_PARAM(eun_rw_real_loss_found_early, sim_seed_gen_params),
	{}
};

static struct kunit_suite eun_reorder_window_suite = {
	.name = "eun_reorder_window",
	.test_cases = eun_reorder_window_cases,
};

kunit_test_suite(eun_reorder_window_suite);
