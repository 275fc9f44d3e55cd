/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Word-wide bit operations of the rxe_eun core.
 *
 * The memory controller's allocation bitmap and the reorder bitmaps are
 * searched and updated a machine word (or a 16-bit emulated block) at a
 * time instead of bit by bit, so that their cost does not grow with the
 * number of bits they hold. Bits are numbered from bit 0 of word 0, as in
 * the kernel's bitmaps. The helpers are written here, on the compiler's
 * count-zeros builtins, so that the module, KUnit and the userspace harness
 * build the very same code.
 */
#ifndef EUN_BITOPS_H
#define EUN_BITOPS_H

#include <linux/types.h>
#include <linux/bitops.h>
#include <linux/kernel.h>

/* Bits at and above @from within one word. */
static inline unsigned long eun_mask_from(u32 from)
{
	return ~0UL << (from % BITS_PER_LONG);
}

/* Bits at and below @to within one word. */
static inline unsigned long eun_mask_upto(u32 to)
{
	return ~0UL >> (BITS_PER_LONG - 1 - to % BITS_PER_LONG);
}

/* Lowest set bit of @w, which must not be 0. */
static inline u32 eun_word_first(unsigned long w)
{
	return __builtin_ctzl(w);
}

/* Highest set bit of @w, which must not be 0. */
static inline u32 eun_word_last(unsigned long w)
{
	return BITS_PER_LONG - 1 - __builtin_clzl(w);
}

/*
 * First bit at or after @start (below @size) that is set (@want_set) or
 * clear in @map; @size when there is none. Bits of the last word past
 * @size are never reported.
 */
static inline u32 eun_find_next(const unsigned long *map, u32 size, u32 start,
				bool want_set)
{
	unsigned long flip = want_set ? 0 : ~0UL, w;
	u32 i, last;

	if (start >= size)
		return size;
	i = start / BITS_PER_LONG;
	last = (size - 1) / BITS_PER_LONG;
	w = (map[i] ^ flip) & eun_mask_from(start);
	while (!w) {
		if (++i > last)
			return size;
		w = map[i] ^ flip;
	}
	return min_t(u32, i * BITS_PER_LONG + eun_word_first(w), size);
}

static inline u32 eun_find_next_zero(const unsigned long *map, u32 size,
				     u32 start)
{
	return eun_find_next(map, size, start, false);
}

static inline u32 eun_find_next_set(const unsigned long *map, u32 size,
				    u32 start)
{
	return eun_find_next(map, size, start, true);
}

/*
 * Last bit in [@floor, @start] that is set (@want_set) or clear in @map;
 * -1 when there is none. @start must lie inside the map.
 */
static inline int eun_find_prev(const unsigned long *map, u32 start, u32 floor,
				bool want_set)
{
	unsigned long flip = want_set ? 0 : ~0UL, w;
	u32 i, stop = floor / BITS_PER_LONG;
	int bit;

	if (start < floor)
		return -1;
	i = start / BITS_PER_LONG;
	w = (map[i] ^ flip) & eun_mask_upto(start);
	while (!w) {
		if (i-- == stop)
			return -1;
		w = map[i] ^ flip;
	}
	bit = i * BITS_PER_LONG + eun_word_last(w);
	return bit < (int)floor ? -1 : bit;
}

static inline int eun_find_prev_zero(const unsigned long *map, u32 start,
				     u32 floor)
{
	return eun_find_prev(map, start, floor, false);
}

static inline int eun_find_prev_set(const unsigned long *map, u32 start,
				    u32 floor)
{
	return eun_find_prev(map, start, floor, true);
}

/* Set (@on) or clear bits [@start, @start + @n) of @map, a word at a time. */
static inline void eun_bits_assign(unsigned long *map, u32 start, u32 n, bool on)
{
	u32 i, end = start + n;

	for (i = start; i < end; ) {
		u32 w = i / BITS_PER_LONG;
		u32 top = min_t(u32, end, (w + 1) * BITS_PER_LONG);
		unsigned long m = eun_mask_from(i) & eun_mask_upto(top - 1);

		if (on)
			map[w] |= m;
		else
			map[w] &= ~m;
		i = top;
	}
}

/* Whether bits [@start, @start + @n) of @map are all set. */
static inline bool eun_bits_all_set(const unsigned long *map, u32 start, u32 n)
{
	return n == 0 || eun_find_next_zero(map, start + n, start) == start + n;
}

/* ---- 16-bit emulated blocks -------------------------------------------- */

/* Bits [@bit, @bit + @n) of a 16-bit block, 0 < @n <= 16 - @bit. */
static inline u16 eun_mask16(u32 bit, u32 n)
{
	return (u16)((0xffffU >> (16 - n)) << bit);
}

/* Length of the run of set bits of @w from @bit upwards, 0..16 - @bit. */
static inline u32 eun_ones16(u16 w, u32 bit)
{
	/* Bits past 15 of the shifted value are 0: the inverse stops there. */
	return __builtin_ctz(~((u32)w >> bit));
}

#endif /* EUN_BITOPS_H */
