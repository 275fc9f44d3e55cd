// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the requester's READ response tracker (core/eun_read.c,
 * the functions comp/eun_comp_read.c calls): a READ's last PSN from its
 * length and MTU, across the 2^24 wrap, and the READs it refuses; READs
 * out back to back, in a ring of EUN_RD_MAX_OUT, retired oldest first;
 * which PSNs they own and which READ each belongs to; which opcode and
 * length each response packet may carry; the highest PSN that arrived,
 * placed or not; the time after which the missing packets count as lost:
 * one window after the first packet beyond a hole below the highest,
 * longer (or twice the longest pause) for the tail alone or with nothing
 * new since the request or a re-request, doubled per unanswered
 * re-request and none after EUN_RD_MAX_BLIND; the responses a
 * re-request's answer follows, which are no news of its loss; a spurious
 * re-request making the window twice the one it went by, up to its cap,
 * each re-request awaiting its own proof, even when it comes after later
 * re-requests or after the READ, and a run of re-requests halving it;
 * the range a re-request asks for and its split into one range per READ;
 * atomics among READs, one ATOMIC_ACKNOWLEDGE each; the window kept
 * across READs; and the response packets awaited, which bound the READs
 * out (read_inflight) but not past a hole.
 */
#include <kunit/test.h>
#include <linux/string.h>

#include "eun/eun_bm_types.h"
#include "eun/eun_psn.h"
#include "eun/eun_read.h"

#define MS		(1000 * 1000ULL)
/* The reorder window the trackers of these tests start with. */
#define RT_WND		(4 * MS)
/* A first PSN just below the wrap: PSN 0 is its third packet. */
#define RT_WRAP		0xfffffeu
/* PSN @o after one that wraps four PSNs later */
#define RT_AT(o)	((0xfffffcu + (o)) & EUN_PSN_MASK)
#define RT_WORDS	4
/* No opcode of a READ response. */
#define RT_NO_KIND	((enum eun_rd_kind)99)
/*
 * The wait for a missing tail, or with nothing new, after @k unanswered
 * re-requests, for window @w (pauses seen shorter than half of it).
 */
#define RT_BLIND(w, k)	\
	(max((w) << EUN_RD_BLIND_SHIFT, EUN_RD_BLIND_MIN_NS) << (k))

/* Start a READ of @len bytes at @first; its va and rkey from them. */
static int rt_start(struct eun_rd *rd, u32 first, u32 len, u32 mtu, u64 now)
{
	struct eun_rd_req r = {
		.first_psn = first, .len = len,
		.va = 0x10000ULL * first + len, .rkey = first ^ 0x5a5a,
		.last_psn = 0xdeadbeef,	/* worked out by the tracker */
	};

	return eun_rd_start(rd, &r, mtu, now);
}

/* Start an atomic at @first: one response PSN whatever @len says. */
static int rt_atomic(struct eun_rd *rd, u32 first, u32 len, u32 mtu)
{
	struct eun_rd_req r = {
		.first_psn = first, .len = len, .atomic = true,
	};

	return eun_rd_start(rd, &r, mtu, 0);
}

static struct eun_rd *rt_alloc(struct kunit *test)
{
	struct eun_rd *rd = kunit_kzalloc(test, sizeof(*rd), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, rd);
	eun_rd_init(rd, RT_WND, RT_WND);
	return rd;
}

static struct eun_rd *rt_new(struct kunit *test, u32 first, u32 len, u32 mtu)
{
	struct eun_rd *rd = rt_alloc(test);

	KUNIT_ASSERT_EQ(test, rt_start(rd, first, len, mtu, 0), 0);
	return rd;
}

/* Four packets from RT_WRAP (0xfffffe, 0xffffff, 0, 1); the last has 100 B. */
static struct eun_rd *rt_four(struct kunit *test)
{
	struct eun_rd *rd = rt_new(test, RT_WRAP, 3 * 1024 + 100, 1024);

	KUNIT_ASSERT_EQ(test, rd->last_psn, 1);
	return rd;
}

/*
 * Three READs back to back across the wrap: A 0xfffffd..0xfffffe (1124
 * bytes), B 0xffffff..0x000001 (3072), C 0x000002 (none).
 */
static struct eun_rd *rt_abc(struct kunit *test)
{
	struct eun_rd *rd = rt_new(test, 0xfffffd, 1024 + 100, 1024);

	KUNIT_ASSERT_EQ(test, rt_start(rd, 0xffffff, 3 * 1024, 1024, 0), 0);
	KUNIT_ASSERT_EQ(test, rt_start(rd, 0x000002, 0, 1024, 0), 0);
	KUNIT_ASSERT_EQ(test, rd->count, 3);
	return rd;
}

/* 32 packets, 0xfffff0 .. 0x00000f, across the wrap. */
#define RT32_FIRST	0xfffff0u
#define RT32_LAST	0xfu

static struct eun_rd *rt_32(struct kunit *test)
{
	struct eun_rd *rd = rt_new(test, RT32_FIRST, 32 * 256, 256);

	KUNIT_ASSERT_EQ(test, rd->last_psn, RT32_LAST);
	return rd;
}

/* Mark @psn in @w as placed after @head: bit i is @head + 1 + i. */
static void rt_set(u64 *w, u32 head, u32 psn)
{
	u32 i = eun_psn_dist(head, psn) - 1;

	w[i / 64] |= 1ULL << (i % 64);
}

static void eun_rd_init_tracks_nothing(struct kunit *test)
{
	struct eun_rd *rd = kunit_kzalloc(test, sizeof(*rd), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, rd);
	memset(rd, 0xa5, sizeof(*rd));
	eun_rd_init(rd, RT_WND, RT_WND);
	KUNIT_EXPECT_EQ(test, rd->count, 0);
	KUNIT_EXPECT_FALSE(test, rd->seen);
	KUNIT_EXPECT_FALSE(test, rd->armed);
	KUNIT_EXPECT_EQ(test, rd->unanswered, 0);
	KUNIT_EXPECT_EQ(test, rd->pause_ns, 0);
	KUNIT_EXPECT_FALSE(test, rd->rereq_out);
	KUNIT_EXPECT_FALSE(test, rd->asked);
	KUNIT_EXPECT_EQ(test, rd->reo_min_ns, RT_WND);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, RT_WND);
	KUNIT_EXPECT_FALSE(test, eun_rd_owns(rd, 0));
	KUNIT_EXPECT_EQ(test, eun_rd_find(rd, 0), -ERANGE);
	KUNIT_EXPECT_NULL(test, eun_rd_at(rd, 0));
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0), 0);
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, 0, U64_MAX));
	KUNIT_EXPECT_FALSE(test, eun_rd_duplicate(rd, 0));
	KUNIT_EXPECT_FALSE(test, eun_rd_oldest_done(rd, 5));
}

struct rt_start {
	u32 first, len, mtu, last;
};

static const struct rt_start rt_starts[] = {
	{ 100, 0, 1024, 100 },			/* zero length: one packet */
	{ 100, 1, 1024, 100 },
	{ 100, 1024, 1024, 100 },		/* exactly one MTU */
	{ 100, 1025, 1024, 101 },
	{ 100, 4096, 1024, 103 },		/* exact multiple */
	{ 100, 4097, 1024, 104 },		/* remainder */
	{ 0xffffff, 1, 256, 0xffffff },
	{ 0xffffff, 257, 256, 0 },		/* wraps to PSN 0 */
	{ RT_WRAP, 3 * 256, 256, 0 },
	{ RT_WRAP, 2 * 4096 + 1, 4096, 0 },
	{ 0xfffff0, 100 * 512, 512, 0x53 },
	{ 0, U32_MAX, 4096, 0xfffff },		/* 2^20 packets */
};

static void eun_rd_start_last_psn(struct kunit *test)
{
	const struct eun_rd_req *r;
	const struct rt_start *s;
	struct eun_rd *rd;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rt_starts); i++) {
		s = &rt_starts[i];
		rd = rt_new(test, s->first, s->len, s->mtu);
		KUNIT_EXPECT_EQ_MSG(test, rd->count, 1, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, rd->first_psn, s->first, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, rd->last_psn, s->last, "case %u", i);
		KUNIT_EXPECT_FALSE_MSG(test, rd->seen, "case %u", i);
		r = eun_rd_at(rd, 0);
		KUNIT_ASSERT_NOT_NULL(test, r);
		KUNIT_EXPECT_EQ_MSG(test, r->first_psn, s->first, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, r->last_psn, s->last, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, r->len, s->len, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, r->va, 0x10000ULL * s->first + s->len,
				    "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, r->rkey, s->first ^ 0x5a5a, "case %u", i);
		KUNIT_EXPECT_NULL(test, eun_rd_at(rd, 1));
	}
}

static void eun_rd_start_refused(struct kunit *test)
{
	struct eun_rd *rd = rt_alloc(test);

	KUNIT_EXPECT_EQ(test, rt_start(rd, 5, 4096, 0, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, rt_start(rd, 5, 0, 0, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, rt_start(rd, 0x1000000, 4096, 1024, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, rt_start(rd, U32_MAX, 4096, 1024, 0), -EINVAL);
	/* 2^23 packets, half the PSN space: refused; one fewer is not. */
	KUNIT_EXPECT_EQ(test, rt_start(rd, 5, EUN_PSN_HALF, 1, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, rt_start(rd, 5, U32_MAX, 512, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, rt_start(rd, 5, U32_MAX, 256, 0), -EINVAL);
	/* 2^32 - 512 is 2^23 - 1 packets of 512 B; one byte more is 2^23. */
	KUNIT_EXPECT_EQ(test, rt_start(rd, 5, U32_MAX - 510, 512, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, rd->count, 0);
	KUNIT_EXPECT_FALSE(test, eun_rd_owns(rd, 5));

	KUNIT_EXPECT_EQ(test, rt_start(rd, 5, U32_MAX - 511, 512, 0), 0);
	KUNIT_EXPECT_EQ(test, rd->last_psn, 0x800003);
	eun_rd_stop(rd);
	KUNIT_EXPECT_EQ(test, rt_start(rd, 0x900000, EUN_PSN_HALF - 1, 1, 0), 0);
	KUNIT_EXPECT_EQ(test, rd->last_psn, 0x0ffffe);
}

/*
 * A WRITE or SEND sent between two READs leaves a gap in their PSNs:
 * the later READ is taken, and the gap's PSNs belong to neither.
 */
static void eun_rd_start_after_gap(struct kunit *test)
{
	static const struct { u32 psn; int index; } want[] = {
		{ 0xfffffe, 0 }, { 0xffffff, 0 }, { 0, -ERANGE }, { 2, -ERANGE },
		{ 3, 1 }, { 4, 1 }, { 5, -ERANGE },
	};
	struct eun_rd *rd = rt_new(test, 0xfffffe, 2 * 1024, 1024);
	unsigned int i;

	KUNIT_EXPECT_EQ(test, rt_start(rd, 0xffffff, 1024, 1024, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, rt_start(rd, 3, 1024 + 1, 1024, 0), 0);
	KUNIT_EXPECT_EQ(test, rd->count, 2);
	KUNIT_EXPECT_EQ(test, rd->first_psn, 0xfffffe);
	KUNIT_EXPECT_EQ(test, rd->last_psn, 4);
	for (i = 0; i < ARRAY_SIZE(want); i++)
		KUNIT_EXPECT_EQ_MSG(test, eun_rd_find(rd, want[i].psn),
				    want[i].index, "PSN %#x", want[i].psn);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 1, EUN_RD_MIDDLE, 1024, 1024),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 3, EUN_RD_FIRST, 1024, 1024), 0);
	/* The oldest done, the next is the one past the gap. */
	eun_rd_retire(rd);
	KUNIT_EXPECT_EQ(test, rd->first_psn, 3);
	KUNIT_EXPECT_EQ(test, eun_rd_find(rd, 0xffffff), -ERANGE);
}

/* A READ may only start after the newest out, up to EUN_RD_MAX_OUT of them. */
static void eun_rd_start_back_to_back(struct kunit *test)
{
	struct eun_rd *rd = rt_new(test, RT_WRAP, 3 * 1024, 1024);
	const struct eun_rd_req *r;
	u32 i, psn;

	KUNIT_ASSERT_EQ(test, rd->last_psn, 0);
	KUNIT_EXPECT_EQ(test, rt_start(rd, 0, 1024, 1024, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, rt_start(rd, RT_WRAP, 1024, 1024, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, rt_start(rd, 1, 1024, 0, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, rd->count, 1);
	KUNIT_EXPECT_EQ(test, rd->last_psn, 0);

	KUNIT_EXPECT_EQ(test, rt_start(rd, 1, 2 * 1024 + 1, 1024, 0), 0);
	KUNIT_EXPECT_EQ(test, rd->count, 2);
	KUNIT_EXPECT_EQ(test, rd->first_psn, RT_WRAP);
	KUNIT_EXPECT_EQ(test, rd->last_psn, 3);
	r = eun_rd_at(rd, 1);
	KUNIT_ASSERT_NOT_NULL(test, r);
	KUNIT_EXPECT_EQ(test, r->first_psn, 1);
	KUNIT_EXPECT_EQ(test, r->last_psn, 3);
	KUNIT_EXPECT_EQ(test, r->len, 2 * 1024 + 1);
	KUNIT_EXPECT_EQ(test, eun_rd_at(rd, 0)->last_psn, 0);

	/* Up to EUN_RD_MAX_OUT, one packet each, then no room. */
	for (i = 2, psn = 4; i < EUN_RD_MAX_OUT; i++, psn++)
		KUNIT_ASSERT_EQ_MSG(test, rt_start(rd, psn, 10, 1024, 0), 0,
				    "READ %u", i);
	KUNIT_EXPECT_EQ(test, rd->count, EUN_RD_MAX_OUT);
	KUNIT_EXPECT_EQ(test, rt_start(rd, psn, 10, 1024, 0), -ENOSPC);
	KUNIT_EXPECT_EQ(test, rd->count, EUN_RD_MAX_OUT);
	KUNIT_EXPECT_EQ(test, rd->last_psn, psn - 1);
}

/* READs out together may not span half the PSN space either. */
static void eun_rd_start_span(struct kunit *test)
{
	struct eun_rd *rd = rt_new(test, 0xfffff0, EUN_PSN_HALF - 2, 1);
	u32 next = eun_psn_add(0xfffff0, EUN_PSN_HALF - 2);

	KUNIT_ASSERT_EQ(test, rd->last_psn, eun_psn_add(0xfffff0, EUN_PSN_HALF - 3));
	KUNIT_EXPECT_EQ(test, rt_start(rd, next, 1, 1, 0), 0);
	KUNIT_EXPECT_EQ(test, eun_psn_dist(rd->first_psn, rd->last_psn),
			EUN_PSN_HALF - 2);
	KUNIT_EXPECT_EQ(test, rt_start(rd, eun_psn_add(next, 1), 0, 1, 0), 0);
	KUNIT_EXPECT_EQ(test, rt_start(rd, eun_psn_add(next, 2), 1, 1, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, rd->count, 3);
	KUNIT_EXPECT_EQ(test, eun_psn_dist(rd->first_psn, rd->last_psn),
			EUN_PSN_HALF - 1);
}

static void eun_rd_owns_and_find(struct kunit *test)
{
	static const struct { u32 psn; int index; } want[] = {
		{ 0xfffffc, -ERANGE }, { 0xfffffd, 0 }, { 0xfffffe, 0 },
		{ 0xffffff, 1 }, { 0, 1 }, { 1, 1 }, { 2, 2 }, { 3, -ERANGE },
		{ 0x7ffffd, -ERANGE }, { 0x800000, -ERANGE },
	};
	struct eun_rd *rd = rt_abc(test);
	unsigned int i;

	KUNIT_EXPECT_EQ(test, rd->first_psn, 0xfffffd);
	KUNIT_EXPECT_EQ(test, rd->last_psn, 2);
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		KUNIT_EXPECT_EQ_MSG(test, eun_rd_find(rd, want[i].psn),
				    want[i].index, "PSN %#x", want[i].psn);
		KUNIT_EXPECT_EQ_MSG(test, eun_rd_owns(rd, want[i].psn),
				    want[i].index >= 0, "PSN %#x", want[i].psn);
	}
	KUNIT_EXPECT_EQ(test, eun_rd_at(rd, 2)->first_psn, 2);
	KUNIT_EXPECT_NULL(test, eun_rd_at(rd, 3));

	/* One packet: that PSN alone. */
	rd = rt_new(test, 0, 0, 256);
	KUNIT_EXPECT_TRUE(test, eun_rd_owns(rd, 0));
	KUNIT_EXPECT_FALSE(test, eun_rd_owns(rd, 1));
	KUNIT_EXPECT_FALSE(test, eun_rd_owns(rd, 0xffffff));

	/* Stopped: nothing. */
	eun_rd_stop(rd);
	KUNIT_EXPECT_EQ(test, rd->count, 0);
	KUNIT_EXPECT_FALSE(test, eun_rd_owns(rd, 0));
	KUNIT_EXPECT_EQ(test, eun_rd_find(rd, 0), -ERANGE);
	KUNIT_EXPECT_NULL(test, eun_rd_at(rd, 0));
}

static void eun_rd_check_opcodes(struct kunit *test)
{
	struct eun_rd *rd = rt_four(test);

	/* FIRST and ONLY at the first PSN only. */
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, RT_WRAP, EUN_RD_FIRST, 1024, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, RT_WRAP, EUN_RD_ONLY, 1024, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xffffff, EUN_RD_FIRST, 1024, 1024),
			-EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0, EUN_RD_ONLY, 1024, 1024), -EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 1, EUN_RD_FIRST, 100, 1024), -EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 1, EUN_RD_ONLY, 100, 1024), -EPROTO);

	/* MIDDLE anywhere but at the last, the first included. */
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, RT_WRAP, EUN_RD_MIDDLE, 1024, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xffffff, EUN_RD_MIDDLE, 1024, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0, EUN_RD_MIDDLE, 1024, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 1, EUN_RD_MIDDLE, 100, 1024), -EPROTO);

	/* LAST anywhere: a re-requested range ends with one. */
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, RT_WRAP, EUN_RD_LAST, 1024, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xffffff, EUN_RD_LAST, 1024, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0, EUN_RD_LAST, 1024, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 1, EUN_RD_LAST, 100, 1024), 0);

	/* No such opcode. */
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0, RT_NO_KIND, 1024, 1024),
			-EPROTO);
}

