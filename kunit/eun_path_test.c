// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for a QP's virtual paths and the out-of-order degree
 * histogram: the first ports, each policy's choice (off, round robin,
 * random from a seed), MP-RDMA's pruning by lateness and by loss, probes
 * and their adoption, stale echoes, restart, and refusal of bad
 * configurations.
 */
#include <kunit/test.h>

#include "eun/eun_hist.h"
#include "eun/eun_path.h"

#define PT_SLOTS	(EUN_PATH_MAX + 1)

struct pt {
	struct eun_paths ps;
	struct eun_path path[PT_SLOTS];
};

static struct pt *pt_new(struct kunit *test, enum eun_spray policy,
			 u32 npaths, u16 home, u64 seed)
{
	struct eun_path_cfg cfg = {
		.policy = policy, .npaths = npaths, .home_sport = home,
		.seed = seed, .delta = 16, .probe_every = 0,
	};
	struct pt *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_EQ(test, eun_paths_init(&t->ps, t->path, &cfg), 0);
	return t;
}

static void eun_path_first_ports(struct kunit *test)
{
	struct pt *t = pt_new(test, EUN_SPRAY_RR, 8, 0xc005, 1);
	u32 i;

	for (i = 0; i < 8; i++)
		KUNIT_EXPECT_EQ(test, eun_paths_sport(&t->ps, i), 0xc000 + i);
	/* The probe's port is none of theirs. */
	KUNIT_EXPECT_GE(test, eun_paths_sport(&t->ps, 8), EUN_PATH_SPORT_MIN);
	for (i = 0; i < 8; i++)
		KUNIT_EXPECT_NE(test, eun_paths_sport(&t->ps, 8),
				eun_paths_sport(&t->ps, i));
	/* Round robin starts at the home port. */
	KUNIT_EXPECT_EQ(test, eun_paths_pick(&t->ps), 5);
	KUNIT_EXPECT_EQ(test, eun_paths_pick(&t->ps), 6);
	KUNIT_EXPECT_EQ(test, eun_paths_pick(&t->ps), 7);
	KUNIT_EXPECT_EQ(test, eun_paths_pick(&t->ps), 0);
}

/* A block that would pass 0xffff ends there instead. */
static void eun_path_block_clamped(struct kunit *test)
{
	struct pt *t = pt_new(test, EUN_SPRAY_RR, EUN_PATH_MAX, 0xfffe, 1);
	u32 i;

	KUNIT_EXPECT_EQ(test, eun_paths_sport(&t->ps, EUN_PATH_MAX - 1), 0xffff);
	for (i = 0; i < EUN_PATH_MAX; i++)
		KUNIT_EXPECT_GE(test, eun_paths_sport(&t->ps, i),
				EUN_PATH_SPORT_MIN);
	KUNIT_EXPECT_EQ(test, eun_paths_sport(&t->ps, t->ps.next), 0xfffe);
}

static void eun_path_off_keeps_home(struct kunit *test)
{
	struct pt *t = pt_new(test, EUN_SPRAY_OFF, 8, 0xd123, 1);
	int n;

	for (n = 0; n < 100; n++)
		KUNIT_ASSERT_EQ(test, eun_paths_sport(&t->ps, eun_paths_pick(&t->ps)),
				0xd123);
}

/* One path is no spraying, whatever the policy. */
static void eun_path_one_path(struct kunit *test)
{
	enum eun_spray p;
	int n;

	for (p = EUN_SPRAY_OFF; p < EUN_SPRAY_MPRDMA; p++) {
		struct pt *t = pt_new(test, p, 1, 0xe001, 7);

		for (n = 0; n < 50; n++)
			KUNIT_ASSERT_EQ(test,
					eun_paths_sport(&t->ps, eun_paths_pick(&t->ps)),
					0xe001);
	}
}

static void eun_path_rr_even(struct kunit *test)
{
	struct pt *t = pt_new(test, EUN_SPRAY_RR, 6, 0xc100, 1);
	int n;
	u32 i;

	for (n = 0; n < 6000; n++)
		eun_paths_pick(&t->ps);
	for (i = 0; i < 6; i++)
		KUNIT_EXPECT_EQ(test, t->path[i].sent, 1000);
	KUNIT_EXPECT_EQ(test, t->path[6].sent, 0);
}

