// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the reorder bitmaps: every state transition of the
 * hybrid-dynamic bitmap (create, grow, linear mark, flush, merge, cap, garbage
 * collection), PSN wrap at 2^24, duplicates, the head carried by a first
 * packet, memory exhaustion, the static baseline and the PSN helpers.
 */
#include <kunit/test.h>
#include <linux/bitops.h>

#include "eun/eun_bitmap.h"

#define FX_CONNS 4

struct fx {
	struct eun_memctl mc;
	struct eun_bm bm;
	u32 expected[FX_CONNS];
};

static void fx_destroy(void *p)
{
	struct fx *f = p;

	eun_mc_destroy(&f->mc);
}

static struct fx *fx_new_blocks(struct kunit *test, enum eun_bm_kind kind,
				enum eun_bm_layout layout, u32 nblocks, u32 cap,
				u32 block_bits)
{
	struct fx *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	struct eun_bm_params p;

	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_ASSERT_EQ(test, eun_mc_init(&f->mc, nblocks, FX_CONNS), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fx_destroy, f), 0);
	eun_bm_default_params(&p, kind);
	p.layout = layout;
	p.block_bits = block_bits;
	p.cap_bits = cap;
	p.static_bits = cap;
	KUNIT_ASSERT_EQ(test, eun_bm_init(&f->bm, &f->mc, &p), 0);
	return f;
}

static struct fx *fx_new(struct kunit *test, enum eun_bm_kind kind,
			 enum eun_bm_layout layout, u32 nblocks, u32 cap)
{
	return fx_new_blocks(test, kind, layout, nblocks, cap,
			     EUN_BM_DEF_BLOCK_BITS);
}

/* Default HD: 16-bit blocks, a 64-bit cap, compact layout, 1024 blocks. */
static struct fx *fx_hd(struct kunit *test)
{
	return fx_new(test, EUN_BM_HD, EUN_BM_LAYOUT_COMPACT, 1024, 64);
}

/* Deliver @psn on @conn at the fixture's expected PSN; follow the head. */
static struct eun_bm_result fx_rx(struct kunit *test, struct fx *f, u32 conn,
				  u32 psn)
{
	struct eun_bm_result r;

	KUNIT_ASSERT_EQ(test, eun_bm_rx(&f->bm, conn, f->expected[conn], psn, &r), 0);
	f->expected[conn] = r.head;
	return r;
}

static void expect_verdict(struct kunit *test, struct fx *f, u32 conn, u32 psn,
			   enum eun_bm_verdict want, u32 advance)
{
	struct eun_bm_result r = fx_rx(test, f, conn, psn);

	KUNIT_EXPECT_STREQ_MSG(test, eun_bm_verdict_name(r.verdict),
			       eun_bm_verdict_name(want), "psn %#x", psn);
	KUNIT_EXPECT_EQ_MSG(test, r.advance, advance, "psn %#x", psn);
}

/* PSNs @from .. @to - 1 arrive in order, each moving head by one. */
static void expect_in_order_one_by_one(struct kunit *test, struct fx *f,
				       u32 from, u32 to)
{
	u32 psn;

	for (psn = from; psn != to; psn = eun_psn_add(psn, 1))
		expect_verdict(test, f, 0, psn, EUN_BM_IN_ORDER, 1);
}

static struct eun_bm_info fx_info(struct kunit *test, struct fx *f, u32 conn)
{
	struct eun_bm_info info;

	KUNIT_ASSERT_EQ(test, eun_bm_get_info(&f->bm, conn, &info), 0);
	return info;
}

static u32 fx_in_use(struct fx *f)
{
	return f->mc.stats.in_use[EUN_MC_BITMAP] + f->mc.stats.in_use[EUN_MC_META];
}

static void eun_hd_in_order_costs_nothing(struct kunit *test)
{
	struct fx *f = fx_hd(test);

	expect_in_order_one_by_one(test, f, 0, 300);
	KUNIT_EXPECT_EQ(test, f->expected[0], 300);
	KUNIT_EXPECT_EQ(test, fx_in_use(f), 0);
	KUNIT_EXPECT_EQ(test, f->mc.stats.peak, 0);
	KUNIT_EXPECT_EQ(test, f->bm.stats.creates, 0);
	KUNIT_EXPECT_FALSE(test, fx_info(test, f, 0).active);
}

static void eun_hd_first_ooo_creates(struct kunit *test)
{
	struct fx *f = fx_hd(test);
	struct eun_bm_info info;

	f->expected[1] = 10;
	expect_verdict(test, f, 1, 12, EUN_BM_OOO, 0);
	info = fx_info(test, f, 1);
	KUNIT_EXPECT_TRUE(test, info.active);
	KUNIT_EXPECT_EQ(test, info.head, 10);
	KUNIT_EXPECT_EQ(test, info.span, 3);
	KUNIT_EXPECT_EQ(test, info.circ_bits, 16);
	KUNIT_EXPECT_EQ(test, info.total_bits, 16);
	KUNIT_EXPECT_EQ(test, info.reach, 64);
	/* Compact layout: six state words, no offsets for a single block. */
	KUNIT_EXPECT_EQ(test, info.meta_blocks, 6);
	KUNIT_EXPECT_EQ(test, f->mc.stats.in_use[EUN_MC_BITMAP], 1);
	KUNIT_EXPECT_EQ(test, f->mc.stats.in_use[EUN_MC_META], 6);
	KUNIT_EXPECT_EQ(test, f->mc.stats.conns, 1);
	/* Metadata at the tail, the bitmap block at the head. */
	KUNIT_EXPECT_EQ(test, eun_mc_meta_get(&f->mc, 1), 1018);
	KUNIT_EXPECT_TRUE(test, eun_mc_is_used(&f->mc, 0));
	KUNIT_EXPECT_FALSE(test, fx_info(test, f, 0).active);
}

