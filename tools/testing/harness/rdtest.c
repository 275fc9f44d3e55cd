// SPDX-License-Identifier: GPL-2.0
/*
 * Random test of the requester's READ response tracker (eun_read.c)
 * against the reference model of rdmodel.c, its choices from a seeded
 * PRNG.
 *
 *   rdtest [-s seed] [-n sessions]
 *
 * Prints the seed first: rerun with -s to replay a failure.
 */
#include <stdio.h>

#include <linux/types.h>

#include "args.h"
#include "rdmodel.h"
#include "rng.h"

#define US		1000ULL
#define MAX_STEPS	200000	/* per session */

static struct rng r;
static struct rdm_src src = { .r = &r };

static void one_session(u64 no)
{
	u64 steps = 0;

	if (rdm_pct(&src, 3))
		rdm_forget();
	rdm_begin_session(no);
	while (rdm_step()) {
		steps++;
		rdm_check();
		if (rdm_pct(&src, 2))
			rdm_check_start();
		if (steps > MAX_STEPS || rdm_below(&src, MAX_STEPS) == 0)
			break;	/* failed otherwise: stopped midway */
	}
	rdm_end_session();
	rdm_advance(rdm_below(&src, 1000 * US));
}

int main(int argc, char **argv)
{
	const struct rdm_stats *s = &rdm_stats;
	u64 seed, sessions = 3000, i;
	int rc = harness_args(argc, argv, "rdtest", "sessions", &seed, &sessions);

	if (rc)
		return rc;
	rng_seed(&r, seed);
	rdm_init(&src, &src);
	for (i = 0; i < sessions; i++)
		one_session(i);
	rdm_fini();
	printf("rdtest: ok: %llu sessions (%llu completed, %llu failed), %llu READs\n"
	       "  (%llu atomics), %llu lost, %llu arrivals, %llu copies (%llu stale),\n"
	       "  %llu not placed,"
	       " %llu re-requests in %llu ranges (%llu blind, %llu by the timer,\n"
	       "  %llu spurious; %llu widenings by lateness), range ends: %llu highest hole, %llu highest came,\n"
	       "  %llu last; %llu random starts (%llu refused), %llu gap NAKs\n"
	       "  (%llu made stale by a later atomic's response), %llu probes of\n"
	       "  several whole requests missing\n",
	       (unsigned long long)sessions, (unsigned long long)s->sessions_done,
	       (unsigned long long)s->sessions_failed, (unsigned long long)s->reads,
	       (unsigned long long)s->atomics,
	       (unsigned long long)s->lost, (unsigned long long)s->arrivals,
	       (unsigned long long)s->dups, (unsigned long long)s->stale,
	       (unsigned long long)s->not_placed, (unsigned long long)s->rereqs,
	       (unsigned long long)s->ranges, (unsigned long long)s->blind,
	       (unsigned long long)s->timer, (unsigned long long)s->spurious,
	       (unsigned long long)s->widened,
	       (unsigned long long)s->ends_hole, (unsigned long long)s->ends_max,
	       (unsigned long long)s->ends_last, (unsigned long long)s->starts,
	       (unsigned long long)s->refused, (unsigned long long)s->gaps,
	       (unsigned long long)s->unheld, (unsigned long long)s->probes);
	return 0;
}
