/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/types.h>: the kernel's fixed-width names. */
#ifndef EUN_SHIM_TYPES_H
#define EUN_SHIM_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

/* As the kernel's <linux/types.h>: an array of longs, one bit per item. */
#define DECLARE_BITMAP(name, bits)					\
	unsigned long name[((bits) + 8 * sizeof(long) - 1) / (8 * sizeof(long))]

#endif
