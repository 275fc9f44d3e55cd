/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/string.h>. */
#ifndef EUN_SHIM_STRING_H
#define EUN_SHIM_STRING_H
#include <string.h>
#endif
