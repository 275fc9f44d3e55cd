// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for what an EUN_ACK says and what a sender makes of it
 * (core/eun_ack_check.c, the functions rx/eun_rx_ack.c and comp/eun_comp.c
 * call): the fields a receive side reports (a duplicate at the expected
 * PSN left out, the lateness saturated, an empty SACK sent as an ACK);
 * which EUN_ACK a sender takes (a BTH PSN that is not epsn - 1, a NACK of
 * a PSN at either edge of what is in flight, across the 2^24 wrap, or
 * with no scoreboard); and what each NACK reason means to it.
 */
#include <kunit/test.h>

#include "eun/eun_psn.h"
#include "eun/eun_ack_check.h"

#define ACKC_FIRST	0xfffffeu	/* the sender's PSNs cross the wrap */
#define ACKC_SENT	6

static const struct eun_ackc_rx ackc_rx = {
	.epsn = 50, .dup_pending = true, .dup_psn = 40,
	.echo_path = 3, .echo_late = 7,
};

static void ackc_compose_fields(struct kunit *test)
{
	struct eun_ackc_rx rx = ackc_rx;
	struct eun_ack_info a;

	memset(&a, 0xff, sizeof(a));
	eun_ackc_compose(&rx, EUN_ACK_KIND_SACK, EUN_NACK_NONE, 77, &a);
	KUNIT_EXPECT_EQ(test, a.kind, EUN_ACK_KIND_SACK);
	KUNIT_EXPECT_EQ(test, a.epsn, 50u);
	KUNIT_EXPECT_EQ(test, a.nack_psn, 0u);	/* only a NACK names one */
	KUNIT_EXPECT_TRUE(test, a.dup);
	KUNIT_EXPECT_EQ(test, a.dup_psn, 40u);
	KUNIT_EXPECT_EQ(test, a.path, 3);
	KUNIT_EXPECT_EQ(test, a.late, 7u);
	KUNIT_EXPECT_EQ(test, a.sack_words, 0u);
	KUNIT_EXPECT_EQ(test, a.sack[EUN_SACK_MAX_WORDS - 1], 0ULL);
	eun_ackc_settle(&a);
	KUNIT_EXPECT_EQ(test, a.kind, EUN_ACK_KIND_ACK);

	/* A duplicate at epsn cannot be told; lateness saturates. */
	rx.dup_psn = rx.epsn;
	rx.echo_late = U32_MAX;
	eun_ackc_compose(&rx, EUN_ACK_KIND_NACK, EUN_NACK_CAP, 60, &a);
	KUNIT_EXPECT_FALSE(test, a.dup);
	KUNIT_EXPECT_EQ(test, a.dup_psn, 0u);
	KUNIT_EXPECT_EQ(test, a.late, (u32)EUN_ACK_LATE_MAX);
	KUNIT_EXPECT_EQ(test, a.nack_psn, 60u);
	eun_ackc_settle(&a);
	KUNIT_EXPECT_EQ(test, a.kind, EUN_ACK_KIND_NACK);
}

/*
 * A NACK of a PSN the receive side has passed (a held last packet placed
 * too late moved its expected PSN back past the packet that triggered
 * it) names the expected PSN, and packs.
 */
static void ackc_compose_nack_before_epsn(struct kunit *test)
{
	struct eun_ackc_rx rx = { .epsn = 1, .echo_path = 0xff };
	u8 buf[EUN_ACK_MAX_LEN];
	struct eun_ack_info a;

	eun_ackc_compose(&rx, EUN_ACK_KIND_NACK, EUN_NACK_ACCESS, 0xfffffe,
			 &a);
	KUNIT_EXPECT_EQ(test, a.nack_psn, 1u);
	KUNIT_EXPECT_GT(test, eun_ack_pack(&a, buf, sizeof(buf)), 0);
	rx.epsn = 100;
	eun_ackc_compose(&rx, EUN_ACK_KIND_NACK, EUN_NACK_NOMEM, 99, &a);
	KUNIT_EXPECT_EQ(test, a.nack_psn, 100u);
	KUNIT_EXPECT_GT(test, eun_ack_pack(&a, buf, sizeof(buf)), 0);
	/* At or after it: as given. */
	eun_ackc_compose(&rx, EUN_ACK_KIND_NACK, EUN_NACK_CAP, 100, &a);
	KUNIT_EXPECT_EQ(test, a.nack_psn, 100u);
	eun_ackc_compose(&rx, EUN_ACK_KIND_NACK, EUN_NACK_CAP, 0x7000ff, &a);
	KUNIT_EXPECT_EQ(test, a.nack_psn, 0x7000ffu);
}

