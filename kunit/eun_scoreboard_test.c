// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the sender scoreboard: first transmissions and the full
 * window, cumulative ACKs and SACK bitmaps, stale and malformed ACKs, loss
 * marks by NACK and timeout (holes only), retransmissions, spurious
 * retransmissions, RTT samples, and all of it across the 24-bit PSN wrap.
 */
#include <kunit/test.h>
#include <linux/string.h>

#include "eun/eun_scoreboard.h"

static void sb_destroy_action(void *sb)
{
	eun_sb_destroy(sb);
}

static struct eun_sb *sb_new(struct kunit *test, u32 capacity, u32 first)
{
	struct eun_sb *sb = kunit_kzalloc(test, sizeof(*sb), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, sb);
	KUNIT_ASSERT_EQ(test, eun_sb_init(sb, capacity, first), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, sb_destroy_action, sb), 0);
	return sb;
}

/* Send @n PSNs from nxt, at times @t, @t + 1, ... */
static void sb_send(struct kunit *test, struct eun_sb *sb, u32 n, u64 t)
{
	u32 i;

	for (i = 0; i < n; i++)
		KUNIT_ASSERT_EQ(test, eun_sb_sent(sb, sb->nxt, t + i), 0);
}

static int sb_state(struct eun_sb *sb, u32 psn)
{
	const struct eun_sb_entry *e = eun_sb_lookup(sb, psn);

	return e ? e->state : -1;
}

/* The per-state counts always add up to the capacity. */
static void sb_expect_counts(struct kunit *test, struct eun_sb *sb)
{
	u32 s, sum = 0;

	for (s = 0; s < EUN_SB_STATE_COUNT; s++)
		sum += sb->count[s];
	KUNIT_EXPECT_EQ(test, sum, sb->capacity);
	KUNIT_EXPECT_EQ(test, eun_sb_count(sb, EUN_SB_IN_FLIGHT) +
			eun_sb_count(sb, EUN_SB_RETRANSMITTED) +
			eun_sb_count(sb, EUN_SB_SACKED) +
			eun_sb_count(sb, EUN_SB_LOST), eun_sb_in_flight(sb));
}

struct init_case {
	u32 capacity;
	u32 first;
	int err;
	const char *name;
};

static const struct init_case init_cases[] = {
	{ 16, 0, 0, "smallest capacity" },
	{ 16384, 0xffffff, 0, "largest capacity, last PSN" },
	{ 0, 0, -EINVAL, "capacity 0" },
	{ 8, 0, -EINVAL, "capacity below 16" },
	{ 24, 0, -EINVAL, "capacity not a power of two" },
	{ 32768, 0, -EINVAL, "capacity above 16384" },
	{ 64, 0x1000000, -EINVAL, "first PSN past 24 bits" },
};

static void init_desc(const struct init_case *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(init, init_cases, init_desc);

static void eun_sb_init_params(struct kunit *test)
{
	const struct init_case *t = test->param_value;
	struct eun_sb sb;

	KUNIT_EXPECT_EQ(test, eun_sb_init(&sb, t->capacity, t->first), t->err);
	if (!t->err) {
		KUNIT_EXPECT_EQ(test, sb.una, t->first);
		KUNIT_EXPECT_EQ(test, sb.nxt, t->first);
		KUNIT_EXPECT_EQ(test, eun_sb_count(&sb, EUN_SB_UNUSED), t->capacity);
	} else {
		KUNIT_EXPECT_NULL(test, sb.ring);
	}
	eun_sb_destroy(&sb);
}

static void eun_sb_send_until_full(struct kunit *test)
{
	struct eun_sb *sb = sb_new(test, 16, 100);
	struct eun_sb_ack_result res;

	KUNIT_EXPECT_EQ(test, eun_sb_sent(sb, 101, 0), -EINVAL);
	sb_send(test, sb, 16, 0);
	KUNIT_EXPECT_TRUE(test, eun_sb_full(sb));
	KUNIT_EXPECT_EQ(test, eun_sb_sent(sb, 116, 0), -ENOSPC);
	KUNIT_EXPECT_EQ(test, eun_sb_in_flight(sb), 16);
	KUNIT_EXPECT_EQ(test, eun_sb_count(sb, EUN_SB_IN_FLIGHT), 16);
	KUNIT_EXPECT_EQ(test, sb->nxt, 116);
	/* One PSN acknowledged frees one slot, no more. */
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 101, NULL, 0, 50, &res), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_sent(sb, 116, 60), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_sent(sb, 117, 61), -ENOSPC);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(sb, 116)->xmit_ns, 60);
	KUNIT_EXPECT_NULL(test, eun_sb_lookup(sb, 100));
	sb_expect_counts(test, sb);
}