static void eun_path_random_seeded(struct kunit *test)
{
	struct pt *a = pt_new(test, EUN_SPRAY_RANDOM, 8, 0xc200, 42);
	struct pt *b = pt_new(test, EUN_SPRAY_RANDOM, 8, 0xc200, 42);
	struct pt *c = pt_new(test, EUN_SPRAY_RANDOM, 8, 0xc200, 43);
	u8 first[100];
	int n, differ = 0;
	u32 i;

	for (n = 0; n < 8000; n++) {
		u32 ia = eun_paths_pick(&a->ps);

		KUNIT_ASSERT_EQ(test, ia, eun_paths_pick(&b->ps));
		KUNIT_ASSERT_LT(test, ia, 8);
		differ += ia != eun_paths_pick(&c->ps);
		if (n < ARRAY_SIZE(first))
			first[n] = ia;
	}
	KUNIT_EXPECT_GT(test, differ, 6000);
	/* Uniform: each path within 15% of its 1000. */
	for (i = 0; i < 8; i++) {
		KUNIT_EXPECT_GT(test, a->path[i].sent, 850);
		KUNIT_EXPECT_LT(test, a->path[i].sent, 1150);
	}
	/* Restarted, the same seed gives the same sequence again. */
	eun_paths_restart(&a->ps);
	KUNIT_EXPECT_EQ(test, a->path[0].sent, 0);
	for (n = 0; n < ARRAY_SIZE(first); n++)
		KUNIT_ASSERT_EQ(test, eun_paths_pick(&a->ps), first[n]);
}

static void eun_path_mprdma_prunes_late(struct kunit *test)
{
	struct pt *t = pt_new(test, EUN_SPRAY_MPRDMA, 4, 0xc400, 5);
	u16 old = eun_paths_sport(&t->ps, 2);
	u8 wire = eun_paths_wire(&t->ps, 2);
	u32 i;

	/* In time, as the others: no change. */
	for (i = 0; i < 40; i++)
		KUNIT_EXPECT_EQ(test, eun_paths_echo(&t->ps,
						     eun_paths_wire(&t->ps, i % 4), 10), 0);
	KUNIT_EXPECT_EQ(test, eun_paths_sport(&t->ps, 2), old);
	/* Late by far more than delta, again: replaced by a port none has. */
	for (i = 0; i < 20 && eun_paths_sport(&t->ps, 2) == old; i++)
		KUNIT_EXPECT_EQ(test, eun_paths_echo(&t->ps, wire, 400), 0);
	KUNIT_EXPECT_NE(test, eun_paths_sport(&t->ps, 2), old);
	KUNIT_EXPECT_GT(test, i, 1);
	for (i = 0; i < 5; i++)
		if (i != 2)
			KUNIT_EXPECT_NE(test, eun_paths_sport(&t->ps, i),
					eun_paths_sport(&t->ps, 2));
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_late, 1);
	KUNIT_EXPECT_EQ(test, t->path[2].late_avg, 0);
	/* The old port's echoes no longer count against the new one. */
	KUNIT_EXPECT_EQ(test, eun_paths_echo(&t->ps, wire, 500), -ESTALE);
	KUNIT_EXPECT_EQ(test, t->ps.stats.stale, 1);
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_late, 1);
	KUNIT_EXPECT_NE(test, eun_paths_wire(&t->ps, 2), wire);
}

/*
 * READ responses take the first ports in turn: each path's first port,
 * kept when the policy gave the path another.
 */
static void eun_path_first_sport_kept(struct kunit *test)
{
	struct pt *t = pt_new(test, EUN_SPRAY_MPRDMA, 4, 0xc400, 5);
	u8 wire = eun_paths_wire(&t->ps, 2);
	u16 first[4];
	u32 i;

	for (i = 0; i < 4; i++)
		first[i] = eun_paths_sport(&t->ps, i);
	for (i = 0; i < 40; i++)
		KUNIT_ASSERT_EQ(test, eun_paths_echo(&t->ps,
						     eun_paths_wire(&t->ps, i % 4), 10), 0);
	for (i = 0; i < 20 && eun_paths_sport(&t->ps, 2) == first[2]; i++)
		KUNIT_ASSERT_EQ(test, eun_paths_echo(&t->ps, wire, 400), 0);
	KUNIT_ASSERT_NE(test, eun_paths_sport(&t->ps, 2), first[2]);
	for (i = 0; i < 12; i++)
		KUNIT_EXPECT_EQ_MSG(test, eun_paths_first_sport(&t->ps, i),
				    first[i % 4], "response %u", i);
	KUNIT_EXPECT_EQ(test, eun_paths_first_sport(&t->ps, U32_MAX), first[3]);
}

