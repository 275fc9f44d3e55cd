// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the SACK of an EUN_ACK read from the reorder bitmap
 * (core/eun_sack.c, the function rx/eun_rx_ack.c calls): marks as far as
 * the largest bitmap tracks are reported, in both designs; a path MTU too
 * small for the whole SACK cuts it at its far end and says so; the packet
 * fits the MTU, parses back and the sender's scoreboard takes every PSN it
 * names; a PSN beyond the cap is refused by a NACK that still carries the
 * SACK.
 */
#include <kunit/test.h>
#include <linux/bitops.h>
#include <linux/string.h>

#include "eun/eun_bitmap.h"
#include "eun/eun_sack.h"
#include "eun/eun_scoreboard.h"
#include "eun/eun_wire.h"

/* A head just below the 2^24 wrap, so that far PSNs wrap round to 0. */
#define SK_HEAD		0xffff80u

struct sk {
	struct eun_memctl mc;
	struct eun_bm bm;
	u32 head;
	struct eun_ack_info *a;
	struct eun_ack_info *back;
	u8 *buf;
};

static void sk_destroy(void *p)
{
	struct sk *f = p;

	eun_mc_destroy(&f->mc);
}

/* One connection of a bitmap of @kind that tracks @bits PSNs past head. */
static struct sk *sk_new(struct kunit *test, enum eun_bm_kind kind, u32 bits)
{
	struct sk *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	struct eun_bm_params p;

	KUNIT_ASSERT_NOT_NULL(test, f);
	f->a = kunit_kzalloc(test, sizeof(*f->a), GFP_KERNEL);
	f->back = kunit_kzalloc(test, sizeof(*f->back), GFP_KERNEL);
	f->buf = kunit_kzalloc(test, EUN_ACK_MAX_LEN, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->a);
	KUNIT_ASSERT_NOT_NULL(test, f->back);
	KUNIT_ASSERT_NOT_NULL(test, f->buf);
	KUNIT_ASSERT_EQ(test, eun_mc_init(&f->mc, 2048, 1), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sk_destroy, f), 0);
	eun_bm_default_params(&p, kind);
	p.block_bits = 64;
	p.cap_bits = bits;
	p.static_bits = bits;
	KUNIT_ASSERT_EQ(test, eun_bm_init(&f->bm, &f->mc, &p), 0);
	KUNIT_ASSERT_EQ(test, eun_bm_open(&f->bm, 0, SK_HEAD), 0);
	f->head = SK_HEAD;
	return f;
}

static void sk_mark(struct kunit *test, struct sk *f, u32 d,
		    enum eun_bm_verdict want)
{
	struct eun_bm_result r;

	KUNIT_ASSERT_EQ(test, eun_bm_rx(&f->bm, 0, f->head,
					eun_psn_add(f->head, d), &r), 0);
	KUNIT_EXPECT_EQ_MSG(test, r.verdict, want, "distance %u", d);
	KUNIT_ASSERT_EQ(test, r.head, f->head);
}

/* A SACK for the connection, as the receiver builds it. */
static u32 sk_fill(struct sk *f, unsigned int max_words)
{
	memset(f->a, 0, sizeof(*f->a));
	f->a->kind = EUN_ACK_KIND_SACK;
	f->a->epsn = f->head;
	return eun_sack_fill(&f->bm, 0, f->a, max_words);
}

static bool sk_sacked(struct sk *f, u32 d)
{
	return eun_sack_test(f->a, eun_psn_add(f->head, d));
}

/* Pack into @room bytes, parse back: the same acknowledgment. */
static void sk_round_trip(struct kunit *test, struct sk *f, u32 room)
{
	int n = eun_ack_pack(f->a, f->buf, EUN_ACK_MAX_LEN);

	KUNIT_ASSERT_EQ(test, n, (int)eun_ack_len(f->a));
	KUNIT_EXPECT_LE(test, n, (int)room);
	KUNIT_ASSERT_EQ(test, eun_ack_parse(f->buf, n, f->back), n);
	KUNIT_EXPECT_EQ(test, f->back->sack_words, f->a->sack_words);
	KUNIT_EXPECT_MEMEQ(test, f->back->sack, f->a->sack,
			   sizeof(f->a->sack));
}

/* Distances past the head marked in both tests below; 4095 is the last. */
static const u32 sk_far[] = { 1, 2, 255, 256, 257, 1000, 1920, 1921, 4095 };

static void sk_mark_far(struct kunit *test, struct sk *f)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sk_far); i++)
		sk_mark(test, f, sk_far[i], EUN_BM_OOO);
}

