/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-device rxe_eun state (eun_dev.c): set up and torn down with the
 * device, and the device's counters and figures for hw_counters.
 */
#ifndef EUN_DEV_H
#define EUN_DEV_H

#include <linux/types.h>

#include "eun_state.h"

struct rxe_dev;
struct rdma_hw_stats;

/* Connection slots of a device's memory controller: two per tracking QP. */
#define EUN_DEV_MAX_CONNS	8192

int eun_dev_init(struct rxe_dev *rxe, const char *name);
void eun_dev_cleanup(struct rxe_dev *rxe);
int eun_dev_get_hw_stats(struct rxe_dev *rxe, struct rdma_hw_stats *stats,
			 unsigned int first);
enum eun_qp_mode eun_dev_mode(struct rxe_dev *rxe);
u32 eun_dev_max_inflight(struct rxe_dev *rxe);
u32 eun_dev_track_bits(struct rxe_dev *rxe);
u32 eun_dev_read_inflight(struct rxe_dev *rxe);
const struct eun_params *eun_dev_params(struct rxe_dev *rxe);
void eun_dev_note_ooo_degree(struct rxe_dev *rxe, u32 degree);

#endif /* EUN_DEV_H */