static void ackc_settle_keeps_sack(struct kunit *test)
{
	struct eun_ack_info a;

	eun_ackc_compose(&ackc_rx, EUN_ACK_KIND_SACK, EUN_NACK_NONE, 0, &a);
	KUNIT_ASSERT_EQ(test, eun_sack_set(&a, 52), 0);
	eun_ackc_settle(&a);
	KUNIT_EXPECT_EQ(test, a.kind, EUN_ACK_KIND_SACK);
	KUNIT_EXPECT_EQ(test, a.sack_words, 1u);
}

/* A scoreboard with ACKC_SENT PSNs in flight from ACKC_FIRST. */
static void ackc_sb(struct kunit *test, struct eun_sb *sb)
{
	u32 i;

	KUNIT_ASSERT_EQ(test, eun_sb_init(sb, EUN_SB_MIN_CAPACITY, ACKC_FIRST),
			0);
	for (i = 0; i < ACKC_SENT; i++)
		KUNIT_ASSERT_EQ(test, eun_sb_sent(sb, eun_psn_add(ACKC_FIRST, i),
						  i), 0);
}

/* Pack @a and classify it with the BTH PSN the receiver would give. */
static enum eun_ackc_verdict ackc_take(struct kunit *test,
				       const struct eun_ack_info *a, s32 skew,
				       const struct eun_sb *sb)
{
	static u8 buf[EUN_ACK_MAX_LEN];
	struct eun_ack_info out;
	int n = eun_ack_pack(a, buf, sizeof(buf));

	KUNIT_ASSERT_GT(test, n, 0);
	return eun_ackc_classify(buf, n,
				 eun_psn_add(a->epsn, EUN_PSN_MASK + skew),
				 sb, &out);
}

static struct eun_ack_info ackc_nack(u32 epsn, enum eun_nack_reason r,
				     u32 psn)
{
	struct eun_ackc_rx rx = { .epsn = epsn, .echo_path = 0xff };
	struct eun_ack_info a;

	eun_ackc_compose(&rx, EUN_ACK_KIND_NACK, r, psn, &a);
	return a;
}

static void ackc_classify_nack_in_flight(struct kunit *test)
{
	u32 last = eun_psn_add(ACKC_FIRST, ACKC_SENT - 1);
	u32 nxt = eun_psn_add(ACKC_FIRST, ACKC_SENT);
	struct eun_ack_info a;
	struct eun_sb sb;

	ackc_sb(test, &sb);
	a = ackc_nack(ACKC_FIRST, EUN_NACK_CAP, ACKC_FIRST);
	KUNIT_EXPECT_EQ(test, ackc_take(test, &a, 0, &sb), EUN_ACKC_TAKE);
	a = ackc_nack(ACKC_FIRST, EUN_NACK_NOMEM, last);
	KUNIT_EXPECT_EQ(test, ackc_take(test, &a, 0, &sb), EUN_ACKC_TAKE);
	/* The next PSN to send, and one far beyond, were never sent. */
	a = ackc_nack(ACKC_FIRST, EUN_NACK_CAP, nxt);
	KUNIT_EXPECT_EQ(test, ackc_take(test, &a, 0, &sb), EUN_ACKC_STRAY);
	a = ackc_nack(ACKC_FIRST, EUN_NACK_ACCESS, 0x7ffff0);
	KUNIT_EXPECT_EQ(test, ackc_take(test, &a, 0, &sb), EUN_ACKC_STRAY);
	/* A NACK with a cumulative PSN before what the sender has out. */
	a = ackc_nack(ACKC_FIRST - 1, EUN_NACK_CAP, ACKC_FIRST - 1);
	KUNIT_EXPECT_EQ(test, ackc_take(test, &a, 0, &sb), EUN_ACKC_STRAY);
	a = ackc_nack(ACKC_FIRST, EUN_NACK_MODE, last);
	KUNIT_EXPECT_EQ(test, ackc_take(test, &a, 0, &sb), EUN_ACKC_MODE);
	/* Not sending the ooo format: no NACK is in flight, MODE neither. */
	KUNIT_EXPECT_EQ(test, ackc_take(test, &a, 0, NULL), EUN_ACKC_STRAY);
	eun_sb_destroy(&sb);
}

static void ackc_classify_bth_psn(struct kunit *test)
{
	struct eun_ack_info a;
	struct eun_sb sb;

	ackc_sb(test, &sb);
	eun_ackc_compose(&ackc_rx, EUN_ACK_KIND_SACK, EUN_NACK_NONE, 0, &a);
	eun_ackc_settle(&a);
	KUNIT_EXPECT_EQ(test, ackc_take(test, &a, 0, &sb), EUN_ACKC_TAKE);
	KUNIT_EXPECT_EQ(test, ackc_take(test, &a, 1, &sb), EUN_ACKC_BAD);
	KUNIT_EXPECT_EQ(test, ackc_take(test, &a, -1, &sb), EUN_ACKC_BAD);
	/* epsn 0: the BTH says 0xffffff. */
	a.epsn = 0;
	a.dup = false;
	a.dup_psn = 0;
	KUNIT_EXPECT_EQ(test, ackc_take(test, &a, 0, NULL), EUN_ACKC_TAKE);
	eun_sb_destroy(&sb);
}