/* Every path late alike: no path is to blame, none is replaced. */
static void eun_path_mprdma_all_late(struct kunit *test)
{
	struct pt *t = pt_new(test, EUN_SPRAY_MPRDMA, 4, 0xc400, 5);
	u16 old[4];
	int n;
	u32 i;

	for (i = 0; i < 4; i++)
		old[i] = eun_paths_sport(&t->ps, i);
	for (n = 0; n < 50; n++)
		for (i = 0; i < 4; i++)
			KUNIT_ASSERT_EQ(test, eun_paths_echo(&t->ps, eun_paths_wire(&t->ps, i),
							     100 + i), 0);
	for (i = 0; i < 4; i++)
		KUNIT_EXPECT_EQ(test, eun_paths_sport(&t->ps, i), old[i]);
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_late, 0);
	/* One of them far later than the rest goes. */
	for (n = 0; n < 40 && !t->ps.stats.pruned_late; n++)
		eun_paths_echo(&t->ps, eun_paths_wire(&t->ps, 1), 1000);
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_late, 1);
	KUNIT_EXPECT_NE(test, eun_paths_sport(&t->ps, 1), old[1]);
}

/* Echo every path once in time, so that the paths have a mean. */
static void pt_all_in_time(struct pt *t, u32 late)
{
	u32 i;

	for (i = 0; i < t->ps.npaths; i++)
		eun_paths_echo(&t->ps, eun_paths_wire(&t->ps, i), late);
}

static void pt_all_in_time_n(struct pt *t, u32 late, int rounds)
{
	while (rounds-- > 0)
		pt_all_in_time(t, late);
}

/* Report path @idx late until it is parked (at most 40 reports). */
static void pt_late_until_parked(struct pt *t, u32 idx, u32 late)
{
	int n;

	for (n = 0; n < 40 && !t->path[idx].parked_until; n++)
		eun_paths_echo(&t->ps, eun_paths_wire(&t->ps, idx), late);
}

static u32 pt_sent_on(struct pt *t, u32 idx, int picks)
{
	u64 before = t->path[idx].sent;
	int n;

	for (n = 0; n < picks; n++)
		eun_paths_pick(&t->ps);
	return t->path[idx].sent - before;
}

static void eun_path_adaptive_parks_late(struct kunit *test)
{
	struct pt *t = pt_new(test, EUN_SPRAY_ADAPTIVE, 4, 0xc400, 5);
	u16 port = eun_paths_sport(&t->ps, 2);
	u8 wire = eun_paths_wire(&t->ps, 2);

	pt_all_in_time_n(t, 1, EUN_PATH_MIN_SAMPLES);
	pt_late_until_parked(t, 2, 400);
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_late, 1);
	/* Parked, its port kept; reports on what it sent before are stale. */
	KUNIT_EXPECT_EQ(test, eun_paths_sport(&t->ps, 2), port);
	KUNIT_EXPECT_EQ(test, eun_paths_echo(&t->ps, wire, 200), -ESTALE);
	/* Not used for its 256 packets of the QP, then used again. */
	KUNIT_EXPECT_EQ(test, pt_sent_on(t, 2, EUN_PATH_PARK_PKTS - 4), 0);
	KUNIT_EXPECT_GT(test, pt_sent_on(t, 2, 8), 0);
	KUNIT_EXPECT_EQ(test, t->ps.stats.reinstated, 1);
	/* Late again: parked twice as long. */
	pt_all_in_time_n(t, 1, EUN_PATH_MIN_SAMPLES);
	pt_late_until_parked(t, 2, 400);
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_late, 2);
	KUNIT_EXPECT_EQ(test, pt_sent_on(t, 2, 2 * EUN_PATH_PARK_PKTS - 4), 0);
	KUNIT_EXPECT_GT(test, pt_sent_on(t, 2, 8), 0);
	/* In use as long as its park would last: a step of backoff back. */
	KUNIT_EXPECT_EQ(test, t->path[2].backoff, 2);
	pt_sent_on(t, 2, 4 * 4 * EUN_PATH_PARK_PKTS + 8);
	KUNIT_EXPECT_LT(test, t->path[2].backoff, 2);
}

static void eun_path_adaptive_parks_lossy(struct kunit *test)
{
	struct pt *t = pt_new(test, EUN_SPRAY_ADAPTIVE, 4, 0xc400, 5);
	u16 ports[4];
	u32 i;

	for (i = 0; i < 4; i++)
		ports[i] = eun_paths_sport(&t->ps, i);
	/* One loss where the others lose nothing parks the path. */
	KUNIT_EXPECT_EQ(test, eun_paths_lost(&t->ps, eun_paths_wire(&t->ps, 3)), 0);
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_loss, 1);
	KUNIT_EXPECT_EQ(test, pt_sent_on(t, 3, 100), 0);
	/* The others share its traffic; no port changed. */
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_GE(test, t->path[i].sent, 33);
	for (i = 0; i < 4; i++)
		KUNIT_EXPECT_EQ(test, eun_paths_sport(&t->ps, i), ports[i]);
}

/*
 * Losses seen seldom (loss_bursts_only): a lone loss parks nothing, nor
 * one in every few hundred packets; three close together do.
 */
