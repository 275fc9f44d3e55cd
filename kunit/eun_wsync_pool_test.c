// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the pool of held last packets: slots taken and given
 * back, a full pool refusing, duplicates, release in PSN order once the
 * expected PSN reaches a packet (across the 24-bit wrap), the earliest
 * held packet of an owner, owners kept apart (a late cancellation too),
 * and refusal of bad arguments.
 */
#include <kunit/test.h>

#include "eun/eun_wsync_pool.h"

static void wsp_destroy_action(void *pool)
{
	eun_wsync_pool_destroy(pool);
}

static struct eun_wsync_pool *wsp_new(struct kunit *test, u32 nslots,
				      u32 bytes)
{
	struct eun_wsync_pool *pool;

	pool = kunit_kzalloc(test, sizeof(*pool), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, pool);
	KUNIT_ASSERT_EQ(test, eun_wsync_pool_init(pool, nslots, bytes), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, wsp_destroy_action, pool), 0);
	return pool;
}

static void eun_wsync_pool_hold_and_release(struct kunit *test)
{
	struct eun_wsync_pool *pool = wsp_new(test, 4, 256);
	const struct eun_wsync_pool_slot *s;
	int i;

	i = eun_wsync_pool_reserve(pool, 7, 100, 103, 0xabc, 200);
	KUNIT_ASSERT_GE(test, i, 0);
	s = eun_wsync_pool_get(pool, i);
	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_EXPECT_EQ(test, s->owner, 7);
	KUNIT_EXPECT_EQ(test, s->first_psn, 100);
	KUNIT_EXPECT_EQ(test, s->last_psn, 103);
	KUNIT_EXPECT_EQ(test, s->cookie, 0xabc);
	KUNIT_EXPECT_EQ(test, s->len, 200);
	memset(s->data, 0x5a, s->len);
	KUNIT_EXPECT_EQ(test, pool->stats.in_use, 1);
	KUNIT_EXPECT_EQ(test, pool->stats.reserved, 1);
	/* Not ready while PSN 102 is missing; ready at 103 and after. */
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_next_ready(pool, 7, 102), -ENOENT);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_next_ready(pool, 7, 103), i);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_next_ready(pool, 7, 104), i);
	KUNIT_EXPECT_EQ(test, s->data[199], 0x5a);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_release(pool, i), 0);
	KUNIT_EXPECT_NULL(test, eun_wsync_pool_get(pool, i));
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_release(pool, i), -EINVAL);
	KUNIT_EXPECT_EQ(test, pool->stats.in_use, 0);
	KUNIT_EXPECT_EQ(test, pool->stats.peak, 1);
	KUNIT_EXPECT_EQ(test, pool->stats.released, 1);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_next_ready(pool, 7, 104), -ENOENT);
}

static void eun_wsync_pool_full(struct kunit *test)
{
	struct eun_wsync_pool *pool = wsp_new(test, 3, 64);
	int i, slot[3];

	for (i = 0; i < 3; i++) {
		slot[i] = eun_wsync_pool_reserve(pool, 1, 10 * i, 10 * i + 5, i, 64);
		KUNIT_ASSERT_GE(test, slot[i], 0);
	}
	KUNIT_EXPECT_NE(test, slot[0], slot[1]);
	KUNIT_EXPECT_NE(test, slot[1], slot[2]);
	KUNIT_EXPECT_NE(test, slot[0], slot[2]);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_reserve(pool, 1, 40, 45, 0, 1), -ENOSPC);
	KUNIT_EXPECT_EQ(test, pool->stats.refused, 1);
	KUNIT_EXPECT_EQ(test, pool->stats.in_use, 3);
	KUNIT_EXPECT_EQ(test, pool->stats.peak, 3);
	KUNIT_ASSERT_EQ(test, eun_wsync_pool_release(pool, slot[1]), 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_reserve(pool, 1, 40, 45, 0, 1), slot[1]);
	KUNIT_EXPECT_EQ(test, pool->stats.peak, 3);
}

static void eun_wsync_pool_duplicate(struct kunit *test)
{
	struct eun_wsync_pool *pool = wsp_new(test, 4, 64);

	KUNIT_ASSERT_GE(test, eun_wsync_pool_reserve(pool, 1, 0, 9, 0, 8), 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_reserve(pool, 1, 0, 9, 0, 8), -EEXIST);
	KUNIT_EXPECT_EQ(test, pool->stats.duplicates, 1);
	/* The same PSN of another owner is another packet. */
	KUNIT_EXPECT_GE(test, eun_wsync_pool_reserve(pool, 2, 0, 9, 0, 8), 0);
	KUNIT_EXPECT_EQ(test, pool->stats.in_use, 2);
}

struct wsp_order_case {
	u32 base;
	const char *name;
};