static void eun_sb_cumulative_ack(struct kunit *test)
{
	struct eun_sb *sb = sb_new(test, 32, 1000);
	struct eun_sb_ack_result res;

	sb_send(test, sb, 10, 0);
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 1004, NULL, 0, 100, &res), 0);
	KUNIT_EXPECT_EQ(test, res.acked, 4);
	KUNIT_EXPECT_EQ(test, res.una, 1004);
	KUNIT_EXPECT_EQ(test, eun_sb_count(sb, EUN_SB_DELIVERED), 4);
	/* RTT from the most recently sent of them: PSN 1003, sent at 3. */
	KUNIT_EXPECT_TRUE(test, res.has_rtt);
	KUNIT_EXPECT_EQ(test, res.rtt_ns, 97);
	KUNIT_EXPECT_EQ(test, res.latest_psn, 1003);
	/* A stale ACK and a repeated one change nothing. */
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 1002, NULL, 0, 110, &res), 0);
	KUNIT_EXPECT_EQ(test, res.acked, 0);
	/* The oldest epsn still taken for a stale one. */
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, (1010 - EUN_SB_MAX_ACK_AGE) & EUN_PSN_MASK,
					 NULL, 0, 110, &res), 0);
	KUNIT_EXPECT_EQ(test, res.acked, 0);
	KUNIT_EXPECT_FALSE(test, res.has_latest);
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 1004, NULL, 0, 110, &res), 0);
	KUNIT_EXPECT_EQ(test, res.acked, 0);
	KUNIT_EXPECT_EQ(test, sb->una, 1004);
	/* Up to nxt is fine. */
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 1010, NULL, 0, 120, &res), 0);
	KUNIT_EXPECT_EQ(test, res.acked, 6);
	KUNIT_EXPECT_EQ(test, eun_sb_in_flight(sb), 0);
	KUNIT_EXPECT_EQ(test, sb->stats.bad_acks, 0);
	sb_expect_counts(test, sb);
}

static void eun_sb_sack_bitmap(struct kunit *test)
{
	struct eun_sb *sb = sb_new(test, 64, 100);
	struct eun_sb_ack_result res;
	u64 sack[2] = { 0x0a, 0 };	/* bits 1 and 3: PSNs 102 and 104 */

	sb_send(test, sb, 10, 0);
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 100, sack, 64, 50, &res), 0);
	KUNIT_EXPECT_EQ(test, res.acked, 0);
	KUNIT_EXPECT_EQ(test, res.sacked, 2);
	KUNIT_EXPECT_EQ(test, sb_state(sb, 102), EUN_SB_SACKED);
	KUNIT_EXPECT_EQ(test, sb_state(sb, 104), EUN_SB_SACKED);
	KUNIT_EXPECT_EQ(test, sb_state(sb, 103), EUN_SB_IN_FLIGHT);
	KUNIT_EXPECT_EQ(test, res.latest_psn, 104);
	KUNIT_EXPECT_EQ(test, res.rtt_ns, 46);
	/* The same SACK again is no news. */
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 100, sack, 64, 55, &res), 0);
	KUNIT_EXPECT_EQ(test, res.sacked, 0);
	KUNIT_EXPECT_FALSE(test, res.has_rtt);
	/* The cumulative ACK passes a SACKed PSN: acked, not newly arrived. */
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 103, NULL, 0, 60, &res), 0);
	KUNIT_EXPECT_EQ(test, res.acked, 3);
	KUNIT_EXPECT_EQ(test, res.latest_psn, 101);
	KUNIT_EXPECT_EQ(test, eun_sb_count(sb, EUN_SB_SACKED), 1);
	/* A stale ACK's bits still count for PSNs of the window. */
	sack[0] = 0x30;	/* from epsn 100: PSNs 105 and 106 */
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 100, sack, 8, 70, &res), 0);
	KUNIT_EXPECT_EQ(test, res.sacked, 2);
	KUNIT_EXPECT_EQ(test, res.una, 103);
	/* Bits past @sack_bits are not read, even when set. */
	sack[0] = 0x100;	/* bit 8: PSN 109 */
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 100, sack, 8, 70, &res), 0);
	KUNIT_EXPECT_EQ(test, sb_state(sb, 109), EUN_SB_IN_FLIGHT);
	sb_expect_counts(test, sb);
}