static void eun_path_adaptive_loss_bursts(struct kunit *test)
{
	struct eun_path_cfg cfg = {
		.policy = EUN_SPRAY_ADAPTIVE, .npaths = 4, .home_sport = 0xc400,
		.seed = 5, .delta = 16, .loss_bursts_only = true,
	};
	struct pt *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	u8 wire;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_EQ(test, eun_paths_init(&t->ps, t->path, &cfg), 0);
	wire = eun_paths_wire(&t->ps, 3);
	KUNIT_EXPECT_EQ(test, eun_paths_lost(&t->ps, wire), 0);
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_loss, 0);
	KUNIT_EXPECT_GT(test, pt_sent_on(t, 3, 100), 0);
	for (i = 0; i < 20; i++) {
		KUNIT_EXPECT_EQ(test, eun_paths_lost(&t->ps, wire), 0);
		pt_sent_on(t, 3, 400);
	}
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_loss, 0);
	for (i = 0; i < 3 && !t->ps.stats.pruned_loss; i++)
		KUNIT_EXPECT_EQ(test, eun_paths_lost(&t->ps, wire), 0);
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_loss, 1);
	KUNIT_EXPECT_EQ(test, pt_sent_on(t, 3, 100), 0);
}

/* The last path in use is never parked. */
static void eun_path_adaptive_keeps_one(struct kunit *test)
{
	struct pt *t = pt_new(test, EUN_SPRAY_ADAPTIVE, 2, 0xc400, 5);
	int n;

	for (n = 0; n < 4; n++) {
		eun_paths_lost(&t->ps, eun_paths_wire(&t->ps, 0));
		eun_paths_lost(&t->ps, eun_paths_wire(&t->ps, 1));
	}
	/* Path 0 went first; path 1, the last in use, stays and takes all. */
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_loss, 1);
	KUNIT_EXPECT_EQ(test, t->path[1].parked_until, 0);
	KUNIT_EXPECT_EQ(test, pt_sent_on(t, 1, 20), 20);
}

/* Round robin and random keep the averages but never change a port. */
static void eun_path_rr_never_prunes(struct kunit *test)
{
	struct pt *t = pt_new(test, EUN_SPRAY_RR, 4, 0xc400, 5);
	u16 old = eun_paths_sport(&t->ps, 1);
	u8 wire = eun_paths_wire(&t->ps, 1);

	KUNIT_EXPECT_EQ(test, eun_paths_echo(&t->ps, wire, 1000), 0);
	KUNIT_EXPECT_EQ(test, eun_paths_lost(&t->ps, wire), 0);
	KUNIT_EXPECT_EQ(test, eun_paths_lost(&t->ps, wire), 0);
	KUNIT_EXPECT_EQ(test, eun_paths_sport(&t->ps, 1), old);
	KUNIT_EXPECT_EQ(test, t->path[1].late_max, 1000);
	KUNIT_EXPECT_EQ(test, t->path[1].late_avg, 125 << EUN_PATH_LATE_SHIFT);
	KUNIT_EXPECT_EQ(test, t->path[1].lost, 2);
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_late + t->ps.stats.pruned_loss, 0);
}

static void eun_path_mprdma_prunes_loss(struct kunit *test)
{
	struct pt *t = pt_new(test, EUN_SPRAY_MPRDMA, 4, 0xc400, 5);
	u16 old = eun_paths_sport(&t->ps, 0);
	u32 i;

	/* Where the others lose as much, one loss is the fabric's. */
	for (i = 1; i < 4; i++)
		t->path[i].loss_avg = 1000;
	KUNIT_EXPECT_EQ(test, eun_paths_lost(&t->ps, eun_paths_wire(&t->ps, 0)), 0);
	KUNIT_EXPECT_EQ(test, eun_paths_sport(&t->ps, 0), old);
	/* Three close together are the path's all the same. */
	KUNIT_EXPECT_EQ(test, eun_paths_lost(&t->ps, eun_paths_wire(&t->ps, 0)), 0);
	KUNIT_EXPECT_EQ(test, eun_paths_sport(&t->ps, 0), old);
	KUNIT_EXPECT_EQ(test, eun_paths_lost(&t->ps, eun_paths_wire(&t->ps, 0)), 0);
	KUNIT_EXPECT_NE(test, eun_paths_sport(&t->ps, 0), old);
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_loss, 1);
	/* Where the others lose nothing, one loss is enough. */
	old = eun_paths_sport(&t->ps, 2);
	for (i = 0; i < 4; i++)
		t->path[i].loss_avg = 0;
	KUNIT_EXPECT_EQ(test, eun_paths_lost(&t->ps, eun_paths_wire(&t->ps, 2)), 0);
	KUNIT_EXPECT_NE(test, eun_paths_sport(&t->ps, 2), old);
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_loss, 2);
	KUNIT_EXPECT_EQ(test, t->path[0].lost, 3);
}

