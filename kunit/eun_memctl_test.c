// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the emulated on-chip memory controller: first-fit bitmap
 * blocks from the head, metadata runs from the tail, fragmentation,
 * exhaustion, reset, accounting and refusal of bad arguments.
 */
#include <kunit/test.h>
#include <linux/bitops.h>

#include "eun/eun_memctl.h"

static void mc_destroy_action(void *mc)
{
	eun_mc_destroy(mc);
}

static struct eun_memctl *mc_new(struct kunit *test, u32 nblocks, u32 nconns)
{
	struct eun_memctl *mc = kunit_kzalloc(test, sizeof(*mc), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, mc);
	KUNIT_ASSERT_EQ(test, eun_mc_init(mc, nblocks, nconns), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, mc_destroy_action, mc), 0);
	return mc;
}

static void eun_memctl_first_fit_from_head(struct kunit *test)
{
	struct eun_memctl *mc = mc_new(test, 64, 4);

	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), 0);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), 1);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), 2);
	KUNIT_EXPECT_EQ(test, eun_mc_free(mc, 1, 1, EUN_MC_BITMAP), 0);
	/* The hole at 1 is the first fit, before the free space at 3. */
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), 1);
	/* A run of 4 does not fit in a hole: it goes after block 2. */
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 4, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), 3);
	KUNIT_EXPECT_EQ(test, mc->stats.in_use[EUN_MC_BITMAP], 7);
	KUNIT_EXPECT_EQ(test, mc->stats.in_use[EUN_MC_META], 0);
}

static void eun_memctl_meta_runs_from_tail(struct kunit *test)
{
	struct eun_memctl *mc = mc_new(test, 64, 4);

	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 6, EUN_MC_FROM_TAIL, EUN_MC_META), 58);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 6, EUN_MC_FROM_TAIL, EUN_MC_META), 52);
	KUNIT_EXPECT_EQ(test, eun_mc_free(mc, 58, 6, EUN_MC_META), 0);
	/* The highest free run wins: the freed run at the tail is reused. */
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 4, EUN_MC_FROM_TAIL, EUN_MC_META), 60);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 2, EUN_MC_FROM_TAIL, EUN_MC_META), 58);
	KUNIT_EXPECT_EQ(test, mc->stats.in_use[EUN_MC_META], 12);
	/* Bitmap blocks still start at the head. */
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), 0);
}

static void eun_memctl_fragmentation(struct kunit *test)
{
	struct eun_memctl *mc = mc_new(test, 16, 1);
	u32 i;

	for (i = 0; i < 16; i++)
		KUNIT_ASSERT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), i);
	for (i = 0; i < 16; i += 2)
		KUNIT_ASSERT_EQ(test, eun_mc_free(mc, i, 1, EUN_MC_BITMAP), 0);
	/* Eight blocks free, but no two of them next to each other. */
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 2, EUN_MC_FROM_TAIL, EUN_MC_META), -ENOSPC);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 2, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), -ENOSPC);
	KUNIT_EXPECT_EQ(test, mc->stats.failures, 2);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_TAIL, EUN_MC_META), 14);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), 0);
}

static void eun_memctl_exhaustion(struct kunit *test)
{
	struct eun_memctl *mc = mc_new(test, 200, 2);
	u32 i;

	/* 200 blocks cross several allocation-bitmap words. */
	for (i = 0; i < 195; i++)
		KUNIT_ASSERT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), i);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 6, EUN_MC_FROM_TAIL, EUN_MC_META), -ENOSPC);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 5, EUN_MC_FROM_TAIL, EUN_MC_META), 195);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), -ENOSPC);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_TAIL, EUN_MC_META), -ENOSPC);
	/* Larger than the whole memory: an answer, not a bad argument. */
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 201, EUN_MC_FROM_TAIL, EUN_MC_META), -ENOSPC);
	KUNIT_EXPECT_EQ(test, mc->stats.peak, 200);
	KUNIT_EXPECT_EQ(test, mc->stats.failures, 4);
	KUNIT_EXPECT_EQ(test, eun_mc_free(mc, 64, 1, EUN_MC_BITMAP), 0);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_TAIL, EUN_MC_META), 64);
	KUNIT_EXPECT_EQ(test, mc->stats.peak, 200);
}