static void ackc_classify_malformed(struct kunit *test)
{
	u8 buf[EUN_ACK_FIXED_LEN + 8] = {};
	struct eun_ack_info a = ackc_nack(10, EUN_NACK_CAP, 12);
	struct eun_ack_info out;
	int n;

	KUNIT_EXPECT_EQ(test, eun_ackc_classify(buf, 0, 9, NULL, &out),
			EUN_ACKC_BAD);
	n = eun_ack_pack(&a, buf, sizeof(buf));
	KUNIT_ASSERT_EQ(test, n, EUN_ACK_FIXED_LEN);
	KUNIT_EXPECT_EQ(test, eun_ackc_classify(buf, n - 1, 9, NULL, &out),
			EUN_ACKC_BAD);
	KUNIT_EXPECT_EQ(test, eun_ackc_classify(buf, n + 8, 9, NULL, &out),
			EUN_ACKC_BAD);
	/* A reason out of range. */
	buf[1] = EUN_NACK_REASON_COUNT;
	KUNIT_EXPECT_EQ(test, eun_ackc_classify(buf, n, 9, NULL, &out),
			EUN_ACKC_BAD);
}

static void ackc_reasons(struct kunit *test)
{
	struct eun_ack_info a;
	u8 syn = 0;

	eun_ackc_compose(&ackc_rx, EUN_ACK_KIND_SACK, EUN_NACK_NONE, 0, &a);
	KUNIT_EXPECT_FALSE(test, eun_ackc_refused(&a));
	KUNIT_EXPECT_FALSE(test, eun_ackc_nak_syn(&a, 0x21, &syn));
	a = ackc_nack(5, EUN_NACK_CAP, 5);
	KUNIT_EXPECT_TRUE(test, eun_ackc_refused(&a));
	KUNIT_EXPECT_FALSE(test, eun_ackc_nak_syn(&a, 0, &syn));
	a = ackc_nack(5, EUN_NACK_NOMEM, 5);
	KUNIT_EXPECT_TRUE(test, eun_ackc_refused(&a));
	a = ackc_nack(5, EUN_NACK_INVALID, 5);
	KUNIT_EXPECT_FALSE(test, eun_ackc_refused(&a));
	KUNIT_EXPECT_TRUE(test, eun_ackc_nak_syn(&a, 0x1f, &syn));
	KUNIT_EXPECT_EQ(test, syn, EUN_AETH_NAK_INVALID_REQ);
	a = ackc_nack(5, EUN_NACK_ACCESS, 5);
	KUNIT_EXPECT_TRUE(test, eun_ackc_nak_syn(&a, 0x1f, &syn));
	KUNIT_EXPECT_EQ(test, syn, EUN_AETH_NAK_REM_ACC_ERR);
	/* RNR keeps the responder's timer code, else gets code 0. */
	a = ackc_nack(5, EUN_NACK_RNR, 5);
	KUNIT_EXPECT_TRUE(test, eun_ackc_nak_syn(&a, 0x2e, &syn));
	KUNIT_EXPECT_EQ(test, syn, 0x2e);
	KUNIT_EXPECT_TRUE(test, eun_ackc_nak_syn(&a, 0x1f, &syn));
	KUNIT_EXPECT_EQ(test, syn, EUN_AETH_RNR_NAK);
	KUNIT_EXPECT_TRUE(test, eun_ackc_nak_syn(&a, 0x61, &syn));
	KUNIT_EXPECT_EQ(test, syn, EUN_AETH_RNR_NAK);
	a = ackc_nack(5, EUN_NACK_MODE, 5);
	KUNIT_EXPECT_FALSE(test, eun_ackc_refused(&a));
	KUNIT_EXPECT_FALSE(test, eun_ackc_nak_syn(&a, 0, &syn));
	KUNIT_EXPECT_STREQ(test, eun_ackc_verdict_name(EUN_ACKC_STRAY), "stray");
}

static struct kunit_case eun_ack_check_cases[] = {
	KUNIT_CASE(ackc_compose_fields),
	KUNIT_CASE(ackc_compose_nack_before_epsn),
	KUNIT_CASE(ackc_settle_keeps_sack),
	KUNIT_CASE(ackc_classify_nack_in_flight),
	KUNIT_CASE(ackc_classify_bth_psn),
	KUNIT_CASE(ackc_classify_malformed),
	KUNIT_CASE(ackc_reasons),
	{}
};

static struct kunit_suite eun_ack_check_suite = {
	.name = "eun_ack_check",
	.test_cases = eun_ack_check_cases,
};

kunit_test_suite(eun_ack_check_suite);
