/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for GENMASK() and GENMASK_ULL(): bits h..l set. */
#ifndef EUN_SHIM_BITS_H
#define EUN_SHIM_BITS_H

#include <linux/bitops.h>

#define GENMASK(h, l)		((~0UL >> (BITS_PER_LONG - 1 - (h))) & (~0UL << (l)))
#define GENMASK_ULL(h, l)	((~0ULL >> (63 - (h))) & (~0ULL << (l)))

#endif
