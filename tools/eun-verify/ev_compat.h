/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: the few kernel helpers the userspace code uses, so it reads
 * like the rest of the project.
 */
#ifndef EV_COMPAT_H
#define EV_COMPAT_H

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define __printf(a, b)	__attribute__((format(printf, a, b)))

#endif /* EV_COMPAT_H */
