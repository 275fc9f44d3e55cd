// SPDX-License-Identifier: GPL-2.0
/*
 * Per-device rxe_eun state: the parameters a device runs with, its
 * emulated on-chip memory and the reorder bitmaps kept in it.
 *
 * The memory belongs to the device, not to a QP: Eunomia's point is that
 * one small memory serves every connection of a NIC, so emem_blocks is
 * the budget of all the device's QPs together.
 */

#include "rxe.h"
#include "eun/eun_read.h"
#include "eun_debugfs.h"
#include "eun_params.h"

static enum eun_bm_kind eun_mode_bm_kind(enum eun_qp_mode mode)
{
	return mode == EUN_QP_STATIC ? EUN_BM_STATIC : EUN_BM_HD;
}

static int eun_dev_init_bitmaps(struct rxe_dev *rxe)
{
	struct eun_dev *ed = &rxe->eun;
	struct eun_bm_params bp;
	int err;

	eun_bm_default_params(&bp, eun_mode_bm_kind(ed->params.mode));
	bp.block_bits = ed->params.hd_block_bits;
	bp.cap_bits = ed->params.hd_cap_bits;
	bp.grow = ed->params.hd_grow;
	bp.static_bits = ed->params.static_bits;

	err = eun_bm_init(&ed->bm, &ed->mc, &bp);
	if (err)
		rxe_err_dev(rxe, "hd_cap_bits=%u must be a multiple of hd_block_bits=%u, at most %u blocks of it\n",
			    bp.cap_bits, bp.block_bits, EUN_BM_MAX_BLOCKS);
	return err;
}

/*
 * The pool of held last packets of WRITEs (rx/eun_rx_wsync.c uses it): only
 * a tracking device with write_sync=receiver has one. 0 or -ENOMEM.
 */
static int eun_dev_init_wsync(struct rxe_dev *rxe)
{
	struct eun_dev *ed = &rxe->eun;
	int err;

	if (ed->params.mode == EUN_QP_GO_BACK_N ||
	    ed->params.write_sync != EUN_WSYNC_RECEIVER)
		return 0;
	ed->wsync_rkey = kcalloc(ed->params.wsync_slots,
				 sizeof(*ed->wsync_rkey), GFP_KERNEL);
	if (!ed->wsync_rkey)
		return -ENOMEM;
	/* A slot holds one packet at the largest RoCE MTU. */
	err = eun_wsync_pool_init(&ed->wsync_pool, ed->params.wsync_slots,
				  EUN_WSYNC_POOL_MAX_BYTES);
	if (err) {
		kfree(ed->wsync_rkey);
		ed->wsync_rkey = NULL;
	}
	return err;
}

/* Every QP of the device is gone, so no slot is held. */
static void eun_dev_cleanup_wsync(struct rxe_dev *rxe)
{
	struct eun_dev *ed = &rxe->eun;

	WARN_ON(ed->wsync_pool.stats.in_use);
	eun_wsync_pool_destroy(&ed->wsync_pool);
	kfree(ed->wsync_rkey);
	ed->wsync_rkey = NULL;
}

/**
 * eun_dev_init() - set up a new device's rxe_eun state
 * @rxe: the device, not registered yet
 * @name: the name it will be registered under
 *
 * Return: 0, -EINVAL for parameters that do not fit together (reported in
 * the kernel log), or -ENOMEM.
 */
int eun_dev_init(struct rxe_dev *rxe, const char *name)
{
	struct eun_dev *ed = &rxe->eun;
	int err;

	eun_params_get(&ed->params);
	spin_lock_init(&ed->lock);
	ida_init(&ed->conn_ida);

	err = eun_mc_init(&ed->mc, ed->params.emem_blocks, EUN_DEV_MAX_CONNS);
	if (err)
		goto err_mc;
	err = eun_dev_init_bitmaps(rxe);
	if (err)
		goto err_bitmaps;
	err = eun_dev_init_wsync(rxe);
	if (err)
		goto err_bitmaps;

	eun_debugfs_add_dev(rxe, name);
	ed->ready = true;
	return 0;

err_bitmaps:
	eun_mc_destroy(&ed->mc);
err_mc:
	ida_destroy(&ed->conn_ida);
	return err;
}

/**
 * eun_dev_cleanup() - release a device's rxe_eun state
 * @rxe: the device; every QP of it is gone
 *
 * Safe on a device whose eun_dev_init() failed or never ran.
 */
void eun_dev_cleanup(struct rxe_dev *rxe)
{
	struct eun_dev *ed = &rxe->eun;

	if (!ed->ready)
		return;
	ed->ready = false;
	eun_debugfs_remove_dev(rxe);
	WARN_ON(!ida_is_empty(&ed->conn_ida));
	eun_dev_cleanup_wsync(rxe);
	ida_destroy(&ed->conn_ida);
	eun_mc_destroy(&ed->mc);
}

/* Usage figures of the device's emulated memory, a snapshot. */
static void eun_dev_mc_stats(struct eun_dev *ed, struct eun_mc_stats *st,
			     struct eun_bm_stats *bst,
			     struct eun_wsync_pool_stats *wspst)
{
	unsigned long flags;

	if (!ed->ready)
		return;
	spin_lock_irqsave(&ed->lock, flags);
	eun_mc_get_stats(&ed->mc, st);
	*bst = ed->bm.stats;
	*wspst = ed->wsync_pool.stats;
	spin_unlock_irqrestore(&ed->lock, flags);
}

