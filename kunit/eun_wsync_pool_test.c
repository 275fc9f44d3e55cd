// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the pool of held last packets: slots taken and given
 * back, a full pool refusing, duplicates, release in PSN order once the
 * expected PSN reaches a packet (across the 24-bit wrap), the earliest
 * held packet of an owner, owners kept apart (a late cancellation too),
 * refusal of bad arguments, the share of the pool one owner may hold, and
 * packets held too long found, oldest first, and given back.
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

	i = eun_wsync_pool_reserve(pool, 7, 100, 103, 0xabc, 200, 0);
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

	/* One slot per owner: the share of a 3-slot pool. */
	for (i = 0; i < 3; i++) {
		slot[i] = eun_wsync_pool_reserve(pool, i, 10 * i, 10 * i + 5,
						 i, 64, 0);
		KUNIT_ASSERT_GE(test, slot[i], 0);
	}
	KUNIT_EXPECT_NE(test, slot[0], slot[1]);
	KUNIT_EXPECT_NE(test, slot[1], slot[2]);
	KUNIT_EXPECT_NE(test, slot[0], slot[2]);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_reserve(pool, 3, 40, 45, 0, 1, 0),
			-ENOSPC);
	KUNIT_EXPECT_EQ(test, pool->stats.refused, 1);
	KUNIT_EXPECT_EQ(test, pool->stats.over_share, 0);
	KUNIT_EXPECT_EQ(test, pool->stats.in_use, 3);
	KUNIT_EXPECT_EQ(test, pool->stats.peak, 3);
	KUNIT_ASSERT_EQ(test, eun_wsync_pool_release(pool, slot[1]), 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_reserve(pool, 3, 40, 45, 0, 1, 0),
			slot[1]);
	KUNIT_EXPECT_EQ(test, pool->stats.peak, 3);
}

static void eun_wsync_pool_duplicate(struct kunit *test)
{
	struct eun_wsync_pool *pool = wsp_new(test, 4, 64);

	KUNIT_ASSERT_GE(test, eun_wsync_pool_reserve(pool, 1, 0, 9, 0, 8, 0), 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_reserve(pool, 1, 0, 9, 0, 8, 0), -EEXIST);
	KUNIT_EXPECT_EQ(test, pool->stats.duplicates, 1);
	/* The same PSN of another owner is another packet. */
	KUNIT_EXPECT_GE(test, eun_wsync_pool_reserve(pool, 2, 0, 9, 0, 8, 0), 0);
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
	/* 16 slots: an owner's share is 4, the packets held here. */
	struct eun_wsync_pool *pool = wsp_new(test, 16, 64);
	const struct eun_wsync_pool_slot *s;
	u32 i;
	int k;

	for (i = 0; i < ARRAY_SIZE(off); i++)
		KUNIT_ASSERT_GE(test,
				eun_wsync_pool_reserve(pool, 3, t->base,
						       eun_psn_add(t->base, off[i]),
						       off[i], 1, 0), 0);
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
	/* 12 slots: each owner's share is 3. */
	struct eun_wsync_pool *pool = wsp_new(test, 12, 64);
	u32 i;

	for (i = 0; i < 6; i++)
		KUNIT_ASSERT_GE(test, eun_wsync_pool_reserve(pool, i % 2, 0, i, 0, 0, 0), 0);
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

	mine = eun_wsync_pool_reserve(pool, 1, 10, 12, 0, 8, 0);
	KUNIT_ASSERT_GE(test, mine, 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_release_owner(pool, 1), 1);
	theirs = eun_wsync_pool_reserve(pool, 2, 10, 12, 0, 8, 0);
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
						     0, t->len, 0), -EINVAL);
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

	i = eun_wsync_pool_reserve(pool, 0, 0, 0, 0, EUN_WSYNC_POOL_MAX_BYTES, 0);
	KUNIT_ASSERT_GE(test, i, 0);
	s = eun_wsync_pool_get(pool, i);
	KUNIT_ASSERT_NOT_NULL(test, s);
	/* The whole slot is writable (KASAN would catch an overrun). */
	memset(s->data, 0xff, EUN_WSYNC_POOL_MAX_BYTES);
	KUNIT_EXPECT_EQ(test, s->data[EUN_WSYNC_POOL_MAX_BYTES - 1], 0xff);
	/* A single-packet WRITE: first == last, ready at its own PSN. */
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_next_ready(pool, 0, 0), i);
}

struct wsp_share_case {
	u32 nslots;
	u32 share;
};

static const struct wsp_share_case wsp_share_cases[] = {
	{ 1, 1 }, { 3, 1 }, { 4, 1 }, { 7, 1 }, { 8, 2 }, { 64, 16 },
	{ EUN_WSYNC_POOL_MAX_SLOTS, EUN_WSYNC_POOL_MAX_SLOTS / 4 },
};

static void wsp_share_desc(const struct wsp_share_case *t, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%u slots, share %u", t->nslots,
		 t->share);
}

KUNIT_ARRAY_PARAM(wsp_share, wsp_share_cases, wsp_share_desc);