struct bad_ack_case {
	u32 epsn_off;	/* from una (100) */
	u32 bit;	/* set bit, or U32_MAX for none */
	u32 sack_bits;
	bool null_sack;
	const char *name;
};

static const struct bad_ack_case bad_ack_cases[] = {
	{ 11, U32_MAX, 0, false, "epsn one past nxt" },
	{ 0x7fffff, U32_MAX, 0, false, "epsn almost half the PSN space ahead" },
	{ 10, 0, 64, false, "SACK bit naming nxt + 1 at epsn nxt" },
	{ 0, 9, 64, false, "SACK bit naming nxt" },
	{ 5, 60, 64, false, "SACK bit far past nxt" },
	{ 0, U32_MAX, EUN_SB_MAX_SACK_BITS + 1, false, "bitmap too long" },
	{ 0, U32_MAX, 64, true, "bits without a bitmap" },
	{ 0x1000000, U32_MAX, 0, false, "epsn past 24 bits" },
	{ 0x1000000 - EUN_SB_MAX_ACK_AGE - 11, U32_MAX, 0, false, "epsn too old" },
};

static void bad_ack_desc(const struct bad_ack_case *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(bad_ack, bad_ack_cases, bad_ack_desc);

static void eun_sb_malformed_ack(struct kunit *test)
{
	const struct bad_ack_case *t = test->param_value;
	struct eun_sb *sb = sb_new(test, 64, 100);
	u64 *sack = kunit_kzalloc(test, EUN_SB_MAX_SACK_BITS / 8 + 8, GFP_KERNEL);
	struct eun_sb_ack_result res;
	u32 epsn = t->epsn_off == 0x1000000 ? t->epsn_off : eun_psn_add(100, t->epsn_off);

	KUNIT_ASSERT_NOT_NULL(test, sack);
	sb_send(test, sb, 10, 0);
	if (t->bit != U32_MAX)
		sack[t->bit / 64] |= 1ULL << (t->bit % 64);
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, epsn, t->null_sack ? NULL : sack,
					 t->sack_bits, 50, &res), -EINVAL);
	KUNIT_EXPECT_EQ(test, res.acked + res.sacked, 0);
	KUNIT_EXPECT_EQ(test, sb->una, 100);
	KUNIT_EXPECT_EQ(test, eun_sb_count(sb, EUN_SB_IN_FLIGHT), 10);
	KUNIT_EXPECT_EQ(test, sb->stats.bad_acks, 1);
	/* Clear bits past nxt are fine: only set ones are refused. */
	memset(sack, 0, EUN_SB_MAX_SACK_BITS / 8);
	sack[0] = 0x1;
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 100, sack, EUN_SB_MAX_SACK_BITS, 50, &res), 0);
	KUNIT_EXPECT_EQ(test, res.sacked, 1);
}

static void eun_sb_timeout_marks_holes_only(struct kunit *test)
{
	struct eun_sb *sb = sb_new(test, 16, 0);
	struct eun_sb_ack_result res;
	u64 sack = 0x12;	/* from epsn 1: PSNs 3 and 6 */
	u32 psn, expect[] = { 1, 2, 4, 5, 7 }, i;

	sb_send(test, sb, 8, 0);
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 1, &sack, 64, 10, &res), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_timeout(sb), 5);
	KUNIT_EXPECT_EQ(test, eun_sb_count(sb, EUN_SB_LOST), 5);
	KUNIT_EXPECT_EQ(test, eun_sb_count(sb, EUN_SB_SACKED), 2);
	/* Holes come out lowest first; SACKed PSNs never do. */
	for (i = 0; i < ARRAY_SIZE(expect); i++) {
		KUNIT_ASSERT_TRUE(test, eun_sb_next_lost(sb, &psn));
		KUNIT_EXPECT_EQ(test, psn, expect[i]);
		KUNIT_EXPECT_EQ(test, eun_sb_lookup(sb, psn)->cause, EUN_SB_CAUSE_TIMEOUT);
		KUNIT_EXPECT_EQ(test, eun_sb_retransmitted(sb, psn, 100 + i), 0);
	}
	KUNIT_EXPECT_FALSE(test, eun_sb_next_lost(sb, &psn));
	KUNIT_EXPECT_EQ(test, sb->stats.retransmits[EUN_SB_CAUSE_TIMEOUT], 5);
	KUNIT_EXPECT_EQ(test, eun_sb_count(sb, EUN_SB_RETRANSMITTED), 5);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(sb, 4)->xmits, 2);
	/* A second timeout marks the retransmitted ones again, still no more. */
	KUNIT_EXPECT_EQ(test, eun_sb_timeout(sb), 5);
	KUNIT_EXPECT_EQ(test, eun_sb_count(sb, EUN_SB_SACKED), 2);
	sb_expect_counts(test, sb);
}

