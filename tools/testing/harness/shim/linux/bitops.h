/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for the parts of <linux/bitops.h> the core uses. */
#ifndef EUN_SHIM_BITOPS_H
#define EUN_SHIM_BITOPS_H

#include <limits.h>

#define BITS_PER_LONG		((int)(sizeof(long) * CHAR_BIT))
#define BIT(n)			(1UL << (n))
#define BITS_TO_LONGS(n)	(((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)

/* Index of the lowest zero bit; BITS_PER_LONG when there is none. */
static inline unsigned long ffz(unsigned long word)
{
	return ~word ? (unsigned long)__builtin_ctzl(~word) : BITS_PER_LONG;
}

static inline unsigned int hweight32(unsigned int w)
{
	return (unsigned int)__builtin_popcount(w);
}

#endif