/* Echo path @n of @t, @times times, as arriving @late. */
static void pt_echo(struct kunit *test, struct pt *t, u32 n, u32 late,
		    int times)
{
	while (times--)
		KUNIT_EXPECT_EQ(test, eun_paths_echo(&t->ps, eun_paths_wire(&t->ps, n),
						     late), 0);
}

static struct pt *pt_new_probing(struct kunit *test, u64 seed)
{
	struct eun_path_cfg cfg = {
		.policy = EUN_SPRAY_MPRDMA, .npaths = 4, .home_sport = 0xc400,
		.seed = seed, .delta = 16, .probe_every = 1,
	};
	struct pt *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	KUNIT_ASSERT_EQ(test, eun_paths_init(&t->ps, t->path, &cfg), 0);
	return t;
}

static void eun_path_probe_adopted(struct kunit *test)
{
	struct pt *t = pt_new_probing(test, 9);
	u16 probe_port, first3;
	u32 n;

	/* Every path on its first port: nothing to probe for. */
	for (n = 0; n < 8; n++)
		KUNIT_EXPECT_EQ(test, eun_paths_pick(&t->ps), n % 4);
	KUNIT_EXPECT_EQ(test, t->ps.stats.probes, 0);

	/* Nobody doing badly: an in-time probe is not adopted. */
	probe_port = eun_paths_sport(&t->ps, 4);
	pt_echo(test, t, 4, 0, 1);
	KUNIT_EXPECT_EQ(test, t->ps.stats.adopted, 0);
	KUNIT_EXPECT_NE(test, eun_paths_sport(&t->ps, 4), probe_port);

	/*
	 * Path 3 half-way late (avg about 26 against the others' 6): on its
	 * first port it stays, short of being pruned.
	 */
	for (n = 0; n < 4; n++)
		pt_echo(test, t, n, n < 3 ? 10 : 40, 8);
	pt_echo(test, t, 4, 2, 1);
	KUNIT_EXPECT_EQ(test, t->ps.stats.adopted, 0);
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_late, 0);

	/* A loss moves it to a random port; one report is too few to judge. */
	first3 = eun_paths_sport(&t->ps, 3);
	KUNIT_EXPECT_EQ(test, eun_paths_lost(&t->ps, eun_paths_wire(&t->ps, 3)), 0);
	KUNIT_EXPECT_NE(test, eun_paths_sport(&t->ps, 3), first3);
	pt_echo(test, t, 3, 40, 1);
	pt_echo(test, t, 4, 2, 1);
	KUNIT_EXPECT_EQ(test, t->ps.stats.adopted, 0);

	/* Every path as late (avg about 33): the fabric's, kept. */
	for (n = 0; n < 3; n++)
		pt_echo(test, t, n, 40, 16);
	pt_echo(test, t, 3, 40, 7);
	pt_echo(test, t, 4, 2, 1);
	KUNIT_EXPECT_EQ(test, t->ps.stats.adopted, 0);

	/*
	 * Paths 0-2 in time again (avg about 4), path 3 half-way late and
	 * over twice the mean: the probe takes its place.
	 */
	for (n = 0; n < 3; n++)
		pt_echo(test, t, n, 0, 16);
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_late, 0);
	probe_port = eun_paths_sport(&t->ps, 4);
	pt_echo(test, t, 4, 2, 1);
	KUNIT_EXPECT_EQ(test, t->ps.stats.adopted, 1);
	KUNIT_EXPECT_EQ(test, eun_paths_sport(&t->ps, 3), probe_port);
	KUNIT_EXPECT_NE(test, eun_paths_sport(&t->ps, 4), probe_port);

	/* A late probe is dropped, not adopted. */
	pt_echo(test, t, 3, 128, 8);
	pt_echo(test, t, 4, 40, 1);
	KUNIT_EXPECT_EQ(test, t->ps.stats.adopted, 1);
}

static void pt_pick(struct kunit *test, struct pt *t, u32 n)
{
	while (n--)
		KUNIT_EXPECT_EQ(test, eun_paths_pick(&t->ps), 4);
}

/*
 * A path replaced is given its first port back by a probe that finds it in
 * time after a wait; replaced again soon after, it waits twice as long; a
 * probe of that port lost, as long again.
 */