static void eun_hd_grow_linear(struct kunit *test)
{
	struct fx *f = fx_hd(test);
	struct eun_bm_info info;

	expect_verdict(test, f, 0, 3, EUN_BM_OOO, 0);
	/* Past the tail (15): one linear block, bit 20 - 16 = 4 of it. */
	expect_verdict(test, f, 0, 20, EUN_BM_OOO, 0);
	info = fx_info(test, f, 0);
	KUNIT_EXPECT_EQ(test, info.circ_bits, 16);
	KUNIT_EXPECT_EQ(test, info.total_bits, 32);
	KUNIT_EXPECT_EQ(test, info.meta_blocks, 7);
	KUNIT_EXPECT_EQ(test, f->bm.stats.grows, 1);
	/* The run at the tail grew downwards: no move, no transient. */
	KUNIT_EXPECT_EQ(test, f->bm.stats.moves, 0);
	KUNIT_EXPECT_EQ(test, eun_mc_meta_get(&f->mc, 0), 1017);
	KUNIT_EXPECT_EQ(test, f->mc.stats.peak, 9);
	/* A mark in the existing linear block does not grow. */
	expect_verdict(test, f, 0, 31, EUN_BM_OOO, 0);
	KUNIT_EXPECT_EQ(test, f->bm.stats.grows, 1);
	/* Two blocks ahead: both appended at once. */
	expect_verdict(test, f, 0, 63, EUN_BM_OOO, 0);
	info = fx_info(test, f, 0);
	KUNIT_EXPECT_EQ(test, info.total_bits, 64);
	KUNIT_EXPECT_EQ(test, info.span, 64);
	KUNIT_EXPECT_EQ(test, f->bm.stats.grows, 3);
	KUNIT_EXPECT_EQ(test, f->mc.stats.in_use[EUN_MC_BITMAP], 4);
	KUNIT_EXPECT_EQ(test, f->mc.stats.in_use[EUN_MC_META], 9);
	KUNIT_EXPECT_EQ(test, eun_mc_meta_get(&f->mc, 0), 1015);
	KUNIT_EXPECT_EQ(test, f->bm.stats.moves, 0);
}

/* A run hemmed in by another connection's metadata moves, once. */
static void eun_hd_grow_moves_meta(struct kunit *test)
{
	struct fx *f = fx_hd(test);

	expect_verdict(test, f, 0, 3, EUN_BM_OOO, 0);
	expect_verdict(test, f, 1, 3, EUN_BM_OOO, 0);
	KUNIT_EXPECT_EQ(test, eun_mc_meta_get(&f->mc, 0), 1018);
	KUNIT_EXPECT_EQ(test, eun_mc_meta_get(&f->mc, 1), 1012);
	expect_verdict(test, f, 0, 20, EUN_BM_OOO, 0);
	KUNIT_EXPECT_EQ(test, f->bm.stats.moves, 1);
	KUNIT_EXPECT_EQ(test, eun_mc_meta_get(&f->mc, 0), 1005);
	KUNIT_EXPECT_EQ(test, fx_info(test, f, 0).meta_blocks, 7);
	/* Old and new run held at once for the copy. */
	KUNIT_EXPECT_EQ(test, f->mc.stats.peak, 6 + 7 + 6 + 3);
	KUNIT_EXPECT_EQ(test, f->mc.stats.in_use[EUN_MC_META], 13);
	/* Its words came along: the marks are still there. */
	expect_verdict(test, f, 0, 0, EUN_BM_IN_ORDER, 1);
	expect_verdict(test, f, 0, 1, EUN_BM_IN_ORDER, 1);
	expect_verdict(test, f, 0, 2, EUN_BM_IN_ORDER, 2);
	KUNIT_EXPECT_EQ(test, f->expected[0], 4);
}

static void eun_hd_flush_and_gc(struct kunit *test)
{
	struct fx *f = fx_hd(test);

	expect_verdict(test, f, 0, 1, EUN_BM_OOO, 0);
	expect_verdict(test, f, 0, 2, EUN_BM_OOO, 0);
	expect_verdict(test, f, 0, 4, EUN_BM_OOO, 0);
	/* 0 arrives: 0, 1, 2 are in order; 3 is still missing. */
	expect_verdict(test, f, 0, 0, EUN_BM_IN_ORDER, 3);
	KUNIT_EXPECT_EQ(test, fx_info(test, f, 0).head, 3);
	KUNIT_EXPECT_EQ(test, fx_info(test, f, 0).span, 2);
	expect_verdict(test, f, 0, 3, EUN_BM_IN_ORDER, 2);
	/* Back in order: everything is given back. */
	KUNIT_EXPECT_FALSE(test, fx_info(test, f, 0).active);
	KUNIT_EXPECT_EQ(test, fx_in_use(f), 0);
	KUNIT_EXPECT_EQ(test, f->mc.stats.conns, 0);
	KUNIT_EXPECT_EQ(test, f->bm.stats.frees, 1);
	KUNIT_EXPECT_EQ(test, f->expected[0], 5);
}

