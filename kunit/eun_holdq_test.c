// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the completion hold queue: completions in posted order
 * when messages finish out of order, the cumulative PSN gate, the window,
 * duplicates, contradicting packets, 24-bit wrap of sequence numbers and
 * PSNs, the bound on held messages, and refusal of bad arguments.
 */
#include <kunit/test.h>

#include "eun/eun_holdq.h"

static void hq_destroy_action(void *q)
{
	eun_holdq_destroy(q);
}

static struct eun_holdq *hq_new(struct kunit *test, u32 cap, u32 first_seq)
{
	struct eun_holdq *q = kunit_kzalloc(test, sizeof(*q), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, q);
	KUNIT_ASSERT_EQ(test, eun_holdq_init(q, cap, first_seq), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, hq_destroy_action, q), 0);
	return q;
}

/* Packet @idx of a message of @npkts packets starting at @first. */
static struct eun_holdq_pkt hq_pkt(u32 seq, u32 first, u32 idx, u32 npkts)
{
	struct eun_holdq_pkt p = {
		.msg_seq = seq,
		.psn = eun_psn_add(first, idx),
		.pkt_index = idx,
		.is_last = idx + 1 == npkts,
		.kind = EUN_HQ_SEND_IMM,
		.has_imm = true,
		.imm = 0x1000 + seq,
		.byte_len = npkts * 4096,
		.cookie = 0xc0de0000ULL + seq,
	};

	return p;
}

static int hq_note(struct eun_holdq *q, u32 seq, u32 first, u32 idx, u32 npkts)
{
	struct eun_holdq_pkt p = hq_pkt(seq, first, idx, npkts);

	return eun_holdq_note(q, &p);
}

static void eun_holdq_single_packet(struct kunit *test)
{
	struct eun_holdq *q = hq_new(test, 4, 0);
	struct eun_holdq_done d;

	KUNIT_EXPECT_EQ(test, hq_note(q, 0, 100, 0, 1), EUN_HQ_NOTED);
	KUNIT_EXPECT_EQ(test, q->stats.held, 1);
	/* The packet itself is not yet before the expected PSN. */
	KUNIT_EXPECT_FALSE(test, eun_holdq_pop(q, 100, &d));
	KUNIT_ASSERT_TRUE(test, eun_holdq_pop(q, 101, &d));
	KUNIT_EXPECT_EQ(test, d.msg_seq, 0);
	KUNIT_EXPECT_EQ(test, d.first_psn, 100);
	KUNIT_EXPECT_EQ(test, d.last_psn, 100);
	KUNIT_EXPECT_EQ(test, d.kind, EUN_HQ_SEND_IMM);
	KUNIT_EXPECT_TRUE(test, d.has_imm);
	KUNIT_EXPECT_EQ(test, d.imm, 0x1000);
	KUNIT_EXPECT_EQ(test, d.byte_len, 4096);
	KUNIT_EXPECT_EQ(test, d.cookie, 0xc0de0000ULL);
	KUNIT_EXPECT_EQ(test, eun_holdq_head_seq(q), 1);
	KUNIT_EXPECT_EQ(test, q->stats.held, 0);
	KUNIT_EXPECT_EQ(test, q->stats.completed, 1);
	KUNIT_EXPECT_FALSE(test, eun_holdq_pop(q, 101, &d));
}