static void eun_rd_check_lengths(struct kunit *test)
{
	struct eun_rd *rd = rt_four(test);

	/* Every packet but the last: exactly one MTU. */
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, RT_WRAP, EUN_RD_FIRST, 1023, 1024),
			-EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, RT_WRAP, EUN_RD_FIRST, 1025, 1024),
			-EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0, EUN_RD_MIDDLE, 0, 1024), -EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0, EUN_RD_LAST, 100, 1024), -EPROTO);
	/* The last: what is left of the READ after the others. */
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 1, EUN_RD_LAST, 99, 1024), -EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 1, EUN_RD_LAST, 101, 1024), -EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 1, EUN_RD_LAST, 1024, 1024), -EPROTO);

	/* An exact multiple of the MTU: the last is a full one. */
	rd = rt_new(test, 7, 4096, 1024);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 10, EUN_RD_LAST, 1024, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 10, EUN_RD_LAST, 0, 1024), -EPROTO);

	/* One packet: ONLY with the whole READ. */
	rd = rt_new(test, 7, 500, 1024);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 7, EUN_RD_ONLY, 500, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 7, EUN_RD_ONLY, 1024, 1024), -EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 7, EUN_RD_MIDDLE, 500, 1024), -EPROTO);

	/* A zero-length READ: one empty packet. */
	rd = rt_new(test, 0xffffff, 0, 1024);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xffffff, EUN_RD_ONLY, 0, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xffffff, EUN_RD_LAST, 0, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xffffff, EUN_RD_ONLY, 1, 1024), -EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xffffff, EUN_RD_ONLY, 1024, 1024),
			-EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xffffff, EUN_RD_MIDDLE, 0, 1024),
			-EPROTO);
}

/* Back to back, each READ has its own first, last and lengths. */
static void eun_rd_check_per_read(struct kunit *test)
{
	struct eun_rd *rd = rt_abc(test);

	/* A: 0xfffffd (1024), 0xfffffe (100). */
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xfffffd, EUN_RD_FIRST, 1024, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xfffffe, EUN_RD_LAST, 100, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xfffffe, EUN_RD_LAST, 1024, 1024),
			-EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xfffffe, EUN_RD_MIDDLE, 100, 1024),
			-EPROTO);
	/* B: 0xffffff, 0, 1, all full; FIRST at its own first PSN. */
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xffffff, EUN_RD_FIRST, 1024, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xffffff, EUN_RD_ONLY, 1024, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0, EUN_RD_FIRST, 1024, 1024), -EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0, EUN_RD_MIDDLE, 1024, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 1, EUN_RD_LAST, 1024, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 1, EUN_RD_MIDDLE, 1024, 1024), -EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 1, EUN_RD_LAST, 100, 1024), -EPROTO);
	/* C: 0x000002, empty. */
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 2, EUN_RD_ONLY, 0, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 2, EUN_RD_ONLY, 1024, 1024), -EPROTO);
}

static void eun_rd_check_outside(struct kunit *test)
{
	struct eun_rd *rd = rt_four(test);

	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xfffffd, EUN_RD_FIRST, 1024, 1024),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 2, EUN_RD_LAST, 100, 1024), -ERANGE);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0x7fffff, EUN_RD_MIDDLE, 1024, 1024),
			-ERANGE);
	/* Outside is outside, whatever the opcode. */
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 2, RT_NO_KIND, 0, 1024),
			-ERANGE);
	eun_rd_stop(rd);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, RT_WRAP, EUN_RD_FIRST, 1024, 1024),
			-ERANGE);
}

static void eun_rd_arrival_max_psn(struct kunit *test)
{
	struct eun_rd *rd = rt_four(test);

	eun_rd_arrival(rd, 0xffffff, RT_WRAP, true, 10);
	KUNIT_EXPECT_TRUE(test, rd->seen);
	KUNIT_EXPECT_EQ(test, rd->max_psn, 0xffffff);
	eun_rd_arrival(rd, 0, RT_WRAP, true, 20);
	KUNIT_EXPECT_EQ(test, rd->max_psn, 0);
	/* Older ones, placed or not, leave it. */
	eun_rd_arrival(rd, RT_WRAP, 1, true, 30);
	KUNIT_EXPECT_EQ(test, rd->max_psn, 0);
	eun_rd_arrival(rd, 0xffffff, 1, false, 40);
	KUNIT_EXPECT_EQ(test, rd->max_psn, 0);
	/* A newer one moves it, placed or not. */
	eun_rd_arrival(rd, 1, 1, false, 50);
	KUNIT_EXPECT_EQ(test, rd->max_psn, 1);

	/* A READ joining those out keeps it. */
	KUNIT_ASSERT_EQ(test, rt_start(rd, 2, 1024, 1024, 55), 0);
	KUNIT_EXPECT_TRUE(test, rd->seen);
	KUNIT_EXPECT_EQ(test, rd->max_psn, 1);

	/* READs starting afresh forget it: their first arrival sets it. */
	eun_rd_stop(rd);
	KUNIT_ASSERT_EQ(test, rt_start(rd, 0xfffff0, 8 * 256, 256, 60), 0);
	KUNIT_EXPECT_FALSE(test, rd->seen);
	eun_rd_arrival(rd, 0xfffff1, 0xfffff0, false, 70);
	KUNIT_EXPECT_TRUE(test, rd->seen);
	KUNIT_EXPECT_EQ(test, rd->max_psn, 0xfffff1);
}

static void eun_rd_arrival_arms(struct kunit *test)
{
	struct eun_rd *rd = rt_four(test);

	/* PSN 0 in, RT_WRAP and 0xffffff missing below it. */
	KUNIT_EXPECT_TRUE(test, eun_rd_blind(rd, RT_WRAP));
	eun_rd_arrival(rd, 0, RT_WRAP, true, 1000);
	KUNIT_EXPECT_TRUE(test, rd->armed);
	KUNIT_EXPECT_EQ(test, rd->quiet_from_ns, 1000);
	KUNIT_EXPECT_FALSE(test, eun_rd_blind(rd, RT_WRAP));
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_WRAP), 1000 + 4 * MS);
	/* One not placed is no news: the quiet goes on. */
	eun_rd_arrival(rd, 0, RT_WRAP, false, 3000);
	KUNIT_EXPECT_EQ(test, rd->quiet_from_ns, 1000);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_WRAP), 1000 + 4 * MS);
	/* A new one ends the quiet, but the hole's window runs on. */
	eun_rd_arrival(rd, 0xffffff, RT_WRAP, true, 5000);
	KUNIT_EXPECT_EQ(test, rd->quiet_from_ns, 5000);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_WRAP), 1000 + 4 * MS);
	/* The hole filled, only the tail missing: the longer wait. */
	eun_rd_arrival(rd, RT_WRAP, 1, true, 7000);
	KUNIT_EXPECT_FALSE(test, rd->hole_seen);
	KUNIT_EXPECT_TRUE(test, eun_rd_blind(rd, 1));
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 1), 7000 + RT_BLIND(4 * MS, 0));
	/* A re-request disarms: its answer is awaited blind. */
	eun_rd_rerequested(rd, 1, 9000);
	KUNIT_EXPECT_TRUE(test, eun_rd_blind(rd, 1));
}

/*
 * A hole's window runs from the first packet beyond it, however many come
 * after; once it fills, the next hole's window runs from the first packet
 * beyond that one seen since.
 */
static void eun_rd_window_from_first_beyond(struct kunit *test)
{
	struct eun_rd *rd = rt_32(test);
	const u64 w = 25 * MS / 4;
	u32 psn;

	eun_rd_arrival(rd, 0xfffff1, RT32_FIRST, true, 1 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT32_FIRST), 5 * MS);
	for (psn = 0xfffff2; psn != 0xfffff6; psn++)
		eun_rd_arrival(rd, psn, RT32_FIRST, true, (psn - 0xfffff0) * MS);
	KUNIT_EXPECT_EQ(test, rd->quiet_from_ns, 5 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT32_FIRST), 5 * MS);
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, RT32_FIRST, 5 * MS - 1));
	KUNIT_EXPECT_TRUE(test, eun_rd_due(rd, RT32_FIRST, 5 * MS));

	/*
	 * Filled 5 ms late, unasked: the window covers that with a quarter;
	 * nothing below the highest missing, the tail wait.
	 */
	eun_rd_arrival(rd, RT32_FIRST, 0xfffff6, true, 6 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, w);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0xfffff6), 6 * MS + RT_BLIND(w, 0));
	/* A new hole: its window from the first packet beyond it. */
	eun_rd_arrival(rd, 0xfffff8, 0xfffff6, true, 7 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0xfffff6), 7 * MS + w);
	/*
	 * The head moves to the next hole, which 0xfffff8 had passed at
	 * 7 ms already: its window runs on from then.
	 */
	eun_rd_arrival(rd, 0xfffff6, 0xfffff7, true, 8 * MS);
	KUNIT_EXPECT_EQ(test, rd->hole_head, 0xfffff7);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, w);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0xfffff7), 7 * MS + w);
	/* A head the tracker was not told of: from the latest new packet. */
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0xfffff3), 8 * MS + w);
	eun_rd_arrival(rd, 0xfffffa, 0xfffff7, true, 9 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0xfffff3), 9 * MS + w);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0xfffff7), 7 * MS + w);
	/* Up to a hole beyond 0xfffff8: from the arrival that moved it. */
	eun_rd_arrival(rd, 0xfffff7, 0xfffff9, true, 10 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, w);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0xfffff9), 10 * MS + w);
}

/*
 * A READ sprayed over four paths, one of them slow: its packets come one
 * after another, each just within the window of the one before, while
 * the rest came long ago. Each hole's window runs from the first packet
 * beyond it, not from the arrival that moved the head there, so the
 * window runs out on the slow path's queue.
 */
static void eun_rd_slow_path_runs_out(struct kunit *test)
{
	struct eun_rd *rd = rt_new(test, 100, 32 * 1024, 1024);
	u32 psn;

	KUNIT_ASSERT_EQ(test, rd->last_psn, 131);
	for (psn = 100; psn <= 131; psn++)
		if ((psn - 100) % 4 != 1)
			eun_rd_arrival(rd, psn, 101, true, 1 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 101), 1 * MS + RT_WND);
	/* 3 ms late: within the window, which stays. */
	eun_rd_arrival(rd, 101, 105, true, 4 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, RT_WND);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 105), 4 * MS + RT_WND);
	eun_rd_arrival(rd, 105, 109, true, 7 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, RT_WND);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 109), 4 * MS + RT_WND);
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, 109, 8 * MS - 1));
	KUNIT_EXPECT_TRUE(test, eun_rd_due(rd, 109, 8 * MS));
}

/*
 * The responder answers in order: the responses of the READs out when a
 * re-request went come before its answer and are no news of its loss.
 * Its answer, or a response of a READ sent after it, arms the window
 * again.
 */
static void eun_rd_rerequest_awaits_answer(struct kunit *test)
{
	struct eun_rd *rd = rt_new(test, 100, 8 * 1024, 1024);

	eun_rd_arrival(rd, 101, 100, true, 1 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 100), 5 * MS);
	eun_rd_rerequested(rd, 100, 5 * MS);
	KUNIT_EXPECT_TRUE(test, rd->awaiting);
	KUNIT_EXPECT_EQ(test, rd->rereq_last, 107);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 100), 5 * MS + RT_BLIND(4 * MS, 1));
	/* Sent before it: the wait goes on from them, still unanswered. */
	eun_rd_arrival(rd, 102, 100, true, 6 * MS);
	eun_rd_arrival(rd, 107, 100, true, 7 * MS);
	KUNIT_EXPECT_FALSE(test, rd->armed);
	KUNIT_EXPECT_EQ(test, rd->unanswered, 1);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 100), 7 * MS + RT_BLIND(4 * MS, 1));

	/* A READ sent after it answers first: its answer is late. */
	KUNIT_ASSERT_EQ(test, rt_start(rd, 108, 1024, 1024, 8 * MS), 0);
	eun_rd_arrival(rd, 108, 100, true, 9 * MS);
	KUNIT_EXPECT_TRUE(test, rd->armed);
	KUNIT_EXPECT_FALSE(test, rd->awaiting);
	KUNIT_EXPECT_EQ(test, rd->unanswered, 0);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 100), 13 * MS);

	/* Its answer: the first PSN it asked for. */
	eun_rd_rerequested(rd, 100, 13 * MS);
	KUNIT_EXPECT_EQ(test, rd->rereq_last, 108);
	eun_rd_arrival(rd, 100, 103, true, 14 * MS);
	KUNIT_EXPECT_TRUE(test, rd->armed);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 103), 18 * MS);
}