static void eun_path_first_port_back(struct kunit *test)
{
	struct pt *t = pt_new_probing(test, 7);
	u16 first = eun_paths_sport(&t->ps, 1);

	/* A loss where the other paths lose nothing: a random port. */
	KUNIT_EXPECT_EQ(test, eun_paths_lost(&t->ps, eun_paths_wire(&t->ps, 1)), 0);
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_loss, 1);
	KUNIT_EXPECT_EQ(test, t->ps.away, 1);
	KUNIT_EXPECT_NE(test, eun_paths_sport(&t->ps, 1), first);
	KUNIT_EXPECT_EQ(test, t->path[1].first_at, EUN_PATH_PARK_PKTS);
	KUNIT_EXPECT_EQ(test, t->path[1].backoff, 1);

	/* Before the wait is over, probes try random ports. */
	pt_pick(test, t, 100);
	pt_echo(test, t, 4, 0, 1);
	KUNIT_EXPECT_EQ(test, t->ps.probe_first, 4);
	KUNIT_EXPECT_EQ(test, t->ps.stats.adopted, 0);

	/* Then one tries path 1's first port; in time, path 1 gets it back. */
	pt_pick(test, t, 200);
	pt_echo(test, t, 4, 0, 1);
	KUNIT_EXPECT_EQ(test, t->ps.probe_first, 1);
	KUNIT_EXPECT_EQ(test, eun_paths_sport(&t->ps, 4), first);
	pt_echo(test, t, 4, 2, 1);
	KUNIT_EXPECT_EQ(test, eun_paths_sport(&t->ps, 1), first);
	KUNIT_EXPECT_EQ(test, t->ps.stats.reinstated, 1);
	KUNIT_EXPECT_NE(test, eun_paths_sport(&t->ps, 4), first);
	KUNIT_EXPECT_EQ(test, t->ps.probe_first, 4);
	/* Every path back on its first port: no more probes. */
	KUNIT_EXPECT_EQ(test, t->ps.away, 0);
	KUNIT_EXPECT_LT(test, eun_paths_pick(&t->ps), 4);

	/* Lost again at once: twice the wait. */
	KUNIT_EXPECT_EQ(test, eun_paths_lost(&t->ps, eun_paths_wire(&t->ps, 1)), 0);
	KUNIT_EXPECT_EQ(test, t->ps.stats.pruned_loss, 2);
	KUNIT_EXPECT_EQ(test, t->path[1].first_at,
			t->ps.clock + 2 * EUN_PATH_PARK_PKTS);
	KUNIT_EXPECT_EQ(test, t->path[1].backoff, 2);

	/* A probe of the first port lost: it waits again, no longer. */
	pt_pick(test, t, 2 * EUN_PATH_PARK_PKTS);
	pt_echo(test, t, 4, 0, 1);
	KUNIT_EXPECT_EQ(test, t->ps.probe_first, 1);
	KUNIT_EXPECT_EQ(test, eun_paths_lost(&t->ps, eun_paths_wire(&t->ps, 4)), 0);
	KUNIT_EXPECT_EQ(test, t->path[1].first_at,
			t->ps.clock + 4 * EUN_PATH_PARK_PKTS);
	KUNIT_EXPECT_EQ(test, t->path[1].backoff, 2);
	KUNIT_EXPECT_EQ(test, t->ps.probe_first, 4);
	KUNIT_EXPECT_NE(test, eun_paths_sport(&t->ps, 1), first);

	/* A late one likewise, and the port stays away. */
	pt_pick(test, t, 4 * EUN_PATH_PARK_PKTS);
	pt_echo(test, t, 4, 0, 1);
	KUNIT_EXPECT_EQ(test, t->ps.probe_first, 1);
	pt_echo(test, t, 4, 40, 1);
	KUNIT_EXPECT_EQ(test, t->path[1].first_at,
			t->ps.clock + 4 * EUN_PATH_PARK_PKTS);
	KUNIT_EXPECT_NE(test, eun_paths_sport(&t->ps, 1), first);
	KUNIT_EXPECT_EQ(test, t->ps.stats.reinstated, 1);
}

/* The probe's byte says so whatever the number of paths. */
static void eun_path_probe_wire(struct kunit *test)
{
	struct pt *t = pt_new_probing(test, 5);
	u8 wire = eun_paths_wire(&t->ps, 4);

	KUNIT_EXPECT_EQ(test, eun_path_wire_index(wire), EUN_PATH_PROBE_INDEX);
	KUNIT_EXPECT_EQ(test, eun_path_wire_index(eun_paths_wire(&t->ps, 3)), 3);
	/* Index 4 is no path of four, nor the probe. */
	KUNIT_EXPECT_EQ(test, eun_paths_echo(&t->ps, 4, 0), -ESTALE);
	KUNIT_EXPECT_EQ(test, eun_paths_echo(&t->ps, wire, 0), 0);
	KUNIT_EXPECT_EQ(test, t->path[4].echoes, 1);
}

