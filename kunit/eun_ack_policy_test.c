// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for when a receive side acknowledges (core/eun_ack_policy.c,
 * the decision rx/eun_rx.c takes for every packet it places): a stream in
 * order, reordering within the depth seen (no acknowledgment), a lost
 * packet (told after the gap, its resend answered), a late original of a
 * told hole, an early AckReq, the depth learned and its decay, and the
 * same across the 2^24 PSN wrap.
 */
#include <kunit/test.h>

#include "eun/eun_psn.h"
#include "eun/eun_ack_policy.h"

#define ACKP_GAP	8
#define ACKP_N		512

/* A receive side as rx/eun_rx.c keeps it, over PSNs base + 0..ACKP_N-1. */
struct ackp_sim {
	struct eun_ackp s;
	u32 base;
	u32 epsn;	/* index of the expected PSN */
	u32 max;	/* index of the highest PSN placed + 1 */
	bool got[ACKP_N];
	bool last_told;
};

static void ackp_sim_init(struct ackp_sim *sim, u32 base)
{
	memset(sim, 0, sizeof(*sim));
	eun_ackp_reset(&sim->s);
	sim->base = base;
}

/* Place index @i; send what the verdict says, as the glue does. */
static enum eun_ackp_verdict ackp_place(struct kunit *test,
					struct ackp_sim *sim, u32 i,
					bool ack_req)
{
	struct eun_ackp_pkt p = {
		.psn = eun_psn_add(sim->base, i),
		.ack_req = ack_req,
	};
	enum eun_ackp_verdict v;

	KUNIT_ASSERT_LT(test, i, (u32)ACKP_N);
	KUNIT_ASSERT_FALSE(test, sim->got[i]);
	KUNIT_ASSERT_GE(test, i, sim->epsn);
	sim->got[i] = true;
	p.in_order = i == sim->epsn;
	while (sim->epsn < ACKP_N && sim->got[sim->epsn])
		sim->epsn++;
	sim->max = max(sim->max, i + 1);
	p.epsn = eun_psn_add(sim->base, sim->epsn);
	p.beyond = sim->max > sim->epsn;

	v = eun_ackp_placed(&sim->s, &p, ACKP_GAP);
	if (v == EUN_ACKP_WAIT)
		return v;
	sim->last_told = v == EUN_ACKP_SACK && p.beyond;
	eun_ackp_sent(&sim->s, p.epsn, sim->last_told);
	return v;
}

/* Place @from..@to - 1 in order of index, none asking; count verdicts. */
static u32 ackp_run(struct kunit *test, struct ackp_sim *sim, u32 from,
		    u32 to)
{
	u32 sent = 0, i;

	for (i = from; i < to; i++)
		sent += ackp_place(test, sim, i, false) != EUN_ACKP_WAIT;
	return sent;
}

static void ackp_in_order_waits_for_ack_req(struct kunit *test)
{
	struct ackp_sim sim;

	ackp_sim_init(&sim, 100);
	KUNIT_EXPECT_EQ(test, ackp_run(test, &sim, 0, 200), 0u);
	KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, 200, true),
			EUN_ACKP_SACK);
	KUNIT_EXPECT_FALSE(test, sim.last_told);
	KUNIT_EXPECT_EQ(test, sim.s.unacked, 0u);
	KUNIT_EXPECT_EQ(test, sim.s.depth, 0u);
}

/*
 * Every pair swapped: a hole of one packet that fills at once is never
 * worth an acknowledgment.
 */
static void ackp_shallow_reordering_costs_nothing(struct kunit *test)
{
	struct ackp_sim sim;
	u32 sent = 0, i;

	ackp_sim_init(&sim, 0);
	for (i = 0; i + 1 < 400; i += 2) {
		sent += ackp_place(test, &sim, i + 1, false) != EUN_ACKP_WAIT;
		sent += ackp_place(test, &sim, i, false) != EUN_ACKP_WAIT;
	}
	KUNIT_EXPECT_EQ(test, sent, 0u);
	KUNIT_EXPECT_EQ(test, sim.s.depth, 1u);
	KUNIT_EXPECT_FALSE(test, sim.s.hole);
}

