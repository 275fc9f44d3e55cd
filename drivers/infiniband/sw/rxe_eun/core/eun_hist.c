// SPDX-License-Identifier: GPL-2.0
/*
 * Power-of-two histogram of out-of-order degrees (see eun_hist.h).
 */

#include <linux/types.h>
#include <linux/bitops.h>

#include "eun/eun_hist.h"

/**
 * eun_hist_bucket_of() - the bucket a value falls in
 * @v: the value
 *
 * Return: 0 for 0, else 1 + floor(log2(@v)), at most EUN_HIST_BUCKETS - 1.
 */
unsigned int eun_hist_bucket_of(u32 v)
{
	unsigned int b = fls(v);

	return b < EUN_HIST_BUCKETS ? b : EUN_HIST_BUCKETS - 1;
}

/**
 * eun_hist_bucket_high() - the largest value a bucket stands for
 * @b: the bucket
 *
 * Return: 2^@b - 1, or U32_MAX for the last bucket (open-ended).
 */
u32 eun_hist_bucket_high(unsigned int b)
{
	if (b >= EUN_HIST_BUCKETS - 1)
		return U32_MAX;
	return (1U << b) - 1;
}

/**
 * eun_hist_add() - count a value
 * @h: the histogram
 * @v: the value
 */
void eun_hist_add(struct eun_hist *h, u32 v)
{
	h->bucket[eun_hist_bucket_of(v)]++;
	h->count++;
	if (v > h->max)
		h->max = v;
}

/**
 * eun_hist_quantile() - an upper bound of a quantile
 * @h: the histogram
 * @permille: the quantile, in thousandths (990 for the 99th percentile)
 *
 * Return: the upper bound of the bucket that holds the quantile, capped
 * at the largest value seen; 0 for an empty histogram.
 */
u32 eun_hist_quantile(const struct eun_hist *h, u32 permille)
{
	u64 want, seen = 0;
	unsigned int b;

	if (!h->count)
		return 0;
	if (permille > 1000)
		permille = 1000;
	/* The smallest bucket by which permille/1000 of the values are in. */
	want = (h->count * permille + 999) / 1000;
	if (!want)
		want = 1;
	for (b = 0; b < EUN_HIST_BUCKETS; b++) {
		seen += h->bucket[b];
		if (seen >= want)
			break;
	}
	if (b >= EUN_HIST_BUCKETS)
		b = EUN_HIST_BUCKETS - 1;
	return eun_hist_bucket_high(b) < h->max ? eun_hist_bucket_high(b) :
						    h->max;
}