/* A snapshot of the device's out-of-order degrees, as a histogram. */
static void eun_dev_ooo_degree(struct eun_dev *ed, struct eun_hist *h)
{
	unsigned int b;

	for (b = 0; b < EUN_HIST_BUCKETS; b++) {
		h->bucket[b] = atomic64_read(&ed->ooo_degree[b]);
		h->count += h->bucket[b];
	}
	h->max = atomic_read(&ed->ooo_degree_max);
}

/**
 * eun_dev_note_ooo_degree() - count a placed packet's out-of-order degree
 * @rxe: the device
 * @degree: how far from the expected PSN the packet landed
 *
 * Lock-free: the receive tasks of all the device's QPs call it.
 */
void eun_dev_note_ooo_degree(struct rxe_dev *rxe, u32 degree)
{
	struct eun_dev *ed = &rxe->eun;
	int max = atomic_read(&ed->ooo_degree_max);

	atomic64_inc(&ed->ooo_degree[eun_hist_bucket_of(degree)]);
	while ((int)degree > max &&
	       !atomic_try_cmpxchg(&ed->ooo_degree_max, &max, degree))
		;
}

/**
 * eun_dev_get_hw_stats() - fill in the rxe_eun counters of hw_counters
 * @rxe: the device
 * @stats: rxe's hw_stats, its stock counters filled in
 * @first: index of the first rxe_eun counter in @stats
 *
 * Return: the number of counters filled in, stock ones included.
 */
int eun_dev_get_hw_stats(struct rxe_dev *rxe, struct rdma_hw_stats *stats,
			 unsigned int first)
{
	u64 *value = stats->value + first;
	struct eun_mc_stats mc = {};
	struct eun_bm_stats bm = {};
	struct eun_wsync_pool_stats wsp = {};
	struct eun_hist *ooo;
	unsigned int i;

	for (i = 0; i < EUN_NUM_EVENT_COUNTERS; i++)
		value[i] = atomic64_read(&rxe->eun.counters[i]);

	eun_dev_mc_stats(&rxe->eun, &mc, &bm, &wsp);
	value[EUN_CNT_EMEM_IN_USE] = mc.in_use[EUN_MC_BITMAP] +
				     mc.in_use[EUN_MC_META];
	value[EUN_CNT_EMEM_PEAK] = mc.peak;
	value[EUN_CNT_EMEM_ALLOC_FAIL] = mc.failures;
	value[EUN_CNT_BM_GROWS] = bm.grows;
	value[EUN_CNT_BM_MERGES] = bm.merges;
	value[EUN_CNT_WSYNC_IN_USE] = wsp.in_use;
	value[EUN_CNT_WSYNC_PEAK] = wsp.peak;
	/* A kilobyte of buckets: off the stack, and 0 if it cannot be. */
	ooo = kzalloc(sizeof(*ooo), GFP_KERNEL);
	if (ooo)
		eun_dev_ooo_degree(&rxe->eun, ooo);
	value[EUN_CNT_OOO_DEGREE_P99] = ooo ? eun_hist_quantile(ooo, 990) : 0;
	value[EUN_CNT_OOO_DEGREE_MAX] = atomic_read(&rxe->eun.ooo_degree_max);
	kfree(ooo);

	return first + EUN_NUM_COUNTERS;
}

/**
 * eun_dev_mode() - the ordering mode the device's new RC QPs run
 * @rxe: the device
 *
 * Return: the ooo_mode the device was created with, or go-back-N when
 * its rxe_eun state could not be set up.
 */
enum eun_qp_mode eun_dev_mode(struct rxe_dev *rxe)
{
	return rxe->eun.ready ? rxe->eun.params.mode : EUN_QP_GO_BACK_N;
}

/**
 * eun_dev_params() - the parameters @rxe was created with
 * @rxe: the device
 *
 * Return: the device's parameters; NULL when its rxe_eun state could not
 * be set up.
 */
const struct eun_params *eun_dev_params(struct rxe_dev *rxe)
{
	return rxe->eun.ready ? &rxe->eun.params : NULL;
}

/**
 * eun_dev_max_inflight() - unacknowledged PSNs a QP of @rxe may send
 * @rxe: the device
 *
 * Return: the max_inflight the device was created with.
 */
u32 eun_dev_max_inflight(struct rxe_dev *rxe)
{
	return rxe->eun.ready ? rxe->eun.params.max_inflight :
				EUN_DEF_MAX_INFLIGHT;
}

/**
 * eun_dev_track_bits() - PSNs a bitmap of @rxe tracks from its head
 * @rxe: the device
 *
 * Return: static_bits in static mode, hd_cap_bits otherwise.
 */
u32 eun_dev_track_bits(struct rxe_dev *rxe)
{
	const struct eun_params *p = eun_dev_params(rxe);

	if (!p)
		return EUN_DEF_MAX_INFLIGHT;
	return p->mode == EUN_QP_STATIC ? p->static_bits : p->hd_cap_bits;
}

/**
 * eun_dev_read_inflight() - READ response packets a QP of @rxe may await
 * @rxe: the device
 *
 * Return: read_inflight.
 */
u32 eun_dev_read_inflight(struct rxe_dev *rxe)
{
	const struct eun_params *p = eun_dev_params(rxe);

	return p ? p->read_inflight : EUN_RD_DEF_INFLIGHT;
}