/*
 * The answer's first packet lost: the next of it fills a hole below the
 * highest PSN come when the re-request went, and answers it. A packet
 * beyond that PSN, of a READ out then, still does not.
 */
static void eun_rd_answer_without_first(struct kunit *test)
{
	struct eun_rd *rd = rt_new(test, 100, 8 * 1024, 1024);

	eun_rd_arrival(rd, 102, 100, true, 1 * MS);
	eun_rd_arrival(rd, 103, 100, true, 1 * MS);
	eun_rd_rerequested(rd, 100, 5 * MS);
	KUNIT_EXPECT_EQ(test, rd->rereq_max, 103);
	eun_rd_arrival(rd, 104, 100, true, 6 * MS);
	KUNIT_EXPECT_TRUE(test, rd->awaiting);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 100), 6 * MS + RT_BLIND(4 * MS, 1));
	eun_rd_arrival(rd, 101, 100, true, 7 * MS);
	KUNIT_EXPECT_FALSE(test, rd->awaiting);
	KUNIT_EXPECT_TRUE(test, rd->armed);
	KUNIT_EXPECT_EQ(test, rd->unanswered, 0);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 100), 11 * MS);

	/* Nothing had come: no packet is below the first PSN out. */
	rd = rt_new(test, 200, 4 * 1024, 1024);
	eun_rd_rerequested(rd, 200, 40 * MS);
	KUNIT_EXPECT_EQ(test, rd->rereq_max, 200);
	eun_rd_arrival(rd, 201, 200, true, 41 * MS);
	KUNIT_EXPECT_TRUE(test, rd->awaiting);
	eun_rd_arrival(rd, 200, 202, true, 42 * MS);
	KUNIT_EXPECT_FALSE(test, rd->awaiting);
}

/*
 * The longest wait for a new packet (the request's included, the waits
 * after a re-request not), at most EUN_RD_REO_MAX_NS, and twice it
 * sizes the wait for a missing tail when longer than the windows.
 */
static void eun_rd_pause_sizes_tail_wait(struct kunit *test)
{
	struct eun_rd *rd = rt_new(test, 100, 20 * 1024, 1024);
	u64 t;

	eun_rd_arrival(rd, 100, 101, true, 3 * MS);
	KUNIT_EXPECT_EQ(test, rd->pause_ns, 3 * MS);
	eun_rd_arrival(rd, 101, 102, true, 4 * MS);
	KUNIT_EXPECT_EQ(test, rd->pause_ns, 3 * MS);
	eun_rd_arrival(rd, 102, 103, true, 10 * MS);
	KUNIT_EXPECT_EQ(test, rd->pause_ns, 6 * MS);
	/* Only the tail missing: the windows still the longer. */
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 103), 10 * MS + RT_BLIND(4 * MS, 0));

	eun_rd_arrival(rd, 103, 104, true, 10 * MS + 40 * MS);
	KUNIT_EXPECT_EQ(test, rd->pause_ns, 40 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 104), 50 * MS + 80 * MS);
	/* A pause counts up to the largest window. */
	eun_rd_arrival(rd, 104, 105, true, 50 * MS + 100 * MS);
	KUNIT_EXPECT_EQ(test, rd->pause_ns, EUN_RD_REO_MAX_NS);
	t = 150 * MS;
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 105), t + 2 * EUN_RD_REO_MAX_NS);
	/* Doubled per unanswered re-request. */
	t += 2 * EUN_RD_REO_MAX_NS;
	eun_rd_rerequested(rd, 105, t);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 105), t + 4 * EUN_RD_REO_MAX_NS);
	/* Its answer, then a hole below the highest: one window, whatever the pauses. */
	eun_rd_arrival(rd, 105, 106, true, t + MS);
	eun_rd_arrival(rd, 107, 106, true, t + 2 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 106), t + 2 * MS + 4 * MS);

	/* The wait for the answer to a re-request is no pause. */
	rd = rt_new(test, 100, 20 * 1024, 1024);
	eun_rd_arrival(rd, 100, 101, true, 1 * MS);
	eun_rd_rerequested(rd, 101, 5 * MS);
	eun_rd_arrival(rd, 101, 102, true, 45 * MS);
	KUNIT_EXPECT_EQ(test, rd->pause_ns, 1 * MS);
	/* Once answered, pauses count again. */
	eun_rd_arrival(rd, 102, 103, true, 48 * MS);
	KUNIT_EXPECT_EQ(test, rd->pause_ns, 3 * MS);
}

/* A re-request from @first at @now, then both copies of @first. */
static bool rt_spurious(struct kunit *test, struct eun_rd *rd, u32 first,
			u64 now)
{
	eun_rd_rerequested(rd, first, now);
	KUNIT_EXPECT_TRUE(test, rd->rereq_out);
	eun_rd_arrival(rd, first, eun_psn_add(first, 1), true, now + 1);
	eun_rd_arrival(rd, first, eun_psn_add(first, 1), false, now + 2);
	return eun_rd_duplicate(rd, first);
}

static void eun_rd_spurious_doubles(struct kunit *test)
{
	static const u64 wnd[] = { 8 * MS, 16 * MS, 32 * MS, 64 * MS, 64 * MS };
	struct eun_rd *rd = rt_four(test);
	unsigned int i;

	/* No re-request out: a second copy of anything proves nothing. */
	eun_rd_arrival(rd, RT_WRAP, 0xffffff, true, 10);
	KUNIT_EXPECT_FALSE(test, eun_rd_duplicate(rd, RT_WRAP));
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 4 * MS);

	/* Re-request from 0xffffff: a copy of another PSN is no proof. */
	eun_rd_rerequested(rd, 0xffffff, 100);
	KUNIT_EXPECT_FALSE(test, eun_rd_duplicate(rd, RT_WRAP));
	KUNIT_EXPECT_FALSE(test, eun_rd_duplicate(rd, 0));
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 4 * MS);
	/* Its first copy comes as an arrival, the second proves it. */
	eun_rd_arrival(rd, 0xffffff, 0, true, 104);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 4 * MS);
	KUNIT_EXPECT_TRUE(test, eun_rd_duplicate(rd, 0xffffff));
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 8 * MS);
	KUNIT_EXPECT_FALSE(test, rd->rereq_out);
	/* Once per re-request. */
	KUNIT_EXPECT_FALSE(test, eun_rd_duplicate(rd, 0xffffff));
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 8 * MS);

	/* Each spurious one doubles it, up to the cap. */
	for (i = 1; i < ARRAY_SIZE(wnd); i++) {
		KUNIT_EXPECT_TRUE(test, rt_spurious(test, rd, 1, 1000 * i));
		KUNIT_EXPECT_EQ_MSG(test, rd->reo_wnd_ns, wnd[i], "round %u", i);
	}
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, EUN_RD_REO_MAX_NS);

	/*
	 * A later re-request does not hide the one before (its answer comes
	 * behind the READs out): each waits for its own proof, and those
	 * that went by the same window double it once.
	 */
	rd = rt_four(test);
	eun_rd_rerequested(rd, RT_WRAP, 10);
	eun_rd_rerequested(rd, 0xffffff, 20);
	KUNIT_EXPECT_TRUE(test, eun_rd_duplicate(rd, RT_WRAP));
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 8 * MS);
	KUNIT_EXPECT_TRUE(test, rd->rereq_out);
	KUNIT_EXPECT_TRUE(test, eun_rd_duplicate(rd, 0xffffff));
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 8 * MS);
	KUNIT_EXPECT_FALSE(test, rd->rereq_out);
	KUNIT_EXPECT_FALSE(test, eun_rd_duplicate(rd, RT_WRAP));
	/* One that went by the doubled window doubles it again. */
	eun_rd_rerequested(rd, 5, 30);
	KUNIT_EXPECT_TRUE(test, eun_rd_duplicate(rd, 5));
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 16 * MS);
	/* At most EUN_RD_PROOFS wait: the oldest goes for a new one. */
	for (i = 0; i <= EUN_RD_PROOFS; i++)
		eun_rd_rerequested(rd, 100 + i, 40 + i);
	KUNIT_EXPECT_EQ(test, rd->nproofs, EUN_RD_PROOFS);
	KUNIT_EXPECT_FALSE(test, eun_rd_duplicate(rd, 100));
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 16 * MS);
	KUNIT_EXPECT_TRUE(test, eun_rd_duplicate(rd, 101));
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 32 * MS);
	KUNIT_EXPECT_TRUE(test, eun_rd_duplicate(rd, 100 + EUN_RD_PROOFS));
	KUNIT_EXPECT_FALSE(test, rd->rereq_out);
}

/* A re-request from PSN 0 at @now, answered then. */
static void rt_answered(struct eun_rd *rd, u64 now)
{
	eun_rd_rerequested(rd, 0, now);
	eun_rd_arrival(rd, 0, 1, true, now);
}

/*
 * A run of EUN_RD_REO_DECAY re-requests that none proved spurious halves
 * the window, down to its first value; a spurious one starts the run
 * again, and one after an unanswered one does not count.
 */
static void eun_rd_window_decays(struct kunit *test)
{
	struct eun_rd *rd = rt_four(test);
	unsigned int i;
	u64 t = 100;

	KUNIT_ASSERT_TRUE(test, rt_spurious(test, rd, 0, t++));
	KUNIT_ASSERT_TRUE(test, rt_spurious(test, rd, 0, t++));
	KUNIT_ASSERT_EQ(test, rd->reo_wnd_ns, 16 * MS);
	/* A run whose last re-request proves spurious: doubled, not halved. */
	for (i = 0; i < EUN_RD_REO_DECAY - 2; i++)
		rt_answered(rd, t++);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 16 * MS);
	KUNIT_ASSERT_TRUE(test, rt_spurious(test, rd, 0, t++));
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 32 * MS);
	for (i = 0; i < EUN_RD_REO_DECAY - 1; i++)
		rt_answered(rd, t++);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 32 * MS);
	/* The run complete: halved; each run after halves it again. */
	rt_answered(rd, t++);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 16 * MS);
	for (i = 0; i < 2 * EUN_RD_REO_DECAY; i++)
		rt_answered(rd, t++);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 4 * MS);
	for (i = 0; i < EUN_RD_REO_DECAY; i++)
		rt_answered(rd, t++);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, RT_WND);

	/* Unanswered ones after the first: their waits only grow. */
	KUNIT_ASSERT_TRUE(test, rt_spurious(test, rd, 0, t++));
	for (i = 0; i < 3 * EUN_RD_REO_DECAY; i++)
		eun_rd_rerequested(rd, 0, t++);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 8 * MS);
	KUNIT_EXPECT_EQ(test, rd->calm, 1);
}

/*
 * The longest pause halves with the window: one stall of the responder's
 * host does not size every later wait for a lost tail. A pause that
 * comes again counts again.
 */
static void eun_rd_pause_decays(struct kunit *test)
{
	struct eun_rd *rd = rt_four(test);
	unsigned int i;
	u64 t = 40 * MS;

	eun_rd_arrival(rd, RT_WRAP, RT_AT(3), true, t);
	KUNIT_ASSERT_EQ(test, rd->pause_ns, 40 * MS);
	for (i = 0; i < EUN_RD_REO_DECAY - 1; i++)
		rt_answered(rd, ++t);
	KUNIT_EXPECT_EQ(test, rd->pause_ns, 40 * MS);
	rt_answered(rd, ++t);
	KUNIT_EXPECT_EQ(test, rd->pause_ns, 20 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, RT_WND);
	for (i = 0; i < EUN_RD_REO_DECAY; i++)
		rt_answered(rd, ++t);
	KUNIT_EXPECT_EQ(test, rd->pause_ns, 10 * MS);
	/* Unanswered re-requests leave it: their waits only grow. */
	for (i = 0; i < 2 * EUN_RD_REO_DECAY; i++)
		eun_rd_rerequested(rd, 0, ++t);
	KUNIT_EXPECT_EQ(test, rd->pause_ns, 10 * MS);
	/* Answered, then a new pause of 30 ms: counted again. */
	eun_rd_arrival(rd, 0, 1, true, ++t);
	eun_rd_arrival(rd, 0xffffff, 1, true, t + 30 * MS);
	KUNIT_EXPECT_EQ(test, rd->pause_ns, 30 * MS);
}

/*
 * A new QP starts above its least (eun_rd_start_wnd()); a calm run of
 * re-requests, as on a lossy path, brings it down to the least and no
 * further.
 */
static void eun_rd_start_wnd_decays_to_least(struct kunit *test)
{
	struct eun_rd *rd = rt_alloc(test);
	unsigned int i;
	u64 t = 100;

	eun_rd_init(rd, eun_rd_start_wnd(RT_WND), RT_WND);
	KUNIT_ASSERT_EQ(test, rt_start(rd, RT_WRAP, 3 * 1024 + 100, 1024, 0), 0);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 2 * RT_WND);
	for (i = 0; i < EUN_RD_REO_DECAY - 1; i++)
		rt_answered(rd, ++t);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 2 * RT_WND);
	rt_answered(rd, ++t);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, RT_WND);
	for (i = 0; i < EUN_RD_REO_DECAY; i++)
		rt_answered(rd, ++t);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, RT_WND);
}

/* The copy may come after the READ: the proof outlives it, not init. */
static void eun_rd_spurious_after_read(struct kunit *test)
{
	struct eun_rd *rd = rt_four(test);

	eun_rd_rerequested(rd, 0xffffff, 10);
	eun_rd_stop(rd);
	KUNIT_EXPECT_TRUE(test, rd->rereq_out);
	KUNIT_EXPECT_TRUE(test, eun_rd_duplicate(rd, 0xffffff));
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 8 * MS);

	/* During the next READ, whose range does not hold that PSN. */
	KUNIT_ASSERT_EQ(test, rt_start(rd, 2, 1024, 1024, 20), 0);
	eun_rd_rerequested(rd, 2, 30);
	eun_rd_arrival(rd, 2, 3, true, 35);
	KUNIT_ASSERT_TRUE(test, eun_rd_oldest_done(rd, 3));
	eun_rd_retire(rd);
	KUNIT_ASSERT_EQ(test, rt_start(rd, 3, 4096, 1024, 40), 0);
	KUNIT_EXPECT_FALSE(test, eun_rd_owns(rd, 2));
	KUNIT_EXPECT_TRUE(test, eun_rd_duplicate(rd, 2));
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 16 * MS);

	/* A new QP's tracker has no re-request out. */
	eun_rd_rerequested(rd, 4, 50);
	eun_rd_init(rd, RT_WND, RT_WND);
	KUNIT_EXPECT_FALSE(test, eun_rd_duplicate(rd, 4));
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 4 * MS);
}

