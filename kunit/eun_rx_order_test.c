// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the responder's book of requests taken ahead of order
 * (core/eun_rx_order.c, the functions rx/eun_rx_read.c calls): a READ
 * executed ahead is found by any PSN of its range and by no other, a
 * range that meets one in the book is refused, the expected PSN moves
 * past a chain of such READs (eun_ro_past() leaving the book as it was,
 * eun_ro_skip() emptying it), across the 2^24 wrap; an atomic is held
 * once per PSN, found by its PSN, and its slot is free again once it
 * goes; the slots run out cleanly. A new request takes a free READ
 * resource, else the one of the oldest request by PSN, which a requester
 * completing in order is done with however late its READs executed.
 */
#include <kunit/test.h>

#include "eun/eun_psn.h"
#include "eun/eun_rx_order.h"

/* Just below the wrap: ranges from here cross to PSN 0. */
#define RO_NEAR_WRAP	0xfffffcu

static void ro_ahead_found_by_range(struct kunit *test)
{
	struct eun_rx_order ro;
	int slot;

	eun_ro_init(&ro);
	slot = eun_ro_ahead_add(&ro, 100, 4);
	KUNIT_ASSERT_GE(test, slot, 0);
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_find(&ro, 100), slot);
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_find(&ro, 103), slot);
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_find(&ro, 99), -ENOENT);
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_find(&ro, 104), -ENOENT);
	KUNIT_EXPECT_EQ(test, eun_ro_count_ahead(&ro), 1u);
}

static void ro_ahead_overlap_refused(struct kunit *test)
{
	struct eun_rx_order ro;

	eun_ro_init(&ro);
	KUNIT_ASSERT_GE(test, eun_ro_ahead_add(&ro, 100, 4), 0);
	/* The same READ again, one inside it, one reaching into it. */
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_add(&ro, 100, 4), -EEXIST);
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_add(&ro, 102, 1), -EEXIST);
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_add(&ro, 98, 3), -EEXIST);
	/* Touching is not meeting. */
	KUNIT_EXPECT_GE(test, eun_ro_ahead_add(&ro, 96, 4), 0);
	KUNIT_EXPECT_GE(test, eun_ro_ahead_add(&ro, 104, 2), 0);
	KUNIT_EXPECT_EQ(test, eun_ro_count_ahead(&ro), 3u);
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_add(&ro, 200, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_add(&ro, EUN_PSN_MASK + 1, 1),
			-EINVAL);
}

static void ro_past_and_skip_chain(struct kunit *test)
{
	struct eun_rx_order ro;

	eun_ro_init(&ro);
	/* 10 is missing; 11..14, 15, 16..19 executed ahead; 30 apart. */
	KUNIT_ASSERT_GE(test, eun_ro_ahead_add(&ro, 15, 1), 0);
	KUNIT_ASSERT_GE(test, eun_ro_ahead_add(&ro, 11, 4), 0);
	KUNIT_ASSERT_GE(test, eun_ro_ahead_add(&ro, 16, 4), 0);
	KUNIT_ASSERT_GE(test, eun_ro_ahead_add(&ro, 30, 2), 0);

	KUNIT_EXPECT_EQ(test, eun_ro_past(&ro, 10), 10u);
	KUNIT_EXPECT_EQ(test, eun_ro_past(&ro, 11), 20u);
	KUNIT_EXPECT_EQ(test, eun_ro_count_ahead(&ro), 4u);

	KUNIT_EXPECT_EQ(test, eun_ro_skip(&ro, 11), 20u);
	KUNIT_EXPECT_EQ(test, eun_ro_count_ahead(&ro), 1u);
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_find(&ro, 16), -ENOENT);
	KUNIT_EXPECT_GE(test, eun_ro_ahead_find(&ro, 31), 0);
	KUNIT_EXPECT_EQ(test, eun_ro_skip(&ro, 30), 32u);
	KUNIT_EXPECT_EQ(test, eun_ro_count_ahead(&ro), 0u);
}

