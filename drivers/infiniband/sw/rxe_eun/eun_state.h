/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rxe_eun state carried inside rxe's own objects.
 *
 * rxe embeds one struct eun_dev in each device and one struct eun_qp in
 * each QP (patch 0002). Only the eun_* files read or write them, so this
 * header needs no rxe type and can be included from rxe_verbs.h.
 */
#ifndef EUN_STATE_H
#define EUN_STATE_H

#include <linux/atomic.h>
#include <linux/idr.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#include "eun/eun_bitmap.h"
#include "eun/eun_memctl.h"
#include "eun_counters.h"

/**
 * enum eun_qp_mode - how a QP's packets are ordered
 * @EUN_QP_GO_BACK_N: stock rxe behaviour, every hook leaves the stock path
 * @EUN_QP_STATIC: selective repeat over a fixed circular bitmap per QP
 * @EUN_QP_EUNOMIA: selective repeat over the HD bitmap in emulated memory
 * @EUN_QP_MODE_COUNT: number of modes (sizes the name table)
 */
enum eun_qp_mode {
	EUN_QP_GO_BACK_N,
	EUN_QP_STATIC,
	EUN_QP_EUNOMIA,
	EUN_QP_MODE_COUNT
};

/**
 * struct eun_params - what one device runs with (see eun_params.c)
 * @mode: ordering mode of the device's RC QPs
 * @emem_blocks: 2-byte blocks of the emulated on-chip memory
 * @hd_block_bits: HD bitmap bits per block
 * @hd_cap_bits: HD bitmap bits one QP may hold
 * @static_bits: static bitmap bits per QP
 * @max_inflight: unacknowledged PSNs a QP may have in flight
 */
struct eun_params {
	enum eun_qp_mode mode;
	u32 emem_blocks;
	u32 hd_block_bits;
	u32 hd_cap_bits;
	u32 static_bits;
	u32 max_inflight;
};

/**
 * struct eun_dev - per-device rxe_eun state
 * @counters: rxe_eun counters, shown after the stock ones in hw_counters
 * @params: parameters copied when the device was created
 * @lock: guards @mc and @bm, which every QP's receive task shares
 * @mc: the device's emulated on-chip memory
 * @bm: the reorder bitmaps of the device's QPs, kept in @mc
 * @conn_ida: connection indexes of @mc, one per tracking QP
 * @debugfs: the device's debugfs directory, or NULL
 * @ready: set once everything above is set up
 */
struct eun_dev {
	atomic64_t counters[EUN_NUM_EVENT_COUNTERS];
	struct eun_params params;
	spinlock_t lock; /* guards mc and bm */
	struct eun_memctl mc;
	struct eun_bm bm;
	struct ida conn_ida;
	struct dentry *debugfs;
	bool ready;
};

/**
 * struct eun_qp - per-QP rxe_eun state
 * @mode: ordering mode, fixed when the QP is created
 */
struct eun_qp {
	enum eun_qp_mode mode;
};

#endif /* EUN_STATE_H */