/*
 * Index 0 lost: the hole is told by the packet that makes it @gap old,
 * not before and not again; the resend (AckReq) is answered, the picture
 * whole.
 */
static void ackp_loss_told_after_gap(struct kunit *test)
{
	struct ackp_sim sim;
	u32 i;

	ackp_sim_init(&sim, 0);
	for (i = 1; i < ACKP_GAP; i++)
		KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, i, false),
				EUN_ACKP_WAIT);
	KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, ACKP_GAP, false),
			EUN_ACKP_SACK);
	KUNIT_EXPECT_TRUE(test, sim.last_told);
	/* Told again once another gap of packets came. */
	KUNIT_EXPECT_EQ(test, ackp_run(test, &sim, ACKP_GAP + 1,
				       2 * ACKP_GAP), 0u);
	KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, 2 * ACKP_GAP, false),
			EUN_ACKP_SACK);
	KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, 0, true),
			EUN_ACKP_SACK);
	KUNIT_EXPECT_FALSE(test, sim.last_told);
	KUNIT_EXPECT_EQ(test, sim.epsn, 2u * ACKP_GAP + 1);
	/* A resend teaches nothing of the reordering. */
	KUNIT_EXPECT_EQ(test, sim.s.depth, 0u);
}

/*
 * A told hole filled by its late original (no AckReq): the sender's
 * picture is stale, so the cumulative ACK goes at once, without the SACK
 * of the holes behind it, which are new.
 */
static void ackp_told_hole_filled_acked_at_once(struct kunit *test)
{
	struct ackp_sim sim;

	ackp_sim_init(&sim, 0);
	ackp_run(test, &sim, 1, 12);	/* told at index ACKP_GAP */
	KUNIT_ASSERT_TRUE(test, sim.last_told);
	ackp_place(test, &sim, 14, false);	/* a new hole: 12, 13 */
	KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, 0, false),
			EUN_ACKP_ACK);
	KUNIT_EXPECT_EQ(test, sim.epsn, 12u);
	KUNIT_EXPECT_FALSE(test, sim.last_told);
	/* The new hole fills young: nothing more to say. */
	KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, 12, false),
			EUN_ACKP_WAIT);
	KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, 13, false),
			EUN_ACKP_WAIT);
	KUNIT_EXPECT_EQ(test, sim.epsn, 15u);
}

/*
 * The last packet of a message arrives first: answered at once (the
 * sender asked), and again when the message is in order, once.
 */
static void ackp_early_ack_req_owed(struct kunit *test)
{
	struct ackp_sim sim;

	ackp_sim_init(&sim, 0);
	KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, 3, true),
			EUN_ACKP_SACK);
	KUNIT_EXPECT_TRUE(test, sim.s.req_owed);
	KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, 0, false),
			EUN_ACKP_ACK);	/* the told hole at 0 is stale */
	KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, 2, false),
			EUN_ACKP_WAIT);
	KUNIT_EXPECT_TRUE(test, sim.s.req_owed);
	KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, 1, false),
			EUN_ACKP_ACK);	/* 3 is in order: the debt */
	KUNIT_EXPECT_FALSE(test, sim.s.req_owed);
	KUNIT_EXPECT_EQ(test, ackp_run(test, &sim, 4, 40), 0u);
}

/*
 * Holes that fill after 20 packets teach a depth of 20: the next hole is
 * told only at 25 packets, a quarter more, while a lost one still is.
 */
static void ackp_depth_learned_delays_tell(struct kunit *test)
{
	struct ackp_sim sim;
	u32 round, i, base, sent = 0;

	ackp_sim_init(&sim, 0);
	for (round = 0; round < 4; round++) {
		base = round * 21;
		sent += ackp_run(test, &sim, base + 1, base + 21);
		sent += ackp_place(test, &sim, base, false) != EUN_ACKP_WAIT;
	}
	KUNIT_EXPECT_EQ(test, sim.s.depth, 20u);
	KUNIT_EXPECT_EQ(test, eun_ackp_tell_age(&sim.s, ACKP_GAP), 25u);
	/*
	 * Only the first round, before anything was learned, told its hole
	 * (at 8 and 16 packets) and had its fill acknowledged.
	 */
	KUNIT_EXPECT_EQ(test, sent, 3u);

	base = 4 * 21;
	for (i = 1; i < 25; i++)
		KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, base + i, false),
				EUN_ACKP_WAIT);
	KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, base + 25, false),
			EUN_ACKP_SACK);
}