static void ro_past_across_wrap(struct kunit *test)
{
	struct eun_rx_order ro;
	int slot;

	eun_ro_init(&ro);
	slot = eun_ro_ahead_add(&ro, RO_NEAR_WRAP, 6);
	KUNIT_ASSERT_GE(test, slot, 0);
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_find(&ro, EUN_PSN_MASK), slot);
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_find(&ro, 1), slot);
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_find(&ro, 2), -ENOENT);
	KUNIT_ASSERT_GE(test, eun_ro_ahead_add(&ro, 2, 3), 0);
	KUNIT_EXPECT_EQ(test, eun_ro_skip(&ro, RO_NEAR_WRAP), 5u);
	KUNIT_EXPECT_EQ(test, eun_ro_count_ahead(&ro), 0u);
}

static void ro_ahead_slots_run_out(struct kunit *test)
{
	const u32 next = 10 * EUN_RO_SLOTS;
	struct eun_rx_order ro;
	u32 i;

	eun_ro_init(&ro);
	for (i = 0; i < EUN_RO_SLOTS; i++)
		KUNIT_ASSERT_GE(test, eun_ro_ahead_add(&ro, 10 * i, 2), 0);
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_add(&ro, next, 2), -ENOSPC);
	/* Skipping the first frees its slot for a new one. */
	KUNIT_EXPECT_EQ(test, eun_ro_skip(&ro, 0), 2u);
	KUNIT_EXPECT_GE(test, eun_ro_ahead_add(&ro, next, 2), 0);
	KUNIT_EXPECT_EQ(test, eun_ro_count_ahead(&ro), (u32)EUN_RO_SLOTS);
}

/*
 * A whole book of READs ahead, back to back, in slots over every word of
 * the bitmaps, added newest first: the expected PSN moves past them all.
 */
static void ro_chain_every_slot(struct kunit *test)
{
	const u32 end = 10 + 2 * EUN_RO_SLOTS;
	struct eun_rx_order ro;
	u32 i;

	eun_ro_init(&ro);
	for (i = EUN_RO_SLOTS; i-- > 0;)
		KUNIT_ASSERT_GE(test, eun_ro_ahead_add(&ro, 10 + 2 * i, 2), 0);
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_find(&ro, end - 1), 0);
	KUNIT_EXPECT_EQ(test, eun_ro_ahead_find(&ro, 10), EUN_RO_SLOTS - 1);
	KUNIT_EXPECT_EQ(test, eun_ro_past(&ro, 10), end);
	KUNIT_EXPECT_EQ(test, eun_ro_past(&ro, 12), end);
	KUNIT_EXPECT_EQ(test, eun_ro_count_ahead(&ro), (u32)EUN_RO_SLOTS);
	/* From the middle: the first half stays. */
	KUNIT_EXPECT_EQ(test, eun_ro_skip(&ro, 10 + EUN_RO_SLOTS), end);
	KUNIT_EXPECT_EQ(test, eun_ro_count_ahead(&ro), (u32)EUN_RO_SLOTS / 2);
	KUNIT_EXPECT_EQ(test, eun_ro_skip(&ro, 10), 10u + EUN_RO_SLOTS);
	KUNIT_EXPECT_EQ(test, eun_ro_count_ahead(&ro), 0u);
}

static void ro_hold_once_per_psn(struct kunit *test)
{
	struct eun_rx_order ro;
	int a, b;

	eun_ro_init(&ro);
	a = eun_ro_hold(&ro, 42);
	b = eun_ro_hold(&ro, 43);
	KUNIT_ASSERT_GE(test, a, 0);
	KUNIT_ASSERT_GE(test, b, 0);
	KUNIT_EXPECT_NE(test, a, b);
	KUNIT_EXPECT_EQ(test, eun_ro_hold(&ro, 42), -EEXIST);
	KUNIT_EXPECT_EQ(test, eun_ro_held_find(&ro, 42), a);
	KUNIT_EXPECT_EQ(test, eun_ro_held_find(&ro, 43), b);
	KUNIT_EXPECT_EQ(test, eun_ro_held_find(&ro, 44), -ENOENT);
	KUNIT_EXPECT_EQ(test, eun_ro_count_held(&ro), 2u);
	KUNIT_EXPECT_EQ(test, eun_ro_hold(&ro, EUN_PSN_MASK + 1), -EINVAL);
}

