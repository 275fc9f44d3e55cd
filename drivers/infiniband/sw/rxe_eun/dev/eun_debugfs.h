/* SPDX-License-Identifier: GPL-2.0 */
/* debugfs view of rxe_eun (eun_debugfs.c): /sys/kernel/debug/rxe_eun/. */
#ifndef EUN_DEBUGFS_H
#define EUN_DEBUGFS_H

struct rxe_dev;

void eun_debugfs_init(void);
void eun_debugfs_exit(void);
void eun_debugfs_add_dev(struct rxe_dev *rxe, const char *name);
void eun_debugfs_remove_dev(struct rxe_dev *rxe);

#endif /* EUN_DEBUGFS_H */