/*
 * Every PSN out is SACKed and the cumulative ACK that would cover them was
 * lost: the responder sends no other. The timer marks the oldest PSN the
 * scoreboard sent, whose resend draws the ACK again; never a READ's PSN,
 * which it did not send.
 */
static void eun_sb_timeout_probes_lost_ack(struct kunit *test)
{
	struct eun_sb *sb = sb_new(test, 16, 100);
	struct eun_sb_ack_result res;
	u64 sack = 0x1e;	/* from epsn 100: PSNs 102 to 105 */
	u32 psn;

	KUNIT_ASSERT_EQ(test, eun_sb_skip(sb, 100, 2), 0);
	sb_send(test, sb, 4, 10);
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 100, &sack, 64, 20, &res), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_count(sb, EUN_SB_SACKED), 6);
	KUNIT_EXPECT_EQ(test, eun_sb_timeout(sb), 1);
	KUNIT_ASSERT_TRUE(test, eun_sb_next_lost(sb, &psn));
	KUNIT_EXPECT_EQ(test, psn, 102);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(sb, 102)->cause, EUN_SB_CAUSE_TIMEOUT);
	/* Lost and not resent yet: the next timeout adds no second probe. */
	KUNIT_EXPECT_EQ(test, eun_sb_timeout(sb), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_count(sb, EUN_SB_LOST), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_retransmitted(sb, 102, 30), 0);
	/* The duplicate's answer covers everything. */
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 106, NULL, 0, 40, &res), 0);
	KUNIT_EXPECT_EQ(test, sb->una, 106);
	KUNIT_EXPECT_EQ(test, eun_sb_timeout(sb), 0);
	KUNIT_EXPECT_FALSE(test, eun_sb_next_lost(sb, &psn));
	sb_expect_counts(test, sb);
}

/* Only a READ's PSNs out: their loss is the READ tracker's to find. */
static void eun_sb_timeout_leaves_read_psns(struct kunit *test)
{
	struct eun_sb *sb = sb_new(test, 16, 7);
	u32 psn;

	KUNIT_ASSERT_EQ(test, eun_sb_skip(sb, 7, 3), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_timeout(sb), 0);
	KUNIT_EXPECT_FALSE(test, eun_sb_next_lost(sb, &psn));
	KUNIT_EXPECT_EQ(test, eun_sb_count(sb, EUN_SB_SACKED), 3);
	sb_expect_counts(test, sb);
}

static void eun_sb_nack_mark_lost(struct kunit *test)
{
	struct eun_sb *sb = sb_new(test, 16, 50);
	struct eun_sb_ack_result res;
	u64 sack = 0x1;	/* from epsn 52: PSN 53 */
	u32 psn;

	sb_send(test, sb, 6, 0);
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 52, &sack, 64, 10, &res), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_mark_lost(sb, 54, EUN_SB_CAUSE_NACK), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_mark_lost(sb, 54, EUN_SB_CAUSE_NACK), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_mark_lost(sb, 53, EUN_SB_CAUSE_NACK), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_mark_lost(sb, 52, EUN_SB_CAUSE_NACK), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_mark_lost(sb, 51, EUN_SB_CAUSE_NACK), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_sb_mark_lost(sb, 56, EUN_SB_CAUSE_NACK), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_sb_mark_lost(sb, 55, EUN_SB_CAUSE_COUNT), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_sb_retransmitted(sb, 55, 20), -EINVAL);
	/* The lower mark comes out first although it was made later. */
	KUNIT_ASSERT_TRUE(test, eun_sb_next_lost(sb, &psn));
	KUNIT_EXPECT_EQ(test, psn, 52);
	KUNIT_EXPECT_EQ(test, eun_sb_retransmitted(sb, 52, 20), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_retransmitted(sb, 52, 20), -EINVAL);
	/* An ACK of a lost PSN spares its retransmission. */
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 55, NULL, 0, 30, &res), 0);
	KUNIT_EXPECT_FALSE(test, eun_sb_next_lost(sb, &psn));
	KUNIT_EXPECT_EQ(test, sb->stats.retransmits[EUN_SB_CAUSE_NACK], 1);
	sb_expect_counts(test, sb);
}

