// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the sender's waits after a receiver's refusals for want
 * of room (core/eun_backoff.c): a refusal starts a wait that doubles per
 * refusal in a row up to its ceiling; refusals of packets sent before the
 * wait began are echoes; the cumulative ACK moving ends the streak; every
 * EUN_BO_STRIKES_PER_RETRY refusals without progress spend one retry;
 * the sender stays stalled, past the end of its wait, until then.
 */
#include <kunit/test.h>

#include "eun/eun_backoff.h"

#define BO_MS	(1000 * 1000ULL)

/* A refusal of a packet sent at @now, i.e. after any wait began. */
static enum eun_bo_verdict bo_fresh(struct eun_backoff *bo, u32 una, u64 now)
{
	return eun_bo_nack(bo, una, now, now);
}

static void bo_first_refusal_waits_base(struct kunit *test)
{
	struct eun_backoff bo;

	eun_bo_init(&bo);
	KUNIT_EXPECT_FALSE(test, eun_bo_waiting(&bo, 0));
	KUNIT_EXPECT_EQ(test, eun_bo_until(&bo), 0ULL);
	KUNIT_EXPECT_EQ(test, bo_fresh(&bo, 10, 100 * BO_MS), EUN_BO_WAIT);
	KUNIT_EXPECT_EQ(test, eun_bo_until(&bo), 100 * BO_MS + EUN_BO_BASE_NS);
	KUNIT_EXPECT_TRUE(test, eun_bo_waiting(&bo, 100 * BO_MS));
	KUNIT_EXPECT_TRUE(test,
			  eun_bo_waiting(&bo, 100 * BO_MS + EUN_BO_BASE_NS - 1));
	KUNIT_EXPECT_FALSE(test,
			   eun_bo_waiting(&bo, 100 * BO_MS + EUN_BO_BASE_NS));
	KUNIT_EXPECT_EQ(test, bo.waits, 1ULL);
}

static void bo_wait_doubles_to_ceiling(struct kunit *test)
{
	struct eun_backoff bo;
	u64 now = BO_MS, want = EUN_BO_BASE_NS;
	int i;

	eun_bo_init(&bo);
	for (i = 0; i < 12; i++) {
		bo_fresh(&bo, 10, now);
		KUNIT_EXPECT_EQ(test, eun_bo_until(&bo) - now, want);
		now = eun_bo_until(&bo);
		want = min(want * 2, EUN_BO_MAX_NS);
	}
	KUNIT_EXPECT_EQ(test, want, EUN_BO_MAX_NS);
}

static void bo_echo_changes_nothing(struct kunit *test)
{
	struct eun_backoff bo;
	u64 until;

	eun_bo_init(&bo);
	bo_fresh(&bo, 10, 50 * BO_MS);
	until = eun_bo_until(&bo);
	/* A burst sent before the wait, refused packet by packet. */
	KUNIT_EXPECT_EQ(test, eun_bo_nack(&bo, 10, 49 * BO_MS, 50 * BO_MS + 1),
			EUN_BO_ECHO);
	KUNIT_EXPECT_EQ(test, eun_bo_nack(&bo, 10, 49 * BO_MS, until + BO_MS),
			EUN_BO_ECHO);
	KUNIT_EXPECT_EQ(test, eun_bo_until(&bo), until);
	KUNIT_EXPECT_EQ(test, bo.waits, 1ULL);
	/* Sent when the wait began: a new refusal. */
	KUNIT_EXPECT_EQ(test, eun_bo_nack(&bo, 10, 50 * BO_MS, until),
			EUN_BO_WAIT);
	KUNIT_EXPECT_EQ(test, eun_bo_until(&bo), until + 2 * EUN_BO_BASE_NS);
}

static void bo_progress_ends_streak(struct kunit *test)
{
	struct eun_backoff bo;

	eun_bo_init(&bo);
	bo_fresh(&bo, 10, BO_MS);
	bo_fresh(&bo, 10, 3 * BO_MS);
	/* The same cumulative ACK is no progress. */
	eun_bo_progress(&bo, 10);
	KUNIT_EXPECT_TRUE(test, eun_bo_waiting(&bo, 3 * BO_MS));
	eun_bo_progress(&bo, 11);
	KUNIT_EXPECT_FALSE(test, eun_bo_waiting(&bo, 3 * BO_MS));
	KUNIT_EXPECT_EQ(test, eun_bo_until(&bo), 0ULL);
	bo_fresh(&bo, 11, 4 * BO_MS);
	KUNIT_EXPECT_EQ(test, eun_bo_until(&bo), 4 * BO_MS + EUN_BO_BASE_NS);
}