static void eun_rd_due_timing(struct kunit *test)
{
	struct eun_rd *rd = rt_alloc(test);
	u64 ts = 3 * MS, t0 = 7 * MS, t1, t2;

	KUNIT_ASSERT_EQ(test, rt_start(rd, RT_WRAP, 3 * 1024 + 100, 1024, ts), 0);
	/* No response yet: the longer wait, from the request. */
	KUNIT_EXPECT_FALSE(test, rd->armed);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_WRAP), ts + RT_BLIND(4 * MS, 0));
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, RT_WRAP, ts + 4 * MS));
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, RT_WRAP, ts + RT_BLIND(4 * MS, 0) - 1));
	KUNIT_EXPECT_TRUE(test, eun_rd_due(rd, RT_WRAP, ts + RT_BLIND(4 * MS, 0)));

	/* A response past a hole: one window from it, if responses go on. */
	eun_rd_arrival(rd, 0, RT_WRAP, true, t0);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_WRAP), t0 + 4 * MS);
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, RT_WRAP, t0));
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, RT_WRAP, t0 + 4 * MS - 1));
	/* None came since, PSN 1 still to come: a pause, the longer wait. */
	KUNIT_EXPECT_TRUE(test, eun_rd_paused(rd, RT_WRAP, t0 + 4 * MS));
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, RT_WRAP, t0 + 4 * MS));
	KUNIT_EXPECT_EQ(test, eun_rd_wake(rd, RT_WRAP, t0 + 4 * MS),
			t0 + RT_BLIND(4 * MS, 0));
	KUNIT_EXPECT_TRUE(test, eun_rd_due(rd, RT_WRAP, t0 + 100 * MS));

	/* Re-requested: disarmed, a longer wait still; copies do not arm it. */
	t1 = t0 + 4 * MS;
	eun_rd_rerequested(rd, RT_WRAP, t1);
	KUNIT_EXPECT_FALSE(test, rd->armed);
	KUNIT_EXPECT_EQ(test, rd->quiet_from_ns, t1);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_WRAP), t1 + RT_BLIND(4 * MS, 1));
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, RT_WRAP, t1 + 4 * MS));
	eun_rd_arrival(rd, 0, RT_WRAP, false, t1 + MS);
	KUNIT_EXPECT_FALSE(test, rd->armed);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_WRAP), t1 + RT_BLIND(4 * MS, 1));
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, RT_WRAP, t1 + RT_BLIND(4 * MS, 1) - 1));
	KUNIT_EXPECT_TRUE(test, eun_rd_due(rd, RT_WRAP, t1 + RT_BLIND(4 * MS, 1)));

	/*
	 * A hole below the highest PSN come when it went is filled: the
	 * answer without its first packet, or the original late; news
	 * either way, and the window runs for the hole left.
	 */
	t2 = t1 + 2 * MS;
	eun_rd_arrival(rd, 0xffffff, RT_WRAP, true, t2);
	KUNIT_EXPECT_TRUE(test, rd->armed);
	KUNIT_EXPECT_EQ(test, rd->unanswered, 0);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_WRAP), t2 + 4 * MS);
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, RT_WRAP, t2 + 4 * MS - 1));
	KUNIT_EXPECT_TRUE(test, eun_rd_paused(rd, RT_WRAP, t2 + 4 * MS));
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, RT_WRAP, t2 + 4 * MS));

	/* Re-requested again; then its first PSN comes: only the tail left. */
	eun_rd_rerequested(rd, RT_WRAP, t2 + 1);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_WRAP), t2 + 1 + RT_BLIND(4 * MS, 1));
	eun_rd_arrival(rd, RT_WRAP, 1, true, t2 + 2);
	KUNIT_EXPECT_TRUE(test, rd->armed);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 1), t2 + 2 + RT_BLIND(4 * MS, 0));
	/* Its second copy doubles the window: the deadline moves with it. */
	eun_rd_arrival(rd, RT_WRAP, 1, false, t2 + 3);
	KUNIT_EXPECT_TRUE(test, eun_rd_duplicate(rd, RT_WRAP));
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 1), t2 + 2 + RT_BLIND(8 * MS, 0));
	/* PSN 1 came but was not placed: one (doubled) window from it. */
	eun_rd_arrival(rd, 1, 1, false, t2 + 4);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 1), t2 + 4 + 8 * MS);

	/* Stopped: never due. */
	eun_rd_stop(rd);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 1), 0);
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, 1, U64_MAX));
}

/*
 * Only the tail missing, which the responder may still be sending: the
 * longer wait, counted from the latest new packet; a packet that came but
 * was not placed (beyond the bitmap's cap) is a hole like any other.
 */
static void eun_rd_due_tail_only(struct kunit *test)
{
	struct eun_rd *rd = rt_four(test);

	eun_rd_arrival(rd, RT_WRAP, 0xffffff, true, 1 * MS);
	eun_rd_arrival(rd, 0xffffff, 0, true, 2 * MS);
	KUNIT_EXPECT_TRUE(test, rd->armed);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0), 2 * MS + RT_BLIND(4 * MS, 0));
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, 0, 2 * MS + RT_BLIND(4 * MS, 0) - 1));
	KUNIT_EXPECT_TRUE(test, eun_rd_due(rd, 0, 2 * MS + RT_BLIND(4 * MS, 0)));
	/* PSN 0 came but was dropped: missing below the highest, one window. */
	eun_rd_arrival(rd, 0, 0, false, 3 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0), 3 * MS + 4 * MS);
	/* Answered: only the tail missing after, the longer wait from then. */
	eun_rd_rerequested(rd, 0, 7 * MS);
	eun_rd_arrival(rd, 0, 1, true, 7 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 1), 7 * MS + RT_BLIND(4 * MS, 0));
	/* The tail re-requested: longer again. */
	eun_rd_rerequested(rd, 1, 40 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 1), 40 * MS + RT_BLIND(4 * MS, 1));
}

/*
 * Nothing comes at all: re-requests after longer and longer waits, each
 * twice the one before, until EUN_RD_MAX_BLIND went unanswered; then none
 * (rxe's retransmit timer asks), however many more went. The first new
 * packet brings the one-window rule back.
 */
static void eun_rd_blind_rerequests(struct kunit *test)
{
	struct eun_rd *rd = rt_four(test);
	u64 t = 0, wait;
	unsigned int k;

	KUNIT_EXPECT_GE(test, EUN_RD_MAX_BLIND, 1);
	for (k = 0; k < EUN_RD_MAX_BLIND; k++) {
		wait = RT_BLIND(4 * MS, 0) << k;
		KUNIT_EXPECT_EQ_MSG(test, eun_rd_deadline(rd, RT_WRAP), t + wait,
				    "after %u", k);
		KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, RT_WRAP, t + wait - 1));
		KUNIT_EXPECT_TRUE(test, eun_rd_due(rd, RT_WRAP, t + wait));
		t += wait;
		eun_rd_rerequested(rd, RT_WRAP, t);
		KUNIT_EXPECT_EQ(test, rd->unanswered, k + 1);
	}
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_WRAP), 0);
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, RT_WRAP, U64_MAX));
	/* Copies that are not placed are no answer. */
	eun_rd_arrival(rd, 0, RT_WRAP, false, t + 1);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_WRAP), 0);
	/* Nor a new packet sent before the re-requests' answers. */
	eun_rd_arrival(rd, 0xffffff, RT_WRAP, true, t + 1);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_WRAP), 0);
	/* The count of unanswered ones does not wrap round to zero. */
	for (k = 0; k < 300; k++) {
		eun_rd_rerequested(rd, RT_WRAP, t + 2 + k);
		KUNIT_ASSERT_EQ_MSG(test, eun_rd_deadline(rd, RT_WRAP), 0,
				    "re-request %u", k);
	}

	/* An answer: one window, and the blind waits start over after it. */
	t += 10000 * MS;
	eun_rd_arrival(rd, RT_WRAP, 0, true, t);
	KUNIT_EXPECT_EQ(test, rd->unanswered, 0);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0), t + 4 * MS);
	eun_rd_rerequested(rd, 0, t + 4 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0),
			t + 4 * MS + RT_BLIND(4 * MS, 1));

	/* READs starting afresh start from the first of them again. */
	for (k = 1; k < EUN_RD_MAX_BLIND; k++)
		eun_rd_rerequested(rd, RT_WRAP, t + 5 * MS + k);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_WRAP), 0);
	eun_rd_stop(rd);
	t += 1000 * MS;
	KUNIT_ASSERT_EQ(test, rt_start(rd, 40, 1024, 1024, t), 0);
	KUNIT_EXPECT_EQ(test, rd->unanswered, 0);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 40), t + RT_BLIND(4 * MS, 0));
}

/* A READ joining others: its request restarts a wait with nothing new. */
static void eun_rd_start_joins(struct kunit *test)
{
	struct eun_rd *rd = rt_new(test, 100, 2 * 1024, 1024);

	/* Nothing came yet: the wait starts again with the new request. */
	KUNIT_ASSERT_EQ(test, rt_start(rd, 102, 1024, 1024, 5 * MS), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 100), 5 * MS + RT_BLIND(4 * MS, 0));

	/* Something came: the new request leaves the wait alone. */
	rd = rt_new(test, 100, 2 * 1024, 1024);
	eun_rd_arrival(rd, 100, 101, true, 1 * MS);
	KUNIT_ASSERT_EQ(test, rt_start(rd, 102, 1024, 1024, 5 * MS), 0);
	KUNIT_EXPECT_TRUE(test, rd->armed);
	KUNIT_EXPECT_TRUE(test, rd->seen);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 101), 1 * MS + RT_BLIND(4 * MS, 0));
	eun_rd_arrival(rd, 102, 101, true, 6 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 101), 6 * MS + 4 * MS);

	/* Unanswered re-requests stay counted. */
	eun_rd_rerequested(rd, 101, 10 * MS);
	KUNIT_ASSERT_EQ(test, rt_start(rd, 103, 1024, 1024, 11 * MS), 0);
	KUNIT_EXPECT_EQ(test, rd->unanswered, 1);
	KUNIT_EXPECT_TRUE(test, rd->rereq_out);
}

/* Nothing missing below the highest that came: up to the last PSN. */
static void eun_rd_range_end_tail_only(struct kunit *test)
{
	struct eun_rd *rd = rt_32(test);
	u64 w[RT_WORDS] = { 0 };
	u32 psn;

	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, RT32_FIRST, w, 256, 0), RT32_LAST);
	for (psn = RT32_FIRST; psn != 0x4; psn = eun_psn_add(psn, 1))
		eun_rd_arrival(rd, psn, eun_psn_add(psn, 1), true, 1);
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, 0x4, w, 256, 0), RT32_LAST);
	/* Even with junk in the bitmap, or none at all. */
	memset(w, 0x5a, sizeof(w));
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, 0x4, w, 256, 0), RT32_LAST);
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, 0x4, NULL, 0, 1), RT32_LAST);
	eun_rd_arrival(rd, 0x4, 0x5, true, 2);
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, 0x5, w, 256, 0), RT32_LAST);

	/* With READs behind it, the last PSN of the newest. */
	KUNIT_ASSERT_EQ(test, rt_start(rd, 0x10, 3 * 256, 256, 3), 0);
	KUNIT_ASSERT_EQ(test, rt_start(rd, 0x13, 0, 256, 3), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, 0x5, w, 256, 0), 0x13);
}

/* Place @from .. @to of the 32 but @holes, marked in @w after @head. */
static void rt_place(struct eun_rd *rd, u64 *w, u32 head, const u32 *holes,
		     u32 nholes, u32 from, u32 to)
{
	u32 psn, i;
	bool hole;

	for (psn = from; ; psn = eun_psn_add(psn, 1)) {
		for (hole = false, i = 0; i < nholes; i++)
			hole |= psn == holes[i];
		if (!hole) {
			eun_rd_arrival(rd, psn, head, true, psn);
			if (eun_psn_after(psn, head))
				rt_set(w, head, psn);
		}
		if (psn == to)
			break;
	}
}

/*
 * Holes below the highest PSN that came: the re-request ends at the
 * highest of them, found across the wrap, whether or not the tail is
 * in; with none above the head, it is the head alone.
 */
static void eun_rd_range_end_highest_hole(struct kunit *test)
{
	static const u32 holes[] = { 0xfffff2, 0xfffff5, 0xfffffa, 0x000003 };
	struct eun_rd *rd = rt_32(test);
	u32 head = 0xfffff2, span;
	u64 w[RT_WORDS] = { 0 }, one = 1;

	/* Up to 0x000007 came, the tail 0x8 .. 0xf not yet. */
	rt_place(rd, w, head, holes, ARRAY_SIZE(holes), RT32_FIRST, 0x7);
	KUNIT_ASSERT_EQ(test, rd->max_psn, 0x7);
	span = 21;
	KUNIT_ASSERT_EQ(test, eun_psn_dist(head, 0x7), span);
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, head, w, 256, span), 0x000003);

	/* The tail in too. */
	rt_place(rd, w, head, holes, ARRAY_SIZE(holes), 0x8, RT32_LAST);
	span = 29;
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, head, w, 256, span), 0x000003);
	rt_set(w, head, 0x000003);
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, head, w, 256, span), 0xfffffa);
	rt_set(w, head, 0xfffffa);
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, head, w, 256, span), 0xfffff5);
	rt_set(w, head, 0xfffff5);
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, head, w, 256, span), head);
	/* Exactly as many bits as the span is enough. */
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, head, w, span, span), head);
	/* The last packet right after the head: span 1, the head alone. */
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, 0xe, &one, 64, 1), 0xe);
}

/*
 * The highest PSN that came was not placed (beyond the bitmap's cap): it
 * is missing, and the highest missing one.
 */
static void eun_rd_range_end_dropped_max(struct kunit *test)
{
	static const u32 holes[] = { 0xfffff2, 0xfffff4 };
	struct eun_rd *rd = rt_32(test);
	u32 head = 0xfffff2;
	u64 w[RT_WORDS] = { 0 };

	rt_place(rd, w, head, holes, ARRAY_SIZE(holes), RT32_FIRST, 0xfffff6);
	eun_rd_arrival(rd, 0xfffffa, head, false, 10);
	KUNIT_ASSERT_EQ(test, rd->max_psn, 0xfffffa);
	/* Placed up to 0xfffff6: span 4, a hole at 0xfffff4 inside it. */
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, head, w, 256, 4), 0xfffffa);
	rt_set(w, head, 0xfffff4);
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, head, w, 256, 4), 0xfffffa);

	/* The head itself came and was dropped: the head alone. */
	rd = rt_32(test);
	memset(w, 0, sizeof(w));
	eun_rd_arrival(rd, RT32_FIRST, 0xfffff1, true, 1);
	eun_rd_arrival(rd, 0xfffff1, 0xfffff1, false, 2);
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, 0xfffff1, w, 256, 0), 0xfffff1);
}