static void eun_sb_spurious_and_karn(struct kunit *test)
{
	struct eun_sb *sb = sb_new(test, 16, 0);
	struct eun_sb_ack_result res;

	eun_sb_set_spurious_ns(sb, 1000);
	sb_send(test, sb, 3, 0);
	KUNIT_EXPECT_EQ(test, eun_sb_mark_lost(sb, 0, EUN_SB_CAUSE_REORDER), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_mark_lost(sb, 1, EUN_SB_CAUSE_REORDER), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_retransmitted(sb, 0, 5000), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_retransmitted(sb, 1, 5000), 0);
	/* 100 ns after the retransmission: the original must have arrived. */
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 1, NULL, 0, 5100, &res), 0);
	KUNIT_EXPECT_EQ(test, res.spurious, 1);
	KUNIT_EXPECT_FALSE(test, res.has_rtt);
	KUNIT_EXPECT_FALSE(test, res.has_latest);
	KUNIT_EXPECT_EQ(test, sb->stats.spurious, 1);
	/* A min RTT after it: the retransmission arrived; no RTT (Karn). */
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 2, NULL, 0, 6000, &res), 0);
	KUNIT_EXPECT_EQ(test, res.spurious, 0);
	KUNIT_EXPECT_FALSE(test, res.has_rtt);
	KUNIT_EXPECT_TRUE(test, res.has_latest);
	KUNIT_EXPECT_EQ(test, res.latest_xmit_ns, 5000);
	/* The duplicate report finds PSN 1 needless too, PSN 0 only once. */
	KUNIT_EXPECT_EQ(test, eun_sb_dup(sb, 0), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_dup(sb, 1), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_dup(sb, 1), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_dup(sb, 2), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_dup(sb, 0x1000000), -EINVAL);
	KUNIT_EXPECT_EQ(test, sb->stats.spurious, 2);
	/* PSN 2, sent once: a plain RTT sample. */
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 3, NULL, 0, 7002, &res), 0);
	KUNIT_EXPECT_TRUE(test, res.has_rtt);
	KUNIT_EXPECT_EQ(test, res.rtt_ns, 7000);
}

static void eun_sb_dup_forgets_old(struct kunit *test)
{
	struct eun_sb *sb = sb_new(test, 16, 0);
	struct eun_sb_ack_result res;

	sb_send(test, sb, 1, 0);
	KUNIT_EXPECT_EQ(test, eun_sb_mark_lost(sb, 0, EUN_SB_CAUSE_NACK), 1);
	KUNIT_EXPECT_EQ(test, eun_sb_retransmitted(sb, 0, 10), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 1, NULL, 0, 20, &res), 0);
	/* Sixteen more PSNs reuse the slot: PSN 0 is forgotten. */
	sb_send(test, sb, 16, 30);
	KUNIT_EXPECT_EQ(test, eun_sb_dup(sb, 0), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_dup(sb, 16), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_dup(sb, 17), 0);
	KUNIT_EXPECT_EQ(test, sb->stats.spurious, 0);
}

struct wrap_case {
	u32 first;
	const char *name;
};

static const struct wrap_case wrap_cases[] = {
	{ 0xfffff8, "8 below the wrap" },
	{ 0xffffff, "at the last PSN" },
	{ 0x000000, "at 0" },
	{ 0x7ffffc, "across half the PSN space" },
};

