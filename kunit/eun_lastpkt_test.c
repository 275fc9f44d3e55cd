// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the pool of held last packets: slots taken and given
 * back, a full pool refusing, duplicates, release in PSN order once the
 * expected PSN reaches a packet (across the 24-bit wrap), the earliest
 * held packet of an owner, owners kept apart, and refusal of bad
 * arguments.
 */
#include <kunit/test.h>

#include "eun/eun_lastpkt.h"

static void lp_destroy_action(void *lp)
{
	eun_lastpkt_destroy(lp);
}

static struct eun_lastpkt *lp_new(struct kunit *test, u32 nslots, u32 bytes)
{
	struct eun_lastpkt *lp = kunit_kzalloc(test, sizeof(*lp), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, lp);
	KUNIT_ASSERT_EQ(test, eun_lastpkt_init(lp, nslots, bytes), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, lp_destroy_action, lp), 0);
	return lp;
}

static void eun_lastpkt_hold_and_release(struct kunit *test)
{
	struct eun_lastpkt *lp = lp_new(test, 4, 256);
	const struct eun_lastpkt_slot *s;
	int i;

	i = eun_lastpkt_reserve(lp, 7, 100, 103, 0xabc, 200);
	KUNIT_ASSERT_GE(test, i, 0);
	s = eun_lastpkt_get(lp, i);
	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_EXPECT_EQ(test, s->owner, 7);
	KUNIT_EXPECT_EQ(test, s->first_psn, 100);
	KUNIT_EXPECT_EQ(test, s->last_psn, 103);
	KUNIT_EXPECT_EQ(test, s->cookie, 0xabc);
	KUNIT_EXPECT_EQ(test, s->len, 200);
	memset(s->data, 0x5a, s->len);
	KUNIT_EXPECT_EQ(test, lp->stats.in_use, 1);
	KUNIT_EXPECT_EQ(test, lp->stats.reserved, 1);
	/* Not ready while PSN 102 is missing; ready at 103 and after. */
	KUNIT_EXPECT_EQ(test, eun_lastpkt_next_ready(lp, 7, 102), -ENOENT);
	KUNIT_EXPECT_EQ(test, eun_lastpkt_next_ready(lp, 7, 103), i);
	KUNIT_EXPECT_EQ(test, eun_lastpkt_next_ready(lp, 7, 104), i);
	KUNIT_EXPECT_EQ(test, s->data[199], 0x5a);
	KUNIT_EXPECT_EQ(test, eun_lastpkt_release(lp, i), 0);
	KUNIT_EXPECT_NULL(test, eun_lastpkt_get(lp, i));
	KUNIT_EXPECT_EQ(test, eun_lastpkt_release(lp, i), -EINVAL);
	KUNIT_EXPECT_EQ(test, lp->stats.in_use, 0);
	KUNIT_EXPECT_EQ(test, lp->stats.peak, 1);
	KUNIT_EXPECT_EQ(test, lp->stats.released, 1);
	KUNIT_EXPECT_EQ(test, eun_lastpkt_next_ready(lp, 7, 104), -ENOENT);
}

static void eun_lastpkt_full(struct kunit *test)
{
	struct eun_lastpkt *lp = lp_new(test, 3, 64);
	int i, slot[3];

	for (i = 0; i < 3; i++) {
		slot[i] = eun_lastpkt_reserve(lp, 1, 10 * i, 10 * i + 5, i, 64);
		KUNIT_ASSERT_GE(test, slot[i], 0);
	}
	KUNIT_EXPECT_NE(test, slot[0], slot[1]);
	KUNIT_EXPECT_NE(test, slot[1], slot[2]);
	KUNIT_EXPECT_NE(test, slot[0], slot[2]);
	KUNIT_EXPECT_EQ(test, eun_lastpkt_reserve(lp, 1, 40, 45, 0, 1), -ENOSPC);
	KUNIT_EXPECT_EQ(test, lp->stats.refused, 1);
	KUNIT_EXPECT_EQ(test, lp->stats.in_use, 3);
	KUNIT_EXPECT_EQ(test, lp->stats.peak, 3);
	KUNIT_ASSERT_EQ(test, eun_lastpkt_release(lp, slot[1]), 0);
	KUNIT_EXPECT_EQ(test, eun_lastpkt_reserve(lp, 1, 40, 45, 0, 1), slot[1]);
	KUNIT_EXPECT_EQ(test, lp->stats.peak, 3);
}

