/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for GENMASK*() and FIELD_GET()/FIELD_PREP(): a field
 * is named by its mask, its shift is the mask's lowest set bit. Without the
 * kernel's compile-time range checks.
 */
#ifndef EUN_SHIM_BITFIELD_H
#define EUN_SHIM_BITFIELD_H

#include <linux/bits.h>

#define EUN_SHIM_SHIFT(m)	__builtin_ctzll(m)
#define FIELD_GET(m, v)		((__typeof__(m))(((v) & (m)) >> EUN_SHIM_SHIFT(m)))
#define FIELD_PREP(m, v)	((((__typeof__(m))(v)) << EUN_SHIM_SHIFT(m)) & (m))

#endif
