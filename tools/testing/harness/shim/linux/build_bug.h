/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for static_assert(): C11's, always with a message. */
#ifndef EUN_SHIM_BUILD_BUG_H
#define EUN_SHIM_BUILD_BUG_H
#include <assert.h>
#endif