/* Bit i of word i / 64 is head + 1 + i: holes on either side of a word edge. */
static void eun_rd_range_end_word_edge(struct kunit *test)
{
	u32 head = 0xffffc0, last = eun_psn_add(head, 100);
	struct eun_rd *rd = rt_new(test, head, 101 * 256, 256);
	u64 w[RT_WORDS];

	KUNIT_ASSERT_EQ(test, rd->last_psn, last);
	KUNIT_ASSERT_EQ(test, last, 0x24);
	eun_rd_arrival(rd, last, head, true, 1);
	/* Only PSN head + 65, bit 64 (word 1, bit 0), missing. */
	memset(w, 0, sizeof(w));
	w[0] = ~0ULL;
	w[1] = (1ULL << 36) - 2;
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, head, w, 128, 100), 0x1);
	/* Only PSN head + 64, bit 63 (word 0, top bit), missing. */
	w[0] = ~0ULL >> 1;
	w[1] = (1ULL << 36) - 1;
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, head, w, 128, 100), 0x0);
	/* Only PSN head + 1, bit 0, missing. */
	w[0] = ~0ULL - 1;
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, head, w, 128, 100), 0xffffc1);
	/* Bits past the span are not looked at. */
	w[0] = ~0ULL;
	w[1] = (1ULL << 36) - 1;
	w[2] = 0;
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, head, w, 192, 100), head);
}

/* The bitmap cannot show the whole span: up to the highest that came. */
static void eun_rd_range_end_span_too_wide(struct kunit *test)
{
	struct eun_rd *rd = rt_32(test);
	u64 w[RT_WORDS];

	memset(w, 0xff, sizeof(w));
	eun_rd_arrival(rd, 0x5, RT32_FIRST, true, 1);
	KUNIT_ASSERT_EQ(test, eun_psn_dist(RT32_FIRST, 0x5), 21);
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, RT32_FIRST, w, 20, 21), 0x5);
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, RT32_FIRST, w, 0, 21), 0x5);
	/* No bitmap at all (it could not be read): not looked at. */
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, RT32_FIRST, NULL, 0, 1), 0x5);
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, RT32_FIRST, w, 21, 21), RT32_FIRST);
}

struct rt_range {
	u32 index, first, last;
};

/* eun_rd_split() for @head..@end into @max (at most 4): as @want. */
static void rt_split(struct kunit *test, struct eun_rd *rd, u32 head, u32 end,
		     u32 max, const struct rt_range *want, u32 n)
{
	struct eun_rd_range out[5];
	u32 i;

	memset(out, 0xa5, sizeof(out));
	KUNIT_ASSERT_EQ_MSG(test, eun_rd_split(rd, head, end, out, max), n,
			    "%#x..%#x", head, end);
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_EQ_MSG(test, out[i].index, want[i].index,
				    "%#x..%#x range %u", head, end, i);
		KUNIT_EXPECT_EQ_MSG(test, out[i].first_psn, want[i].first,
				    "%#x..%#x range %u", head, end, i);
		KUNIT_EXPECT_EQ_MSG(test, out[i].last_psn, want[i].last,
				    "%#x..%#x range %u", head, end, i);
	}
	KUNIT_EXPECT_EQ(test, out[n].index, 0xa5a5a5a5);
}

/* One re-request per READ that the range meets, clipped to it. */
static void eun_rd_split_per_read(struct kunit *test)
{
	static const struct rt_range all[] = {
		{ 0, 0xfffffd, 0xfffffe }, { 1, 0xffffff, 1 }, { 2, 2, 2 },
	};
	static const struct rt_range mid[] = {
		{ 0, 0xfffffe, 0xfffffe }, { 1, 0xffffff, 0 },
	};
	static const struct rt_range one[] = { { 1, 0, 0 } };
	static const struct rt_range tail[] = { { 1, 1, 1 }, { 2, 2, 2 } };
	struct eun_rd *rd = rt_abc(test);

	rt_split(test, rd, 0xfffffd, 2, 4, all, 3);
	rt_split(test, rd, 0xfffffe, 0, 4, mid, 2);
	rt_split(test, rd, 0, 0, 4, one, 1);
	rt_split(test, rd, 1, 2, 4, tail, 2);
	/* No more than @max of them, oldest first. */
	rt_split(test, rd, 0xfffffd, 2, 2, all, 2);
	rt_split(test, rd, 0xfffffd, 2, 0, all, 0);
	/* A head outside, or an end before it: none. */
	rt_split(test, rd, 0xfffffc, 2, 4, all, 0);
	rt_split(test, rd, 3, 3, 4, all, 0);
	rt_split(test, rd, 1, 0, 4, all, 0);
	eun_rd_stop(rd);
	rt_split(test, rd, 0xfffffd, 2, 4, all, 0);
}

/*
 * Atomics among READs: one response PSN each, answered by one
 * ATOMIC_ACKNOWLEDGE without payload, and nothing else.
 */
/* rt_abc()'s READs from their first PSN to PSN 2, split and narrowed. */
static u32 rt_abc_narrow(struct eun_rd *rd, const u64 *w, u32 nbits,
			 u32 span, struct eun_rd_range *out)
{
	u32 n = eun_rd_split(rd, 0xfffffd, 2, out, 4);

	return eun_rd_narrow(0xfffffd, w, nbits, span, out, n);
}

/*
 * A re-request asks each READ only for what it may be missing: from its
 * first such PSN to its last; a READ missing none is not asked; a PSN the
 * words cannot show, or past the highest placed, may be missing; without
 * words only the range from the head is asked.
 */
static void eun_rd_narrow_per_read(struct kunit *test)
{
	/* A 0xfffffd..0xfffffe, B 0xffffff..0x000001, C 0x000002. */
	struct eun_rd *rd = rt_abc(test);
	struct eun_rd_range out[4];
	u32 head = 0xfffffd, n;
	u64 w[RT_WORDS] = { 0 };

	rt_set(w, head, 0xfffffe);
	rt_set(w, head, 0xffffff);
	rt_set(w, head, 1);
	rt_set(w, head, 2);
	/* Only 0 missing in B; C all in. */
	n = eun_rd_split(rd, head, 2, out, ARRAY_SIZE(out));
	KUNIT_ASSERT_EQ(test, n, 3);
	n = eun_rd_narrow(head, w, 256, 5, out, n);
	KUNIT_ASSERT_EQ(test, n, 2);
	KUNIT_EXPECT_EQ(test, out[0].index, 0);
	KUNIT_EXPECT_EQ(test, out[0].first_psn, head);
	KUNIT_EXPECT_EQ(test, out[0].last_psn, head);
	KUNIT_EXPECT_EQ(test, out[1].index, 1);
	KUNIT_EXPECT_EQ(test, out[1].first_psn, 0);
	KUNIT_EXPECT_EQ(test, out[1].last_psn, 0);

	/* Bits the words cannot show (from PSN 1 on) may be missing. */
	n = rt_abc_narrow(rd, w, 3, 5, out);
	KUNIT_ASSERT_EQ(test, n, 3);
	KUNIT_EXPECT_EQ(test, out[1].first_psn, 0);
	KUNIT_EXPECT_EQ(test, out[1].last_psn, 1);
	KUNIT_EXPECT_EQ(test, out[2].index, 2);
	KUNIT_EXPECT_EQ(test, out[2].first_psn, 2);

	/* So may PSNs past the highest placed, whatever the bits say. */
	n = rt_abc_narrow(rd, w, 256, 2, out);
	KUNIT_ASSERT_EQ(test, n, 3);
	KUNIT_EXPECT_EQ(test, out[1].first_psn, 0);
	KUNIT_EXPECT_EQ(test, out[1].last_psn, 1);

	/* Without words: the head's range alone, as split gave it. */
	n = rt_abc_narrow(rd, NULL, 0, 0, out);
	KUNIT_ASSERT_EQ(test, n, 1);
	KUNIT_EXPECT_EQ(test, out[0].first_psn, head);
	KUNIT_EXPECT_EQ(test, out[0].last_psn, 0xfffffe);
	KUNIT_EXPECT_EQ(test, eun_rd_narrow(head, NULL, 0, 0, out, 0), 0);

	/* Holes inside one READ: one range over them, placed ones between. */
	rd = rt_32(test);
	memset(w, 0, sizeof(w));
	head = RT32_FIRST;
	rt_place(rd, w, head, (const u32[]){ RT32_FIRST, 0xfffff5, 0xfffff9 },
		 3, RT32_FIRST, 0xfffffc);
	n = eun_rd_split(rd, head, 0xfffff9, out, ARRAY_SIZE(out));
	KUNIT_ASSERT_EQ(test, n, 1);
	n = eun_rd_narrow(head, w, 256, eun_psn_dist(head, 0xfffffc), out, n);
	KUNIT_ASSERT_EQ(test, n, 1);
	KUNIT_EXPECT_EQ(test, out[0].first_psn, head);
	KUNIT_EXPECT_EQ(test, out[0].last_psn, 0xfffff9);
}

/* PSN @o after RT32_FIRST. */
static u32 rt32(u32 o)
{
	return eun_psn_add(RT32_FIRST, o);
}

/* rt_32()'s READ missing @holes below +28 (all else placed), narrowed. */
static u32 rt32_narrowed(struct kunit *test, u64 *w, const u32 *holes,
			 u32 nholes, struct eun_rd_range *out, u32 room)
{
	struct eun_rd *rd = rt_32(test);
	u32 head = RT32_FIRST, end, n;

	memset(w, 0, RT_WORDS * sizeof(*w));
	rt_place(rd, w, head, holes, nholes, RT32_FIRST, rt32(28));
	end = eun_rd_range_end(rd, head, w, 256, 28);
	n = eun_rd_split(rd, head, end, out, room);
	return eun_rd_narrow(head, w, 256, 28, out, n);
}

/*
 * From a responder that answers any part of a READ, each run of missing
 * PSNs is asked for alone: runs fewer than EUN_RD_RUN_GAP placed PSNs
 * apart stay one range; with too little room the last range takes the
 * rest of its READ; with no room to split, or no words, the ranges stay
 * as they were.
 */
static void eun_rd_runs_per_hole(struct kunit *test)
{
	/* 7 placed between +1 and +9, 8 between +9 and +18. */
	const u32 holes[] = { rt32(0), rt32(1), rt32(9), rt32(18), rt32(20) };
	const u32 four[] = { rt32(0), rt32(9), rt32(18), rt32(27) };
	struct eun_rd_range out[4];
	u64 w[RT_WORDS];
	u32 n;

	BUILD_BUG_ON(EUN_RD_RUN_GAP != 8);
	n = rt32_narrowed(test, w, holes, ARRAY_SIZE(holes), out, 4);
	KUNIT_ASSERT_EQ(test, n, 1);
	KUNIT_EXPECT_EQ(test, out[0].first_psn, rt32(0));
	KUNIT_EXPECT_EQ(test, out[0].last_psn, rt32(20));
	n = eun_rd_runs(RT32_FIRST, w, 256, 28, out, n, 4);
	KUNIT_ASSERT_EQ(test, n, 2);
	KUNIT_EXPECT_EQ(test, out[0].index, 0);
	KUNIT_EXPECT_EQ(test, out[0].first_psn, rt32(0));
	KUNIT_EXPECT_EQ(test, out[0].last_psn, rt32(9));
	KUNIT_EXPECT_EQ(test, out[1].index, 0);
	KUNIT_EXPECT_EQ(test, out[1].first_psn, rt32(18));
	KUNIT_EXPECT_EQ(test, out[1].last_psn, rt32(20));

	/* Four runs, room for three, then two: the last takes the rest. */
	n = rt32_narrowed(test, w, four, ARRAY_SIZE(four), out, 4);
	n = eun_rd_runs(RT32_FIRST, w, 256, 28, out, n, 3);
	KUNIT_ASSERT_EQ(test, n, 3);
	KUNIT_EXPECT_EQ(test, out[1].first_psn, rt32(9));
	KUNIT_EXPECT_EQ(test, out[1].last_psn, rt32(9));
	KUNIT_EXPECT_EQ(test, out[2].first_psn, rt32(18));
	KUNIT_EXPECT_EQ(test, out[2].last_psn, rt32(27));
	n = rt32_narrowed(test, w, four, ARRAY_SIZE(four), out, 4);
	n = eun_rd_runs(RT32_FIRST, w, 256, 28, out, n, 2);
	KUNIT_ASSERT_EQ(test, n, 2);
	KUNIT_EXPECT_EQ(test, out[0].first_psn, rt32(0));
	KUNIT_EXPECT_EQ(test, out[0].last_psn, rt32(0));
	KUNIT_EXPECT_EQ(test, out[1].first_psn, rt32(9));
	KUNIT_EXPECT_EQ(test, out[1].last_psn, rt32(27));

	/* No room to split, or nothing to split by. */
	n = rt32_narrowed(test, w, holes, ARRAY_SIZE(holes), out, 4);
	KUNIT_EXPECT_EQ(test, eun_rd_runs(RT32_FIRST, w, 256, 28, out, n, 1),
			1);
	KUNIT_EXPECT_EQ(test, out[0].last_psn, rt32(20));
	KUNIT_EXPECT_EQ(test, eun_rd_runs(RT32_FIRST, NULL, 0, 0, out, n, 4),
			1);
	KUNIT_EXPECT_EQ(test, out[0].last_psn, rt32(20));
}

/*
 * Several READs: each keeps at least one range, in order, however little
 * room the earlier ones leave.
 */
static void eun_rd_runs_every_read(struct kunit *test)
{
	/* A 0xfffffd..0xfffffe, B 0xffffff..0x000001, C 0x000002. */
	struct eun_rd *rd = rt_abc(test);
	struct eun_rd_range out[4];
	u32 head = 0xfffffd, n;
	u64 w[RT_WORDS] = { 0 };

	/* Missing: A's both, B's first and last (0 placed), C beyond. */
	rt_set(w, head, 0);
	n = eun_rd_split(rd, head, 2, out, ARRAY_SIZE(out));
	KUNIT_ASSERT_EQ(test, n, 3);
	n = eun_rd_narrow(head, w, 256, 3, out, n);
	KUNIT_ASSERT_EQ(test, n, 3);
	n = eun_rd_runs(head, w, 256, 3, out, n, 4);
	KUNIT_ASSERT_EQ(test, n, 3);
	KUNIT_EXPECT_EQ(test, out[0].index, 0);
	KUNIT_EXPECT_EQ(test, out[0].first_psn, head);
	KUNIT_EXPECT_EQ(test, out[0].last_psn, 0xfffffe);
	/* Fewer than EUN_RD_RUN_GAP placed apart: one range, 0 asked again. */
	KUNIT_EXPECT_EQ(test, out[1].index, 1);
	KUNIT_EXPECT_EQ(test, out[1].first_psn, 0xffffff);
	KUNIT_EXPECT_EQ(test, out[1].last_psn, 1);
	KUNIT_EXPECT_EQ(test, out[2].index, 2);
	KUNIT_EXPECT_EQ(test, out[2].first_psn, 2);
	KUNIT_EXPECT_EQ(test, out[2].last_psn, 2);
}

/*
 * Nothing of two requests came: a probe goes first. One whole request
 * missing is what a lost request looks like, and a READ some of whose
 * packets came lost the rest.
 */
