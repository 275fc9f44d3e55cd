// SPDX-License-Identifier: GPL-2.0
/*
 * The multipath part of the debugfs QP view: a QP's virtual paths (port,
 * packets, losses, lateness the receiver reported, what the policy did)
 * and the out-of-order degree of the packets it placed, as a histogram.
 * Both belong to a QP task and are read without a lock: figures may be
 * stale or torn (see eun_debugfs.c).
 */

#include <linux/seq_file.h>
#include <linux/slab.h>

#include "rxe.h"
#include "eun/eun_hist.h"
#include "eun/eun_path.h"
#include "eun_debugfs_paths.h"

/* Read without the QP task's serialisation: may be stale or torn. */
#define eun_peek(x)	data_race(x)

static void eun_debugfs_show_path(struct seq_file *s, const char *name,
				  const struct eun_path *pp, u64 clock)
{
	struct eun_path p = eun_peek(*pp);

	seq_printf(s, "%6s %5u %3u %10llu %8llu %8llu %8u.%u %8u %6u.%02u%% %8llu %3u\n",
		   name, p.sport, p.gen, p.sent, p.lost, p.echoes,
		   p.late_avg >> EUN_PATH_LATE_SHIFT,
		   (p.late_avg & ((1U << EUN_PATH_LATE_SHIFT) - 1)) * 10 >>
		   EUN_PATH_LATE_SHIFT, p.late_max,
		   p.loss_avg * 100 / EUN_PATH_LOSS_ONE,
		   p.loss_avg * 10000 / EUN_PATH_LOSS_ONE % 100,
		   p.parked_until > clock ? p.parked_until - clock : 0, p.backoff);
}

/* One row per path, and the probe's under mprdma. */
static void eun_debugfs_show_path_rows(struct seq_file *s,
				       const struct eun_paths *ps)
{
	u64 clock = eun_peek(ps->clock);
	char name[8];
	u32 i;

	seq_printf(s, "%6s %5s %3s %10s %8s %8s %10s %8s %9s %8s %3s\n",
		   "path", "sport", "gen", "sent", "lost", "echoes", "late_avg",
		   "late_max", "loss", "parked", "bo");
	for (i = 0; i < ps->npaths; i++) {
		snprintf(name, sizeof(name), "%u", i);
		eun_debugfs_show_path(s, name, &ps->path[i], clock);
	}
	if (ps->policy == EUN_SPRAY_MPRDMA)
		eun_debugfs_show_path(s, "probe", &ps->path[ps->npaths], clock);
}

/**
 * eun_debugfs_show_paths() - a QP's virtual paths, its requests' and its
 *	READ responses'
 * @s: the debugfs file
 * @qp: the QP, referenced by the reader
 */
void eun_debugfs_show_paths(struct seq_file *s, struct rxe_qp *qp)
{
	const struct eun_paths *ps = &qp->eun.paths;
	const struct eun_paths *rps = &qp->eun.rx.resp_paths;
	struct eun_path_stats st;

	if (!ps->path) {
		seq_printf(s, "paths spray off sport %u\n",
			   READ_ONCE(qp->src_port));
		return;
	}
	st = eun_peek(ps->stats);
	seq_printf(s, "paths spray %s n %u seed %llu delta %u probe_every %u home_sport %u\n",
		   eun_spray_name(ps->policy), ps->npaths, ps->seed, ps->delta,
		   ps->probe_every, eun_peek(ps->home_sport));
	seq_printf(s, "paths pruned_late %llu pruned_loss %llu reinstated %llu probes %llu adopted %llu stale_echoes %llu\n",
		   st.pruned_late, st.pruned_loss, st.reinstated, st.probes,
		   st.adopted, st.stale);
	eun_debugfs_show_path_rows(s, ps);
	if (!rps->path)
		return;
	st = eun_peek(rps->stats);
	seq_printf(s, "resp_paths %s (READ responses) parked %llu reinstated %llu\n",
		   eun_spray_name(rps->policy), st.pruned_loss, st.reinstated);
	eun_debugfs_show_path_rows(s, rps);
}

/**
 * eun_debugfs_show_ooo_degree() - a histogram of out-of-order degrees
 * @s: the debugfs file
 * @hp: the histogram, read without a lock
 */
void eun_debugfs_show_ooo_degree(struct seq_file *s,
				 const struct eun_hist *hp)
{
	/*
	 * A copy, off the stack: a kilobyte of buckets. Copied by memcpy(),
	 * since eun_peek() of the struct would build it on the stack first
	 * (KASAN's redzones made that frame 2 KiB).
	 */
	struct eun_hist *h = kmalloc(sizeof(*h), GFP_KERNEL);
	unsigned int b;

	if (!h) {
		seq_puts(s, "ooo_degree: no memory for a copy\n");
		return;
	}
	eun_peek(memcpy(h, hp, sizeof(*h)));
	seq_printf(s, "ooo_degree packets %llu p50 %u p99 %u max %u (quantiles: their bucket's top)\n",
		   h->count, eun_hist_quantile(h, 500),
		   eun_hist_quantile(h, 990), h->max);
	for (b = 0; b < EUN_HIST_BUCKETS; b++) {
		u32 low = eun_hist_bucket_low(b);

		if (!h->bucket[b])
			continue;
		if (b == EUN_HIST_BUCKETS - 1)
			seq_printf(s, "ooo_degree %u+ %llu\n", low, h->bucket[b]);
		else if (low == eun_hist_bucket_high(b))
			seq_printf(s, "ooo_degree %u %llu\n", low, h->bucket[b]);
		else
			seq_printf(s, "ooo_degree %u-%u %llu\n", low,
				   eun_hist_bucket_high(b), h->bucket[b]);
	}
	kfree(h);
}
