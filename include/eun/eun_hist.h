/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A histogram of small distances in powers of two: the out-of-order degree
 * of arriving packets (how far from the expected PSN each one landed).
 * Bucket 0 holds 0, bucket b >= 1 holds [2^(b-1), 2^b), the last bucket
 * everything from 2^(EUN_HIST_BUCKETS - 2) up. Quantiles are reported as
 * the upper bound of their bucket: never below the true value, at most
 * twice it. Pure logic; the caller serialises updates.
 */
#ifndef EUN_HIST_H
#define EUN_HIST_H

#include <linux/types.h>

#define EUN_HIST_BUCKETS	18

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
u32 eun_hist_bucket_high(unsigned int b);
u32 eun_hist_quantile(const struct eun_hist *h, u32 permille);

#endif /* EUN_HIST_H */