static void eun_rd_several_whole_requests(struct kunit *test)
{
	/* A 0xfffffd..0xfffffe, B 0xffffff..0x000001, C 0x000002. */
	struct eun_rd *rd = rt_abc(test);
	struct eun_rd_range r[] = {
		{ 0, 0xfffffd, 0xfffffe }, { 1, 0xffffff, 1 }, { 2, 2, 2 },
		{ 3, 3, 3 },
	};

	KUNIT_EXPECT_FALSE(test, eun_rd_several_whole(rd, r, 0));
	KUNIT_EXPECT_FALSE(test, eun_rd_several_whole(rd, r, 1));
	KUNIT_EXPECT_TRUE(test, eun_rd_several_whole(rd, r, 2));
	KUNIT_EXPECT_TRUE(test, eun_rd_several_whole(rd, &r[1], 2));

	/* B's first packet came: A and C still make two. */
	r[1].first_psn = 0;
	KUNIT_EXPECT_FALSE(test, eun_rd_several_whole(rd, r, 2));
	KUNIT_EXPECT_TRUE(test, eun_rd_several_whole(rd, r, 3));
	/* A's last came: C alone, and a range of no READ out counts not. */
	r[0].last_psn = 0xfffffd;
	KUNIT_EXPECT_FALSE(test, eun_rd_several_whole(rd, r, 4));
}

static void eun_rd_atomics(struct kunit *test)
{
	static const struct rt_range ranges[] = {
		{ 0, 0xffffff, 0xffffff }, { 1, 0, 0 }, { 2, 1, 1 }, { 3, 2, 2 },
	};
	struct eun_rd *rd = rt_new(test, RT_WRAP, 1024 + 100, 1024);

	/* READ 0xfffffe..0xffffff, atomics at 0 and 1, an empty READ at 2. */
	KUNIT_ASSERT_EQ(test, rt_atomic(rd, 0, 8, 1024), 0);
	KUNIT_ASSERT_EQ(test, rt_atomic(rd, 1, 5000, 256), 0);
	KUNIT_ASSERT_EQ(test, rt_start(rd, 2, 0, 1024, 0), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_at(rd, 1)->last_psn, 0);
	KUNIT_EXPECT_EQ(test, eun_rd_at(rd, 2)->last_psn, 1);
	KUNIT_EXPECT_EQ(test, rd->last_psn, 2);
	KUNIT_EXPECT_EQ(test, eun_rd_find(rd, 0), 1);
	KUNIT_EXPECT_EQ(test, eun_rd_find(rd, 1), 2);
	KUNIT_EXPECT_EQ(test, eun_rd_find(rd, 2), 3);

	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0, EUN_RD_ATOMIC_ACK, 0, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 1, EUN_RD_ATOMIC_ACK, 0, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0, EUN_RD_ATOMIC_ACK, 8, 1024), -EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0, EUN_RD_ONLY, 0, 1024), -EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0, EUN_RD_FIRST, 8, 1024), -EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 1, EUN_RD_LAST, 0, 1024), -EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 1, RT_NO_KIND, 0, 1024), -EPROTO);
	/* A READ's packets are no ATOMIC_ACKNOWLEDGE, the empty one neither. */
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, RT_WRAP, EUN_RD_ATOMIC_ACK, 1024, 1024),
			-EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 0xffffff, EUN_RD_ATOMIC_ACK, 0, 1024),
			-EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 2, EUN_RD_ATOMIC_ACK, 0, 1024), -EPROTO);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 2, EUN_RD_ONLY, 0, 1024), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, 3, EUN_RD_ATOMIC_ACK, 0, 1024), -ERANGE);

	/* A re-request asks for each atomic alone. */
	rt_split(test, rd, 0xffffff, 2, 4, ranges, 4);
}

/*
 * A lost request leaves the atomics behind it held at the responder and
 * nothing coming back: the responder's sequence NAK at its PSN starts
 * the window as a response beyond it would, and the re-request asks for
 * that request alone. Before the NAK only the blind wait runs.
 */
static void eun_rd_gap_nak(struct kunit *test)
{
	static const struct rt_range lost[] = { { 1, 0, 0 } };
	struct eun_rd *rd = rt_new(test, RT_WRAP, 1024 + 100, 1024);
	u64 w[RT_WORDS] = {};
	u32 end, psn;

	/* READ 0xfffffe..0xffffff, then atomics at 0..5. */
	for (psn = 0; psn != 6; psn++)
		KUNIT_ASSERT_EQ(test, rt_atomic(rd, psn, 8, 1024), 0);
	eun_rd_arrival(rd, RT_WRAP, 0xffffff, true, 1 * MS);
	eun_rd_arrival(rd, 0xffffff, 0, true, 2 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0), 2 * MS + RT_BLIND(4 * MS, 0));

	/* Not a request's first PSN, stale, or not out: nothing changes. */
	KUNIT_EXPECT_FALSE(test, eun_rd_gap(rd, 0xffffff, 0, 3 * MS));
	KUNIT_EXPECT_FALSE(test, eun_rd_gap(rd, RT_WRAP, 0, 3 * MS));
	KUNIT_EXPECT_FALSE(test, eun_rd_gap(rd, 6, 0, 3 * MS));
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0), 2 * MS + RT_BLIND(4 * MS, 0));

	/* Its request's way to the responder and the response's back. */
	KUNIT_EXPECT_TRUE(test, eun_rd_gap(rd, 0, 0, 3 * MS));
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0), 11 * MS);
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, 0, 11 * MS - 1));
	KUNIT_EXPECT_TRUE(test, eun_rd_due(rd, 0, 11 * MS));
	end = eun_rd_range_end(rd, 0, w, RT_WORDS * 64, 0);
	KUNIT_EXPECT_EQ(test, end, 0);
	rt_split(test, rd, 0, end, 4, lost, 1);

	/* After the re-request a NAK may be older than it: no news. */
	eun_rd_rerequested(rd, 0, 11 * MS);
	KUNIT_EXPECT_TRUE(test, eun_rd_gap(rd, 0, 0, 12 * MS));
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0), 11 * MS + RT_BLIND(4 * MS, 1));
	/* Its answer: atomic 0 in, the next one's NAK times its own loss. */
	eun_rd_arrival(rd, 0, 1, true, 13 * MS);
	KUNIT_EXPECT_TRUE(test, eun_rd_gap(rd, 1, 1, 14 * MS));
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 1), 22 * MS);
}

/*
 * A READ the responder never had: every packet of it is missing, so its
 * re-request asks for all of it (a part would be a new READ to rxe's
 * responder, answered with a FIRST at a later PSN).
 */
static void eun_rd_gap_nak_read(struct kunit *test)
{
	static const struct rt_range whole[] = { { 0, 100, 103 } };
	struct eun_rd *rd = rt_new(test, 100, 4 * 1024, 1024);
	u64 w[RT_WORDS] = {};
	u32 end;

	KUNIT_ASSERT_EQ(test, rt_atomic(rd, 104, 8, 1024), 0);
	KUNIT_EXPECT_TRUE(test, eun_rd_gap(rd, 100, 100, 1 * MS));
	KUNIT_EXPECT_EQ(test, rd->max_psn, 103);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 100), 9 * MS);
	end = eun_rd_range_end(rd, 100, w, RT_WORDS * 64, 0);
	KUNIT_EXPECT_EQ(test, end, 103);
	rt_split(test, rd, 100, end, 4, whole, 1);
}

/* READs complete oldest first; the ring wraps round. */
static void eun_rd_retire_oldest(struct kunit *test)
{
	struct eun_rd *rd = rt_abc(test);
	u32 i, psn;

	KUNIT_EXPECT_FALSE(test, eun_rd_oldest_done(rd, 0xfffffd));
	KUNIT_EXPECT_FALSE(test, eun_rd_oldest_done(rd, 0xfffffe));
	KUNIT_EXPECT_TRUE(test, eun_rd_oldest_done(rd, 0xffffff));
	KUNIT_EXPECT_TRUE(test, eun_rd_oldest_done(rd, 3));
	eun_rd_retire(rd);
	KUNIT_EXPECT_EQ(test, rd->count, 2);
	KUNIT_EXPECT_EQ(test, rd->first_psn, 0xffffff);
	KUNIT_EXPECT_EQ(test, rd->last_psn, 2);
	KUNIT_EXPECT_EQ(test, eun_rd_at(rd, 0)->first_psn, 0xffffff);
	KUNIT_EXPECT_FALSE(test, eun_rd_owns(rd, 0xfffffe));
	KUNIT_EXPECT_EQ(test, eun_rd_find(rd, 0), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_find(rd, 2), 1);
	KUNIT_EXPECT_FALSE(test, eun_rd_oldest_done(rd, 1));
	KUNIT_EXPECT_TRUE(test, eun_rd_oldest_done(rd, 2));
	eun_rd_retire(rd);
	eun_rd_arrival(rd, 2, 3, true, 5);
	KUNIT_EXPECT_TRUE(test, rd->armed);
	eun_rd_retire(rd);
	KUNIT_EXPECT_EQ(test, rd->count, 0);
	KUNIT_EXPECT_FALSE(test, rd->armed);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 3), 0);
	KUNIT_EXPECT_FALSE(test, eun_rd_oldest_done(rd, 3));
	eun_rd_retire(rd);
	KUNIT_EXPECT_EQ(test, rd->count, 0);

	/* Any first PSN again once none is out. */
	KUNIT_ASSERT_EQ(test, rt_start(rd, 0x500, 1024, 1024, 6), 0);
	KUNIT_EXPECT_FALSE(test, rd->seen);

	/* A full ring, half retired, refilled: found in order still. */
	rd = rt_alloc(test);
	for (i = 0, psn = 0xfffff8; i < EUN_RD_MAX_OUT; i++, psn++)
		KUNIT_ASSERT_EQ(test, rt_start(rd, psn & EUN_PSN_MASK, 1, 1024, 0), 0);
	for (i = 0; i < EUN_RD_MAX_OUT / 2 + 1; i++)
		eun_rd_retire(rd);
	for (i = 0; i < EUN_RD_MAX_OUT / 2 + 1; i++, psn++)
		KUNIT_ASSERT_EQ(test, rt_start(rd, psn & EUN_PSN_MASK, 1, 1024, 0), 0);
	KUNIT_EXPECT_EQ(test, rd->count, EUN_RD_MAX_OUT);
	for (i = 0; i < EUN_RD_MAX_OUT; i++) {
		psn = eun_psn_add(rd->first_psn, i);
		KUNIT_EXPECT_EQ_MSG(test, eun_rd_at(rd, i)->first_psn, psn, "READ %u", i);
		KUNIT_EXPECT_EQ_MSG(test, eun_rd_find(rd, psn), i, "READ %u", i);
	}
	KUNIT_EXPECT_EQ(test, rd->first_psn, eun_psn_add(0xfffff8, EUN_RD_MAX_OUT / 2 + 1));
}

static void eun_rd_stop_keeps_window(struct kunit *test)
{
	struct eun_rd *rd = rt_four(test);

	KUNIT_EXPECT_TRUE(test, rt_spurious(test, rd, 0, 10));
	KUNIT_EXPECT_TRUE(test, rt_spurious(test, rd, 1, 20));
	KUNIT_ASSERT_EQ(test, rd->reo_wnd_ns, 16 * MS);
	eun_rd_arrival(rd, 0xffffff, RT_WRAP, true, 31);
	KUNIT_ASSERT_TRUE(test, rd->armed);
	eun_rd_stop(rd);
	KUNIT_EXPECT_EQ(test, rd->count, 0);
	KUNIT_EXPECT_FALSE(test, rd->armed);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_WRAP), 0);
	KUNIT_EXPECT_FALSE(test, eun_rd_owns(rd, RT_WRAP));
	KUNIT_EXPECT_EQ(test, eun_rd_check(rd, RT_WRAP, EUN_RD_FIRST, 1024, 1024),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 16 * MS);

	/* The next READ starts with it: the longer wait, then one window. */
	KUNIT_ASSERT_EQ(test, rt_start(rd, 0xfffff0, 32 * 256, 256, 35), 0);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 16 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0xfffff0), 35 + RT_BLIND(16 * MS, 0));
	eun_rd_arrival(rd, 0xffffff, 0xfffff0, true, 40);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0xfffff0), 40 + 16 * MS);
}

/* Start a request that writes (an atomic or an ATOMIC WRITE) at @first. */
static int rt_writes(struct eun_rd *rd, u32 first)
{
	struct eun_rd_req r = {
		.first_psn = first, .len = 8, .atomic = true, .writes = true,
	};

	return eun_rd_start(rd, &r, 1024, 0);
}

/*
 * A READ behind an atomic or ATOMIC WRITE still out must be executed in
 * turn: eun_rd_writes_out() says so until that request is retired, across
 * the 2^24 wrap, wherever it sits among the READs.
 */
static void eun_rd_writes_out_until_retired(struct kunit *test)
{
	struct eun_rd *rd = rt_new(test, RT_WRAP, 2 * 1024, 1024);

	/* READ 0xfffffe..0xffffff only: nothing that writes. */
	KUNIT_EXPECT_FALSE(test, eun_rd_writes_out(rd));
	/* It goes by @writes, which the glue sets for every atomic. */
	KUNIT_ASSERT_EQ(test, rt_atomic(rd, 0, 8, 1024), 0);
	KUNIT_EXPECT_FALSE(test, eun_rd_writes_out(rd));
	KUNIT_ASSERT_EQ(test, rt_writes(rd, 1), 0);
	KUNIT_ASSERT_EQ(test, rt_start(rd, 2, 3 * 1024, 1024, 0), 0);
	KUNIT_EXPECT_TRUE(test, eun_rd_writes_out(rd));

	eun_rd_retire(rd);	/* the READ at the wrap */
	KUNIT_EXPECT_TRUE(test, eun_rd_writes_out(rd));
	eun_rd_retire(rd);	/* the atomic at 0 */
	KUNIT_EXPECT_TRUE(test, eun_rd_writes_out(rd));
	eun_rd_retire(rd);	/* the one that writes, at 1 */
	KUNIT_EXPECT_FALSE(test, eun_rd_writes_out(rd));
	KUNIT_EXPECT_EQ(test, rd->count, 1);
	eun_rd_retire(rd);
	KUNIT_EXPECT_FALSE(test, eun_rd_writes_out(rd));

	/* Once the ring has turned: a full ring, the writer last. */
	while (rd->count < EUN_RD_MAX_OUT - 1)
		KUNIT_ASSERT_EQ(test, rt_start(rd, 100 + rd->count, 8, 1024, 0), 0);
	KUNIT_EXPECT_FALSE(test, eun_rd_writes_out(rd));
	KUNIT_ASSERT_EQ(test, rt_writes(rd, 100 + rd->count), 0);
	KUNIT_EXPECT_TRUE(test, eun_rd_writes_out(rd));
	while (rd->count > 1)
		eun_rd_retire(rd);
	KUNIT_EXPECT_TRUE(test, eun_rd_writes_out(rd));
	eun_rd_stop(rd);
	KUNIT_EXPECT_FALSE(test, eun_rd_writes_out(rd));
}

/*
 * A sequence NAK for atomic 0, then the response of atomic 3: the
 * responder executes atomics in their turn, so 0 had come there and its
 * response went before 3's. The NAK is stale: the hole is timed from 3's
 * arrival, and a wait for the responses after it is a pause of theirs.
 */