static void eun_hd_merge(struct kunit *test)
{
	struct fx *f = fx_hd(test);
	struct eun_bm_info info;

	expect_verdict(test, f, 0, 20, EUN_BM_OOO, 0);
	/* Head walks through the circular block; the tail stays at 15. */
	expect_in_order_one_by_one(test, f, 0, 5);
	info = fx_info(test, f, 0);
	KUNIT_EXPECT_EQ(test, info.reach, 11 + 3 * 16);
	expect_in_order_one_by_one(test, f, 5, 16);
	/* Head passed the tail: the linear block became circular. */
	KUNIT_EXPECT_EQ(test, f->bm.stats.merges, 1);
	info = fx_info(test, f, 0);
	KUNIT_EXPECT_EQ(test, info.head, 16);
	KUNIT_EXPECT_EQ(test, info.circ_bits, 32);
	KUNIT_EXPECT_EQ(test, info.total_bits, 32);
	KUNIT_EXPECT_EQ(test, info.reach, 64);
	/* The old circular bits now stand for 32..47: they must read clear. */
	expect_verdict(test, f, 0, 40, EUN_BM_OOO, 0);
	KUNIT_EXPECT_EQ(test, fx_info(test, f, 0).total_bits, 32);
	expect_in_order_one_by_one(test, f, 16, 19);
	expect_verdict(test, f, 0, 19, EUN_BM_IN_ORDER, 2);
	expect_in_order_one_by_one(test, f, 21, 39);
	expect_verdict(test, f, 0, 39, EUN_BM_IN_ORDER, 2);
	KUNIT_EXPECT_EQ(test, fx_in_use(f), 0);
}

static void eun_hd_cap(struct kunit *test)
{
	struct fx *f = fx_hd(test);

	expect_verdict(test, f, 0, 64, EUN_BM_BEYOND_CAP, 0);
	KUNIT_EXPECT_EQ(test, f->bm.stats.creates, 0);
	expect_verdict(test, f, 0, 63, EUN_BM_OOO, 0);
	expect_verdict(test, f, 0, 64, EUN_BM_BEYOND_CAP, 0);
	expect_verdict(test, f, 0, 0x7fffff, EUN_BM_BEYOND_CAP, 0);
	KUNIT_EXPECT_EQ(test, fx_info(test, f, 0).total_bits, 64);
	/* While a linear portion exists, flushed circular bits wait: reach shrinks. */
	expect_verdict(test, f, 0, 0, EUN_BM_IN_ORDER, 1);
	expect_verdict(test, f, 0, 1, EUN_BM_IN_ORDER, 1);
	KUNIT_EXPECT_EQ(test, fx_info(test, f, 0).reach, 62);
	expect_verdict(test, f, 0, 2 + 62, EUN_BM_BEYOND_CAP, 0);
	expect_verdict(test, f, 0, 2 + 61, EUN_BM_DUPLICATE, 0);
	KUNIT_EXPECT_EQ(test, f->bm.stats.verdicts[EUN_BM_BEYOND_CAP], 4);
}

static void eun_hd_duplicates(struct kunit *test)
{
	struct fx *f = fx_hd(test);

	f->expected[2] = 100;
	expect_verdict(test, f, 2, 99, EUN_BM_DUPLICATE, 0);
	KUNIT_EXPECT_EQ(test, f->bm.stats.creates, 0);
	expect_verdict(test, f, 2, 105, EUN_BM_OOO, 0);
	expect_verdict(test, f, 2, 105, EUN_BM_DUPLICATE, 0);
	expect_verdict(test, f, 2, 130, EUN_BM_OOO, 0);
	expect_verdict(test, f, 2, 130, EUN_BM_DUPLICATE, 0);
	expect_verdict(test, f, 2, 50, EUN_BM_DUPLICATE, 0);
	KUNIT_EXPECT_EQ(test, fx_info(test, f, 2).head, 100);
	KUNIT_EXPECT_EQ(test, fx_info(test, f, 2).span, 31);
}

struct wrap_case {
	u32 head;
	const char *name;
};

static const struct wrap_case wrap_cases[] = {
	{ 0xfffff8, "head 8 below the wrap" },
	{ 0xffffff, "head at the last PSN" },
	{ 0xffffc0, "linear block across the wrap" },
	{ 0x7ffff8, "across half the PSN space" },
};