static void eun_lastpkt_duplicate(struct kunit *test)
{
	struct eun_lastpkt *lp = lp_new(test, 4, 64);

	KUNIT_ASSERT_GE(test, eun_lastpkt_reserve(lp, 1, 0, 9, 0, 8), 0);
	KUNIT_EXPECT_EQ(test, eun_lastpkt_reserve(lp, 1, 0, 9, 0, 8), -EEXIST);
	KUNIT_EXPECT_EQ(test, lp->stats.duplicates, 1);
	/* The same PSN of another owner is another packet. */
	KUNIT_EXPECT_GE(test, eun_lastpkt_reserve(lp, 2, 0, 9, 0, 8), 0);
	KUNIT_EXPECT_EQ(test, lp->stats.in_use, 2);
}

struct lp_order_case {
	u32 base;
	const char *name;
};

static const struct lp_order_case lp_order_cases[] = {
	{ 1000, "no wrap" },
	{ EUN_PSN_MASK - 10, "PSN wraps" },
	{ EUN_PSN_MASK, "starts at the last PSN" },
};

static void lp_order_desc(const struct lp_order_case *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(lp_order, lp_order_cases, lp_order_desc);

/* Held out of PSN order, released in PSN order as the expected PSN moves. */
static void eun_lastpkt_ready_order(struct kunit *test)
{
	const struct lp_order_case *t = test->param_value;
	static const u32 off[] = { 20, 5, 30, 12 };
	static const u32 sorted[] = { 5, 12, 20, 30 };
	struct eun_lastpkt *lp = lp_new(test, 8, 64);
	const struct eun_lastpkt_slot *s;
	u32 i;
	int k;

	for (i = 0; i < ARRAY_SIZE(off); i++)
		KUNIT_ASSERT_GE(test, eun_lastpkt_reserve(lp, 3, t->base,
							  eun_psn_add(t->base, off[i]),
							  off[i], 1), 0);
	KUNIT_EXPECT_EQ(test, eun_lastpkt_next_ready(lp, 3, eun_psn_add(t->base, 4)), -ENOENT);
	/* Another owner's expected PSN does not release these. */
	KUNIT_EXPECT_EQ(test, eun_lastpkt_next_ready(lp, 4, eun_psn_add(t->base, 40)), -ENOENT);
	KUNIT_EXPECT_EQ(test, eun_lastpkt_earliest(lp, 4), -ENOENT);
	for (i = 0; i < ARRAY_SIZE(sorted); i++) {
		/* The earliest, ready or not, is the next to come out. */
		s = eun_lastpkt_get(lp, eun_lastpkt_earliest(lp, 3));
		KUNIT_ASSERT_NOT_NULL(test, s);
		KUNIT_EXPECT_EQ(test, s->cookie, sorted[i]);
		k = eun_lastpkt_next_ready(lp, 3, eun_psn_add(t->base, 25));
		if (i == 3) {
			/* 30 is not in until the expected PSN reaches it. */
			KUNIT_EXPECT_EQ(test, k, -ENOENT);
			k = eun_lastpkt_next_ready(lp, 3, eun_psn_add(t->base, 30));
		}
		s = eun_lastpkt_get(lp, k);
		KUNIT_ASSERT_NOT_NULL(test, s);
		KUNIT_EXPECT_EQ(test, s->cookie, sorted[i]);
		KUNIT_EXPECT_EQ(test, eun_lastpkt_release(lp, k), 0);
	}
	KUNIT_EXPECT_EQ(test, lp->stats.in_use, 0);
	KUNIT_EXPECT_EQ(test, eun_lastpkt_earliest(lp, 3), -ENOENT);
}

static void eun_lastpkt_owner_release(struct kunit *test)
{
	struct eun_lastpkt *lp = lp_new(test, 6, 64);
	u32 i;

	for (i = 0; i < 6; i++)
		KUNIT_ASSERT_GE(test, eun_lastpkt_reserve(lp, i % 2, 0, i, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, eun_lastpkt_release_owner(lp, 1), 3);
	KUNIT_EXPECT_EQ(test, eun_lastpkt_release_owner(lp, 1), 0);
	KUNIT_EXPECT_EQ(test, lp->stats.in_use, 3);
	KUNIT_EXPECT_EQ(test, eun_lastpkt_next_ready(lp, 1, 10), -ENOENT);
	KUNIT_EXPECT_GE(test, eun_lastpkt_next_ready(lp, 0, 10), 0);
	KUNIT_EXPECT_EQ(test, eun_lastpkt_release_owner(lp, 0), 3);
	KUNIT_EXPECT_EQ(test, lp->stats.in_use, 0);
	KUNIT_EXPECT_EQ(test, lp->stats.released, 6);
}

struct lp_bad_reserve {
	u32 first;
	u32 last;
	u32 len;
	const char *name;
};

static const struct lp_bad_reserve lp_bad_reserves[] = {
	{ 10, 9, 1, "last before first" },
	{ EUN_PSN_MASK, EUN_PSN_MASK - 1, 1, "last before first at the wrap" },
	{ 1U << 24, 5, 1, "first PSN over 24 bits" },
	{ 0, 1U << 24, 1, "last PSN over 24 bits" },
	{ 0, 5, 65, "longer than a slot" },
};

static void lp_bad_reserve_desc(const struct lp_bad_reserve *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(lp_bad_reserve, lp_bad_reserves, lp_bad_reserve_desc);

static void eun_lastpkt_bad_reserve(struct kunit *test)
{
	const struct lp_bad_reserve *t = test->param_value;
	struct eun_lastpkt *lp = lp_new(test, 2, 64);

	KUNIT_EXPECT_EQ(test, eun_lastpkt_reserve(lp, 0, t->first, t->last, 0, t->len), -EINVAL);
	KUNIT_EXPECT_EQ(test, lp->stats.in_use, 0);
	KUNIT_EXPECT_EQ(test, lp->stats.reserved, 0);
}

static void eun_lastpkt_bad_slot(struct kunit *test)
{
	struct eun_lastpkt *lp = lp_new(test, 2, 64);

	KUNIT_EXPECT_NULL(test, eun_lastpkt_get(lp, -1));
	KUNIT_EXPECT_NULL(test, eun_lastpkt_get(lp, 2));
	KUNIT_EXPECT_NULL(test, eun_lastpkt_get(lp, 0));
	KUNIT_EXPECT_EQ(test, eun_lastpkt_release(lp, 2), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_lastpkt_release(lp, -ENOSPC), -EINVAL);
	KUNIT_EXPECT_EQ(test, lp->stats.released, 0);
}

struct lp_bad_init {
	u32 nslots;
	u32 bytes;
	const char *name;
};

static const struct lp_bad_init lp_bad_inits[] = {
	{ 0, 64, "no slots" },
	{ EUN_LP_MAX_SLOTS + 1, 64, "too many slots" },
	{ 4, 0, "empty slots" },
	{ 4, EUN_LP_MAX_BYTES + 1, "slots over the largest MTU" },
};

static void lp_bad_init_desc(const struct lp_bad_init *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(lp_bad_init, lp_bad_inits, lp_bad_init_desc);

static void eun_lastpkt_bad_init(struct kunit *test)
{
	const struct lp_bad_init *t = test->param_value;
	struct eun_lastpkt lp;

	KUNIT_EXPECT_EQ(test, eun_lastpkt_init(&lp, t->nslots, t->bytes), -EINVAL);
	KUNIT_EXPECT_NULL(test, lp.slot);
	eun_lastpkt_destroy(&lp);
}

static void eun_lastpkt_largest(struct kunit *test)
{
	struct eun_lastpkt *lp = lp_new(test, 2, EUN_LP_MAX_BYTES);
	const struct eun_lastpkt_slot *s;
	int i;

	i = eun_lastpkt_reserve(lp, 0, 0, 0, 0, EUN_LP_MAX_BYTES);
	KUNIT_ASSERT_GE(test, i, 0);
	s = eun_lastpkt_get(lp, i);
	KUNIT_ASSERT_NOT_NULL(test, s);
	/* The whole slot is writable (KASAN would catch an overrun). */
	memset(s->data, 0xff, EUN_LP_MAX_BYTES);
	KUNIT_EXPECT_EQ(test, s->data[EUN_LP_MAX_BYTES - 1], 0xff);
	/* A single-packet WRITE: first == last, ready at its own PSN. */
	KUNIT_EXPECT_EQ(test, eun_lastpkt_next_ready(lp, 0, 0), i);
}

static struct kunit_case eun_lastpkt_cases[] = {
	KUNIT_CASE(eun_lastpkt_hold_and_release),
	KUNIT_CASE(eun_lastpkt_full),
	KUNIT_CASE(eun_lastpkt_duplicate),
	KUNIT_CASE_PARAM(eun_lastpkt_ready_order, lp_order_gen_params),
	KUNIT_CASE(eun_lastpkt_owner_release),
	KUNIT_CASE_PARAM(eun_lastpkt_bad_reserve, lp_bad_reserve_gen_params),
	KUNIT_CASE(eun_lastpkt_bad_slot),
	KUNIT_CASE_PARAM(eun_lastpkt_bad_init, lp_bad_init_gen_params),
	KUNIT_CASE(eun_lastpkt_largest),
	{}
};

static struct kunit_suite eun_lastpkt_suite = {
	.name = "eun_lastpkt",
	.test_cases = eun_lastpkt_cases,
};

kunit_test_suite(eun_lastpkt_suite);
