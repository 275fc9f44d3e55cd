/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for min()/max() of <linux/kernel.h>. */
#ifndef EUN_SHIM_KERNEL_H
#define EUN_SHIM_KERNEL_H

#define min(a, b)	({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a < _b ? _a : _b; })
#define max(a, b)	({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define min_t(t, a, b)	({ t _a = (a); t _b = (b); _a < _b ? _a : _b; })
#define max_t(t, a, b)	({ t _a = (a); t _b = (b); _a > _b ? _a : _b; })
#define min3(a, b, c)	min(min(a, b), c)
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

#endif
