/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The multipath part of the debugfs QP view (eun_debugfs_paths.c).
 */
#ifndef EUN_DEBUGFS_PATHS_H
#define EUN_DEBUGFS_PATHS_H

struct seq_file;
struct rxe_qp;
struct eun_hist;

void eun_debugfs_show_paths(struct seq_file *s, struct rxe_qp *qp);
void eun_debugfs_show_ooo_degree(struct seq_file *s,
				 const struct eun_hist *hp);

#endif /* EUN_DEBUGFS_PATHS_H */
