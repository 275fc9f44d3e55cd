// SPDX-License-Identifier: GPL-2.0
/*
 * debugfs view of rxe_eun: /sys/kernel/debug/rxe_eun/DEV/{params,memctl}.
 *
 * For people measuring what reorder tracking costs in NIC memory: the
 * parameters a device runs with and a block-by-block map of its emulated
 * memory. debugfs is optional; every failure here is ignored.
 */

#include <linux/debugfs.h>
#include <linux/seq_file.h>

#include "rxe.h"
#include "eun_dev.h"
#include "eun_params.h"

/* Blocks per line of the memory map. */
#define EUN_DEBUGFS_MAP_WIDTH	64

static struct dentry *eun_debugfs_root;

static int eun_params_show(struct seq_file *s, void *unused)
{
	const struct eun_params *p = &((struct rxe_dev *)s->private)->eun.params;

	seq_printf(s, "ooo_mode %s\n", eun_mode_name(p->mode));
	seq_printf(s, "emem_blocks %u\n", p->emem_blocks);
	seq_printf(s, "hd_block_bits %u\n", p->hd_block_bits);
	seq_printf(s, "hd_cap_bits %u\n", p->hd_cap_bits);
	seq_printf(s, "static_bits %u\n", p->static_bits);
	seq_printf(s, "max_inflight %u\n", p->max_inflight);
	seq_printf(s, "write_sync %s\n", eun_wsync_name(p->write_sync));
	seq_printf(s, "wsync_slots %u\n", p->wsync_slots);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(eun_params);

static void eun_memctl_show_map(struct seq_file *s, const struct eun_memctl *mc)
{
	char line[EUN_DEBUGFS_MAP_WIDTH + 1];
	u32 i, j;

	for (i = 0; i < mc->nblocks; i += EUN_DEBUGFS_MAP_WIDTH) {
		for (j = 0; j < EUN_DEBUGFS_MAP_WIDTH && i + j < mc->nblocks; j++)
			line[j] = eun_mc_is_used(mc, i + j) ? '#' : '.';
		line[j] = '\0';
		seq_printf(s, "%5u %s\n", i, line);
	}
}

static int eun_memctl_show(struct seq_file *s, void *unused)
{
	struct eun_dev *ed = &((struct rxe_dev *)s->private)->eun;
	struct eun_mc_stats st;

	/* The map is a snapshot under the lock the receive tasks take. */
	spin_lock_bh(&ed->lock);
	eun_mc_get_stats(&ed->mc, &st);
	seq_printf(s, "blocks %u (%u bytes)\n", st.nblocks,
		   st.nblocks * EUN_MC_BLOCK_BYTES);
	seq_printf(s, "in_use bitmap %u meta %u\n", st.in_use[EUN_MC_BITMAP],
		   st.in_use[EUN_MC_META]);
	seq_printf(s, "peak %u\nalloc_failures %u\nconnections %u\n",
		   st.peak, st.failures, st.conns);
	seq_puts(s, "map ('#' allocated, '.' free), from block:\n");
	eun_memctl_show_map(s, &ed->mc);
	spin_unlock_bh(&ed->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(eun_memctl);

void eun_debugfs_init(void)
{
	eun_debugfs_root = debugfs_create_dir("rxe_eun", NULL);
}

void eun_debugfs_exit(void)
{
	debugfs_remove_recursive(eun_debugfs_root);
	eun_debugfs_root = NULL;
}

void eun_debugfs_add_dev(struct rxe_dev *rxe, const char *name)
{
	struct dentry *dir = debugfs_create_dir(name, eun_debugfs_root);

	debugfs_create_file("params", 0444, dir, rxe, &eun_params_fops);
	debugfs_create_file("memctl", 0444, dir, rxe, &eun_memctl_fops);
	rxe->eun.debugfs = dir;
}

void eun_debugfs_remove_dev(struct rxe_dev *rxe)
{
	debugfs_remove_recursive(rxe->eun.debugfs);
	rxe->eun.debugfs = NULL;
}