/* What the receiver's next acknowledgment reports on. */
static void eun_path_echo_choice(struct kunit *test)
{
	const u8 none = EUN_PATH_WIRE_NONE, probe = EUN_PATH_PROBE_INDEX;

	/* Anything over nothing. */
	KUNIT_EXPECT_TRUE(test, eun_path_echo_takes(none, 0, 2, 0));
	KUNIT_EXPECT_TRUE(test, eun_path_echo_takes(none, 0, probe, 0));
	/* The latest packet, ties to the newer one. */
	KUNIT_EXPECT_TRUE(test, eun_path_echo_takes(1, 5, 2, 9));
	KUNIT_EXPECT_TRUE(test, eun_path_echo_takes(1, 5, 2, 5));
	KUNIT_EXPECT_FALSE(test, eun_path_echo_takes(1, 5, 2, 4));
	/* A probe over any path, however late that one. */
	KUNIT_EXPECT_TRUE(test, eun_path_echo_takes(1, 500, probe | 0x40, 0));
	KUNIT_EXPECT_FALSE(test, eun_path_echo_takes(probe, 0, 1, 500));
	/* A newer probe over an older one, by lateness as paths are. */
	KUNIT_EXPECT_TRUE(test, eun_path_echo_takes(probe, 0, probe | 0x80, 0));
}

static void eun_path_bad_echo(struct kunit *test)
{
	struct pt *t = pt_new(test, EUN_SPRAY_MPRDMA, 4, 0xc400, 5);

	KUNIT_EXPECT_EQ(test, eun_paths_echo(&t->ps, 5, 0), -ESTALE);
	KUNIT_EXPECT_EQ(test, eun_paths_echo(&t->ps, EUN_PATH_INDEX_MASK, 0), -ESTALE);
	KUNIT_EXPECT_EQ(test, eun_paths_lost(&t->ps, 0xff), -ESTALE);
	/* Generation 1 of path 0, which is still at generation 0. */
	KUNIT_EXPECT_EQ(test, eun_paths_echo(&t->ps, 1 << EUN_PATH_INDEX_BITS, 0),
			-ESTALE);
	KUNIT_EXPECT_EQ(test, t->ps.stats.stale, 4);
	KUNIT_EXPECT_EQ(test, t->path[0].echoes, 0);
}

struct pt_bad_cfg {
	const char *name;
	struct eun_path_cfg cfg;
};

static const struct pt_bad_cfg pt_bad_cfgs[] = {
	{ "no paths", { EUN_SPRAY_RR, 0, 0xc000, 1, 16, 0 } },
	{ "too many paths", { EUN_SPRAY_RR, EUN_PATH_MAX + 1, 0xc000, 1, 16, 0 } },
	{ "no delta", { EUN_SPRAY_MPRDMA, 4, 0xc000, 1, 0, 0 } },
	{ "delta too large", { EUN_SPRAY_MPRDMA, 4, 0xc000, 1, EUN_PATH_MAX_DELTA + 1, 0 } },
	{ "no such policy", { EUN_SPRAY_COUNT, 4, 0xc000, 1, 16, 0 } },
};

static void pt_bad_cfg_desc(const struct pt_bad_cfg *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(pt_bad_cfg, pt_bad_cfgs, pt_bad_cfg_desc);

static void eun_path_bad_cfg(struct kunit *test)
{
	const struct pt_bad_cfg *c = test->param_value;
	struct pt *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	t->ps.npaths = 77;
	KUNIT_EXPECT_EQ(test, eun_paths_init(&t->ps, t->path, &c->cfg), -EINVAL);
	KUNIT_EXPECT_EQ(test, t->ps.npaths, 77);
}

static void eun_hist_buckets(struct kunit *test)
{
	/* Exact below 16, then eight buckets per power of two. */
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_of(0), 0);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_of(15), 15);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_of(16), 16);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_of(17), 16);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_of(18), 17);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_of(31), 23);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_of(32), 24);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_of(35), 24);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_of(36), 25);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_of((1U << 16) - 1),
			EUN_HIST_BUCKETS - 2);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_of(1U << 16), EUN_HIST_BUCKETS - 1);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_of(U32_MAX), EUN_HIST_BUCKETS - 1);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_low(16), 16);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_high(16), 17);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_high(23), 31);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_low(EUN_HIST_BUCKETS - 1), 1U << 16);
	KUNIT_EXPECT_EQ(test, eun_hist_bucket_high(EUN_HIST_BUCKETS - 1), U32_MAX);
}