static void eun_rd_gap_nak_stale(struct kunit *test)
{
	struct eun_rd *rd = rt_alloc(test);
	u32 psn;

	for (psn = 0; psn != 6; psn++)
		KUNIT_ASSERT_EQ(test, rt_writes(rd, psn), 0);
	KUNIT_EXPECT_TRUE(test, eun_rd_gap(rd, 0, 0, 3 * MS));
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0), 11 * MS);

	eun_rd_arrival(rd, 3, 0, true, 4 * MS);
	KUNIT_EXPECT_FALSE(test, rd->held);
	KUNIT_EXPECT_EQ(test, rd->max_psn, 3);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0), 8 * MS);
	KUNIT_EXPECT_FALSE(test, eun_rd_paused(rd, 0, 5 * MS));
	KUNIT_EXPECT_TRUE(test, eun_rd_paused(rd, 0, 5 * MS + 1));
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, 0, 8 * MS));

	/* 0 comes 8 ms after 3, all of it a pause: the window stays. */
	eun_rd_arrival(rd, 0, 1, true, 12 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, RT_WND);
}

/*
 * A READ may be executed ahead of a request missing before it: its
 * response beyond the hole leaves the NAK standing, as does a copy of a
 * response that writes.
 */
static void eun_rd_gap_nak_read_ahead(struct kunit *test)
{
	struct eun_rd *rd = rt_alloc(test);

	KUNIT_ASSERT_EQ(test, rt_writes(rd, 0), 0);
	KUNIT_ASSERT_EQ(test, rt_writes(rd, 1), 0);
	KUNIT_ASSERT_EQ(test, rt_start(rd, 2, 2 * 1024, 1024, 0), 0);
	KUNIT_EXPECT_TRUE(test, eun_rd_gap(rd, 0, 0, 3 * MS));

	eun_rd_arrival(rd, 2, 0, true, 4 * MS);
	KUNIT_EXPECT_TRUE(test, rd->held);
	eun_rd_arrival(rd, 1, 0, false, 5 * MS);
	KUNIT_EXPECT_TRUE(test, rd->held);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 0), 11 * MS);
	KUNIT_EXPECT_FALSE(test, eun_rd_paused(rd, 0, 6 * MS));
	KUNIT_EXPECT_TRUE(test, eun_rd_due(rd, 0, 11 * MS));

	/*
	 * Atomic 0 comes 10 ms after the NAK: 5 ms on each way, so the
	 * window learns 5 ms and a quarter.
	 */
	eun_rd_arrival(rd, 0, 1, true, 13 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 5 * MS + 5 * MS / 4);
}

/* The window a QP asks for is kept within what the tracker can time. */
static void eun_rd_init_clamps_window(struct kunit *test)
{
	struct eun_rd *rd = rt_alloc(test);

	eun_rd_init(rd, 0, 0);
	KUNIT_EXPECT_EQ(test, rd->reo_min_ns, EUN_RD_REO_MIN_NS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, EUN_RD_REO_MIN_NS);
	eun_rd_init(rd, U64_MAX, U64_MAX);
	KUNIT_EXPECT_EQ(test, rd->reo_min_ns, EUN_RD_REO_MAX_NS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, EUN_RD_REO_MAX_NS);
	eun_rd_init(rd, 1 * MS, 1 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_min_ns, 1 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 1 * MS);
	/* A start below the least starts at the least. */
	eun_rd_init(rd, 1 * MS, 3 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 3 * MS);
}

/*
 * A new QP starts at twice its least: one lateness of a few ms more than
 * the least, before any was seen, is no re-request yet.
 */
static void eun_rd_start_wnd_doubles_least(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, eun_rd_start_wnd(4 * MS), 8 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_start_wnd(0), 2 * EUN_RD_REO_MIN_NS);
	KUNIT_EXPECT_EQ(test, eun_rd_start_wnd(EUN_RD_REO_MAX_NS / 2 + 1),
			EUN_RD_REO_MAX_NS);
	KUNIT_EXPECT_EQ(test, eun_rd_start_wnd(U64_MAX), EUN_RD_REO_MAX_NS);
}

/* A request's responses take one PSN per MTU, at least one. */
static void eun_rd_npkts_per_mtu(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, eun_rd_npkts(65536, false, 1024), 64);
	KUNIT_EXPECT_EQ(test, eun_rd_npkts(65537, false, 1024), 65);
	KUNIT_EXPECT_EQ(test, eun_rd_npkts(1, false, 4096), 1);
	KUNIT_EXPECT_EQ(test, eun_rd_npkts(0, false, 1024), 1);
	KUNIT_EXPECT_EQ(test, eun_rd_npkts(8, true, 256), 1);
	KUNIT_EXPECT_EQ(test, eun_rd_npkts(U32_MAX, false, 256),
			(u64)U32_MAX / 256 + 1);
}

/*
 * A request starts as far past the oldest unacknowledged PSN as keeps its
 * last response within the bitmap: start + npkts - 1 < bits.
 */
static void eun_rd_reach_keeps_responses_tracked(struct kunit *test)
{
	int reach = eun_rd_reach(65536, false, 1024, 256);

	KUNIT_EXPECT_EQ(test, reach, 192);
	KUNIT_EXPECT_LT(test, reach + 64 - 1, 256);
	/* Four 64 KiB READs fit 256 bits, a fifth would not. */
	KUNIT_EXPECT_EQ(test, reach / 64 + 1, 4);
	KUNIT_EXPECT_EQ(test, eun_rd_reach(8, true, 1024, 256), 255);
	KUNIT_EXPECT_EQ(test, eun_rd_reach(0, false, 1024, 256), 255);
	KUNIT_EXPECT_EQ(test, eun_rd_reach(256 * 1024, false, 1024, 256), 0);
	KUNIT_EXPECT_EQ(test, eun_rd_reach(65536, false, 4096, 4096), 4080);
}

/*
 * Place every response packet of @first..@last, in order: the first
 * missing PSN is then @hole if @behind, else the one after each.
 */
static void rt_arrive(struct eun_rd *rd, u32 first, u32 last, bool behind,
		      u32 hole, u64 now)
{
	u32 psn;

	for (psn = first; psn != eun_psn_add(last, 1); psn = eun_psn_add(psn, 1))
		eun_rd_arrival(rd, psn, behind ? hole : eun_psn_add(psn, 1),
			       true, now);
}

/*
 * read_inflight counts the response packets not placed yet: four READs of
 * 64 KiB fill 256, a fifth waits, an atomic too; a request goes alone
 * whatever its size.
 */
static void eun_rd_room_counts_unplaced(struct kunit *test)
{
	struct eun_rd *rd = rt_alloc(test);
	int i;

	KUNIT_EXPECT_TRUE(test, eun_rd_room(rd, 1000, 256));
	for (i = 0; i < 4; i++) {
		KUNIT_EXPECT_TRUE(test, eun_rd_room(rd, 64, 256));
		KUNIT_ASSERT_EQ(test, rt_start(rd, RT_AT(64 * i), 65536, 1024, 0), 0);
	}
	KUNIT_EXPECT_EQ(test, rd->unplaced, 256);
	KUNIT_EXPECT_FALSE(test, eun_rd_room(rd, 64, 256));
	KUNIT_EXPECT_FALSE(test, eun_rd_room(rd, 1, 256));
	KUNIT_EXPECT_TRUE(test, eun_rd_room(rd, 64, 320));

	/* A copy of a packet, or one dropped unplaced, is still awaited. */
	eun_rd_arrival(rd, RT_AT(70), RT_AT(0), false, 0);
	KUNIT_EXPECT_EQ(test, rd->unplaced, 256);
	eun_rd_arrival(rd, RT_AT(70), RT_AT(0), true, 0);
	KUNIT_EXPECT_EQ(test, rd->unplaced, 255);
	KUNIT_EXPECT_TRUE(test, eun_rd_room(rd, 1, 256));
	KUNIT_EXPECT_FALSE(test, eun_rd_room(rd, 64, 256));
}

/*
 * A lost response holds only itself: with the rest of four READs placed
 * past it, four more fit beside it while it is asked for again.
 */
static void eun_rd_room_past_a_hole(struct kunit *test)
{
	struct eun_rd *rd = rt_alloc(test);
	int i;

	for (i = 0; i < 4; i++)
		KUNIT_ASSERT_EQ(test, rt_start(rd, RT_AT(64 * i), 65536, 1024, 0), 0);
	rt_arrive(rd, RT_AT(0), RT_AT(9), false, 0, 0);
	rt_arrive(rd, RT_AT(11), RT_AT(255), true, RT_AT(10), MS);
	KUNIT_EXPECT_EQ(test, rd->unplaced, 1);
	KUNIT_EXPECT_FALSE(test, eun_rd_oldest_done(rd, RT_AT(10)));
	for (i = 4; i < 7; i++) {
		KUNIT_EXPECT_TRUE(test, eun_rd_room(rd, 64, 256));
		KUNIT_ASSERT_EQ(test, rt_start(rd, RT_AT(64 * i), 65536, 1024, MS), 0);
	}
	KUNIT_EXPECT_EQ(test, rd->unplaced, 1 + 3 * 64);
	KUNIT_EXPECT_FALSE(test, eun_rd_room(rd, 64, 256));

	/* The hole filled, its READ and the three placed after it retire. */
	eun_rd_arrival(rd, RT_AT(10), RT_AT(256), true, 2 * MS);
	KUNIT_EXPECT_EQ(test, rd->unplaced, 3 * 64);
	for (i = 0; i < 4; i++)
		eun_rd_retire(rd);
	KUNIT_EXPECT_EQ(test, rd->count, 3);
	KUNIT_EXPECT_EQ(test, rd->unplaced, 3 * 64);
	KUNIT_EXPECT_TRUE(test, eun_rd_room(rd, 64, 256));
}

/* What a READ retired or stopped had not placed is awaited no longer. */
static void eun_rd_room_after_retire_and_stop(struct kunit *test)
{
	struct eun_rd *rd = rt_alloc(test);

	KUNIT_ASSERT_EQ(test, rt_start(rd, RT_AT(0), 4096, 1024, 0), 0);
	KUNIT_ASSERT_EQ(test, rt_atomic(rd, RT_AT(4), 8, 1024), 0);
	KUNIT_ASSERT_EQ(test, rt_start(rd, RT_AT(5), 2048, 1024, 0), 0);
	KUNIT_EXPECT_EQ(test, rd->unplaced, 4 + 1 + 2);
	rt_arrive(rd, RT_AT(0), RT_AT(1), false, 0, 0);
	eun_rd_retire(rd);
	KUNIT_EXPECT_EQ(test, rd->unplaced, 1 + 2);
	eun_rd_stop(rd);
	KUNIT_EXPECT_EQ(test, rd->unplaced, 0);
	KUNIT_EXPECT_TRUE(test, eun_rd_room(rd, 1, 1));
	KUNIT_ASSERT_EQ(test, rt_start(rd, RT_AT(7), 1024, 1024, 0), 0);
	KUNIT_EXPECT_EQ(test, rd->unplaced, 1);
}

/* A READ the bitmap cannot hold whole, or no MTU, has no reach. */
static void eun_rd_reach_refused(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, eun_rd_reach(256 * 1024 + 1, false, 1024, 256),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, eun_rd_reach(U32_MAX, false, 256, 4096), -ERANGE);
	KUNIT_EXPECT_EQ(test, eun_rd_reach(8, true, 1024, 0), -ERANGE);
	KUNIT_EXPECT_EQ(test, eun_rd_reach(8, true, 1024, EUN_BM_MAX_BITS + 1),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, eun_rd_reach(4096, false, 0, 256), -EINVAL);
}

/* A short window does not shorten the wait for a tail: the floor holds. */
static void eun_rd_blind_wait_floor(struct kunit *test)
{
	struct eun_rd *rd = rt_alloc(test);

	eun_rd_init(rd, 1 * MS, 1 * MS);
	KUNIT_ASSERT_EQ(test, rt_start(rd, 100, 4 * 1024, 1024, 1 * MS), 0);
	KUNIT_EXPECT_TRUE(test, eun_rd_blind(rd, 100));
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 100), 1 * MS + EUN_RD_BLIND_MIN_NS);
	eun_rd_arrival(rd, 100, 101, true, 2 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 101), 2 * MS + EUN_RD_BLIND_MIN_NS);
	eun_rd_rerequested(rd, 101, 40 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 101), 40 * MS + 2 * EUN_RD_BLIND_MIN_NS);
	/* A hole below the highest that came keeps the short window. */
	eun_rd_arrival(rd, 103, 101, true, 41 * MS);
	eun_rd_arrival(rd, 101, 102, true, 42 * MS);
	KUNIT_EXPECT_FALSE(test, eun_rd_blind(rd, 102));
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 102), 43 * MS);
}

/*
 * The first missing PSN coming late, unasked, widens the window to its
 * lateness and a quarter, the responder's pauses not counted; a shorter
 * lateness, or a later hole filled late, does not.
 */
static void eun_rd_late_unasked_widens(struct kunit *test)
{
	struct eun_rd *rd = rt_alloc(test);
	u32 psn;

	/* A window of 1 ms: a quarter of it, 250 us, between new packets. */
	eun_rd_init(rd, 1 * MS, 1 * MS);
	KUNIT_ASSERT_EQ(test, rt_start(rd, 100, 64 * 1024, 1024, 0), 0);
	eun_rd_arrival(rd, 101, 100, true, 1 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 100), 2 * MS);
	/* 0.8 ms late: a window of 1 ms covers it with its quarter. */
	eun_rd_arrival(rd, 102, 100, true, 1200 * 1000);
	eun_rd_arrival(rd, 103, 100, true, 1400 * 1000);
	eun_rd_arrival(rd, 104, 100, true, 1600 * 1000);
	eun_rd_arrival(rd, 100, 105, true, 1800 * 1000);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 1 * MS);

	/* 2 ms late, packets flowing all along: 2.5 ms. */
	eun_rd_arrival(rd, 106, 105, true, 2 * MS);
	eun_rd_arrival(rd, 107, 105, true, 2250 * 1000);
	eun_rd_arrival(rd, 108, 105, true, 2500 * 1000);
	eun_rd_arrival(rd, 109, 105, true, 2750 * 1000);
	eun_rd_arrival(rd, 110, 105, true, 3 * MS);
	eun_rd_arrival(rd, 111, 105, true, 3250 * 1000);
	eun_rd_arrival(rd, 112, 105, true, 3500 * 1000);
	eun_rd_arrival(rd, 113, 105, true, 3750 * 1000);
	eun_rd_arrival(rd, 105, 114, true, 4 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 5 * MS / 2);
	KUNIT_EXPECT_EQ(test, rd->calm, 0);

	/*
	 * 115 filled 4 ms after 116 came, but 114 was the hole timed; 114
	 * then 5 ms after 116, of which 3 ms (a quarter of 2.5 ms is 625 us)
	 * the responses paused: 2 ms late, covered.
	 */
	eun_rd_arrival(rd, 116, 114, true, 5 * MS);
	eun_rd_arrival(rd, 117, 114, true, 5500 * 1000);
	eun_rd_arrival(rd, 118, 114, true, 8500 * 1000);
	KUNIT_EXPECT_EQ(test, rd->paused_ns, 3 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 114), 5 * MS + 3 * MS + 5 * MS / 2);
	eun_rd_arrival(rd, 115, 114, true, 9 * MS);
	eun_rd_arrival(rd, 119, 114, true, 9500 * 1000);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 5 * MS / 2);
	eun_rd_arrival(rd, 114, 120, true, 10 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 5 * MS / 2);
	/* 3 ms late, flowing: 3.75 ms. */
	eun_rd_arrival(rd, 121, 120, true, 10500 * 1000);
	eun_rd_arrival(rd, 122, 120, true, 11 * MS);
	eun_rd_arrival(rd, 123, 120, true, 11500 * 1000);
	eun_rd_arrival(rd, 124, 120, true, 12 * MS);
	eun_rd_arrival(rd, 125, 120, true, 12500 * 1000);
	eun_rd_arrival(rd, 126, 120, true, 13 * MS);
	eun_rd_arrival(rd, 120, 127, true, 13500 * 1000);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 15 * MS / 4);

	/* A packet dropped (no memory) fills nothing; its copy placed does. */
	eun_rd_arrival(rd, 128, 127, true, 14 * MS);
	eun_rd_arrival(rd, 127, 127, false, 14500 * 1000);
	for (psn = 129; psn <= 135; psn++)
		eun_rd_arrival(rd, psn, 127, true, 29 * MS / 2 + (psn - 129) * MS / 2);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 15 * MS / 4);
	eun_rd_arrival(rd, 127, 136, true, 18 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 5 * MS);
}

