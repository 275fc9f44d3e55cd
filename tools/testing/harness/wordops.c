// SPDX-License-Identifier: GPL-2.0
/*
 * The word-wide bit operations (include/eun/eun_bitops.h) against plain
 * bit-by-bit loops, on random maps of random sizes that end anywhere in a
 * word, from random start and floor bits.
 */
#include <stdio.h>

#include "eun/eun_bitops.h"
#include "wordops.h"

#define WMAX	(4 * 64)

static bool tb(const unsigned long *m, u32 i)
{
	return m[i / BITS_PER_LONG] >> (i % BITS_PER_LONG) & 1;
}

static u32 naive_next(const unsigned long *m, u32 size, u32 s, bool set)
{
	for (; s < size; s++)
		if (tb(m, s) == set)
			return s;
	return size;
}

static int naive_prev(const unsigned long *m, u32 s, u32 floor, bool set)
{
	int i;

	for (i = s; i >= (int)floor; i--)
		if (tb(m, i) == set)
			return i;
	return -1;
}

static void random_map(struct rng *r, unsigned long *m)
{
	u32 i, dens = rng_below(r, 101);

	for (i = 0; i < BITS_TO_LONGS(WMAX); i++)
		m[i] = 0;
	for (i = 0; i < WMAX; i++)
		if (rng_pct(r, dens))
			m[i / BITS_PER_LONG] |= 1UL << (i % BITS_PER_LONG);
}

static int check_one(struct rng *r)
{
	unsigned long m[BITS_TO_LONGS(WMAX)], c[BITS_TO_LONGS(WMAX)];
	u32 size = 1 + rng_below(r, WMAX), s = rng_below(r, size);
	u32 floor = rng_below(r, s + 1), n = rng_below(r, size - s + 1), i;
	bool set = rng_pct(r, 50);
	u16 w = rng_next(r);
	u32 bit = rng_below(r, 16), ones = 0;

	random_map(r, m);
	if (eun_find_next(m, size, s, set) != naive_next(m, size, s, set) ||
	    eun_find_prev(m, s, floor, set) != naive_prev(m, s, floor, set))
		return -1;
	if (eun_bits_all_set(m, s, n) != (naive_next(m, s + n, s, false) == s + n))
		return -1;
	for (i = 0; i < BITS_TO_LONGS(WMAX); i++)
		c[i] = m[i];
	eun_bits_assign(c, s, n, set);
	for (i = 0; i < WMAX; i++)
		if (tb(c, i) != (i >= s && i < s + n ? set : tb(m, i)))
			return -1;
	while (bit + ones < 16 && (w >> (bit + ones) & 1))
		ones++;
	return eun_ones16(w, bit) == ones ? 0 : -1;
}

/**
 * wordops_check() - compare the word ops with bit loops
 * @r: random source
 * @rounds: random cases to try
 *
 * Return: 0, or -1 after printing the first mismatch's round.
 */
int wordops_check(struct rng *r, u32 rounds)
{
	u32 i;

	for (i = 0; i < rounds; i++)
		if (check_one(r)) {
			printf("wordops: mismatch in round %u\n", i);
			return -1;
		}
	printf("wordops: %u random cases match the bit loops\n", rounds);
	return 0;
}
