// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the responder's book of requests taken ahead of order
 * (core/eun_rx_order.c, the functions rx/eun_rx_read.c calls): a READ
 * executed ahead is found by any PSN of its range and by no other, a
 * range that meets one in the book is refused, the expected PSN moves
 * past a chain of such READs (eun_ro_past() leaving the book as it was,
 * eun_ro_skip() emptying it), across the 2^24 wrap; an atomic is held
 * once per PSN, found by its PSN, and its slot is free again once it
 * goes; the slots run out cleanly.
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
	{}
};

static struct kunit_suite eun_rx_order_suite = {
	.name = "eun_rx_order",
	.test_cases = eun_rx_order_cases,
};

kunit_test_suite(eun_rx_order_suite);