/* Lateness widens the window up to EUN_RD_REO_MAX_NS, no further. */
static void eun_rd_late_widens_at_most_max(struct kunit *test)
{
	struct eun_rd *rd = rt_alloc(test);
	u32 psn;

	/* A quarter of 32 ms between new packets is no pause. */
	eun_rd_init(rd, 32 * MS, 32 * MS);
	KUNIT_ASSERT_EQ(test, rt_start(rd, 100, 64 * 1024, 1024, 0), 0);
	for (psn = 101; psn <= 110; psn++)
		eun_rd_arrival(rd, psn, 100, true, (psn - 101) * 8 * MS);
	KUNIT_EXPECT_EQ(test, rd->paused_ns, 0);
	eun_rd_arrival(rd, 100, 111, true, 80 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, EUN_RD_REO_MAX_NS);
}

/*
 * The responses stop with a hole waiting and more to come: the responder
 * paused (a soft one on a busy host), which is no news of the hole, so it
 * waits as a missing tail does; once they go on, the hole's window runs
 * again, later by the pause. With the newest READ's last PSN in, nothing
 * more comes to flow, and the window runs without them.
 */
static void eun_rd_pause_is_no_news(struct kunit *test)
{
	struct eun_rd *rd = rt_new(test, 100, 64 * 1024, 1024);
	u32 psn;

	eun_rd_arrival(rd, 101, 100, true, 1 * MS);
	eun_rd_arrival(rd, 102, 100, true, 1500 * 1000);
	eun_rd_arrival(rd, 103, 100, true, 2 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 100), 5 * MS);
	/* Nothing for a quarter window: not yet a pause. */
	KUNIT_EXPECT_FALSE(test, eun_rd_paused(rd, 100, 3 * MS));
	KUNIT_EXPECT_EQ(test, eun_rd_wake(rd, 100, 3 * MS), 5 * MS);
	/* Nothing for longer: paused, the longer wait from the latest. */
	KUNIT_EXPECT_TRUE(test, eun_rd_paused(rd, 100, 3 * MS + 1));
	KUNIT_EXPECT_EQ(test, eun_rd_wake(rd, 100, 5 * MS),
			2 * MS + RT_BLIND(4 * MS, 0));
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, 100, 5 * MS));
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, 100, 2 * MS + RT_BLIND(4 * MS, 0) - 1));

	/* They go on at 7 ms: 5 ms paused, the window runs to 10 ms. */
	eun_rd_arrival(rd, 104, 100, true, 7 * MS);
	KUNIT_EXPECT_EQ(test, rd->paused_ns, 5 * MS);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 100), 10 * MS);
	for (psn = 105; psn <= 110; psn++)
		eun_rd_arrival(rd, psn, 100, true, 7 * MS + (psn - 104) * MS / 2);
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, 100, 10 * MS - 1));
	KUNIT_EXPECT_TRUE(test, eun_rd_due(rd, 100, 10 * MS));
	/* Late by 10 ms, 5 of them paused: 6.25 ms, not 12.5. */
	eun_rd_arrival(rd, 100, 111, true, 11 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 25 * MS / 4);

	/* The last PSN in: a hole with nothing more to come is not paused. */
	eun_rd_arrival(rd, 163, 111, true, 12 * MS);
	KUNIT_EXPECT_FALSE(test, eun_rd_paused(rd, 111, 100 * MS));
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 111), 12 * MS + 25 * MS / 4);
	KUNIT_EXPECT_TRUE(test, eun_rd_due(rd, 111, 12 * MS + 25 * MS / 4));
	/* Nor does a wait then count as a pause: nothing was to be sent. */
	eun_rd_arrival(rd, 120, 111, true, 16 * MS);
	KUNIT_EXPECT_EQ(test, rd->paused_ns, 0);
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, 111), 12 * MS + 25 * MS / 4);
	/* Nor is a hole the wait has not timed (blind, from the latest). */
	KUNIT_EXPECT_FALSE(test, eun_rd_paused(rd, 150, 100 * MS));
}

/*
 * A re-request's answer filling a hole is no news of reordering, up to
 * the last PSN of the newest READ out when it went; once that READ
 * retires, holes filled late count again.
 */
static void eun_rd_answer_does_not_widen(struct kunit *test)
{
	struct eun_rd *rd = rt_alloc(test);
	u32 psn;

	eun_rd_init(rd, 1 * MS, 1 * MS);
	KUNIT_ASSERT_EQ(test, rt_start(rd, 100, 8 * 1024, 1024, 0), 0);
	KUNIT_ASSERT_EQ(test, rt_start(rd, 108, 1024, 1024, 0), 0);
	for (psn = 101; psn <= 108; psn++)
		if (psn != 102)
			eun_rd_arrival(rd, psn, 100, true, 1 * MS);
	eun_rd_rerequested(rd, 100, 2 * MS);
	KUNIT_EXPECT_TRUE(test, rd->asked);
	KUNIT_EXPECT_EQ(test, rd->rereq_last, 108);

	/* Its answer: 100, then 102 two packet times later. */
	eun_rd_arrival(rd, 100, 102, true, 3 * MS);
	KUNIT_EXPECT_TRUE(test, rd->armed);
	eun_rd_arrival(rd, 101, 102, false, 4 * MS);
	eun_rd_arrival(rd, 102, 109, true, 5 * MS);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 1 * MS);

	eun_rd_retire(rd);
	KUNIT_EXPECT_TRUE(test, rd->asked);
	eun_rd_retire(rd);
	KUNIT_EXPECT_FALSE(test, rd->asked);

	KUNIT_ASSERT_EQ(test, rt_start(rd, 109, 8 * 1024, 1024, 6 * MS), 0);
	for (psn = 110; psn <= 114; psn++)
		eun_rd_arrival(rd, psn, 109, true, 7 * MS + (psn - 110) * MS / 4);
	eun_rd_arrival(rd, 109, 115, true, 8250 * 1000);
	KUNIT_EXPECT_EQ(test, rd->reo_wnd_ns, 25 * MS / 16);

	/* READs that fail take what was asked with them. */
	eun_rd_rerequested(rd, 115, 11 * MS);
	KUNIT_EXPECT_TRUE(test, rd->asked);
	eun_rd_stop(rd);
	KUNIT_EXPECT_FALSE(test, rd->asked);
}

/*
 * A packet that came before a re-request's answer is no news of a hole
 * the answer covers: the hole's new copy goes after it. Only a packet of
 * the answer beyond the hole times it, and the answer's packets still on
 * their way are not asked for again; a response of a READ sent after the
 * re-request comes after all of the answer. (Across the PSN wrap.)
 */
static void eun_rd_answer_times_its_holes(struct kunit *test)
{
	static const u32 holes[] = { 0, 2, 4 };
	struct eun_rd *rd = rt_new(test, RT_AT(0), 8 * 1024, 1024);
	u64 w[RT_WORDS] = { 0 };
	u32 o, i;

	for (o = 1, i = 0; o < 8; o++) {
		if (i < ARRAY_SIZE(holes) && holes[i] == o) {
			i++;
			continue;
		}
		eun_rd_arrival(rd, RT_AT(o), RT_AT(0), true, 1 * MS);
	}
	KUNIT_ASSERT_TRUE(test, eun_rd_due(rd, RT_AT(0), 5 * MS));
	eun_rd_rerequested(rd, RT_AT(0), 5 * MS);
	eun_rd_answer_due(rd, RT_AT(4));

	/* Its first packet fills the head: the next hole is not timed yet. */
	eun_rd_arrival(rd, RT_AT(0), RT_AT(2), true, 6 * MS);
	KUNIT_EXPECT_TRUE(test, rd->armed);
	KUNIT_EXPECT_TRUE(test, eun_rd_blind(rd, RT_AT(2)));
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, RT_AT(2), 10 * MS));
	eun_rd_arrival(rd, RT_AT(1), RT_AT(2), false, 7 * MS);
	KUNIT_EXPECT_TRUE(test, eun_rd_blind(rd, RT_AT(2)));

	/* The hole's copy lost, the answer's next packet times it. */
	eun_rd_arrival(rd, RT_AT(3), RT_AT(2), false, 8 * MS);
	KUNIT_EXPECT_FALSE(test, eun_rd_blind(rd, RT_AT(2)));
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_AT(2)), 12 * MS);
	KUNIT_EXPECT_FALSE(test, eun_rd_due(rd, RT_AT(2), 12 * MS - 1));
	KUNIT_EXPECT_TRUE(test, eun_rd_due(rd, RT_AT(2), 12 * MS));
	/* Asked for up to the answer's front: its 4 is still coming. */
	rt_set(w, RT_AT(2), RT_AT(3));
	for (o = 5; o < 8; o++)
		rt_set(w, RT_AT(2), RT_AT(o));
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, RT_AT(2), w, 64, 5), RT_AT(2));

	/* Asked again; a READ sent after it answers after all of it. */
	eun_rd_rerequested(rd, RT_AT(2), 12 * MS);
	eun_rd_answer_due(rd, RT_AT(4));
	KUNIT_EXPECT_TRUE(test, eun_rd_blind(rd, RT_AT(2)));
	KUNIT_ASSERT_EQ(test, rt_start(rd, RT_AT(8), 1024, 1024, 13 * MS), 0);
	eun_rd_arrival(rd, RT_AT(8), RT_AT(2), true, 14 * MS);
	KUNIT_EXPECT_FALSE(test, rd->answering);
	KUNIT_EXPECT_FALSE(test, eun_rd_blind(rd, RT_AT(2)));
	KUNIT_EXPECT_EQ(test, eun_rd_deadline(rd, RT_AT(2)), 18 * MS);
	rt_set(w, RT_AT(2), RT_AT(8));
	KUNIT_EXPECT_EQ(test, eun_rd_range_end(rd, RT_AT(2), w, 64, 6), RT_AT(4));
}

static struct kunit_case eun_read_cases[] = {
	KUNIT_CASE(eun_rd_init_tracks_nothing),
	KUNIT_CASE(eun_rd_start_last_psn),
	KUNIT_CASE(eun_rd_start_refused),
	KUNIT_CASE(eun_rd_start_back_to_back),
	KUNIT_CASE(eun_rd_start_after_gap),
	KUNIT_CASE(eun_rd_start_span),
	KUNIT_CASE(eun_rd_owns_and_find),
	KUNIT_CASE(eun_rd_check_opcodes),
	KUNIT_CASE(eun_rd_check_lengths),
	KUNIT_CASE(eun_rd_check_per_read),
	KUNIT_CASE(eun_rd_check_outside),
	KUNIT_CASE(eun_rd_arrival_max_psn),
	KUNIT_CASE(eun_rd_arrival_arms),
	KUNIT_CASE(eun_rd_window_from_first_beyond),
	KUNIT_CASE(eun_rd_slow_path_runs_out),
	KUNIT_CASE(eun_rd_rerequest_awaits_answer),
	KUNIT_CASE(eun_rd_answer_without_first),
	KUNIT_CASE(eun_rd_pause_sizes_tail_wait),
	KUNIT_CASE(eun_rd_spurious_doubles),
	KUNIT_CASE(eun_rd_spurious_after_read),
	KUNIT_CASE(eun_rd_window_decays),
	KUNIT_CASE(eun_rd_pause_decays),
	KUNIT_CASE(eun_rd_start_wnd_decays_to_least),
	KUNIT_CASE(eun_rd_init_clamps_window),
	KUNIT_CASE(eun_rd_start_wnd_doubles_least),
	KUNIT_CASE(eun_rd_npkts_per_mtu),
	KUNIT_CASE(eun_rd_reach_keeps_responses_tracked),
	KUNIT_CASE(eun_rd_reach_refused),
	KUNIT_CASE(eun_rd_blind_wait_floor),
	KUNIT_CASE(eun_rd_late_unasked_widens),
	KUNIT_CASE(eun_rd_late_widens_at_most_max),
	KUNIT_CASE(eun_rd_pause_is_no_news),
	KUNIT_CASE(eun_rd_answer_does_not_widen),
	KUNIT_CASE(eun_rd_answer_times_its_holes),
	KUNIT_CASE(eun_rd_due_timing),
	KUNIT_CASE(eun_rd_due_tail_only),
	KUNIT_CASE(eun_rd_blind_rerequests),
	KUNIT_CASE(eun_rd_start_joins),
	KUNIT_CASE(eun_rd_range_end_tail_only),
	KUNIT_CASE(eun_rd_range_end_highest_hole),
	KUNIT_CASE(eun_rd_range_end_dropped_max),
	KUNIT_CASE(eun_rd_range_end_word_edge),
	KUNIT_CASE(eun_rd_range_end_span_too_wide),
	KUNIT_CASE(eun_rd_split_per_read),
	KUNIT_CASE(eun_rd_narrow_per_read),
	KUNIT_CASE(eun_rd_runs_per_hole),
	KUNIT_CASE(eun_rd_runs_every_read),
	KUNIT_CASE(eun_rd_several_whole_requests),
	KUNIT_CASE(eun_rd_atomics),
	KUNIT_CASE(eun_rd_writes_out_until_retired),
	KUNIT_CASE(eun_rd_gap_nak_stale),
	KUNIT_CASE(eun_rd_gap_nak_read_ahead),
	KUNIT_CASE(eun_rd_retire_oldest),
	KUNIT_CASE(eun_rd_gap_nak),
	KUNIT_CASE(eun_rd_gap_nak_read),
	KUNIT_CASE(eun_rd_stop_keeps_window),
	KUNIT_CASE(eun_rd_room_counts_unplaced),
	KUNIT_CASE(eun_rd_room_past_a_hole),
	KUNIT_CASE(eun_rd_room_after_retire_and_stop),
	{}
};

static struct kunit_suite eun_read_suite = {
	.name = "eun_read",
	.test_cases = eun_read_cases,
};

kunit_test_suite(eun_read_suite);
