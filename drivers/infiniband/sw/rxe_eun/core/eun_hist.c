// SPDX-License-Identifier: GPL-2.0
/*
 * Log-linear histogram of out-of-order degrees (see eun_hist.h).
 */

#include <linux/types.h>
#include <linux/bitops.h>

#include "eun/eun_hist.h"

/**
 * eun_hist_bucket_of() - the bucket a value falls in
 * @v: the value
 *
 * Return: @v itself below 2 * %EUN_HIST_SUBS; above, the row of its power
 * of two and the sub-bucket its next %EUN_HIST_SUB_BITS bits name; the
 * last bucket from 2^%EUN_HIST_TOP_BITS up.
 */
unsigned int eun_hist_bucket_of(u32 v)
{
	unsigned int top, shift;

	if (v < 2 * EUN_HIST_SUBS)
		return v;
	top = fls(v) - 1;
	if (top >= EUN_HIST_TOP_BITS)
		return EUN_HIST_BUCKETS - 1;
	shift = top - EUN_HIST_SUB_BITS;
	return (shift + 1) * EUN_HIST_SUBS + (v >> shift) - EUN_HIST_SUBS;
}

/**
 * eun_hist_bucket_low() - the smallest value a bucket stands for
 * @b: the bucket, below %EUN_HIST_BUCKETS
 *
 * Return: the value itself for an exact bucket, else the start of the
 * bucket's slice of its power of two.
 */
u32 eun_hist_bucket_low(unsigned int b)
{
	unsigned int shift;

	if (b < 2 * EUN_HIST_SUBS)
		return b;
	if (b >= EUN_HIST_BUCKETS - 1)
		return 1U << EUN_HIST_TOP_BITS;
	shift = b / EUN_HIST_SUBS - 1;
	return (EUN_HIST_SUBS + b % EUN_HIST_SUBS) << shift;
}

/**
 * eun_hist_bucket_high() - the largest value a bucket stands for
 * @b: the bucket
 *
 * Return: one below the next bucket's smallest value, or U32_MAX for the
 * last bucket (open-ended).
 */
u32 eun_hist_bucket_high(unsigned int b)
{
	if (b >= EUN_HIST_BUCKETS - 1)
		return U32_MAX;
	return eun_hist_bucket_low(b + 1) - 1;
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
