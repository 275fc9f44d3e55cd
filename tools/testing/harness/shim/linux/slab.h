/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for kcalloc()/kfree() and kvcalloc()/kvfree().
 * eun_shim_fail_after makes the Nth next allocation fail (deterministic
 * failure injection); the live allocation count catches leaks.
 */
#ifndef EUN_SHIM_SLAB_H
#define EUN_SHIM_SLAB_H

#include <stddef.h>

#define GFP_KERNEL 0

extern long eun_shim_fail_after;
extern long eun_shim_live_allocs;
void *eun_shim_calloc(size_t n, size_t size);
void eun_shim_free(void *p);

#define kcalloc(n, size, gfp)	eun_shim_calloc(n, size)
#define kfree(p)		eun_shim_free(p)
#define kvcalloc(n, size, gfp)	eun_shim_calloc(n, size)
#define kvfree(p)		eun_shim_free(p)

#endif