/* The buckets tile 0..U32_MAX, each at most an eighth of its values wide. */
static void eun_hist_buckets_tile(struct kunit *test)
{
	unsigned int b;

	KUNIT_EXPECT_EQ(test, eun_hist_bucket_low(0), 0);
	for (b = 0; b < EUN_HIST_BUCKETS - 1; b++) {
		u32 low = eun_hist_bucket_low(b), high = eun_hist_bucket_high(b);

		KUNIT_EXPECT_LE_MSG(test, low, high, "bucket %u", b);
		KUNIT_EXPECT_EQ_MSG(test, eun_hist_bucket_of(low), b, "low of %u", b);
		KUNIT_EXPECT_EQ_MSG(test, eun_hist_bucket_of(high), b, "high of %u", b);
		KUNIT_EXPECT_EQ_MSG(test, eun_hist_bucket_low(b + 1), high + 1,
				    "after %u", b);
		KUNIT_EXPECT_LE_MSG(test, (u64)(high - low + 1) * EUN_HIST_SUBS,
				    max_t(u64, EUN_HIST_SUBS, low), "width of %u", b);
	}
}

static void eun_hist_quantiles(struct kunit *test)
{
	struct eun_hist h = {};
	int n;

	KUNIT_EXPECT_EQ(test, eun_hist_quantile(&h, 990), 0);
	/* 980 zeros, 15 at 5, 5 at 100. */
	for (n = 0; n < 980; n++)
		eun_hist_add(&h, 0);
	for (n = 0; n < 15; n++)
		eun_hist_add(&h, 5);
	for (n = 0; n < 5; n++)
		eun_hist_add(&h, 100);
	KUNIT_EXPECT_EQ(test, h.count, 1000);
	KUNIT_EXPECT_EQ(test, h.max, 100);
	KUNIT_EXPECT_EQ(test, eun_hist_quantile(&h, 500), 0);
	KUNIT_EXPECT_EQ(test, eun_hist_quantile(&h, 980), 0);
	/* The 99th percentile is a 5, a bucket of its own. */
	KUNIT_EXPECT_EQ(test, eun_hist_quantile(&h, 990), 5);
	KUNIT_EXPECT_EQ(test, eun_hist_quantile(&h, 995), 5);
	/* The top is capped at the largest value, not the bucket's 103. */
	KUNIT_EXPECT_EQ(test, eun_hist_quantile(&h, 1000), 100);
	KUNIT_EXPECT_EQ(test, eun_hist_quantile(&h, 5000), 100);
}

/*
 * Two distributions whose 99th percentiles share a power of two (20 and
 * 28 both in 16..31) report different ones, each within an eighth.
 */
static void eun_hist_quantiles_apart(struct kunit *test)
{
	struct eun_hist a = {}, b = {};
	int n;

	for (n = 0; n < 1000; n++) {
		eun_hist_add(&a, n < 985 ? 2 : 20);
		eun_hist_add(&b, n < 985 ? 2 : 28);
	}
	eun_hist_add(&a, 40);
	eun_hist_add(&b, 40);
	KUNIT_EXPECT_EQ(test, eun_hist_quantile(&a, 990), 21);
	KUNIT_EXPECT_EQ(test, eun_hist_quantile(&b, 990), 29);
}

static struct kunit_case eun_path_test_cases[] = {
	KUNIT_CASE(eun_path_first_ports),
	KUNIT_CASE(eun_path_block_clamped),
	KUNIT_CASE(eun_path_off_keeps_home),
	KUNIT_CASE(eun_path_one_path),
	KUNIT_CASE(eun_path_rr_even),
	KUNIT_CASE(eun_path_random_seeded),
	KUNIT_CASE(eun_path_mprdma_prunes_late),
	KUNIT_CASE(eun_path_first_sport_kept),
	KUNIT_CASE(eun_path_mprdma_all_late),
	KUNIT_CASE(eun_path_rr_never_prunes),
	KUNIT_CASE(eun_path_adaptive_parks_late),
	KUNIT_CASE(eun_path_adaptive_parks_lossy),
	KUNIT_CASE(eun_path_adaptive_loss_bursts),
	KUNIT_CASE(eun_path_adaptive_keeps_one),
	KUNIT_CASE(eun_path_mprdma_prunes_loss),
	KUNIT_CASE(eun_path_probe_adopted),
	KUNIT_CASE(eun_path_first_port_back),
	KUNIT_CASE(eun_path_probe_wire),
	KUNIT_CASE(eun_path_echo_choice),
	KUNIT_CASE(eun_path_bad_echo),
	KUNIT_CASE_PARAM(eun_path_bad_cfg, pt_bad_cfg_gen_params),
	KUNIT_CASE(eun_hist_buckets),
	KUNIT_CASE(eun_hist_buckets_tile),
	KUNIT_CASE(eun_hist_quantiles),
	KUNIT_CASE(eun_hist_quantiles_apart),
	{}
};

static struct kunit_suite eun_path_test_suite = {
	.name = "eun_path",
	.test_cases = eun_path_test_cases,
};

kunit_test_suite(eun_path_test_suite);

MODULE_DESCRIPTION("KUnit tests for rxe_eun virtual paths");
MODULE_LICENSE("GPL");
