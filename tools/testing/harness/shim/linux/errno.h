/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for <linux/errno.h>. */
#ifndef EUN_SHIM_ERRNO_H
#define EUN_SHIM_ERRNO_H
/* The uapi errno list, as the kernel header itself uses. */
#include <asm/errno.h>
#endif