static void wrap_desc(const struct wrap_case *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(wrap, wrap_cases, wrap_desc);

static void eun_hd_psn_wrap(struct kunit *test)
{
	const struct wrap_case *t = test->param_value;
	struct fx *f = fx_hd(test);
	u32 far = eun_psn_add(t->head, 60), i;

	f->expected[0] = t->head;
	expect_verdict(test, f, 0, eun_psn_add(t->head, 12), EUN_BM_OOO, 0);
	expect_verdict(test, f, 0, far, EUN_BM_OOO, 0);
	expect_verdict(test, f, 0, eun_psn_add(t->head, 64), EUN_BM_BEYOND_CAP, 0);
	expect_verdict(test, f, 0, (t->head - 1) & EUN_PSN_MASK, EUN_BM_DUPLICATE, 0);
	KUNIT_EXPECT_EQ(test, fx_info(test, f, 0).span, 61);
	for (i = 0; i < 11; i++)
		expect_verdict(test, f, 0, eun_psn_add(t->head, i), EUN_BM_IN_ORDER, 1);
	expect_verdict(test, f, 0, eun_psn_add(t->head, 11), EUN_BM_IN_ORDER, 2);
	for (i = 13; i < 59; i++)
		expect_verdict(test, f, 0, eun_psn_add(t->head, i), EUN_BM_IN_ORDER, 1);
	expect_verdict(test, f, 0, eun_psn_add(t->head, 59), EUN_BM_IN_ORDER, 2);
	KUNIT_EXPECT_EQ(test, f->expected[0], eun_psn_add(far, 1));
	KUNIT_EXPECT_EQ(test, fx_in_use(f), 0);
}

static void eun_hd_head_from_first_packet(struct kunit *test)
{
	struct fx *f = fx_hd(test);
	u32 psn;

	/*
	 * The first packet of a connection arrives out of order: the caller
	 * has no expected PSN yet and passes the first PSN the packet carries.
	 */
	f->expected[3] = 0x00abc0;
	expect_verdict(test, f, 3, 0x00abc5, EUN_BM_OOO, 0);
	KUNIT_EXPECT_EQ(test, fx_info(test, f, 3).head, 0x00abc0);
	for (psn = 0x00abc0; psn < 0x00abc4; psn++)
		expect_verdict(test, f, 3, psn, EUN_BM_IN_ORDER, 1);
	expect_verdict(test, f, 3, 0x00abc4, EUN_BM_IN_ORDER, 2);
	KUNIT_EXPECT_FALSE(test, fx_info(test, f, 3).active);
}

static void eun_hd_no_memory(struct kunit *test)
{
	/* 7 blocks: exactly one connection with one block (6 + 1). */
	struct fx *f = fx_new(test, EUN_BM_HD, EUN_BM_LAYOUT_COMPACT, 7, 64);

	expect_verdict(test, f, 0, 2, EUN_BM_OOO, 0);
	expect_verdict(test, f, 1, 2, EUN_BM_NO_MEMORY, 0);
	KUNIT_EXPECT_FALSE(test, fx_info(test, f, 1).active);
	/* Growing needs a block and a longer metadata run: refused. */
	expect_verdict(test, f, 0, 20, EUN_BM_NO_MEMORY, 0);
	KUNIT_EXPECT_EQ(test, fx_info(test, f, 0).total_bits, 16);
	KUNIT_EXPECT_EQ(test, f->mc.stats.in_use[EUN_MC_BITMAP], 1);
	KUNIT_EXPECT_EQ(test, f->mc.stats.in_use[EUN_MC_META], 6);
	KUNIT_EXPECT_GE(test, f->mc.stats.failures, 2);
	/* In-order traffic of the other connection needs no memory. */
	expect_verdict(test, f, 1, 0, EUN_BM_IN_ORDER, 1);
	/* Tracked state survives the refusals. */
	expect_verdict(test, f, 0, 2, EUN_BM_DUPLICATE, 0);
	expect_verdict(test, f, 0, 0, EUN_BM_IN_ORDER, 1);
	expect_verdict(test, f, 0, 1, EUN_BM_IN_ORDER, 2);
	KUNIT_EXPECT_EQ(test, fx_in_use(f), 0);
	/* Memory is back: the other connection can be tracked now. */
	expect_verdict(test, f, 1, 5, EUN_BM_OOO, 0);
}

static void eun_hd_paper_layout(struct kunit *test)
{
	struct fx *f = fx_new(test, EUN_BM_HD, EUN_BM_LAYOUT_PAPER, 1024, 256);

	expect_verdict(test, f, 0, 1, EUN_BM_OOO, 0);
	KUNIT_EXPECT_EQ(test, fx_info(test, f, 0).meta_blocks, 24);
	expect_verdict(test, f, 0, 200, EUN_BM_OOO, 0);
	/* The fixed run has room for all 16 blocks: no move. */
	KUNIT_EXPECT_EQ(test, f->bm.stats.moves, 0);
	KUNIT_EXPECT_EQ(test, f->mc.stats.in_use[EUN_MC_META], 24);
	KUNIT_EXPECT_EQ(test, f->mc.stats.in_use[EUN_MC_BITMAP], 13);
}

static void eun_hd_close_and_reset(struct kunit *test)
{
	struct fx *f = fx_hd(test);

	expect_verdict(test, f, 0, 40, EUN_BM_OOO, 0);
	expect_verdict(test, f, 1, 5, EUN_BM_OOO, 0);
	eun_bm_close(&f->bm, 0);
	KUNIT_EXPECT_FALSE(test, fx_info(test, f, 0).active);
	KUNIT_EXPECT_TRUE(test, fx_info(test, f, 1).active);
	eun_bm_close(&f->bm, 0);
	eun_bm_close(&f->bm, 1);
	KUNIT_EXPECT_EQ(test, fx_in_use(f), 0);
	KUNIT_EXPECT_EQ(test, f->mc.stats.conns, 0);
}

static void eun_hd_bad_input(struct kunit *test)
{
	struct fx *f = fx_hd(test);
	struct eun_bm_result r;
	struct eun_bm_info info;

	KUNIT_EXPECT_EQ(test, eun_bm_rx(&f->bm, FX_CONNS, 0, 0, &r), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_bm_rx(&f->bm, 0, 0, 1U << 24, &r), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_bm_rx(&f->bm, 0, 1U << 24, 0, &r), -EINVAL);
	expect_verdict(test, f, 0, 5, EUN_BM_OOO, 0);
	/* The caller's expected PSN disagrees with the bitmap's head. */
	KUNIT_EXPECT_EQ(test, eun_bm_rx(&f->bm, 0, 1, 3, &r), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_bm_get_info(&f->bm, FX_CONNS, &info), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_bm_open(&f->bm, 0, 0), -EBUSY);
	KUNIT_EXPECT_EQ(test, eun_bm_open(&f->bm, 1, 1U << 24), -EINVAL);
}

static void eun_bm_sack_bits(struct kunit *test)
{
	struct fx *f = fx_hd(test);
	unsigned long bits[BITS_TO_LONGS(64)];
	u32 head = 0;

	f->expected[0] = 0xfffffe;
	expect_verdict(test, f, 0, 0xffffff, EUN_BM_OOO, 0);
	expect_verdict(test, f, 0, 3, EUN_BM_OOO, 0);
	expect_verdict(test, f, 0, 30, EUN_BM_OOO, 0);
	KUNIT_ASSERT_EQ(test, eun_bm_sack(&f->bm, 0, &head, bits, 64), 33);
	KUNIT_EXPECT_EQ(test, head, 0xfffffe);
	KUNIT_EXPECT_EQ(test, bitmap_weight(bits, 64), 3);
	KUNIT_EXPECT_TRUE(test, test_bit(1, bits));
	KUNIT_EXPECT_TRUE(test, test_bit(5, bits));
	KUNIT_EXPECT_TRUE(test, test_bit(32, bits));
	/* A short buffer gets the first bits only. */
	KUNIT_ASSERT_EQ(test, eun_bm_sack(&f->bm, 0, &head, bits, 8), 8);
	KUNIT_EXPECT_EQ(test, bitmap_weight(bits, 8), 2);
	KUNIT_EXPECT_EQ(test, eun_bm_sack(&f->bm, 1, &head, bits, 64), 0);
}

/* An HD fixture that grows by insertion into the circle. */
static struct fx *fx_insert(struct kunit *test, u32 cap, u32 block_bits)
{
	struct fx *f = fx_new_blocks(test, EUN_BM_HD, EUN_BM_LAYOUT_COMPACT,
				     1024, cap, block_bits);

	f->bm.p.grow = EUN_BM_GROW_INSERT;
	return f;
}

/* The received bits after head must be exactly the distances in @want. */
static void expect_sack(struct kunit *test, struct fx *f, const u32 *want,
			u32 n, u32 span)
{
	unsigned long bits[BITS_TO_LONGS(EUN_BM_MAX_BITS)];
	u32 head, i;

	KUNIT_ASSERT_EQ(test, eun_bm_sack(&f->bm, 0, &head, bits,
					  EUN_BM_MAX_BITS), span);
	KUNIT_EXPECT_EQ(test, head, f->expected[0]);
	KUNIT_EXPECT_EQ(test, bitmap_weight(bits, span), n);
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_TRUE_MSG(test, test_bit(want[i], bits), "d %u", want[i]);
}

/*
 * Insertion keeps every bit where its PSN looks for it: the far end of the
 * circle wrapped round into the head's block moves to the new block, first
 * when the head's block is block 0 (block 0 changes), then when it is not.
 */
static void eun_hd_insert_keeps_wrapped_bits(struct kunit *test)
{
	static const u32 first[] = { 6, 14, 15, 19 };
	static const u32 second[] = { 6, 14, 15, 19, 40 };
	struct fx *f = fx_insert(test, 64, 16);
	struct eun_bm_info info;

	expect_verdict(test, f, 0, 5, EUN_BM_OOO, 0);
	expect_verdict(test, f, 0, 12, EUN_BM_OOO, 0);
	expect_in_order_one_by_one(test, f, 0, 4);
	expect_verdict(test, f, 0, 4, EUN_BM_IN_ORDER, 2);
	/* Head 6 at bit 6: 20 and 21 wrap round to bits 4 and 5. */
	expect_verdict(test, f, 0, 20, EUN_BM_OOO, 0);
	expect_verdict(test, f, 0, 21, EUN_BM_OOO, 0);
	expect_verdict(test, f, 0, 25, EUN_BM_OOO, 0);
	info = fx_info(test, f, 0);
	KUNIT_EXPECT_EQ(test, info.circ_bits, 32);
	KUNIT_EXPECT_EQ(test, info.total_bits, 32);
	KUNIT_EXPECT_EQ(test, info.reach, 64);
	expect_sack(test, f, first, ARRAY_SIZE(first), 20);
	/* Head's block is now block 1. */
	expect_verdict(test, f, 0, 46, EUN_BM_OOO, 0);
	KUNIT_EXPECT_EQ(test, fx_info(test, f, 0).total_bits, 48);
	KUNIT_EXPECT_EQ(test, f->bm.stats.grows, 2);
	KUNIT_EXPECT_EQ(test, f->bm.stats.merges, 0);
	expect_sack(test, f, second, ARRAY_SIZE(second), 41);
	expect_verdict(test, f, 0, 20, EUN_BM_DUPLICATE, 0);
	expect_in_order_one_by_one(test, f, 6, 11);
	expect_verdict(test, f, 0, 11, EUN_BM_IN_ORDER, 2);
	expect_in_order_one_by_one(test, f, 13, 19);
	expect_verdict(test, f, 0, 19, EUN_BM_IN_ORDER, 3);
	expect_verdict(test, f, 0, 22, EUN_BM_IN_ORDER, 1);
	expect_verdict(test, f, 0, 23, EUN_BM_IN_ORDER, 1);
	expect_verdict(test, f, 0, 24, EUN_BM_IN_ORDER, 2);
	expect_in_order_one_by_one(test, f, 26, 45);
	expect_verdict(test, f, 0, 45, EUN_BM_IN_ORDER, 2);
	KUNIT_EXPECT_FALSE(test, fx_info(test, f, 0).active);
	KUNIT_EXPECT_EQ(test, fx_in_use(f), 0);
}

/*
 * Two holes, the second before the tail the first one froze: the paper's
 * linear blocks pile up behind it, an inserted block does not. 64-bit
 * blocks, a 128-PSN window as the sender's.
 */
static void eun_hd_insert_overlapping_holes(struct kunit *test)
{
	struct fx *lin = fx_new_blocks(test, EUN_BM_HD, EUN_BM_LAYOUT_COMPACT,
				       1024, 256, 64);
	struct fx *ins = fx_insert(test, 256, 64);
	struct fx *both[] = { lin, ins };
	u32 i, psn;

	for (i = 0; i < ARRAY_SIZE(both); i++) {
		for (psn = 1; psn < 128; psn++)
			if (psn != 50)
				expect_verdict(test, both[i], 0, psn, EUN_BM_OOO, 0);
		expect_verdict(test, both[i], 0, 0, EUN_BM_IN_ORDER, 50);
		for (psn = 128; psn < 50 + 128; psn++)
			expect_verdict(test, both[i], 0, psn, EUN_BM_OOO, 0);
	}
	KUNIT_EXPECT_EQ(test, fx_info(test, lin, 0).total_bits, 192);
	KUNIT_EXPECT_EQ(test, fx_info(test, ins, 0).total_bits, 128);
	KUNIT_EXPECT_LT(test, ins->mc.stats.peak, lin->mc.stats.peak);
	for (i = 0; i < ARRAY_SIZE(both); i++) {
		expect_verdict(test, both[i], 0, 50, EUN_BM_IN_ORDER, 128);
		KUNIT_EXPECT_EQ(test, fx_in_use(both[i]), 0);
	}
}

/* A grow cut short by a full memory keeps the blocks it inserted. */
static void eun_hd_insert_partial(struct kunit *test)
{
	static const u32 kept[] = { 10 };
	struct fx *f = fx_new_blocks(test, EUN_BM_HD, EUN_BM_LAYOUT_COMPACT,
				     11, 64, 16);
	struct eun_bm_info info;

	f->bm.p.grow = EUN_BM_GROW_INSERT;
	/* Six state words and a block: 7 of 11; three more blocks fit no run. */
	expect_verdict(test, f, 0, 10, EUN_BM_OOO, 0);
	expect_verdict(test, f, 0, 60, EUN_BM_NO_MEMORY, 0);
	info = fx_info(test, f, 0);
	KUNIT_EXPECT_GT(test, info.total_bits, 16);
	KUNIT_EXPECT_LT(test, info.total_bits, 64);
	KUNIT_EXPECT_EQ(test, fx_in_use(f),
			info.total_bits / 16 + info.meta_blocks);
	expect_sack(test, f, kept, ARRAY_SIZE(kept), 11);
	expect_verdict(test, f, 0, 20, EUN_BM_OOO, 0);
	eun_bm_close(&f->bm, 0);
	KUNIT_EXPECT_EQ(test, fx_in_use(f), 0);
}

struct bad_params {
	enum eun_bm_kind kind;
	enum eun_bm_grow grow;
	u32 block_bits;
	u32 cap_bits;
	u32 static_bits;
	const char *name;
};

static const struct bad_params bad_params_cases[] = {
	{ EUN_BM_HD, EUN_BM_GROW_LINEAR, 8, 64, 256, "block not a multiple of 16" },
	{ EUN_BM_HD, EUN_BM_GROW_LINEAR, 0, 64, 256, "no block" },
	{ EUN_BM_HD, EUN_BM_GROW_LINEAR, 32, 48, 256, "cap not a multiple of the block" },
	{ EUN_BM_HD, EUN_BM_GROW_LINEAR, 16, 8192, 256, "cap past 4096 bits" },
	{ EUN_BM_HD, EUN_BM_GROW_LINEAR, 16, 0, 256, "no cap" },
	{ EUN_BM_HD, EUN_BM_GROW_COUNT, 16, 256, 256, "unknown growth" },
	{ EUN_BM_STATIC, EUN_BM_GROW_LINEAR, 16, 256, 24, "static not a multiple of 16" },
	{ EUN_BM_STATIC, EUN_BM_GROW_LINEAR, 16, 256, 8192, "static past 4096 bits" },
	{ EUN_BM_KIND_COUNT, EUN_BM_GROW_LINEAR, 16, 256, 256, "unknown kind" },
};

static void bad_params_desc(const struct bad_params *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(bad_params, bad_params_cases, bad_params_desc);

static void eun_bm_refuses_bad_params(struct kunit *test)
{
	const struct bad_params *t = test->param_value;
	struct eun_memctl mc = { };
	struct eun_bm bm;
	struct eun_bm_params p;

	eun_bm_default_params(&p, EUN_BM_HD);
	p.kind = t->kind;
	p.grow = t->grow;
	p.block_bits = t->block_bits;
	p.cap_bits = t->cap_bits;
	p.static_bits = t->static_bits;
	KUNIT_EXPECT_EQ(test, eun_bm_init(&bm, &mc, &p), -EINVAL);
}

static void eun_static_lifecycle(struct kunit *test)
{
	struct fx *f = fx_new(test, EUN_BM_STATIC, EUN_BM_LAYOUT_COMPACT, 1024, 256);
	u32 psn;

	f->expected[0] = 0xfffff0;
	KUNIT_ASSERT_EQ(test, eun_bm_open(&f->bm, 0, 0xfffff0), 0);
	/* 256 bits = 16 blocks, plus 5 metadata blocks: 42 bytes, held. */
	KUNIT_EXPECT_EQ(test, f->mc.stats.in_use[EUN_MC_BITMAP], 16);
	KUNIT_EXPECT_EQ(test, f->mc.stats.in_use[EUN_MC_META], 5);
	expect_in_order_one_by_one(test, f, 0xfffff0, 0xfffff4);
	expect_verdict(test, f, 0, 0x000010, EUN_BM_OOO, 0);
	expect_verdict(test, f, 0, 0x000010, EUN_BM_DUPLICATE, 0);
	expect_verdict(test, f, 0, eun_psn_add(0xfffff4, 256), EUN_BM_BEYOND_CAP, 0);
	expect_verdict(test, f, 0, eun_psn_add(0xfffff4, 255), EUN_BM_OOO, 0);
	for (psn = 0xfffff4; psn != 0x000010; psn = eun_psn_add(psn, 1))
		expect_verdict(test, f, 0, psn, EUN_BM_IN_ORDER,
			       psn == 0x00000f ? 2 : 1);
	KUNIT_EXPECT_EQ(test, fx_info(test, f, 0).head, 0x000011);
	/* In order again, but a static bitmap keeps its memory. */
	KUNIT_EXPECT_EQ(test, fx_in_use(f), 21);
	eun_bm_close(&f->bm, 0);
	KUNIT_EXPECT_EQ(test, fx_in_use(f), 0);
}

struct psn_case {
	u32 a;
	u32 b;
	s32 diff;
};

static const struct psn_case psn_cases[] = {
	{ 0, 1, 1 },
	{ 1, 0, -1 },
	{ 0xffffff, 0, 1 },
	{ 0, 0xffffff, -1 },
	{ 0xfffff0, 0x10, 0x20 },
	{ 0, 0x7fffff, 0x7fffff },
	{ 0, 0x800000, -0x800000 },
	{ 5, 5, 0 },
};

static void psn_desc(const struct psn_case *t, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%#x to %#x", t->a, t->b);
}

KUNIT_ARRAY_PARAM(psn, psn_cases, psn_desc);

static void eun_psn_compare(struct kunit *test)
{
	const struct psn_case *t = test->param_value;

	KUNIT_EXPECT_EQ(test, eun_psn_diff(t->a, t->b), t->diff);
	KUNIT_EXPECT_EQ(test, eun_psn_after(t->b, t->a), t->diff > 0);
	KUNIT_EXPECT_EQ(test, eun_psn_before(t->b, t->a), t->diff < 0);
	KUNIT_EXPECT_EQ(test, eun_psn_add(t->a, (u32)t->diff), t->b);
}

/*
 * Word-wide flush: a run of received PSNs is consumed a 16-bit block at a
 * time, so every place where the mapping of distances to bits breaks must
 * be crossed correctly: the end of a 16-bit block inside a wider bitmap
 * block, the end of the circular portion and the start of the linear one
 * (in the middle of a 16-bit block once head has moved), and the 2^24 wrap
 * of the PSNs themselves.
 */
struct run_case {
	u32 block_bits;
	u32 cap;
	u32 head;
	u32 pre;	/* PSNs delivered in order first, to move head */
	u32 from, to;	/* then PSNs head + from .. head + to are received */
	u32 extra;	/* and head + extra, when not 0 */
	u32 advance;	/* head + 0 arrives: how far head moves */
	u32 circ_bits;	/* circular bits after that, 0 when freed */
	const char *name;
};

static const struct run_case run_cases[] = {
	{ 32, 128, 0x000100, 0, 1, 31, 0, 32, 0,
	  "whole 32-bit block, two 16-bit words" },
	{ 48, 96, 0x7ffff0, 0, 1, 47, 49, 48, 96,
	  "48-bit block, then merge with the linear one" },
	{ 16, 64, 0xfffff0, 0, 1, 20, 22, 21, 32,
	  "into the linear block across the PSN wrap" },
	{ 16, 64, 0xfffffa, 0, 1, 40, 0, 41, 0,
	  "three blocks, PSN wrap, then freed" },
	{ 16, 64, 0xfffff8, 10, 1, 12, 14, 13, 16,
	  "around the circular wrap" },
	{ 16, 64, 0x000000, 5, 1, 30, 40, 31, 48,
	  "linear start inside a 16-bit block" },
};

static void run_desc(const struct run_case *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(run, run_cases, run_desc);

static void eun_hd_flush_runs(struct kunit *test)
{
	const struct run_case *t = test->param_value;
	struct fx *f = fx_new_blocks(test, EUN_BM_HD, EUN_BM_LAYOUT_COMPACT, 1024,
				     t->cap, t->block_bits);
	struct eun_bm_info info;
	u32 head, i;

	f->expected[0] = t->head;
	if (t->pre) {
		/* Keep a bitmap alive while head walks into its circle. */
		expect_verdict(test, f, 0, eun_psn_add(t->head, t->pre + 1),
			       EUN_BM_OOO, 0);
		for (i = 0; i < t->pre; i++)
			expect_verdict(test, f, 0, eun_psn_add(t->head, i),
				       EUN_BM_IN_ORDER, 1);
	}
	head = f->expected[0];
	for (i = t->from; i <= t->to; i++)
		if (!(t->pre && i == 1))
			expect_verdict(test, f, 0, eun_psn_add(head, i), EUN_BM_OOO, 0);
	if (t->extra)
		expect_verdict(test, f, 0, eun_psn_add(head, t->extra), EUN_BM_OOO, 0);
	expect_verdict(test, f, 0, head, EUN_BM_IN_ORDER, t->advance);
	KUNIT_EXPECT_EQ(test, f->expected[0], eun_psn_add(head, t->advance));
	info = fx_info(test, f, 0);
	KUNIT_EXPECT_EQ(test, info.active, t->circ_bits != 0);
	if (!info.active) {
		KUNIT_EXPECT_EQ(test, fx_in_use(f), 0);
		return;
	}
	KUNIT_EXPECT_EQ(test, info.circ_bits, t->circ_bits);
	KUNIT_EXPECT_EQ(test, info.span, t->extra + 1 - t->advance);
	/* Every consumed bit reads clear: the next run stops at the gap. */
	for (i = t->advance; i < t->extra; i++)
		expect_verdict(test, f, 0, eun_psn_add(head, i), EUN_BM_IN_ORDER,
			       i + 1 == t->extra ? 2 : 1);
	KUNIT_EXPECT_FALSE(test, fx_info(test, f, 0).active);
	KUNIT_EXPECT_EQ(test, fx_in_use(f), 0);
}

static struct kunit_case eun_bitmap_cases[] = {
	KUNIT_CASE_PARAM(eun_hd_flush_runs, run_gen_params),
	KUNIT_CASE(eun_hd_in_order_costs_nothing),
	KUNIT_CASE(eun_hd_first_ooo_creates),
	KUNIT_CASE(eun_hd_grow_linear),
	KUNIT_CASE(eun_hd_grow_moves_meta),
	KUNIT_CASE(eun_hd_flush_and_gc),
	KUNIT_CASE(eun_hd_merge),
	KUNIT_CASE(eun_hd_cap),
	KUNIT_CASE(eun_hd_duplicates),
	KUNIT_CASE_PARAM(eun_hd_psn_wrap, wrap_gen_params),
	KUNIT_CASE(eun_hd_head_from_first_packet),
	KUNIT_CASE(eun_hd_no_memory),
	KUNIT_CASE(eun_hd_paper_layout),
	KUNIT_CASE(eun_hd_close_and_reset),
	KUNIT_CASE(eun_hd_bad_input),
	KUNIT_CASE(eun_bm_sack_bits),
	KUNIT_CASE(eun_hd_insert_keeps_wrapped_bits),
	KUNIT_CASE(eun_hd_insert_overlapping_holes),
	KUNIT_CASE(eun_hd_insert_partial),
	KUNIT_CASE_PARAM(eun_bm_refuses_bad_params, bad_params_gen_params),
	KUNIT_CASE(eun_static_lifecycle),
	KUNIT_CASE_PARAM(eun_psn_compare, psn_gen_params),
	{}
};

static struct kunit_suite eun_bitmap_suite = {
	.name = "eun_bitmap",
	.test_cases = eun_bitmap_cases,
};

kunit_test_suite(eun_bitmap_suite);

MODULE_DESCRIPTION("KUnit tests for the rxe_eun reorder bitmaps and memory controller");
MODULE_LICENSE("GPL");