/* Messages 0, 1, 2 of three packets each finish in reverse order. */
static void eun_holdq_posted_order(struct kunit *test)
{
	struct eun_holdq *q = hq_new(test, 8, 0);
	struct eun_holdq_done d;
	int m, i;

	for (m = 2; m >= 0; m--)
		for (i = 2; i >= 0; i--)
			KUNIT_ASSERT_EQ(test, hq_note(q, m, 10 + 3 * m, i, 3), EUN_HQ_NOTED);
	KUNIT_EXPECT_EQ(test, q->stats.held, 3);
	KUNIT_EXPECT_EQ(test, q->stats.peak, 3);
	/* Message 0 is only complete once PSN 12 is behind the expected PSN. */
	KUNIT_EXPECT_FALSE(test, eun_holdq_pop(q, 12, &d));
	for (m = 0; m < 3; m++) {
		KUNIT_ASSERT_TRUE(test, eun_holdq_pop(q, 19, &d));
		KUNIT_EXPECT_EQ(test, d.msg_seq, m);
		KUNIT_EXPECT_EQ(test, d.first_psn, 10 + 3 * m);
		KUNIT_EXPECT_EQ(test, d.last_psn, 12 + 3 * m);
	}
	KUNIT_EXPECT_FALSE(test, eun_holdq_pop(q, 19, &d));
	KUNIT_EXPECT_EQ(test, q->stats.peak, 3);
}

/* A finished later message waits for an unfinished earlier one. */
static void eun_holdq_head_blocks(struct kunit *test)
{
	struct eun_holdq *q = hq_new(test, 8, 0);
	struct eun_holdq_done d;

	/* Message 0 (PSNs 0..1): only its first packet; message 1 (2..3) whole. */
	KUNIT_ASSERT_EQ(test, hq_note(q, 0, 0, 0, 2), EUN_HQ_NOTED);
	KUNIT_ASSERT_EQ(test, hq_note(q, 1, 2, 0, 2), EUN_HQ_NOTED);
	KUNIT_ASSERT_EQ(test, hq_note(q, 1, 2, 1, 2), EUN_HQ_NOTED);
	/* Even an expected PSN past everything cannot release message 1. */
	KUNIT_EXPECT_FALSE(test, eun_holdq_pop(q, 4, &d));
	KUNIT_ASSERT_EQ(test, hq_note(q, 0, 0, 1, 2), EUN_HQ_NOTED);
	/* Expected PSN 2: message 0 is in, message 1 not yet. */
	KUNIT_ASSERT_TRUE(test, eun_holdq_pop(q, 2, &d));
	KUNIT_EXPECT_EQ(test, d.msg_seq, 0);
	KUNIT_EXPECT_FALSE(test, eun_holdq_pop(q, 2, &d));
	KUNIT_ASSERT_TRUE(test, eun_holdq_pop(q, 4, &d));
	KUNIT_EXPECT_EQ(test, d.msg_seq, 1);
}

struct hq_wrap_case {
	u32 first_seq;
	u32 first_psn;
	const char *name;
};

static const struct hq_wrap_case hq_wrap_cases[] = {
	{ EUN_HQ_SEQ_MASK - 1, 100, "sequence wraps" },
	{ 7, EUN_PSN_MASK - 4, "PSN wraps" },
	{ EUN_HQ_SEQ_MASK, EUN_PSN_MASK - 1, "both wrap" },
};

