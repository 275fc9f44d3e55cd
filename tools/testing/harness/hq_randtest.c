// SPDX-License-Identifier: GPL-2.0
/*
 * Model-based random test of the completion hold queue and the held last
 * packet pool (hq_model.c).
 *
 *   hq_randtest [-s seed] [-n steps]
 *
 * Each segment draws a configuration (window, pool size, reorder window,
 * stream of up to 256 messages, first sequence number and first PSN often
 * just below the 2^24 wrap, how long a packet may stay held), lets packets
 * arrive in random order, and other owners take slots of the pool, until
 * the step budget of the segment is spent or every packet is in, then
 * delivers whatever is missing in order and checks that every completion
 * came out and every held packet was placed. The allocation failure paths of both inits are walked first.
 * Prints the seed first: rerun with -s to replay a failure.
 */
#include <stdio.h>
#include <stdlib.h>

#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/slab.h>

#include "args.h"
#include "hq_model.h"

static struct hqm_figures total;

static void add_figures(const struct hqm_figures *f)
{
	total.steps += f->steps;
	total.notes += f->notes;
	total.dups += f->dups;
	total.ranges += f->ranges;
	total.protos += f->protos;
	total.pops += f->pops;
	total.holds += f->holds;
	total.refused += f->refused;
	total.exists += f->exists;
	total.placed_late += f->placed_late;
	total.restarts += f->restarts;
	total.over_share += f->over_share;
	total.expired += f->expired;
	total.expired_own += f->expired_own;
	total.other_holds += f->other_holds;
	if (f->peak_held > total.peak_held)
		total.peak_held = f->peak_held;
	if (f->peak_slots > total.peak_slots)
		total.peak_slots = f->peak_slots;
}

/* Every allocation of both inits fails once: -ENOMEM and nothing leaked. */
static int check_alloc_failures(void)
{
	struct eun_wsync_pool pool;
	struct eun_holdq q;
	long k;
	int err;

	eun_shim_fail_after = 0;
	err = eun_holdq_init(&q, 8, 0);
	if (err != -ENOMEM || q.ent)
		return fprintf(stderr, "holdq init under failure: %d\n", err), -1;
	for (k = 0; k <= 4; k++) {
		eun_shim_fail_after = k;
		err = eun_wsync_pool_init(&pool, 4, 64);
		if (err != -ENOMEM || pool.slot || eun_shim_live_allocs)
			return fprintf(stderr, "wsync pool init, failure %ld: %d, %ld live\n",
				       k, err, eun_shim_live_allocs), -1;
	}
	eun_shim_fail_after = -1;
	return 0;
}

static int run_segment(struct rng *r, u64 seg, u64 budget)
{
	struct hqm_src s = { .r = r };
	struct hqm_cfg cfg;
	struct hqm *m = calloc(1, sizeof(*m));
	u64 i;
	int err;

	if (!m)
		return -1;
	hqm_random_cfg(&cfg, &s);
	err = hqm_init(m, &cfg, &s);
	/* Random arrivals until the budget is spent or everything is in. */
	for (i = 0; !err && i < budget && m->epsn < m->npkts; i++)
		err = hqm_step(m, &s);
	if (!err)
		err = hqm_finish(m);
	if (err || eun_shim_warnings)
		fprintf(stderr,
			"segment %llu: %s\n  cap %u msgs %u seq %u psn %u slots %u window %u mark %d age %llu\n",
			(unsigned long long)seg, m->err, cfg.cap, cfg.nmsgs, cfg.first_seq,
			cfg.first_psn, cfg.nslots, cfg.window, cfg.mark_held,
			(unsigned long long)cfg.max_age);
	add_figures(&m->fig);
	hqm_fini(m);
	free(m);
	return err || eun_shim_warnings ? -1 : 0;
}

int main(int argc, char **argv)
{
	u64 seed, steps = 1000000, seg;
	struct rng r;

	if (harness_args(argc, argv, "hq_randtest", "steps", &seed, &steps))
		return 2;
	rng_seed(&r, seed);
	if (check_alloc_failures())
		goto out_fail;
	for (seg = 0; total.steps < steps; seg++)
		if (run_segment(&r, seg, 1 + rng_below(&r, 3000)))
			goto out_fail;
	if (eun_shim_live_allocs) {
		printf("hq_randtest: FAIL: %ld allocations leaked\n", eun_shim_live_allocs);
		return 1;
	}
	printf("  notes %llu duplicates %llu out-of-window %llu refused %llu completions %llu\n",
	       (unsigned long long)total.notes, (unsigned long long)total.dups,
	       (unsigned long long)total.ranges, (unsigned long long)total.protos,
	       (unsigned long long)total.pops);
	printf("  last packets held %llu placed-late %llu pool-full %llu dup %llu resets %llu\n",
	       (unsigned long long)total.holds, (unsigned long long)total.placed_late,
	       (unsigned long long)total.refused, (unsigned long long)total.exists,
	       (unsigned long long)total.restarts);
	printf("  over share %llu expired %llu (own %llu) other owners' holds %llu\n",
	       (unsigned long long)total.over_share, (unsigned long long)total.expired,
	       (unsigned long long)total.expired_own,
	       (unsigned long long)total.other_holds);
	printf("  peak held messages %u, peak held last packets %u\n",
	       total.peak_held, total.peak_slots);
	printf("hq_randtest: PASS: %llu steps in %llu segments\n",
	       (unsigned long long)total.steps, (unsigned long long)seg);
	return 0;

out_fail:
	printf("hq_randtest: FAIL (replay: -s %llu)\n", (unsigned long long)seed);
	return 1;
}
