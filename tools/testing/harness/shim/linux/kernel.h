/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for min()/max(), DIV_ROUND_UP() and the U*_MAX limits
 * of <linux/kernel.h> (the kernel's gets them from <linux/minmax.h>,
 * <linux/math.h> and <linux/limits.h>).
 */
#ifndef EUN_SHIM_KERNEL_H
#define EUN_SHIM_KERNEL_H

#include <linux/types.h>

#define min(a, b)	({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })
#define max(a, b)	({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define min_t(t, a, b)	({ t _a = (a); t _b = (b); _a < _b ? _a : _b; })
#define max_t(t, a, b)	({ t _a = (a); t _b = (b); _a > _b ? _a : _b; })
#define min3(a, b, c)	min(min(a, b), c)
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define DIV_ROUND_UP(n, d)	(((n) + (d) - 1) / (d))
#define U8_MAX		((u8)~0U)
#define U32_MAX		((u32)~0U)
#define S32_MAX		((s32)(U32_MAX >> 1))
#define S32_MIN		((s32)(-S32_MAX - 1))
#define U64_MAX		((u64)~0ULL)

#endif
