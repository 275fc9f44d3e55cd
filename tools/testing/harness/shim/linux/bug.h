/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for WARN_ON_ONCE(): every hit is printed and counted in
 * eun_shim_warnings, which the harness checks, so a kernel warning is a test
 * failure unless a test provoked it on purpose.
 */
#ifndef EUN_SHIM_BUG_H
#define EUN_SHIM_BUG_H

extern unsigned long eun_shim_warnings;
void eun_shim_warn(const char *file, int line, const char *cond);

#define WARN_ON_ONCE(cond) ({						\
	int __c = !!(cond);						\
	if (__c)							\
		eun_shim_warn(__FILE__, __LINE__, #cond);		\
	__c;								\
})

#endif