static void hq_wrap_desc(const struct hq_wrap_case *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(hq_wrap, hq_wrap_cases, hq_wrap_desc);

/* Four messages of three packets, fed last message first. */
static void eun_holdq_wrap(struct kunit *test)
{
	const struct hq_wrap_case *t = test->param_value;
	struct eun_holdq *q = hq_new(test, 4, t->first_seq);
	struct eun_holdq_done d;
	u32 seq, first, end = eun_psn_add(t->first_psn, 12);
	int m, i;

	for (m = 3; m >= 0; m--) {
		seq = eun_psn_add(t->first_seq, m);
		first = eun_psn_add(t->first_psn, 3 * m);
		for (i = 0; i < 3; i++)
			KUNIT_ASSERT_EQ(test, hq_note(q, seq, first, i, 3), EUN_HQ_NOTED);
	}
	/* One past the window, across the wrap too. */
	KUNIT_EXPECT_EQ(test, hq_note(q, eun_psn_add(t->first_seq, 4), end, 0, 1), -ERANGE);
	KUNIT_EXPECT_FALSE(test, eun_holdq_pop(q, eun_psn_add(t->first_psn, 2), &d));
	for (m = 0; m < 4; m++) {
		KUNIT_ASSERT_TRUE(test, eun_holdq_pop(q, end, &d));
		KUNIT_EXPECT_EQ(test, d.msg_seq, eun_psn_add(t->first_seq, m));
		KUNIT_EXPECT_EQ(test, d.first_psn, eun_psn_add(t->first_psn, 3 * m));
		KUNIT_EXPECT_EQ(test, d.last_psn, eun_psn_add(t->first_psn, 3 * m + 2));
	}
	KUNIT_EXPECT_EQ(test, eun_holdq_head_seq(q), eun_psn_add(t->first_seq, 4));
	KUNIT_EXPECT_EQ(test, hq_note(q, eun_psn_add(t->first_seq, 4), end, 0, 1),
			EUN_HQ_NOTED);
}

static void eun_holdq_window(struct kunit *test)
{
	struct eun_holdq *q = hq_new(test, 4, 10);
	struct eun_holdq_done d;

	KUNIT_EXPECT_TRUE(test, eun_holdq_in_window(q, 13));
	KUNIT_EXPECT_FALSE(test, eun_holdq_in_window(q, 14));
	KUNIT_EXPECT_EQ(test, hq_note(q, 14, 400, 0, 1), -ERANGE);
	KUNIT_EXPECT_EQ(test, hq_note(q, 10 + (1 << 22), 400, 0, 1), -ERANGE);
	KUNIT_EXPECT_EQ(test, q->stats.rejected, 2);
	KUNIT_EXPECT_EQ(test, q->stats.held, 0);
	/* Behind the head: a message completed before, a duplicate. */
	KUNIT_EXPECT_EQ(test, hq_note(q, 9, 5, 0, 1), EUN_HQ_DUPLICATE);
	KUNIT_EXPECT_EQ(test, q->stats.notes[EUN_HQ_DUPLICATE], 1);
	KUNIT_EXPECT_EQ(test, q->stats.held, 0);
	/* The window moves with the head. */
	KUNIT_ASSERT_EQ(test, hq_note(q, 10, 100, 0, 1), EUN_HQ_NOTED);
	KUNIT_ASSERT_TRUE(test, eun_holdq_pop(q, 101, &d));
	KUNIT_EXPECT_EQ(test, hq_note(q, 14, 400, 0, 1), EUN_HQ_NOTED);
	KUNIT_EXPECT_EQ(test, hq_note(q, 10, 100, 0, 1), EUN_HQ_DUPLICATE);
}

static void eun_holdq_duplicates(struct kunit *test)
{
	struct eun_holdq *q = hq_new(test, 4, 0);
	struct eun_holdq_pkt p = hq_pkt(0, 50, 2, 3);
	struct eun_holdq_done d;

	KUNIT_EXPECT_EQ(test, hq_note(q, 0, 50, 1, 3), EUN_HQ_NOTED);
	KUNIT_EXPECT_EQ(test, hq_note(q, 0, 50, 1, 3), EUN_HQ_NOTED);
	KUNIT_EXPECT_EQ(test, eun_holdq_note(q, &p), EUN_HQ_NOTED);
	/* A repeated last packet keeps the first one's fields. */
	p.imm = 0xdead;
	p.byte_len = 1;
	KUNIT_EXPECT_EQ(test, eun_holdq_note(q, &p), EUN_HQ_DUPLICATE);
	KUNIT_EXPECT_EQ(test, hq_note(q, 0, 50, 0, 3), EUN_HQ_NOTED);
	KUNIT_EXPECT_EQ(test, q->stats.held, 1);
	KUNIT_EXPECT_EQ(test, q->stats.notes[EUN_HQ_NOTED], 4);
	KUNIT_EXPECT_EQ(test, q->stats.notes[EUN_HQ_DUPLICATE], 1);
	KUNIT_ASSERT_TRUE(test, eun_holdq_pop(q, 53, &d));
	KUNIT_EXPECT_EQ(test, d.imm, 0x1000);
	KUNIT_EXPECT_EQ(test, d.byte_len, 3 * 4096);
	KUNIT_EXPECT_EQ(test, hq_note(q, 0, 50, 1, 3), EUN_HQ_DUPLICATE);
}

/*
 * Contradicting packets against a held state: message 1 has PSNs 20..24
 * (last known), message 0 has 10 (first packet, middle at 12 seen) and
 * message 2 starts at 30 (packet 1 seen).
 */
struct hq_bad_case {
	struct eun_holdq_pkt p;
	int err;
	const char *name;
};

#define HQ_PKT(s, psn_, idx, last) \
	{ .msg_seq = (s), .psn = (psn_), .pkt_index = (idx), .is_last = (last) }

static const struct hq_bad_case hq_bad_cases[] = {
	{ HQ_PKT(1, 23, 2, false), -EPROTO, "other first PSN" },
	{ HQ_PKT(1, 22, 2, true), -EPROTO, "second last PSN" },
	{ HQ_PKT(1, 25, 5, false), -EPROTO, "packet after the last" },
	{ HQ_PKT(0, 11, 1, true), -EPROTO, "last before a packet seen" },
	{ HQ_PKT(0, 20, 10, false), -EPROTO, "runs into the next message" },
	{ HQ_PKT(2, 29, 0, false), -EPROTO, "first PSN moves back" },
	{ HQ_PKT(3, 31, 0, false), -EPROTO, "new message inside the previous one" },
	{ HQ_PKT(1, 1U << 24, 0, false), -EINVAL, "PSN over 24 bits" },
	{ HQ_PKT(1U << 24, 20, 0, false), -EINVAL, "sequence over 24 bits" },
	{ HQ_PKT(1, 20, EUN_HQ_MAX_INDEX + 1, false), -EINVAL, "index too large" },
	{ { .msg_seq = 3, .psn = 40, .is_last = true, .kind = EUN_HQ_KIND_COUNT },
	  -EINVAL, "kind out of range" },
};

static void hq_bad_desc(const struct hq_bad_case *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(hq_bad, hq_bad_cases, hq_bad_desc);

static void eun_holdq_contradiction(struct kunit *test)
{
	const struct hq_bad_case *t = test->param_value;
	struct eun_holdq *q = hq_new(test, 8, 0);
	static const u32 last_psn[] = { 13, 24, 32 };
	struct eun_holdq_done d;
	int i;

	KUNIT_ASSERT_EQ(test, hq_note(q, 0, 10, 0, 3), EUN_HQ_NOTED);
	KUNIT_ASSERT_EQ(test, hq_note(q, 0, 10, 2, 4), EUN_HQ_NOTED);
	KUNIT_ASSERT_EQ(test, hq_note(q, 1, 20, 4, 5), EUN_HQ_NOTED);
	KUNIT_ASSERT_EQ(test, hq_note(q, 2, 30, 1, 3), EUN_HQ_NOTED);
	/* Asked first, as before a placement: the same answer, no count. */
	KUNIT_EXPECT_EQ(test, eun_holdq_check(q, &t->p), t->err);
	KUNIT_EXPECT_EQ(test, q->stats.malformed, 0);
	KUNIT_EXPECT_EQ(test, eun_holdq_note(q, &t->p), t->err);
	KUNIT_EXPECT_EQ(test, q->stats.malformed, 1);
	KUNIT_EXPECT_EQ(test, q->stats.held, 3);
	/* Nothing changed: the messages still complete as first described. */
	KUNIT_ASSERT_EQ(test, hq_note(q, 0, 10, 3, 4), EUN_HQ_NOTED);
	KUNIT_ASSERT_EQ(test, hq_note(q, 2, 30, 2, 3), EUN_HQ_NOTED);
	for (i = 0; i < 3; i++) {
		KUNIT_ASSERT_TRUE(test, eun_holdq_pop(q, 33, &d));
		KUNIT_EXPECT_EQ(test, d.msg_seq, i);
		KUNIT_EXPECT_EQ(test, d.last_psn, last_psn[i]);
	}
}

/* eun_holdq_check() says yes to what eun_holdq_note() takes, and records nothing. */
static void eun_holdq_check_takes(struct kunit *test)
{
	struct eun_holdq *q = hq_new(test, 4, 0);
	struct eun_holdq_pkt p = HQ_PKT(1, 20, 0, false);
	struct eun_holdq_done d;

	KUNIT_EXPECT_EQ(test, eun_holdq_check(q, &p), 0);
	KUNIT_EXPECT_EQ(test, q->stats.held, 0);
	KUNIT_EXPECT_EQ(test, eun_holdq_note(q, &p), EUN_HQ_NOTED);
	/* A duplicate is no error: the data it carries is placed already. */
	KUNIT_EXPECT_EQ(test, eun_holdq_check(q, &p), 0);
	p.msg_seq = 4;
	p.psn = 40;
	KUNIT_EXPECT_EQ(test, eun_holdq_check(q, &p), -ERANGE);
	KUNIT_EXPECT_EQ(test, q->stats.rejected, 0);
	KUNIT_EXPECT_FALSE(test, eun_holdq_pop(q, 30, &d));
}

static void eun_holdq_bounded(struct kunit *test)
{
	struct eun_holdq *q = hq_new(test, 8, 0);
	struct eun_holdq_done d;
	int m;

	/* Only first packets: eight messages held, none complete. */
	for (m = 0; m < 8; m++)
		KUNIT_ASSERT_EQ(test, hq_note(q, m, 2 * m, 0, 2), EUN_HQ_NOTED);
	KUNIT_EXPECT_EQ(test, hq_note(q, 8, 16, 0, 2), -ERANGE);
	KUNIT_EXPECT_EQ(test, q->stats.held, 8);
	KUNIT_EXPECT_EQ(test, q->stats.peak, 8);
	KUNIT_ASSERT_EQ(test, hq_note(q, 0, 0, 1, 2), EUN_HQ_NOTED);
	KUNIT_ASSERT_TRUE(test, eun_holdq_pop(q, 2, &d));
	KUNIT_EXPECT_EQ(test, hq_note(q, 8, 16, 0, 2), EUN_HQ_NOTED);
	KUNIT_EXPECT_EQ(test, hq_note(q, 9, 18, 0, 2), -ERANGE);
	KUNIT_EXPECT_EQ(test, q->stats.held, 8);
	KUNIT_EXPECT_EQ(test, q->stats.peak, 8);
	KUNIT_EXPECT_EQ(test, q->stats.rejected, 2);
}

static void eun_holdq_reset_drops(struct kunit *test)
{
	struct eun_holdq *q = hq_new(test, 4, 0);
	struct eun_holdq_done d;

	KUNIT_ASSERT_EQ(test, hq_note(q, 0, 0, 0, 1), EUN_HQ_NOTED);
	KUNIT_ASSERT_EQ(test, hq_note(q, 1, 1, 0, 1), EUN_HQ_NOTED);
	KUNIT_EXPECT_EQ(test, eun_holdq_reset(q, 1U << 24), -EINVAL);
	KUNIT_EXPECT_EQ(test, q->stats.held, 2);
	KUNIT_ASSERT_EQ(test, eun_holdq_reset(q, 1), 0);
	KUNIT_EXPECT_EQ(test, q->stats.held, 0);
	KUNIT_EXPECT_EQ(test, q->stats.peak, 0);
	KUNIT_EXPECT_EQ(test, eun_holdq_head_seq(q), 1);
	/* Message 1 was dropped with the reset: nothing to complete. */
	KUNIT_EXPECT_FALSE(test, eun_holdq_pop(q, 100, &d));
	KUNIT_EXPECT_EQ(test, hq_note(q, 1, 500, 0, 1), EUN_HQ_NOTED);
	KUNIT_ASSERT_TRUE(test, eun_holdq_pop(q, 501, &d));
	KUNIT_EXPECT_EQ(test, d.first_psn, 500);
}

static void eun_holdq_bad_epsn(struct kunit *test)
{
	struct eun_holdq *q = hq_new(test, 4, 0);
	struct eun_holdq_done d;

	KUNIT_ASSERT_EQ(test, hq_note(q, 0, 5, 0, 1), EUN_HQ_NOTED);
	KUNIT_EXPECT_FALSE(test, eun_holdq_pop(q, (1U << 24) | 6, &d));
	KUNIT_EXPECT_TRUE(test, eun_holdq_pop(q, 6, &d));
}

struct hq_bad_init {
	u32 cap;
	u32 first_seq;
	const char *name;
};

static const struct hq_bad_init hq_bad_inits[] = {
	{ 0, 0, "no capacity" },
	{ 3, 0, "not a power of two" },
	{ EUN_HQ_MAX_CAP * 2, 0, "too large" },
	{ 4, 1U << 24, "sequence over 24 bits" },
};

static void hq_bad_init_desc(const struct hq_bad_init *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(hq_bad_init, hq_bad_inits, hq_bad_init_desc);

static void eun_holdq_bad_init(struct kunit *test)
{
	const struct hq_bad_init *t = test->param_value;
	struct eun_holdq q;

	KUNIT_EXPECT_EQ(test, eun_holdq_init(&q, t->cap, t->first_seq), -EINVAL);
	KUNIT_EXPECT_NULL(test, q.ent);
	eun_holdq_destroy(&q);
}

static void eun_holdq_limits(struct kunit *test)
{
	struct eun_holdq *q = hq_new(test, EUN_HQ_MAX_CAP, 0);
	struct eun_holdq *one = hq_new(test, 1, 0);
	struct eun_holdq_done d;

	KUNIT_EXPECT_EQ(test, hq_note(q, EUN_HQ_MAX_CAP - 1, 9000, 0, 1), EUN_HQ_NOTED);
	KUNIT_EXPECT_EQ(test, hq_note(q, EUN_HQ_MAX_CAP, 9001, 0, 1), -ERANGE);
	/* A window of one message: the next one waits for the head. */
	KUNIT_EXPECT_EQ(test, hq_note(one, 1, 3, 0, 1), -ERANGE);
	KUNIT_ASSERT_EQ(test, hq_note(one, 0, 2, 0, 1), EUN_HQ_NOTED);
	KUNIT_ASSERT_TRUE(test, eun_holdq_pop(one, 3, &d));
	KUNIT_EXPECT_EQ(test, hq_note(one, 1, 3, 0, 1), EUN_HQ_NOTED);
	KUNIT_EXPECT_STREQ(test, eun_holdq_note_name(EUN_HQ_DUPLICATE), "duplicate");
	KUNIT_EXPECT_STREQ(test, eun_holdq_note_name(EUN_HQ_NOTE_COUNT), "?");
}

static struct kunit_case eun_holdq_cases[] = {
	KUNIT_CASE(eun_holdq_single_packet),
	KUNIT_CASE(eun_holdq_posted_order),
	KUNIT_CASE(eun_holdq_head_blocks),
	KUNIT_CASE_PARAM(eun_holdq_wrap, hq_wrap_gen_params),
	KUNIT_CASE(eun_holdq_window),
	KUNIT_CASE(eun_holdq_duplicates),
	KUNIT_CASE_PARAM(eun_holdq_contradiction, hq_bad_gen_params),
	KUNIT_CASE(eun_holdq_check_takes),
	KUNIT_CASE(eun_holdq_bounded),
	KUNIT_CASE(eun_holdq_reset_drops),
	KUNIT_CASE(eun_holdq_bad_epsn),
	KUNIT_CASE_PARAM(eun_holdq_bad_init, hq_bad_init_gen_params),
	KUNIT_CASE(eun_holdq_limits),
	{}
};

static struct kunit_suite eun_holdq_suite = {
	.name = "eun_holdq",
	.test_cases = eun_holdq_cases,
};

kunit_test_suite(eun_holdq_suite);