static void eun_memctl_reset(struct kunit *test)
{
	struct eun_memctl *mc = mc_new(test, 32, 3);
	u32 i;

	KUNIT_ASSERT_EQ(test, eun_mc_alloc(mc, 8, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), 0);
	KUNIT_ASSERT_EQ(test, eun_mc_alloc(mc, 8, EUN_MC_FROM_TAIL, EUN_MC_META), 24);
	eun_mc_write(mc, 24, 0xbeef);
	eun_mc_meta_set(mc, 2, 24);
	KUNIT_EXPECT_EQ(test, mc->stats.conns, 1);
	eun_mc_reset(mc);
	for (i = 0; i < 32; i++)
		KUNIT_EXPECT_FALSE(test, eun_mc_is_used(mc, i));
	KUNIT_EXPECT_EQ(test, eun_mc_meta_get(mc, 2), EUN_MC_NONE);
	KUNIT_EXPECT_EQ(test, mc->stats.conns, 0);
	KUNIT_EXPECT_EQ(test, mc->stats.peak, 0);
	KUNIT_EXPECT_EQ(test, mc->stats.in_use[EUN_MC_META], 0);
	KUNIT_EXPECT_EQ(test, mc->stats.nblocks, 32);
	/* Contents survive a reset, as in a NIC memory; the owner reinitialises. */
	KUNIT_EXPECT_EQ(test, eun_mc_read(mc, 24), 0xbeef);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 32, EUN_MC_FROM_TAIL, EUN_MC_META), 0);
}

static void eun_memctl_meta_index(struct kunit *test)
{
	struct eun_memctl *mc = mc_new(test, 32, 3);

	KUNIT_EXPECT_EQ(test, eun_mc_meta_get(mc, 0), EUN_MC_NONE);
	KUNIT_EXPECT_EQ(test, eun_mc_meta_get(mc, 3), EUN_MC_NONE);
	eun_mc_meta_set(mc, 0, 30);
	eun_mc_meta_set(mc, 1, 20);
	eun_mc_meta_set(mc, 1, 10);
	KUNIT_EXPECT_EQ(test, mc->stats.conns, 2);
	KUNIT_EXPECT_EQ(test, eun_mc_meta_get(mc, 1), 10);
	eun_mc_meta_set(mc, 0, EUN_MC_NONE);
	KUNIT_EXPECT_EQ(test, mc->stats.conns, 1);
	eun_mc_write(mc, 31, 0x1234);
	KUNIT_EXPECT_EQ(test, eun_mc_read(mc, 31), 0x1234);
}

struct mc_bad_init {
	u32 nblocks;
	u32 nconns;
	const char *name;
};

static const struct mc_bad_init mc_bad_inits[] = {
	{ 0, 4, "no blocks" },
	{ EUN_MC_MAX_BLOCKS + 1, 4, "more blocks than u16 indexes" },
	{ 64, 0, "no connections" },
	{ 64, EUN_MC_MAX_CONNS + 1, "too many connections" },
};

static void mc_bad_init_desc(const struct mc_bad_init *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(mc_bad_init, mc_bad_inits, mc_bad_init_desc);

static void eun_memctl_bad_init(struct kunit *test)
{
	const struct mc_bad_init *t = test->param_value;
	struct eun_memctl mc;

	KUNIT_EXPECT_EQ(test, eun_mc_init(&mc, t->nblocks, t->nconns), -EINVAL);
}

static void eun_memctl_bad_args(struct kunit *test)
{
	struct eun_memctl *mc = mc_new(test, 32, 1);

	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 0, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_HEAD, EUN_MC_KIND_COUNT),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, eun_mc_free(mc, 40, 1, EUN_MC_BITMAP), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_mc_free(mc, 30, 4, EUN_MC_BITMAP), -EINVAL);
	/* Double free: refused (with a warning), nothing changes. */
	KUNIT_ASSERT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), 0);
	KUNIT_EXPECT_EQ(test, eun_mc_free(mc, 0, 1, EUN_MC_BITMAP), 0);
	KUNIT_EXPECT_EQ(test, eun_mc_free(mc, 0, 1, EUN_MC_BITMAP), -EINVAL);
	KUNIT_EXPECT_EQ(test, mc->stats.in_use[EUN_MC_BITMAP], 0);
	KUNIT_EXPECT_EQ(test, mc->stats.failures, 0);
}

