/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for the parts of <linux/bitmap.h> and the bit
 * operations on unsigned long arrays that the core uses: plain loops, no
 * atomics (the core uses the non-atomic forms only).
 */
#ifndef EUN_SHIM_BITMAP_H
#define EUN_SHIM_BITMAP_H

#include <stdbool.h>
#include <linux/bitops.h>
#include <linux/types.h>

static inline bool test_bit(unsigned long nr, const unsigned long *map)
{
	return map[nr / BITS_PER_LONG] >> (nr % BITS_PER_LONG) & 1;
}

static inline void __set_bit(unsigned long nr, unsigned long *map)
{
	map[nr / BITS_PER_LONG] |= 1UL << (nr % BITS_PER_LONG);
}

static inline void __clear_bit(unsigned long nr, unsigned long *map)
{
	map[nr / BITS_PER_LONG] &= ~(1UL << (nr % BITS_PER_LONG));
}

/* The lowest bit at or above @from with value @set; @size when none. */
static inline unsigned long shim_find_bit(const unsigned long *map,
					  unsigned long size,
					  unsigned long from, bool set)
{
	for (; from < size; from++)
		if (test_bit(from, map) == set)
			return from;
	return size;
}

#define find_first_zero_bit(map, size)	shim_find_bit(map, size, 0, false)
#define find_next_bit(map, size, from)	shim_find_bit(map, size, from, true)
#define for_each_set_bit(bit, map, size)				\
	for ((bit) = find_next_bit(map, size, 0); (bit) < (size);	\
	     (bit) = find_next_bit(map, size, (bit) + 1))

static inline void bitmap_zero(unsigned long *map, unsigned int bits)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(bits); i++)
		map[i] = 0;
}

static inline void bitmap_andnot(unsigned long *dst, const unsigned long *a,
				 const unsigned long *b, unsigned int bits)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(bits); i++)
		dst[i] = a[i] & ~b[i];
}

static inline unsigned int bitmap_weight(const unsigned long *map,
					 unsigned int bits)
{
	unsigned int i, n = 0;

	for (i = 0; i < bits; i++)
		n += test_bit(i, map);
	return n;
}

#endif