/*
 * With the largest bitmap, every mark the receiver holds is in the SACK,
 * the 256th PSN past epsn and beyond included, and nothing else is.
 */
static void sk_expect_all(struct kunit *test, struct sk *f)
{
	unsigned int i, marked = 0;

	KUNIT_EXPECT_EQ(test, sk_fill(f, EUN_SACK_MAX_WORDS), 0);
	KUNIT_EXPECT_EQ(test, f->a->sack_words, EUN_SACK_MAX_WORDS);
	for (i = 0; i < ARRAY_SIZE(sk_far); i++)
		KUNIT_EXPECT_TRUE_MSG(test, sk_sacked(f, sk_far[i]),
				      "distance %u", sk_far[i]);
	for (i = 0; i < EUN_SACK_MAX_WORDS; i++)
		marked += hweight64(f->a->sack[i]);
	KUNIT_EXPECT_EQ(test, marked, ARRAY_SIZE(sk_far));
	sk_round_trip(test, f, 1024);
}

static void eun_sack_hd_reports_far_marks(struct kunit *test)
{
	struct sk *f = sk_new(test, EUN_BM_HD, EUN_BM_MAX_BITS);

	sk_mark_far(test, f);
	sk_expect_all(test, f);
}

static void eun_sack_static_reports_far_marks(struct kunit *test)
{
	struct sk *f = sk_new(test, EUN_BM_STATIC, EUN_BM_MAX_BITS);

	sk_mark_far(test, f);
	sk_expect_all(test, f);
}

/*
 * At the smallest IB MTU an EUN_ACK carries 30 words: the SACK keeps the
 * 1920 PSNs after epsn, leaves out the rest, and says how far they reach.
 */
static void eun_sack_cut_to_mtu(struct kunit *test)
{
	struct sk *f = sk_new(test, EUN_BM_HD, EUN_BM_MAX_BITS);
	unsigned int words = eun_sack_words_fit(256), i;

	KUNIT_ASSERT_EQ(test, words, 30);
	sk_mark_far(test, f);
	KUNIT_EXPECT_EQ(test, sk_fill(f, words), 4095 - 30 * 64);
	KUNIT_EXPECT_EQ(test, f->a->sack_words, 30);
	for (i = 0; i < ARRAY_SIZE(sk_far); i++)
		KUNIT_EXPECT_EQ_MSG(test, sk_sacked(f, sk_far[i]),
				    sk_far[i] <= 1920, "distance %u", sk_far[i]);
	for (i = words; i < EUN_SACK_MAX_WORDS; i++)
		KUNIT_EXPECT_EQ(test, f->a->sack[i], 0);
	sk_round_trip(test, f, 256);

	/* Nothing past the reach: nothing cut, trailing words trimmed. */
	f = sk_new(test, EUN_BM_HD, EUN_BM_MAX_BITS);
	sk_mark(test, f, 3, EUN_BM_OOO);
	KUNIT_EXPECT_EQ(test, sk_fill(f, words), 0);
	KUNIT_EXPECT_EQ(test, f->a->sack_words, 1);
	KUNIT_EXPECT_EQ(test, f->a->sack[0], 1ULL << 2);
	/* More words than the format has count as the format's. */
	KUNIT_EXPECT_EQ(test, sk_fill(f, 1000), 0);
	KUNIT_EXPECT_EQ(test, f->a->sack_words, 1);
}

/* Nothing to report: no mark, no connection, or a head not at epsn. */
static void eun_sack_empty(struct kunit *test)
{
	struct sk *f = sk_new(test, EUN_BM_HD, 256);

	KUNIT_EXPECT_EQ(test, sk_fill(f, EUN_SACK_MAX_WORDS), 0);
	KUNIT_EXPECT_EQ(test, f->a->sack_words, 0);
	sk_mark(test, f, 5, EUN_BM_OOO);
	f->head = eun_psn_add(SK_HEAD, 1);	/* as if epsn had moved on */
	memset(f->a, 0xa5, sizeof(*f->a));
	f->a->epsn = f->head;
	KUNIT_EXPECT_EQ(test, eun_sack_fill(&f->bm, 0, f->a, 64), 0);
	KUNIT_EXPECT_EQ(test, f->a->sack_words, 0);
	KUNIT_EXPECT_EQ(test, f->a->sack[0], 0);
	KUNIT_EXPECT_EQ(test, f->a->sack[EUN_SACK_MAX_WORDS - 1], 0);
	/* A connection out of range reports nothing either. */
	KUNIT_EXPECT_EQ(test, eun_sack_fill(&f->bm, 1, f->a, 64), 0);
	KUNIT_EXPECT_EQ(test, f->a->sack_words, 0);
}