/* The free hints must not change what first fit and tail-first find. */
static void eun_memctl_hints_keep_the_order(struct kunit *test)
{
	struct eun_memctl *mc = mc_new(test, 200, 1);
	int i;

	/* Fill three words from the head, then open holes across them. */
	for (i = 0; i < 150; i++)
		KUNIT_ASSERT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), i);
	KUNIT_EXPECT_EQ(test, eun_mc_free(mc, 130, 2, EUN_MC_BITMAP), 0);
	KUNIT_EXPECT_EQ(test, eun_mc_free(mc, 63, 3, EUN_MC_BITMAP), 0);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 3, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), 63);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), 130);
	/* A run of 2 skips the hole of 1 at 131 and the used blocks after. */
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 2, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), 150);
	/* From the tail: the highest run of 40 straddles a word boundary. */
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 40, EUN_MC_FROM_TAIL, EUN_MC_META), 160);
	KUNIT_EXPECT_EQ(test, eun_mc_free(mc, 160, 40, EUN_MC_META), 0);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 8, EUN_MC_FROM_TAIL, EUN_MC_META), 192);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 48, EUN_MC_FROM_TAIL, EUN_MC_META), -ENOSPC);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), 131);
}

static void eun_memctl_run_access(struct kunit *test)
{
	struct eun_memctl *mc = mc_new(test, 32, 1);
	u16 in[5] = { 1, 2, 3, 4, 5 }, out[5];
	u32 i;

	eun_mc_write_words(mc, 10, in, 5);
	eun_mc_read_words(mc, 10, out, 5);
	for (i = 0; i < 5; i++)
		KUNIT_EXPECT_EQ(test, out[i], in[i]);
	/* Overlapping copy upwards by one: a run moved over its own end. */
	eun_mc_copy(mc, 11, 10, 5);
	for (i = 0; i < 5; i++)
		KUNIT_EXPECT_EQ(test, eun_mc_read(mc, 11 + i), in[i]);
	eun_mc_zero(mc, 12, 3);
	KUNIT_EXPECT_EQ(test, eun_mc_read(mc, 11), 1);
	KUNIT_EXPECT_EQ(test, eun_mc_read(mc, 12) | eun_mc_read(mc, 13) |
			eun_mc_read(mc, 14), 0);
	KUNIT_EXPECT_EQ(test, eun_mc_read(mc, 15), 5);
}

static void eun_memctl_extend_in_place(struct kunit *test)
{
	struct eun_memctl *mc = mc_new(test, 64, 1);

	KUNIT_ASSERT_EQ(test, eun_mc_alloc(mc, 6, EUN_MC_FROM_TAIL, EUN_MC_META), 58);
	/* Nothing after the last block: the caller must move the run. */
	KUNIT_EXPECT_EQ(test, eun_mc_extend(mc, 58, 6, 1, EUN_MC_META), -ENOSPC);
	KUNIT_ASSERT_EQ(test, eun_mc_alloc(mc, 6, EUN_MC_FROM_TAIL, EUN_MC_META), 52);
	KUNIT_EXPECT_EQ(test, eun_mc_extend(mc, 52, 6, 1, EUN_MC_META), -ENOSPC);
	KUNIT_EXPECT_EQ(test, eun_mc_free(mc, 58, 6, EUN_MC_META), 0);
	KUNIT_EXPECT_EQ(test, eun_mc_extend(mc, 52, 6, 2, EUN_MC_META), 0);
	KUNIT_EXPECT_TRUE(test, eun_mc_is_used(mc, 59));
	KUNIT_EXPECT_FALSE(test, eun_mc_is_used(mc, 60));
	KUNIT_EXPECT_EQ(test, mc->stats.in_use[EUN_MC_META], 8);
	KUNIT_EXPECT_EQ(test, mc->stats.failures, 0);
	/* The whole grown run frees as one. */
	KUNIT_EXPECT_EQ(test, eun_mc_free(mc, 52, 8, EUN_MC_META), 0);
	KUNIT_EXPECT_EQ(test, mc->stats.in_use[EUN_MC_META], 0);
}