static void ro_unhold_frees_slot(struct kunit *test)
{
	const u32 next = 500 + EUN_RO_SLOTS;
	struct eun_rx_order ro;
	u32 i;
	int slot;

	eun_ro_init(&ro);
	for (i = 0; i < EUN_RO_SLOTS; i++)
		KUNIT_ASSERT_GE(test, eun_ro_hold(&ro, 500 + i), 0);
	KUNIT_EXPECT_EQ(test, eun_ro_hold(&ro, next), -ENOSPC);
	slot = eun_ro_held_find(&ro, 507);
	KUNIT_ASSERT_GE(test, slot, 0);
	eun_ro_unhold(&ro, slot);
	KUNIT_EXPECT_EQ(test, eun_ro_held_find(&ro, 507), -ENOENT);
	/* The freed slot is the one the next atomic takes. */
	KUNIT_EXPECT_EQ(test, eun_ro_hold(&ro, next), slot);
	KUNIT_EXPECT_EQ(test, eun_ro_count_held(&ro), (u32)EUN_RO_SLOTS);
	/* A slot out of range changes nothing. */
	eun_ro_unhold(&ro, EUN_RO_SLOTS);
	KUNIT_EXPECT_EQ(test, eun_ro_count_held(&ro), (u32)EUN_RO_SLOTS);
}

static void ro_init_empties(struct kunit *test)
{
	struct eun_rx_order ro;

	eun_ro_init(&ro);
	KUNIT_ASSERT_GE(test, eun_ro_hold(&ro, 7), 0);
	KUNIT_ASSERT_GE(test, eun_ro_ahead_add(&ro, 8, 2), 0);
	eun_ro_init(&ro);
	KUNIT_EXPECT_EQ(test, eun_ro_count_held(&ro), 0u);
	KUNIT_EXPECT_EQ(test, eun_ro_count_ahead(&ro), 0u);
	KUNIT_EXPECT_EQ(test, eun_ro_held_find(&ro, 7), -ENOENT);
	KUNIT_EXPECT_EQ(test, eun_ro_past(&ro, 8), 8u);
}

static void ro_res_pick_free_first(struct kunit *test)
{
	u32 first[4] = { 100, 104, 0, 0 };
	DECLARE_BITMAP(used, EUN_RO_SLOTS);

	bitmap_zero(used, EUN_RO_SLOTS);
	KUNIT_EXPECT_EQ(test, eun_ro_res_pick(first, used, 4, 108), 0u);
	__set_bit(0, used);
	__set_bit(1, used);
	__set_bit(3, used);
	KUNIT_EXPECT_EQ(test, eun_ro_res_pick(first, used, 4, 108), 2u);
}

static void ro_res_pick_oldest_psn(struct kunit *test)
{
	u32 first[4] = { 500, 100, 300, 200 };
	u32 wrap[3] = { 8, RO_NEAR_WRAP, 4 };
	DECLARE_BITMAP(used, EUN_RO_SLOTS);

	bitmap_fill(used, EUN_RO_SLOTS);
	KUNIT_EXPECT_EQ(test, eun_ro_res_pick(first, used, 4, 600), 1u);
	/* Across the wrap, the one before PSN 0 is the oldest. */
	KUNIT_EXPECT_EQ(test, eun_ro_res_pick(wrap, used, 3, 20), 1u);
	/* A late request: older than some held, not than all. */
	KUNIT_EXPECT_EQ(test, eun_ro_res_pick(first, used, 4, 250), 1u);
}