static void eun_sack_words_for_mtu(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, eun_sack_words_fit(0), 0);
	KUNIT_EXPECT_EQ(test, eun_sack_words_fit(EUN_ACK_FIXED_LEN + 7), 0);
	KUNIT_EXPECT_EQ(test, eun_sack_words_fit(EUN_ACK_FIXED_LEN + 8), 1);
	KUNIT_EXPECT_EQ(test, eun_sack_words_fit(EUN_MIN_MTU), 30);
	KUNIT_EXPECT_EQ(test, eun_sack_words_fit(512), 62);
	KUNIT_EXPECT_EQ(test, eun_sack_words_fit(1024), 64);
	KUNIT_EXPECT_EQ(test, eun_sack_words_fit(4096), 64);
	KUNIT_EXPECT_EQ(test, eun_sack_words_fit(U32_MAX), 64);
	/* The whole SACK fits one packet from MTU 1024 on. */
	KUNIT_EXPECT_LE(test, EUN_ACK_MAX_LEN, 1024);
}

/*
 * max_inflight above the cap: a PSN past what the bitmap can track is
 * refused, and the NACK that names it still carries the SACK of what was
 * tracked. The sender's scoreboard takes that acknowledgment: the SACKed
 * PSNs (the far ones too) are not resent, the refused one is.
 */
static void eun_sack_nack_cap_beyond(struct kunit *test)
{
	struct sk *f = sk_new(test, EUN_BM_HD, 2048);
	struct eun_sb *sb = kunit_kzalloc(test, sizeof(*sb), GFP_KERNEL);
	const struct eun_sb_entry *e;
	struct eun_sb_ack_result res;
	u32 nack = eun_psn_add(SK_HEAD, 3000), psn, d;

	KUNIT_ASSERT_NOT_NULL(test, sb);
	sk_mark(test, f, 1, EUN_BM_OOO);
	sk_mark(test, f, 2047, EUN_BM_OOO);
	sk_mark(test, f, 3000, EUN_BM_BEYOND_CAP);

	KUNIT_EXPECT_EQ(test, sk_fill(f, EUN_SACK_MAX_WORDS), 0);
	f->a->kind = EUN_ACK_KIND_NACK;
	f->a->reason = EUN_NACK_CAP;
	f->a->nack_psn = nack;
	KUNIT_EXPECT_FALSE(test, eun_sack_test(f->a, nack));
	sk_round_trip(test, f, 1024);
	KUNIT_EXPECT_EQ(test, f->back->nack_psn, nack);

	/* 4096 PSNs in flight (max_inflight 4096, twice the cap). */
	KUNIT_ASSERT_EQ(test, eun_sb_init(sb, 4096, SK_HEAD), 0);
	for (d = 0; d < 4096; d++)
		KUNIT_ASSERT_EQ(test, eun_sb_sent(sb, eun_psn_add(SK_HEAD, d), 10), 0);
	KUNIT_ASSERT_EQ(test, eun_sb_ack(sb, f->back->epsn, f->back->sack,
					 f->back->sack_words * EUN_SACK_WORD_BITS,
					 20, &res), 0);
	KUNIT_EXPECT_EQ(test, res.sacked, 2);
	e = eun_sb_lookup(sb, eun_psn_add(SK_HEAD, 2047));
	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_EXPECT_EQ(test, e->state, EUN_SB_SACKED);
	KUNIT_ASSERT_EQ(test, eun_sb_mark_lost(sb, nack, EUN_SB_CAUSE_NACK), 1);
	KUNIT_ASSERT_TRUE(test, eun_sb_next_lost(sb, &psn));
	KUNIT_EXPECT_EQ(test, psn, nack);
	eun_sb_destroy(sb);
}

static struct kunit_case eun_sack_cases[] = {
	KUNIT_CASE(eun_sack_hd_reports_far_marks),
	KUNIT_CASE(eun_sack_static_reports_far_marks),
	KUNIT_CASE(eun_sack_cut_to_mtu),
	KUNIT_CASE(eun_sack_empty),
	KUNIT_CASE(eun_sack_words_for_mtu),
	KUNIT_CASE(eun_sack_nack_cap_beyond),
	{}
};

static struct kunit_suite eun_sack_suite = {
	.name = "eun_sack",
	.test_cases = eun_sack_cases,
};

kunit_test_suite(eun_sack_suite);
