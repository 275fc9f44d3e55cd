// SPDX-License-Identifier: GPL-2.0
/* Definitions behind the shim headers. */
#include <stdio.h>
#include <stdlib.h>

#include <linux/bug.h>
#include <linux/slab.h>

unsigned long eun_shim_warnings;
long eun_shim_fail_after = -1;
long eun_shim_live_allocs;

void eun_shim_warn(const char *file, int line, const char *cond)
{
	eun_shim_warnings++;
	fprintf(stderr, "WARNING: %s:%d: %s\n", file, line, cond);
}

void *eun_shim_calloc(size_t n, size_t size)
{
	void *p;

	if (eun_shim_fail_after == 0) {
		eun_shim_fail_after = -1;
		return NULL;
	}
	if (eun_shim_fail_after > 0)
		eun_shim_fail_after--;
	p = calloc(n, size);
	if (p)
		eun_shim_live_allocs++;
	return p;
}

void eun_shim_free(void *p)
{
	if (p)
		eun_shim_live_allocs--;
	free(p);
}