/*
 * What rxe's turn did: 16 resources, READs of 4 PSNs, the requester 16
 * out. READ 8 comes after READs 9..20, which ran ahead; once it and 9
 * complete, the requester sends 24 and 25. In turn, 25 takes the
 * resource of 10, which is still out (a packet of it was lost): its
 * re-requests find none. By PSN, 25 takes one of a READ done with.
 */
static void ro_res_pick_late_read(struct kunit *test)
{
	static const u32 order[] = { 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17,
				     18, 19, 20, 8, 21, 22, 23, 24, 25 };
	u32 first[16], turn_first[16], i, turn = 0, done = 10, slot;
	DECLARE_BITMAP(used, EUN_RO_SLOTS);

	bitmap_zero(used, EUN_RO_SLOTS);
	for (i = 0; i < ARRAY_SIZE(order); i++) {
		u32 psn = 4 * order[i];

		slot = eun_ro_res_pick(first, used, 16, psn);
		if (test_bit(slot, used))
			KUNIT_EXPECT_LT(test, first[slot], 4 * done);
		first[slot] = psn;
		__set_bit(slot, used);
		turn_first[turn] = psn;
		turn = (turn + 1) % 16;
	}
	/* The turn lost READ 10, which the requester still waits on. */
	for (i = 0; i < 16; i++)
		KUNIT_EXPECT_NE(test, turn_first[i], 4 * 10u);
	for (i = 0; i < 16 && first[i] != 4 * 10; i++)
		;
	KUNIT_EXPECT_LT(test, i, 16u);
}

/*
 * A requester with up to @n READs out, completing them in PSN order; the
 * responder executes them in an order a reordering network makes (each
 * next one drawn among the first few sent and not yet executed). The
 * resource a new READ takes never holds one still out.
 */
static void ro_res_pick_model(struct kunit *test)
{
	enum { N = 8, READS = 1000, SPREAD = 5 };
	bool executed[READS] = {};
	u32 first[N], sent = 0, done = 0, i, rng = 12345;
	DECLARE_BITMAP(used, EUN_RO_SLOTS);

	bitmap_zero(used, EUN_RO_SLOTS);
	while (done < READS) {
		u32 pick, k, slot, seen = 0;

		while (sent < READS && sent - done < N)
			sent++;
		rng = rng * 1103515245 + 12345;
		pick = (rng >> 16) % SPREAD;
		/* The pick-th READ sent and not yet executed, or the last. */
		for (k = done, i = done; i < sent; i++) {
			if (executed[i])
				continue;
			k = i;
			if (seen++ == pick)
				break;
		}
		executed[k] = true;
		slot = eun_ro_res_pick(first, used, N, 3 * k);
		if (test_bit(slot, used))
			KUNIT_ASSERT_LT(test, first[slot], 3 * done);
		first[slot] = 3 * k;
		__set_bit(slot, used);
		while (done < sent && executed[done])
			done++;
	}
}

static struct kunit_case eun_rx_order_cases[] = {
	KUNIT_CASE(ro_ahead_found_by_range),
	KUNIT_CASE(ro_ahead_overlap_refused),
	KUNIT_CASE(ro_past_and_skip_chain),
	KUNIT_CASE(ro_past_across_wrap),
	KUNIT_CASE(ro_ahead_slots_run_out),
	KUNIT_CASE(ro_chain_every_slot),
	KUNIT_CASE(ro_hold_once_per_psn),
	KUNIT_CASE(ro_unhold_frees_slot),
	KUNIT_CASE(ro_init_empties),
	KUNIT_CASE(ro_res_pick_free_first),
	KUNIT_CASE(ro_res_pick_oldest_psn),
	KUNIT_CASE(ro_res_pick_late_read),
	KUNIT_CASE(ro_res_pick_model),
	{}
};

static struct kunit_suite eun_rx_order_suite = {
	.name = "eun_rx_order",
	.test_cases = eun_rx_order_cases,
};

kunit_test_suite(eun_rx_order_suite);
