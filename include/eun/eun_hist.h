/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A histogram of small distances, log-linear: the out-of-order degree of
 * arriving packets (how far from the expected PSN each one landed).
 * Values below 2 * EUN_HIST_SUBS have a bucket each; above, every power
 * of two is cut into EUN_HIST_SUBS buckets of equal width, so a bucket is
 * at most 1/EUN_HIST_SUBS of its values wide (16 and 17 share one, 30
 * and 31 another). The last bucket is open-ended, from
 * 2^EUN_HIST_TOP_BITS up. Quantiles are reported as the top of their
 * bucket: never below the true value, at most 1/EUN_HIST_SUBS above it.
 * Pure logic; the caller serialises updates.
 */
#ifndef EUN_HIST_H
#define EUN_HIST_H

#include <linux/types.h>

/* Buckets per power of two: 2^EUN_HIST_SUB_BITS. */
#define EUN_HIST_SUB_BITS	3
#define EUN_HIST_SUBS		(1U << EUN_HIST_SUB_BITS)
/* Values from 2^EUN_HIST_TOP_BITS up share the last bucket. */
#define EUN_HIST_TOP_BITS	16
/* The exact ones, a row per power of two above them, the open one. */
#define EUN_HIST_BUCKETS	(2 * EUN_HIST_SUBS + \
				 (EUN_HIST_TOP_BITS - EUN_HIST_SUB_BITS - 1) * \
				 EUN_HIST_SUBS + 1)

/**
 * struct eun_hist - counts per bucket
 * @bucket: values per bucket
 * @count: values added
 * @max: the largest value added
 */
struct eun_hist {
	u64 bucket[EUN_HIST_BUCKETS];
	u64 count;
	u32 max;
};

void eun_hist_add(struct eun_hist *h, u32 v);
unsigned int eun_hist_bucket_of(u32 v);
u32 eun_hist_bucket_low(unsigned int b);
u32 eun_hist_bucket_high(unsigned int b);
u32 eun_hist_quantile(const struct eun_hist *h, u32 permille);

#endif /* EUN_HIST_H */
