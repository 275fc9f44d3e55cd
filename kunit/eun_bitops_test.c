// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the word-wide bit operations of the rxe_eun core
 * (include/eun/eun_bitops.h): searches forwards and backwards, range
 * updates and the 16-bit block helpers, at and across word boundaries.
 */
#include <kunit/test.h>
#include <linux/bitops.h>

#include "eun/eun_bitops.h"

#define MAP_BITS	(3 * BITS_PER_LONG)

/* A map of three words with the bits of @set (ending in -1) set. */
static void map_fill(unsigned long *map, const int *set)
{
	memset(map, 0, BITS_TO_LONGS(MAP_BITS) * sizeof(*map));
	for (; *set >= 0; set++)
		__set_bit(*set, map);
}

struct find_case {
	int set[8];
	u32 start;
	u32 floor;
	u32 next_set;
	u32 next_zero;
	int prev_set;
	int prev_zero;
	const char *name;
};

#define W BITS_PER_LONG
static const struct find_case find_cases[] = {
	{ { -1 }, 0, 0, MAP_BITS, 0, -1, 0, "empty map from 0" },
	{ { W - 1, W, -1 }, W - 1, 0, W - 1, W + 1, W - 1, W - 2,
	  "pair across the first word boundary" },
	{ { W, -1 }, 1, 0, W, 1, -1, 1, "next set in the next word" },
	{ { 0, -1 }, 2 * W + 5, 0, MAP_BITS, 2 * W + 5, 0, 2 * W + 5,
	  "previous set two words down" },
	{ { 0, -1 }, 2 * W + 5, W, MAP_BITS, 2 * W + 5, -1, 2 * W + 5,
	  "floor stops the backwards search" },
	{ { 3, -1 }, 2 * W - 1, 3, MAP_BITS, 2 * W - 1, 3, 2 * W - 1,
	  "floor on the set bit itself" },
	{ { -1 }, MAP_BITS - 1, MAP_BITS - 1, MAP_BITS, MAP_BITS - 1, -1,
	  MAP_BITS - 1, "last bit of the map" },
};

#undef W

static void find_desc(const struct find_case *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(find, find_cases, find_desc);

static void eun_bitops_find(struct kunit *test)
{
	const struct find_case *t = test->param_value;
	unsigned long map[BITS_TO_LONGS(MAP_BITS)];

	map_fill(map, t->set);
	KUNIT_EXPECT_EQ(test, eun_find_next_set(map, MAP_BITS, t->start), t->next_set);
	KUNIT_EXPECT_EQ(test, eun_find_prev_set(map, t->start, t->floor), t->prev_set);
	/* The zeros of the map are the set bits of its complement. */
	KUNIT_EXPECT_EQ(test, eun_find_next_zero(map, MAP_BITS, t->start), t->next_zero);
	KUNIT_EXPECT_EQ(test, eun_find_prev_zero(map, t->start, t->floor), t->prev_zero);
}

static void eun_bitops_find_respects_size(struct kunit *test)
{
	unsigned long map[BITS_TO_LONGS(MAP_BITS)] = { ~0UL, ~0UL, 0 };

	/* Padding bits past the size are never reported as free. */
	KUNIT_EXPECT_EQ(test, eun_find_next_zero(map, BITS_PER_LONG + 3, 0),
			BITS_PER_LONG + 3);
	KUNIT_EXPECT_EQ(test, eun_find_next_zero(map, 2 * BITS_PER_LONG + 1, 0),
			2 * BITS_PER_LONG);
	KUNIT_EXPECT_EQ(test, eun_find_next_set(map, 5, 5), 5);
	KUNIT_EXPECT_EQ(test, eun_find_next_set(map, 0, 0), 0);
}

struct range_case {
	u32 start;
	u32 n;
	const char *name;
};

static const struct range_case range_cases[] = {
	{ 0, 1, "one bit" },
	{ 0, BITS_PER_LONG, "one whole word" },
	{ BITS_PER_LONG - 3, 6, "across a word boundary" },
	{ 5, 2 * BITS_PER_LONG + 7, "across two boundaries" },
	{ MAP_BITS - 1, 1, "last bit" },
};

static void range_desc(const struct range_case *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(range, range_cases, range_desc);

static void eun_bitops_assign(struct kunit *test)
{
	const struct range_case *t = test->param_value;
	unsigned long map[BITS_TO_LONGS(MAP_BITS)] = { };
	u32 i;

	eun_bits_assign(map, t->start, t->n, true);
	KUNIT_EXPECT_EQ(test, bitmap_weight(map, MAP_BITS), t->n);
	for (i = 0; i < MAP_BITS; i++)
		KUNIT_EXPECT_EQ_MSG(test, test_bit(i, map),
				    i >= t->start && i < t->start + t->n, "bit %u", i);
	KUNIT_EXPECT_TRUE(test, eun_bits_all_set(map, t->start, t->n));
	if (t->start)
		KUNIT_EXPECT_FALSE(test, eun_bits_all_set(map, t->start - 1, t->n));
	eun_bits_assign(map, t->start, t->n, false);
	KUNIT_EXPECT_TRUE(test, bitmap_empty(map, MAP_BITS));
}

struct ones_case {
	u16 w;
	u32 bit;
	u32 ones;
};

static const struct ones_case ones_cases[] = {
	{ 0x0000, 0, 0 },
	{ 0xffff, 0, 16 },
	{ 0xffff, 15, 1 },
	{ 0x8000, 15, 1 },
	{ 0x00f0, 4, 4 },
	{ 0x00f0, 3, 0 },
	{ 0xfff0, 4, 12 },
	{ 0x7fff, 1, 14 },
};

static void ones_desc(const struct ones_case *t, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%#06x from bit %u", t->w, t->bit);
}

KUNIT_ARRAY_PARAM(ones, ones_cases, ones_desc);

static void eun_bitops_ones16(struct kunit *test)
{
	const struct ones_case *t = test->param_value;

	KUNIT_EXPECT_EQ(test, eun_ones16(t->w, t->bit), t->ones);
	if (t->ones)
		KUNIT_EXPECT_EQ(test, t->w & eun_mask16(t->bit, t->ones),
				eun_mask16(t->bit, t->ones));
}

static void eun_bitops_mask16(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, eun_mask16(0, 16), 0xffff);
	KUNIT_EXPECT_EQ(test, eun_mask16(15, 1), 0x8000);
	KUNIT_EXPECT_EQ(test, eun_mask16(4, 8), 0x0ff0);
	KUNIT_EXPECT_EQ(test, eun_word_first(0x8UL), 3);
	KUNIT_EXPECT_EQ(test, eun_word_last(1UL << (BITS_PER_LONG - 1)),
			BITS_PER_LONG - 1);
}

static struct kunit_case eun_bitops_cases[] = {
	KUNIT_CASE_PARAM(eun_bitops_find, find_gen_params),
	KUNIT_CASE(eun_bitops_find_respects_size),
	KUNIT_CASE_PARAM(eun_bitops_assign, range_gen_params),
	KUNIT_CASE_PARAM(eun_bitops_ones16, ones_gen_params),
	KUNIT_CASE(eun_bitops_mask16),
	{}
};

static struct kunit_suite eun_bitops_suite = {
	.name = "eun_bitops",
	.test_cases = eun_bitops_cases,
};

kunit_test_suite(eun_bitops_suite);