static const struct wsp_order_case wsp_order_cases[] = {
	{ 1000, "no wrap" },
	{ EUN_PSN_MASK - 10, "PSN wraps" },
	{ EUN_PSN_MASK, "starts at the last PSN" },
};

static void wsp_order_desc(const struct wsp_order_case *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(wsp_order, wsp_order_cases, wsp_order_desc);

/* Held out of PSN order, released in PSN order as the expected PSN moves. */
static void eun_wsync_pool_ready_order(struct kunit *test)
{
	const struct wsp_order_case *t = test->param_value;
	static const u32 off[] = { 20, 5, 30, 12 };
	static const u32 sorted[] = { 5, 12, 20, 30 };
	struct eun_wsync_pool *pool = wsp_new(test, 8, 64);
	const struct eun_wsync_pool_slot *s;
	u32 i;
	int k;

	for (i = 0; i < ARRAY_SIZE(off); i++)
		KUNIT_ASSERT_GE(test,
				eun_wsync_pool_reserve(pool, 3, t->base,
						       eun_psn_add(t->base, off[i]),
						       off[i], 1), 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_next_ready(pool, 3,
							eun_psn_add(t->base, 4)),
			-ENOENT);
	/* Another owner's expected PSN does not release these. */
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_next_ready(pool, 4,
							eun_psn_add(t->base, 40)),
			-ENOENT);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_earliest(pool, 4), -ENOENT);
	for (i = 0; i < ARRAY_SIZE(sorted); i++) {
		/* The earliest, ready or not, is the next to come out. */
		s = eun_wsync_pool_get(pool, eun_wsync_pool_earliest(pool, 3));
		KUNIT_ASSERT_NOT_NULL(test, s);
		KUNIT_EXPECT_EQ(test, s->cookie, sorted[i]);
		k = eun_wsync_pool_next_ready(pool, 3, eun_psn_add(t->base, 25));
		if (i == 3) {
			/* 30 is not in until the expected PSN reaches it. */
			KUNIT_EXPECT_EQ(test, k, -ENOENT);
			k = eun_wsync_pool_next_ready(pool, 3, eun_psn_add(t->base, 30));
		}
		s = eun_wsync_pool_get(pool, k);
		KUNIT_ASSERT_NOT_NULL(test, s);
		KUNIT_EXPECT_EQ(test, s->cookie, sorted[i]);
		KUNIT_EXPECT_EQ(test, eun_wsync_pool_release(pool, k), 0);
	}
	KUNIT_EXPECT_EQ(test, pool->stats.in_use, 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_earliest(pool, 3), -ENOENT);
}

static void eun_wsync_pool_owner_release(struct kunit *test)
{
	struct eun_wsync_pool *pool = wsp_new(test, 6, 64);
	u32 i;

	for (i = 0; i < 6; i++)
		KUNIT_ASSERT_GE(test, eun_wsync_pool_reserve(pool, i % 2, 0, i, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_release_owner(pool, 1), 3);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_release_owner(pool, 1), 0);
	KUNIT_EXPECT_EQ(test, pool->stats.in_use, 3);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_next_ready(pool, 1, 10), -ENOENT);
	KUNIT_EXPECT_GE(test, eun_wsync_pool_next_ready(pool, 0, 10), 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_release_owner(pool, 0), 3);
	KUNIT_EXPECT_EQ(test, pool->stats.in_use, 0);
	KUNIT_EXPECT_EQ(test, pool->stats.released, 6);
}

/*
 * QP error drops an owner's slots while its receive path still holds the
 * index of one it just reserved; another owner takes that slot. The late
 * cancellation must leave the new owner's packet alone.
 */
static void eun_wsync_pool_cancel_after_release(struct kunit *test)
{
	struct eun_wsync_pool *pool = wsp_new(test, 1, 64);
	int mine, theirs;

	mine = eun_wsync_pool_reserve(pool, 1, 10, 12, 0, 8);
	KUNIT_ASSERT_GE(test, mine, 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_release_owner(pool, 1), 1);
	theirs = eun_wsync_pool_reserve(pool, 2, 10, 12, 0, 8);
	KUNIT_ASSERT_EQ(test, theirs, mine);

	KUNIT_EXPECT_EQ(test, eun_wsync_pool_cancel(pool, mine, 1, 12), -ENOENT);
	KUNIT_EXPECT_NOT_NULL(test, eun_wsync_pool_get(pool, theirs));
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_next_ready(pool, 2, 12), theirs);
	/* Its own owner, but another packet: still not this one's to cancel. */
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_cancel(pool, theirs, 2, 11), -ENOENT);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_cancel(pool, -1, 2, 12), -ENOENT);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_cancel(pool, theirs, 2, 12), 0);
	KUNIT_EXPECT_EQ(test, pool->stats.in_use, 0);
}

struct wsp_bad_reserve {
	u32 first;
	u32 last;
	u32 len;
	const char *name;
};