static void eun_memctl_extend_down(struct kunit *test)
{
	struct eun_memctl *mc = mc_new(test, 64, 1);
	u32 i;

	KUNIT_ASSERT_EQ(test, eun_mc_alloc(mc, 4, EUN_MC_FROM_TAIL, EUN_MC_META), 60);
	for (i = 0; i < 4; i++)
		eun_mc_write(mc, 60 + i, 0xa0 + i);
	KUNIT_ASSERT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_HEAD, EUN_MC_BITMAP), 0);
	/* Blocks 57..59 are free: the run slides down and keeps its words. */
	KUNIT_EXPECT_EQ(test, eun_mc_extend_down(mc, 60, 4, 3, EUN_MC_META), 57);
	for (i = 0; i < 4; i++)
		KUNIT_EXPECT_EQ(test, eun_mc_read(mc, 57 + i), 0xa0 + i);
	KUNIT_EXPECT_TRUE(test, eun_mc_is_used(mc, 57));
	KUNIT_EXPECT_FALSE(test, eun_mc_is_used(mc, 56));
	KUNIT_EXPECT_EQ(test, mc->stats.in_use[EUN_MC_META], 7);
	KUNIT_EXPECT_EQ(test, mc->stats.peak, 8);
	/* A used block in the way, the start of the array, bad arguments. */
	KUNIT_ASSERT_EQ(test, eun_mc_alloc(mc, 1, EUN_MC_FROM_TAIL, EUN_MC_META), 56);
	KUNIT_EXPECT_EQ(test, eun_mc_extend_down(mc, 57, 7, 1, EUN_MC_META), -ENOSPC);
	KUNIT_EXPECT_EQ(test, eun_mc_extend_down(mc, 0, 1, 1, EUN_MC_BITMAP), -ENOSPC);
	KUNIT_EXPECT_EQ(test, eun_mc_extend_down(mc, 57, 7, 0, EUN_MC_META), -ENOSPC);
	KUNIT_EXPECT_EQ(test, eun_mc_extend_down(mc, 60, 8, 1, EUN_MC_META), -ENOSPC);
	KUNIT_EXPECT_EQ(test, mc->stats.in_use[EUN_MC_META], 8);
	KUNIT_EXPECT_EQ(test, mc->stats.failures, 0);
	/* The grown run frees as one; the free hints find its blocks again. */
	KUNIT_EXPECT_EQ(test, eun_mc_free(mc, 57, 7, EUN_MC_META), 0);
	KUNIT_EXPECT_EQ(test, eun_mc_alloc(mc, 7, EUN_MC_FROM_TAIL, EUN_MC_META), 57);
}

static struct kunit_case eun_memctl_cases[] = {
	KUNIT_CASE(eun_memctl_hints_keep_the_order),
	KUNIT_CASE(eun_memctl_run_access),
	KUNIT_CASE(eun_memctl_extend_in_place),
	KUNIT_CASE(eun_memctl_extend_down),
	KUNIT_CASE(eun_memctl_first_fit_from_head),
	KUNIT_CASE(eun_memctl_meta_runs_from_tail),
	KUNIT_CASE(eun_memctl_fragmentation),
	KUNIT_CASE(eun_memctl_exhaustion),
	KUNIT_CASE(eun_memctl_reset),
	KUNIT_CASE(eun_memctl_meta_index),
	KUNIT_CASE_PARAM(eun_memctl_bad_init, mc_bad_init_gen_params),
	KUNIT_CASE(eun_memctl_bad_args),
	{}
};

static struct kunit_suite eun_memctl_suite = {
	.name = "eun_memctl",
	.test_cases = eun_memctl_cases,
};

kunit_test_suite(eun_memctl_suite);