static void bo_new_una_starts_new_streak(struct kunit *test)
{
	struct eun_backoff bo;
	int i;

	eun_bo_init(&bo);
	for (i = 0; i < EUN_BO_STRIKES_PER_RETRY - 1; i++)
		KUNIT_EXPECT_EQ(test, bo_fresh(&bo, 10, (i + 1) * EUN_BO_MAX_NS),
				EUN_BO_WAIT);
	/* The ACK moved without a progress call: the budget starts again. */
	KUNIT_EXPECT_EQ(test, bo_fresh(&bo, 0xffffff, 100 * EUN_BO_MAX_NS),
			EUN_BO_WAIT);
	KUNIT_EXPECT_EQ(test, eun_bo_until(&bo) - 100 * EUN_BO_MAX_NS,
			EUN_BO_BASE_NS);
	KUNIT_EXPECT_EQ(test, bo.retries, 0ULL);
}

static void bo_budget_spends_retries(struct kunit *test)
{
	struct eun_backoff bo;
	u64 now = BO_MS;
	int i, retries = 0;

	eun_bo_init(&bo);
	for (i = 1; i <= 3 * EUN_BO_STRIKES_PER_RETRY; i++) {
		enum eun_bo_verdict v = bo_fresh(&bo, 10, now);

		if (i % EUN_BO_STRIKES_PER_RETRY == 0) {
			KUNIT_EXPECT_EQ(test, v, EUN_BO_RETRY);
			retries++;
		} else {
			KUNIT_EXPECT_EQ(test, v, EUN_BO_WAIT);
		}
		/* Spending a retry still waits, at the ceiling by then. */
		KUNIT_EXPECT_TRUE(test, eun_bo_waiting(&bo, now));
		now = eun_bo_until(&bo);
	}
	KUNIT_EXPECT_EQ(test, bo.retries, (u64)retries);
	KUNIT_EXPECT_EQ(test, bo.waits, 3ULL * EUN_BO_STRIKES_PER_RETRY);
}

static void bo_stalled_until_progress(struct kunit *test)
{
	struct eun_backoff bo;

	eun_bo_init(&bo);
	KUNIT_EXPECT_FALSE(test, eun_bo_stalled(&bo, 10));
	bo_fresh(&bo, 10, BO_MS);
	KUNIT_EXPECT_TRUE(test, eun_bo_stalled(&bo, 10));
	/* The wait is over, the refusal stands: still stalled. */
	KUNIT_EXPECT_FALSE(test, eun_bo_waiting(&bo, eun_bo_until(&bo)));
	KUNIT_EXPECT_TRUE(test, eun_bo_stalled(&bo, 10));
	/* The cumulative ACK moved: whatever the backoff saw, not stalled. */
	KUNIT_EXPECT_FALSE(test, eun_bo_stalled(&bo, 11));
	eun_bo_progress(&bo, 10);
	KUNIT_EXPECT_TRUE(test, eun_bo_stalled(&bo, 10));
	eun_bo_progress(&bo, 11);
	KUNIT_EXPECT_FALSE(test, eun_bo_stalled(&bo, 11));
	KUNIT_EXPECT_FALSE(test, eun_bo_stalled(&bo, 10));
}

static void bo_init_clears(struct kunit *test)
{
	struct eun_backoff bo;

	eun_bo_init(&bo);
	bo_fresh(&bo, 10, BO_MS);
	eun_bo_init(&bo);
	KUNIT_EXPECT_FALSE(test, eun_bo_waiting(&bo, BO_MS));
	KUNIT_EXPECT_EQ(test, bo.waits, 0ULL);
	KUNIT_EXPECT_EQ(test, bo_fresh(&bo, 10, 2 * BO_MS), EUN_BO_WAIT);
	KUNIT_EXPECT_EQ(test, eun_bo_until(&bo), 2 * BO_MS + EUN_BO_BASE_NS);
}

static struct kunit_case eun_backoff_cases[] = {
	KUNIT_CASE(bo_first_refusal_waits_base),
	KUNIT_CASE(bo_wait_doubles_to_ceiling),
	KUNIT_CASE(bo_echo_changes_nothing),
	KUNIT_CASE(bo_progress_ends_streak),
	KUNIT_CASE(bo_new_una_starts_new_streak),
	KUNIT_CASE(bo_budget_spends_retries),
	KUNIT_CASE(bo_stalled_until_progress),
	KUNIT_CASE(bo_init_clears),
	{}
};

static struct kunit_suite eun_backoff_suite = {
	.name = "eun_backoff",
	.test_cases = eun_backoff_cases,
};

kunit_test_suite(eun_backoff_suite);