/*
 * One owner fills its share and is refused beyond it, however many slots
 * are free; another owner still gets one; a slot given back lets the
 * first take one again.
 */
static void eun_wsync_pool_owner_share(struct kunit *test)
{
	const struct wsp_share_case *t = test->param_value;
	struct eun_wsync_pool *pool = wsp_new(test, t->nslots, 8);
	int k = -1;
	u32 i;

	KUNIT_EXPECT_EQ(test, pool->owner_max, t->share);
	for (i = 0; i < t->share; i++) {
		k = eun_wsync_pool_reserve(pool, 9, 0, 2 * i, i, 8, i);
		KUNIT_ASSERT_GE(test, k, 0);
	}
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_held(pool, 9), t->share);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_reserve(pool, 9, 0, 2 * i, 0, 8, i),
			-EDQUOT);
	KUNIT_EXPECT_EQ(test, pool->stats.over_share, 1);
	KUNIT_EXPECT_EQ(test, pool->stats.refused, 0);
	/* A packet it holds already is still a duplicate, not over share. */
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_reserve(pool, 9, 0, 0, 0, 8, i),
			-EEXIST);
	KUNIT_EXPECT_EQ(test, pool->stats.over_share, 1);
	if (t->nslots > t->share) {
		KUNIT_EXPECT_GE(test, eun_wsync_pool_reserve(pool, 10, 0, 2 * i,
							     0, 8, i), 0);
		KUNIT_EXPECT_EQ(test, eun_wsync_pool_held(pool, 10), 1);
	} else {
		/* A one-slot pool: the other owner finds it full. */
		KUNIT_EXPECT_EQ(test, eun_wsync_pool_reserve(pool, 10, 0, 2 * i,
							     0, 8, i), -ENOSPC);
	}
	KUNIT_ASSERT_EQ(test, eun_wsync_pool_release(pool, k), 0);
	KUNIT_EXPECT_GE(test, eun_wsync_pool_reserve(pool, 9, 0, 2 * i + 1, 0,
						     8, i), 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_held(pool, 9), t->share);
}

/*
 * The default device pool: one QP that sends nothing but last packets
 * takes a quarter of it, and the others share the rest.
 */
static void eun_wsync_pool_share_leaves_rest(struct kunit *test)
{
	struct eun_wsync_pool *pool = wsp_new(test, 64, 8);
	u32 i, got = 0, owner;

	for (i = 0; i < 64; i++)
		got += eun_wsync_pool_reserve(pool, 1, 0, i, 0, 8, 0) >= 0;
	KUNIT_EXPECT_EQ(test, got, 16);
	KUNIT_EXPECT_EQ(test, pool->stats.over_share, 48);
	for (owner = 2; owner < 5; owner++)
		for (i = 0; i < 16; i++)
			KUNIT_EXPECT_GE(test, eun_wsync_pool_reserve(pool, owner,
								     0, i, 0, 8, 0),
					0);
	KUNIT_EXPECT_EQ(test, pool->stats.in_use, 64);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_reserve(pool, 5, 0, 0, 0, 8, 0),
			-ENOSPC);
}

/*
 * A slot given grace stays that much longer; the others keep the pool's
 * limit, and a slot taken again starts without grace.
 */
static void eun_wsync_pool_grace_extends(struct kunit *test)
{
	struct eun_wsync_pool *pool = wsp_new(test, 8, 8);
	int a, b;

	a = eun_wsync_pool_reserve(pool, 1, 0, 5, 0, 8, 1000);
	b = eun_wsync_pool_reserve(pool, 2, 0, 5, 0, 8, 1000);
	KUNIT_ASSERT_GE(test, a, 0);
	KUNIT_ASSERT_GE(test, b, 0);
	eun_wsync_pool_grace(pool, a, 3000);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_get(pool, a)->grace, 3000);
	/* Past the limit: only b. */
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expired(pool, 1501, 500), b);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expire(pool, b, 2, 1501, 500), 0);
	/* a: 500 + 3000 after 1000, not before. */
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expired(pool, 4500, 500), -ENOENT);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expire(pool, a, 1, 4500, 500),
			-ENOENT);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expired(pool, 4501, 500), a);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expire(pool, a, 1, 4501, 500), 0);
	/* Grace on a free slot or out of range changes nothing. */
	eun_wsync_pool_grace(pool, a, 9999);
	eun_wsync_pool_grace(pool, -1, 9999);
	eun_wsync_pool_grace(pool, 8, 9999);
	a = eun_wsync_pool_reserve(pool, 1, 0, 7, 0, 8, 5000);
	KUNIT_ASSERT_GE(test, a, 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_get(pool, a)->grace, 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expired(pool, 5501, 500), a);
}

