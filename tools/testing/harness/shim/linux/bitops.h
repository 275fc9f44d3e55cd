/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for the parts of <linux/bitops.h> the core uses. */
#ifndef EUN_SHIM_BITOPS_H
#define EUN_SHIM_BITOPS_H

#include <limits.h>

#define BITS_PER_LONG		((int)(sizeof(long) * CHAR_BIT))
#define BIT(n)			(1UL << (n))
#define BITS_TO_LONGS(n)	(((n) + BITS_PER_LONG - 1) / BITS_PER_LONG)

#endif