static void wrap_desc(const struct wrap_case *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(wrap, wrap_cases, wrap_desc);

static void eun_sb_psn_wrap(struct kunit *test)
{
	const struct wrap_case *t = test->param_value;
	struct eun_sb *sb = sb_new(test, 32, t->first);
	struct eun_sb_ack_result res;
	u64 sack = 0x5555;	/* every other PSN from first + 2 */
	u32 psn, i;

	sb_send(test, sb, 20, 0);
	KUNIT_EXPECT_EQ(test, sb->nxt, eun_psn_add(t->first, 20));
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, eun_psn_add(t->first, 1), &sack, 16, 40, &res), 0);
	KUNIT_EXPECT_EQ(test, res.acked, 1);
	KUNIT_EXPECT_EQ(test, res.sacked, 8);
	KUNIT_EXPECT_EQ(test, res.latest_psn, eun_psn_add(t->first, 16));
	KUNIT_EXPECT_EQ(test, eun_sb_timeout(sb), 11);
	for (i = 0; i < 11; i++) {
		KUNIT_ASSERT_TRUE(test, eun_sb_next_lost(sb, &psn));
		KUNIT_EXPECT_EQ(test, psn, eun_psn_add(t->first, i < 8 ? 1 + 2 * i : 9 + i));
		KUNIT_EXPECT_EQ(test, eun_sb_retransmitted(sb, psn, 50), 0);
	}
	KUNIT_EXPECT_FALSE(test, eun_sb_next_lost(sb, &psn));
	/* Past nxt across the wrap is refused; nxt itself is fine. */
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, eun_psn_add(t->first, 21), NULL, 0, 60, &res),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, eun_psn_add(t->first, 20), NULL, 0, 60, &res), 0);
	KUNIT_EXPECT_EQ(test, res.acked, 19);
	KUNIT_EXPECT_EQ(test, eun_sb_in_flight(sb), 0);
	/* Fill the ring across the wrap. */
	sb_send(test, sb, 32, 70);
	KUNIT_EXPECT_EQ(test, eun_sb_sent(sb, sb->nxt, 80), -ENOSPC);
	sb_expect_counts(test, sb);
}

/*
 * A READ's PSNs between WRITE packets: acknowledged as a range, never
 * lost, never resent, no RTT sample; they take room like sent PSNs.
 */
static void eun_sb_skip_request(struct kunit *test)
{
	struct eun_sb *sb = sb_new(test, 16, 0xfffffc);
	struct eun_sb_ack_result res;
	u32 psn;

	sb_send(test, sb, 2, 0);
	KUNIT_EXPECT_EQ(test, eun_sb_skip(sb, 0xfffffd, 4), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_sb_skip(sb, 0xfffffe, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_sb_skip(sb, 0xfffffe, 15), -ENOSPC);
	KUNIT_EXPECT_EQ(test, sb->nxt, 0xfffffe);
	KUNIT_EXPECT_EQ(test, eun_sb_skip(sb, 0xfffffe, 4), 0);
	KUNIT_EXPECT_EQ(test, sb->nxt, 2);
	sb_send(test, sb, 2, 10);
	KUNIT_EXPECT_EQ(test, eun_sb_in_flight(sb), 8);
	KUNIT_EXPECT_EQ(test, sb_state(sb, 0xffffff), EUN_SB_SACKED);
	KUNIT_EXPECT_EQ(test, eun_sb_lookup(sb, 1)->xmits, 0);
	/* The timeout marks the packets sent, not the READ's PSNs. */
	KUNIT_EXPECT_EQ(test, eun_sb_timeout(sb), 4);
	KUNIT_EXPECT_TRUE(test, eun_sb_next_lost(sb, &psn));
	KUNIT_EXPECT_EQ(test, psn, 0xfffffc);
	KUNIT_EXPECT_EQ(test, sb_state(sb, 0), EUN_SB_SACKED);
	KUNIT_EXPECT_EQ(test, eun_sb_retransmitted(sb, 0xfffffc, 20), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_retransmitted(sb, 0xfffffd, 21), 0);
	/*
	 * The responder took the READ: one ACK passes it, and gives no RTT
	 * sample (the two resent PSNs give none either: Karn).
	 */
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 2, NULL, 0, 1000, &res), 0);
	KUNIT_EXPECT_EQ(test, res.acked, 6);
	KUNIT_EXPECT_EQ(test, res.una, 2);
	KUNIT_EXPECT_FALSE(test, res.has_rtt);
	KUNIT_EXPECT_EQ(test, eun_sb_count(sb, EUN_SB_DELIVERED), 6);
	KUNIT_EXPECT_TRUE(test, eun_sb_next_lost(sb, &psn));
	KUNIT_EXPECT_EQ(test, psn, 2);
	sb_expect_counts(test, sb);
}