/* Packets held too long come out oldest first, whoever holds them. */
static void eun_wsync_pool_expire_oldest(struct kunit *test)
{
	struct eun_wsync_pool *pool = wsp_new(test, 8, 8);
	const struct eun_wsync_pool_slot *s;
	int a, b, c;

	b = eun_wsync_pool_reserve(pool, 2, 0, 5, 0, 8, 2000);
	a = eun_wsync_pool_reserve(pool, 1, 0, 5, 0, 8, 1000);
	c = eun_wsync_pool_reserve(pool, 1, 0, 9, 0, 8, 3000);
	KUNIT_ASSERT_GE(test, a, 0);
	KUNIT_ASSERT_GE(test, b, 0);
	KUNIT_ASSERT_GE(test, c, 0);
	s = eun_wsync_pool_get(pool, a);
	KUNIT_ASSERT_NOT_NULL(test, s);
	KUNIT_EXPECT_EQ(test, s->since, 1000);

	/* Held exactly the bound is not held longer than it. */
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expired(pool, 1500, 500), -ENOENT);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expired(pool, 1501, 500), a);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expire(pool, a, 1, 1500, 500),
			-ENOENT);
	/* Only the owner it had. */
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expire(pool, a, 2, 1501, 500),
			-ENOENT);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expire(pool, a, 1, 1501, 500), 0);
	KUNIT_EXPECT_NULL(test, eun_wsync_pool_get(pool, a));
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expired(pool, 1501, 500), -ENOENT);

	/* Both others expired: the older first, of another owner. */
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expired(pool, 10000, 500), b);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expire(pool, b, 2, 10000, 500), 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expired(pool, 10000, 500), c);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expire(pool, c, 1, 10000, 500), 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expired(pool, 10000, 500), -ENOENT);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expire(pool, c, 1, 10000, 500),
			-ENOENT);

	KUNIT_EXPECT_EQ(test, pool->stats.expired, 3);
	KUNIT_EXPECT_EQ(test, pool->stats.released, 3);
	KUNIT_EXPECT_EQ(test, pool->stats.in_use, 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_held(pool, 1), 0);
}

/*
 * A held packet expires even while its owner is at its share, and the
 * slot it gives back takes a packet again; a clock that reads earlier
 * than the reservation expires nothing.
 */
static void eun_wsync_pool_expire_frees_share(struct kunit *test)
{
	struct eun_wsync_pool *pool = wsp_new(test, 4, 8);
	int k;

	k = eun_wsync_pool_reserve(pool, 1, 0, 3, 0, 8, 100);
	KUNIT_ASSERT_GE(test, k, 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_reserve(pool, 1, 0, 4, 0, 8, 150),
			-EDQUOT);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expired(pool, 50, 0), -ENOENT);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expired(pool, 100, 0), -ENOENT);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expired(pool, 101, 0), k);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expire(pool, k, 1, 101, 0), 0);
	KUNIT_EXPECT_GE(test, eun_wsync_pool_reserve(pool, 1, 0, 4, 0, 8, 200), 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expired(pool, 250, 100), -ENOENT);
}

/*
 * Between eun_wsync_pool_expired() and eun_wsync_pool_expire() the glue
 * lets go of its lock: the owner's QP may have dropped the packet and
 * another packet taken the slot. That one is not expired with it.
 */
static void eun_wsync_pool_expire_after_reuse(struct kunit *test)
{
	struct eun_wsync_pool *pool = wsp_new(test, 1, 8);
	int old, reused;

	old = eun_wsync_pool_reserve(pool, 1, 0, 7, 0, 8, 0);
	KUNIT_ASSERT_GE(test, old, 0);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expired(pool, 1000, 100), old);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_release_owner(pool, 1), 1);

	/* The same owner and PSN again, but fresh. */
	reused = eun_wsync_pool_reserve(pool, 1, 0, 7, 0, 8, 950);
	KUNIT_ASSERT_EQ(test, reused, old);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expire(pool, old, 1, 1000, 100),
			-ENOENT);
	KUNIT_EXPECT_NOT_NULL(test, eun_wsync_pool_get(pool, reused));

	/* Another owner's, old enough, but not the one found. */
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_release_owner(pool, 1), 1);
	reused = eun_wsync_pool_reserve(pool, 2, 0, 7, 0, 8, 0);
	KUNIT_ASSERT_EQ(test, reused, old);
	KUNIT_EXPECT_EQ(test, eun_wsync_pool_expire(pool, old, 1, 1000, 100),
			-ENOENT);
	KUNIT_EXPECT_EQ(test, pool->stats.expired, 0);
	KUNIT_EXPECT_EQ(test, pool->stats.in_use, 1);
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
	KUNIT_CASE_PARAM(eun_wsync_pool_owner_share, wsp_share_gen_params),
	KUNIT_CASE(eun_wsync_pool_share_leaves_rest),
	KUNIT_CASE(eun_wsync_pool_expire_oldest),
	KUNIT_CASE(eun_wsync_pool_grace_extends),
	KUNIT_CASE(eun_wsync_pool_expire_frees_share),
	KUNIT_CASE(eun_wsync_pool_expire_after_reuse),
	{}
};

static struct kunit_suite eun_wsync_pool_suite = {
	.name = "eun_wsync_pool",
	.test_cases = eun_wsync_pool_cases,
};

kunit_test_suite(eun_wsync_pool_suite);