static const struct wsp_bad_reserve wsp_bad_reserves[] = {
	{ 10, 9, 1, "last before first" },
	{ EUN_PSN_MASK, EUN_PSN_MASK - 1, 1, "last before first at the wrap" },
	{ 1U << 24, 5, 1, "first PSN over 24 bits" },
	{ 0, 1U << 24, 1, "last PSN over 24 bits" },
	{ 0, 5, 65, "longer than a slot" },
};

static void wsp_bad_reserve_desc(const struct wsp_bad_reserve *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(wsp_bad_reserve, wsp_bad_reserves, wsp_bad_reserve_desc);

static void eun_wsync_pool_bad_reserve(struct kunit *test)
{
	const struct wsp_bad_reserve *t = test->param_value;
	struct eun_wsync_pool *pool = wsp_new(test, 2, 64);

	KUNIT_EXPECT_EQ(test, eun_wsync_pool_reserve(pool, 0, t->first, t->last,
						     0, t->len), -EINVAL);
	KUNIT_EXPECT_EQ(test, pool->stats.in_use, 0);
	KUNIT_EXPECT_EQ(test, pool->stats.reserved, 0);
}

static void eun_wsync_pool_bad_slot(struct kunit *test)
{
	struct eun_wsync_pool *pool = wsp_new(test, 2, 64);

	KUNIT_EXPECT_NULL(test, eun_wsync_pool_get(pool, -1));
	KUNIT_EXPECT_NULL(test, eun_wsync_pool_get(pool, 2));
	KUNIT_EXPECT_NULL(test, eun_wsync_pool_get(pool, 0));
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_release(pool, 2), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_release(pool, -ENOSPC), -EINVAL);
	KUNIT_EXPECT_EQ(test, pool->stats.released, 0);
}

struct wsp_bad_init {
	u32 nslots;
	u32 bytes;
	const char *name;
};

static const struct wsp_bad_init wsp_bad_inits[] = {
	{ 0, 64, "no slots" },
	{ EUN_WSYNC_POOL_MAX_SLOTS + 1, 64, "too many slots" },
	{ 4, 0, "empty slots" },
	{ 4, EUN_WSYNC_POOL_MAX_BYTES + 1, "slots over the largest MTU" },
};

static void wsp_bad_init_desc(const struct wsp_bad_init *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(wsp_bad_init, wsp_bad_inits, wsp_bad_init_desc);

static void eun_wsync_pool_bad_init(struct kunit *test)
{
	const struct wsp_bad_init *t = test->param_value;
	struct eun_wsync_pool pool;

	KUNIT_EXPECT_EQ(test, eun_wsync_pool_init(&pool, t->nslots, t->bytes),
			-EINVAL);
	KUNIT_EXPECT_NULL(test, pool.slot);
	eun_wsync_pool_destroy(&pool);
}

static void eun_wsync_pool_largest(struct kunit *test)
{
	struct eun_wsync_pool *pool = wsp_new(test, 2, EUN_WSYNC_POOL_MAX_BYTES);
	const struct eun_wsync_pool_slot *s;
	int i;

	i = eun_wsync_pool_reserve(pool, 0, 0, 0, 0, EUN_WSYNC_POOL_MAX_BYTES);
	KUNIT_ASSERT_GE(test, i, 0);
	s = eun_wsync_pool_get(pool, i);
	KUNIT_ASSERT_NOT_NULL(test, s);
	/* The whole slot is writable (KASAN would catch an overrun). */
	memset(s->data, 0xff, EUN_WSYNC_POOL_MAX_BYTES);
	KUNIT_EXPECT_EQ(test, s->data[EUN_WSYNC_POOL_MAX_BYTES - 1], 0xff);
	/* A single-packet WRITE: first == last, ready at its own PSN. */
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_next_ready(pool, 0, 0), i);
}

static struct kunit_case eun_wsync_pool_cases[] = {
	KUNIT_CASE(eun_wsync_pool_hold_and_release),
	KUNIT_CASE(eun_wsync_pool_full),
	KUNIT_CASE(eun_wsync_pool_duplicate),
	KUNIT_CASE_PARAM(eun_wsync_pool_ready_order, wsp_order_gen_params),
	KUNIT_CASE(eun_wsync_pool_owner_release),
	KUNIT_CASE(eun_wsync_pool_cancel_after_release),
	KUNIT_CASE_PARAM(eun_wsync_pool_bad_reserve, wsp_bad_reserve_gen_params),
	KUNIT_CASE(eun_wsync_pool_bad_slot),
	KUNIT_CASE_PARAM(eun_wsync_pool_bad_init, wsp_bad_init_gen_params),
	KUNIT_CASE(eun_wsync_pool_largest),
	{}
};

static struct kunit_suite eun_wsync_pool_suite = {
	.name = "eun_wsync_pool",
	.test_cases = eun_wsync_pool_cases,
};

kunit_test_suite(eun_wsync_pool_suite);