/* Shallower fills wear the depth down by a 32nd each, not at once. */
static void ackp_depth_decays(struct kunit *test)
{
	struct eun_ackp s;
	struct eun_ackp_pkt ooo = { .psn = 1, .epsn = 0, .beyond = true };
	struct eun_ackp_pkt fill = { .psn = 0, .epsn = 2, .in_order = true };

	eun_ackp_reset(&s);
	s.depth = 64;
	eun_ackp_placed(&s, &ooo, ACKP_GAP);
	eun_ackp_placed(&s, &fill, ACKP_GAP);
	KUNIT_EXPECT_EQ(test, s.depth, 62u);
	eun_ackp_placed(&s, &ooo, ACKP_GAP);
	eun_ackp_placed(&s, &fill, ACKP_GAP);
	KUNIT_EXPECT_EQ(test, s.depth, 61u);
	KUNIT_EXPECT_EQ(test, eun_ackp_tell_age(&s, ACKP_GAP), 76u);
}

/* A hole older than any the depth may learn counts as the most. */
static void ackp_depth_capped(struct kunit *test)
{
	struct eun_ackp s;
	struct eun_ackp_pkt ooo = { .psn = 1, .epsn = 0, .beyond = true };
	struct eun_ackp_pkt fill = { .psn = 0, .epsn = 2, .in_order = true };
	u32 i;

	eun_ackp_reset(&s);
	for (i = 0; i < EUN_ACKP_DEPTH_MAX + 40; i++)
		eun_ackp_placed(&s, &ooo, ACKP_GAP);
	eun_ackp_placed(&s, &fill, ACKP_GAP);
	KUNIT_EXPECT_EQ(test, s.depth, (u32)EUN_ACKP_DEPTH_MAX);
}

/* The same loss and late original, PSNs across the 2^24 wrap. */
static void ackp_across_wrap(struct kunit *test)
{
	struct ackp_sim sim;

	ackp_sim_init(&sim, EUN_PSN_MASK - 3);
	KUNIT_EXPECT_EQ(test, ackp_run(test, &sim, 1, ACKP_GAP), 0u);
	KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, ACKP_GAP, false),
			EUN_ACKP_SACK);
	KUNIT_EXPECT_EQ(test, ackp_place(test, &sim, 0, false),
			EUN_ACKP_ACK);
	KUNIT_EXPECT_EQ(test, ackp_run(test, &sim, ACKP_GAP + 1, 40), 0u);
}

static void ackp_verdict_names(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, eun_ackp_verdict_name(EUN_ACKP_WAIT), "wait");
	KUNIT_EXPECT_STREQ(test, eun_ackp_verdict_name(EUN_ACKP_ACK), "ack");
	KUNIT_EXPECT_STREQ(test, eun_ackp_verdict_name(EUN_ACKP_SACK), "sack");
	KUNIT_EXPECT_STREQ(test,
			   eun_ackp_verdict_name(EUN_ACKP_VERDICT_COUNT), "?");
}

static struct kunit_case eun_ack_policy_cases[] = {
	KUNIT_CASE(ackp_in_order_waits_for_ack_req),
	KUNIT_CASE(ackp_shallow_reordering_costs_nothing),
	KUNIT_CASE(ackp_loss_told_after_gap),
	KUNIT_CASE(ackp_told_hole_filled_acked_at_once),
	KUNIT_CASE(ackp_early_ack_req_owed),
	KUNIT_CASE(ackp_depth_learned_delays_tell),
	KUNIT_CASE(ackp_depth_decays),
	KUNIT_CASE(ackp_depth_capped),
	KUNIT_CASE(ackp_across_wrap),
	KUNIT_CASE(ackp_verdict_names),
	{}
};

static struct kunit_suite eun_ack_policy_suite = {
	.name = "eun_ack_policy",
	.test_cases = eun_ack_policy_cases,
};

kunit_test_suite(eun_ack_policy_suite);
