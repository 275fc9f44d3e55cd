/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-device rxe_eun state (eun_dev.c) and its debugfs view
 * (eun_debugfs.c).
 */
#ifndef EUN_DEV_H
#define EUN_DEV_H

#include <linux/types.h>

struct rxe_dev;
struct eun_mc_stats;
struct eun_bm_stats;
struct eun_lastpkt_stats;

/* Connection slots of a device's memory controller: one per tracking QP. */
#define EUN_DEV_MAX_CONNS	4096

int eun_dev_init(struct rxe_dev *rxe, const char *name);
void eun_dev_cleanup(struct rxe_dev *rxe);
void eun_dev_mc_stats(struct rxe_dev *rxe, struct eun_mc_stats *st,
		      struct eun_bm_stats *bst, struct eun_lastpkt_stats *lst);
int eun_wsync_dev_init(struct rxe_dev *rxe);
void eun_wsync_dev_cleanup(struct rxe_dev *rxe);
u32 eun_dev_max_inflight(struct rxe_dev *rxe);

void eun_debugfs_init(void);
void eun_debugfs_exit(void);
void eun_debugfs_add_dev(struct rxe_dev *rxe, const char *name);
void eun_debugfs_remove_dev(struct rxe_dev *rxe);

#endif /* EUN_DEV_H */