static void eun_sb_reset_clears(struct kunit *test)
{
	struct eun_sb *sb = sb_new(test, 16, 0);
	struct eun_sb_ack_result res;

	sb_send(test, sb, 5, 0);
	KUNIT_EXPECT_EQ(test, eun_sb_ack(sb, 2, NULL, 0, 10, &res), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_timeout(sb), 3);
	KUNIT_EXPECT_EQ(test, eun_sb_reset(sb, 0xfffff0), 0);
	KUNIT_EXPECT_EQ(test, sb->una, 0xfffff0);
	KUNIT_EXPECT_EQ(test, sb->nxt, 0xfffff0);
	KUNIT_EXPECT_EQ(test, eun_sb_count(sb, EUN_SB_UNUSED), 16);
	KUNIT_EXPECT_EQ(test, eun_sb_count(sb, EUN_SB_LOST), 0);
	KUNIT_EXPECT_EQ(test, eun_sb_reset(sb, 0x1000000), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_sb_sent(sb, 0xfffff0, 0), 0);
}

static void eun_sb_destroyed_refuses(struct kunit *test)
{
	struct eun_sb sb = {};
	struct eun_sb_ack_result res;
	u32 psn;

	/* Every call on a scoreboard without ring answers, none crashes. */
	KUNIT_EXPECT_EQ(test, eun_sb_sent(&sb, 0, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_sb_skip(&sb, 0, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_sb_ack(&sb, 0, NULL, 0, 0, &res), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_sb_mark_lost(&sb, 0, EUN_SB_CAUSE_NACK), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_sb_timeout(&sb), 0);
	KUNIT_EXPECT_FALSE(test, eun_sb_next_lost(&sb, &psn));
	KUNIT_EXPECT_EQ(test, eun_sb_retransmitted(&sb, 0, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_sb_dup(&sb, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, eun_sb_reset(&sb, 0), -EINVAL);
	KUNIT_EXPECT_NULL(test, eun_sb_lookup(&sb, 0));
	eun_sb_destroy(&sb);
}

static void eun_sb_names(struct kunit *test)
{
	KUNIT_EXPECT_STREQ(test, eun_sb_state_name(EUN_SB_SACKED), "sacked");
	KUNIT_EXPECT_STREQ(test, eun_sb_state_name(EUN_SB_STATE_COUNT), "?");
	KUNIT_EXPECT_STREQ(test, eun_sb_cause_name(EUN_SB_CAUSE_REORDER), "reorder");
	KUNIT_EXPECT_STREQ(test, eun_sb_cause_name(EUN_SB_CAUSE_COUNT), "?");
}

static struct kunit_case eun_scoreboard_cases[] = {
	KUNIT_CASE_PARAM(eun_sb_init_params, init_gen_params),
	KUNIT_CASE(eun_sb_send_until_full),
	KUNIT_CASE(eun_sb_cumulative_ack),
	KUNIT_CASE(eun_sb_sack_bitmap),
	KUNIT_CASE_PARAM(eun_sb_malformed_ack, bad_ack_gen_params),
	KUNIT_CASE(eun_sb_timeout_marks_holes_only),
	KUNIT_CASE(eun_sb_timeout_probes_lost_ack),
	KUNIT_CASE(eun_sb_timeout_leaves_read_psns),
	KUNIT_CASE(eun_sb_nack_mark_lost),
	KUNIT_CASE(eun_sb_spurious_and_karn),
	KUNIT_CASE(eun_sb_dup_forgets_old),
	KUNIT_CASE_PARAM(eun_sb_psn_wrap, wrap_gen_params),
	KUNIT_CASE(eun_sb_skip_request),
	KUNIT_CASE(eun_sb_reset_clears),
	KUNIT_CASE(eun_sb_destroyed_refuses),
	KUNIT_CASE(eun_sb_names),
	{}
};

static struct kunit_suite eun_scoreboard_suite = {
	.name = "eun_scoreboard",
	.test_cases = eun_scoreboard_cases,
};

kunit_test_suite(eun_scoreboard_suite);
