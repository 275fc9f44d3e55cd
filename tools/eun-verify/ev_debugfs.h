/* SPDX-License-Identifier: GPL-2.0 */
/*
 * eun-verify: the module's debugfs view of a stalled QP (ev_debugfs.c).
 */
#ifndef EV_DEBUGFS_H
#define EV_DEBUGFS_H

#include "ev_verbs.h"

void ev_debugfs_dump_qp(const struct ev_qp *q, const char *role);

#endif /* EV_DEBUGFS_H */
